import type { Envelope, LoginData, LoginRequest } from '@portal/contracts';
import { ApiError, apiPost } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../i18n/language.ts';
import { setUserDetail, type StoredUserDetail } from '../../../lib/user-storage.ts';

/**
 * `POST /User/ProcessLogin`: a failed login is a 200 answer with `succeeded: false`, and so is a
 * failed call (no answer, a 5xx, an unreadable body; docs/design/web-rules.md, section 8), so the form shows the
 * content's invalid-data message. Only 429 stays an error: its message says when to try again.
 */
export async function processLogin(request: LoginRequest): Promise<Envelope<LoginData>> {
  try {
    // The language the person reads the login page in is kept on them (mails, badges, exports).
    return await apiPost<LoginData>('/User/ProcessLogin', { language: currentLanguage(), ...request });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 429) return { succeeded: false, message: error.message, data: null };
    throw error;
  }
}

/** A successful answer, ready to store; null when the login failed. */
export function successfulLogin(envelope: Envelope<LoginData>, defaultPolicy: string): StoredUserDetail | null {
  if (!envelope.succeeded || !envelope.data?.accessToken) return null;
  const data = envelope.data;
  // Section 4 of docs/design/web-rules.md: "A dealer with no authorizationPolicy gets ['general']"; a report login with none
  // gets 'reporting'. "No policy" is a null, a missing or an empty list alike;
  // anything but a list of strings is no policy either.
  const given: unknown = (data as { authorizationPolicy?: unknown }).authorizationPolicy;
  const policies = Array.isArray(given) ? given.filter((p): p is string => typeof p === 'string') : [];
  const needsDefault = policies.length === 0 && (defaultPolicy === 'reporting' || data.dealerInfo?.isDealer === true);
  return { ...envelope, data: { ...data, authorizationPolicy: needsDefault ? [defaultPolicy] : policies } };
}

/** Calls the login and keeps a successful answer (with `defaultPolicy` when it names none); null when refused. */
export async function signIn(request: LoginRequest, defaultPolicy: string): Promise<StoredUserDetail | null> {
  const stored = successfulLogin(await processLogin(request), defaultPolicy);
  if (stored) setUserDetail(stored);
  return stored;
}
