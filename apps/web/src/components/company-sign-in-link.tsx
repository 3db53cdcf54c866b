/**
 * "Sign in with your company account" (docs/sign-in.md): shown on /admin and /reportLogin
 * only when the server's runtime config says company sign-in is configured. A plain link: the server
 * answers it with the redirect to the identity provider.
 */
import { useRuntimeConfig } from '../lib/runtime-config.ts';

export type CompanySignInTarget = 'admin' | 'reports';

export function companySignInStart(target: CompanySignInTarget): string {
  return `/auth/oidc/start?target=${target}`;
}

export function CompanySignInLink({ target }: { target: CompanySignInTarget }) {
  const { data: config } = useRuntimeConfig();
  if (config?.companySignIn !== true) return null;
  return (
    <div className="company-sign-in mt-3">
      <p className="text-center text-body-secondary small mb-2">or</p>
      <a className="btn btn-outline-primary w-100" href={companySignInStart(target)}>
        Sign in with your company account
      </a>
    </div>
  );
}
