/**
 * The console's calls to `/Admin/*` and `/api/Admin/*`: the organizer's token (never the attendee's),
 * the usual envelope unwrapped to its data. A 401 ends the organizer session only, so the console
 * shows its sign-in again; an attendee session in the same browser is left alone.
 */
import { ApiError, sendRequest, type QueryParams } from '../../../lib/api-client.ts';
import { clearAdminSession, getAdminToken } from '../utils/admin-session.ts';

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, unless `text` is given. */
  body?: unknown;
  /** Sent as is with `contentType` (the CSV import). */
  text?: string;
  contentType?: string;
  query?: QueryParams;
  signal?: AbortSignal;
  /** The sign-in call: a 401 is a wrong password, not an ended session. */
  anonymous?: boolean;
}

export async function adminFetch<T>(path: string, request: AdminRequest = {}): Promise<T> {
  const { anonymous, ...rest } = request;
  const { status, ok, envelope } = await sendRequest(path, {
    ...rest,
    token: anonymous ? null : getAdminToken(),
    unreachable: 'The server could not be reached. Check your connection and try again.',
  });
  if (status === 401 && !anonymous) {
    clearAdminSession();
    throw new ApiError(401, 'Your organizer session has ended. Please sign in again.', envelope);
  }
  if (!ok || (envelope && !envelope.succeeded)) {
    throw new ApiError(status, envelope?.message ?? `Request failed (${status})`, envelope);
  }
  if (!envelope) throw new ApiError(status, 'The server sent an unreadable answer.');
  return envelope.data as T;
}
