/**
 * The one way the web app calls the portal API (docs/api-contract.md): JSON in and out, the stored
 * bearer token on every call, the envelope `{ succeeded, message, data }` back.
 *
 * - 2xx: resolves with the envelope (a failed login is a 200 with `succeeded: false`).
 * - 401: removes 'userdetail', sends the browser to `/` (unless already there), rejects with ApiError.
 * - any other status or an unreadable answer: rejects with ApiError (status 0 for network failures).
 */
import type { Envelope, FieldError } from '@portal/contracts';
import { getAccessToken, removeUserDetail } from './user-storage.ts';
import { currentLanguage } from '../i18n/language.ts';
import { translate } from '../i18n/catalogs.ts';
import { pageText } from '../i18n/page-text.ts';

const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/+$/, '') ?? '';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    message: string,
    /** The error envelope when the server sent one. */
    readonly envelope: Envelope<unknown> | null = null,
  ) {
    super(message);
  }

  get fieldErrors(): FieldError[] {
    return this.envelope?.errors ?? [];
  }
}

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  if (window.location.pathname !== '/') window.location.assign('/');
};

/** The app replaces the default full reload with a router navigation and a query-cache reset. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** A 401 from any service (API or content): forget the login and go to the landing page. */
export function handleUnauthorized(): void {
  removeUserDetail();
  onUnauthorized();
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'succeeded' in value && typeof (value as { succeeded: unknown }).succeeded === 'boolean';
}

/** What one call answered: its status and the envelope, when the body was one. */
export interface RawAnswer {
  status: number;
  ok: boolean;
  envelope: Envelope<unknown> | null;
}

export interface RawRequest {
  method?: string;
  token?: string | null;
  /** Sent as JSON, unless `text` is given. */
  body?: unknown;
  /** Sent as is with `contentType`. */
  text?: string;
  contentType?: string;
  query?: QueryParams;
  signal?: AbortSignal;
  /** The message of a network failure (status 0). */
  unreachable?: string;
}

/**
 * One HTTP exchange with the portal: bearer token, JSON or text body, the answer's envelope parsed.
 * Status handling (401, failures) is the caller's: the attendee app and the console differ there.
 */
export async function sendRequest(path: string, request: RawRequest = {}): Promise<RawAnswer> {
  const language = currentLanguage();
  // The server answers its messages (refusals, validation) in the reader's language.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
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
    throw new ApiError(0, request.unreachable ?? translate('api.unreachable', language));
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
  return { status: response.status, ok: response.ok, envelope: isEnvelope(body) ? body : null };
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<Envelope<T>> {
  const { status, ok, envelope } = await sendRequest(path, { ...request, token: getAccessToken() });
  if (status === 401) {
    handleUnauthorized();
    throw new ApiError(401, envelope?.message ?? 'Unauthorized', envelope);
  }
  if (!ok) {
    throw new ApiError(status, envelope?.message ?? `${pageText('api.requestFailed')} (${status})`, envelope);
  }
  if (!envelope) throw new ApiError(status, pageText('api.unreadable'));
  return envelope as Envelope<T>;
}

export function apiGet<T>(path: string, query?: QueryParams, signal?: AbortSignal): Promise<Envelope<T>> {
  return apiFetch<T>(path, { method: 'GET', ...(query ? { query } : {}), ...(signal ? { signal } : {}) });
}

export function apiPost<T>(path: string, body?: unknown, query?: QueryParams): Promise<Envelope<T>> {
  return apiFetch<T>(path, { method: 'POST', body: body ?? {}, ...(query ? { query } : {}) });
}
