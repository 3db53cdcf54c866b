/** Ending a session: the server revokes the token, the browser forgets everything it stored. */
import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from './api-client.ts';
import { clearSession, getAccessToken } from './user-storage.ts';

/**
 * `POST /User/ProcessLogout` with the stored token (if any), then clears local and session storage
 * and cached server data. Never rejects: a failed logout call still ends the session here.
 */
export async function logout(queryClient?: QueryClient): Promise<void> {
  const hadToken = getAccessToken() !== null;
  // Storage is cleared only after the call has read the token.
  const call = hadToken ? apiPost<null>('/User/ProcessLogout').catch(() => null) : Promise.resolve(null);
  clearSession();
  queryClient?.removeQueries({ predicate: (query) => query.queryKey[0] !== 'runtime-config' });
  await call;
}
