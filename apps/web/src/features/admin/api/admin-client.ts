/**
 * The console's calls to `/Admin/*` and `/api/Admin/*`: the organizer's token (never the attendee's),
 * the usual envelope unwrapped to its data. A 401 ends the organizer session only, so the console
 * shows its sign-in again; an attendee session in the same browser is left alone.
 */
import { ApiError, apiUrl, sendRequest, type QueryParams } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
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

/**
 * Downloads a file the server makes (a badges PDF, a workbook) with the organizer's token, which a
 * plain link could not send, and hands it to the browser as `fileName`; `what` names the file in the
 * message when the server could not make it.
 */
export async function adminDownload(path: string, query: QueryParams, fileName: string, what: string): Promise<void> {
  const response = await fetch(apiUrl(path, query), { headers: { authorization: `Bearer ${getAdminToken() ?? ''}` } });
  if (response.status === 401) {
    clearAdminSession();
    throw new ApiError(401, 'Your organizer session has ended. Please sign in again.');
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, envelope?.message ?? `${what} could not be made (${response.status}).`);
  }
  saveFile(await response.blob(), fileName);
}
