/**
 * "Sign in with your company account" (docs/sign-in.md): shown on /admin, /reportLogin and the
 * event logins (/nbc, /abc) only when the server's runtime config says company sign-in is configured. A plain link: the server
 * answers it with the redirect to the identity provider.
 */
import type { EventType } from '@portal/contracts';
import { useRuntimeConfig } from '../lib/runtime-config.ts';
import { useT } from '../i18n/use-t.ts';

/** Where the sign-in lands: the console, the report login, or an event (field and corporate staff). */
export type CompanySignInTarget = { target: 'admin' } | { target: 'reports' } | { target: 'event'; event: EventType };

export function companySignInStart(destination: CompanySignInTarget): string {
  return destination.target === 'event' ? `/auth/oidc/start?target=event&event=${destination.event}` : `/auth/oidc/start?target=${destination.target}`;
}

export function CompanySignInLink(destination: CompanySignInTarget) {
  const { data: config } = useRuntimeConfig();
  const t = useT();
  if (config?.companySignIn !== true) return null;
  return (
    <div className="company-sign-in mt-3">
      <p className="text-center text-body-secondary small mb-2">{t('login.or')}</p>
      <a className="btn btn-outline-primary w-100" href={companySignInStart(destination)}>
        {t('login.companySignIn')}
      </a>
    </div>
  );
}
