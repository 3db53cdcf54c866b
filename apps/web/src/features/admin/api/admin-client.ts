/**
 * The console's calls to `/Admin/*` and `/api/Admin/*`: the organizer's token (never the attendee's),
 * the usual envelope unwrapped to its data. A 401 ends the organizer session only, so the console
 * shows its sign-in again; an attendee session in the same browser is left alone.
 */
import type { Envelope } from '@portal/contracts';
import { ApiError, apiUrl, type QueryParams } from '../../../lib/api-client.ts';
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

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { succeeded?: unknown }).succeeded === 'boolean';
}

export async function adminFetch<T>(path: string, request: AdminRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = request.anonymous ? null : getAdminToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: request.method ?? 'GET', headers };
  if (request.text !== undefined) {
    headers['Content-Type'] = request.contentType ?? 'text/plain';
    init.body = request.text;
  } else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  if (request.signal) init.signal = request.signal;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, request.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  let body: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  const envelope = isEnvelope(body) ? body : null;
  if (response.status === 401 && !request.anonymous) {
    clearAdminSession();
    throw new ApiError(401, 'Your organizer session has ended. Please sign in again.', envelope);
  }
  if (!response.ok || (envelope && !envelope.succeeded)) {
    throw new ApiError(response.status, envelope?.message ?? `Request failed (${response.status})`, envelope);
  }
  if (!envelope) throw new ApiError(response.status, 'The server sent an unreadable answer.');
  return envelope.data as T;
}

/** A message fit to show for any failure of a console call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message));
    return fields.length > 0 ? `${error.message} ${fields.join('; ')}` : error.message;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}
