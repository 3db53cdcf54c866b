import type { Envelope, LoginData, LoginRequest } from '@portal/contracts';
import { apiPost } from '../../../lib/api-client.ts';
import type { StoredUserDetail } from '../../../lib/user-storage.ts';

/** `POST /User/ProcessLogin`: a failed login is a 200 answer with `succeeded: false`. */
export function processLogin(request: LoginRequest): Promise<Envelope<LoginData>> {
  return apiPost<LoginData>('/User/ProcessLogin', request);
}

/** A successful answer, ready to store; null when the login failed. */
export function successfulLogin(envelope: Envelope<LoginData>, defaultPolicy: string): StoredUserDetail | null {
  if (!envelope.succeeded || !envelope.data?.accessToken) return null;
  const data = envelope.data;
  // Spec section 4: a dealer with no policy gets 'general'; a report login with none gets 'reporting'.
  const needsDefault = data.authorizationPolicy.length === 0 && (defaultPolicy === 'reporting' || data.dealerInfo?.isDealer === true);
  return { ...envelope, data: needsDefault ? { ...data, authorizationPolicy: [defaultPolicy] } : data };
}
