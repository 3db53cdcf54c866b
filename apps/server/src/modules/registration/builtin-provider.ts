import type { RegistrationProvider } from './provider.ts';
import { issueToken } from './registration-tokens.ts';

/** The portal's own hosted page: `/register/{token}` of the web app, with a single-use token. */
export function createBuiltinProvider(publicUrl: string): RegistrationProvider {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    id: 'builtin',
    name: 'Builtin',
    async registrationLink(tx, subject, now) {
      return `${base}/register/${await issueToken(tx, subject.registrationId, 'register', now)}`;
    },
    async revisitLink(tx, subject, now) {
      return `${base}/register/${await issueToken(tx, subject.registrationId, 'revisit', now)}`;
    },
  };
}
