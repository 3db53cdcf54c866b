/** Ending a session: the server revokes the token, the browser forgets everything it stored. */
import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from './api-client.ts';
import { clearSession } from './user-storage.ts';

/**
 * `POST /User/ProcessLogout` on every logout (docs/design/web-rules.md, section 7; the bearer token goes along when one is
 * stored, and the server answers 200 without one), then clears local and session storage and cached
 * server data. Never rejects: a failed logout call still ends the session here.
 */
export async function logout(queryClient?: QueryClient): Promise<void> {
  // Storage is cleared only after the call has read the token (apiPost reads it synchronously).
  const call = apiPost<null>('/User/ProcessLogout').catch(() => null);
  clearSession();
  queryClient?.removeQueries({ predicate: (query) => query.queryKey[0] !== 'runtime-config' });
  await call;
}
