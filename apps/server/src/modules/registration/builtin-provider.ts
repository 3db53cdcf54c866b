import type { RegistrationProvider } from './provider.ts';
import { issueToken } from '../../lib/registration-tokens.ts';

/** The portal's own hosted page: `/register/{token}` of the web app, with a single-use token. */
/** `linkTtlHours`: how long a registration link stays usable unused (`LINK_TTL_HOURS`). */
export function createBuiltinProvider(publicUrl: string, linkTtlHours?: number): RegistrationProvider {
  const registerTtlMs = linkTtlHours === undefined ? undefined : linkTtlHours * 3_600_000;
  const base = publicUrl.replace(/\/+$/, '');
  return {
    id: 'builtin',
    name: 'Builtin',
    async registrationLink(tx, subject, now) {
      return `${base}/register/${await issueToken(tx, subject.registrationId, 'register', now, registerTtlMs)}`;
    },
    async revisitLink(tx, subject, now, options) {
      return `${base}/register/${await issueToken(tx, subject.registrationId, 'revisit', now, undefined, options)}`;
    },
  };
}
