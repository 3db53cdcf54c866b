/**
 * Cvent adapter: registration weblinks with the attendee's data prefilled and the registration's
 * providerRef as reference id, and signed registration callbacks (docs/registration-providers.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isoDateSchema } from '@portal/contracts';
import type { LinkSubject, RegistrationProvider } from './provider.ts';

/** Query parameters of the weblink; the provider's registration page reads them. */
export const CVENT_LINK_PARAMS = {
  reference: 'refid',
  eventCode: 'eventcode',
  firstName: 'firstname',
  lastName: 'lastname',
  email: 'email',
  attendance: 'attendance',
  mode: 'mode',
} as const;

export const CVENT_TIMESTAMP_HEADER = 'x-cvent-timestamp';
export const CVENT_SIGNATURE_HEADER = 'x-cvent-signature';
/** Callbacks signed longer ago (or further ahead) than this are refused. */
export const CVENT_TOLERANCE_SECONDS = 5 * 60;

export function createCventProvider(settings: { url: string }): RegistrationProvider {
  const link = (subject: LinkSubject, mode: 'register' | 'modify') => {
    const url = new URL(settings.url);
    const p = CVENT_LINK_PARAMS;
    url.searchParams.set(p.reference, subject.providerRef);
    url.searchParams.set(p.eventCode, subject.providerEventCode);
    url.searchParams.set(p.firstName, subject.firstName);
    url.searchParams.set(p.lastName, subject.lastName);
    if (subject.email) url.searchParams.set(p.email, subject.email);
    url.searchParams.set(p.attendance, subject.isVirtual ? 'virtual' : 'physical');
    url.searchParams.set(p.mode, mode);
    return url.toString();
  };
  return {
    id: 'cvent',
    name: 'Cvent',
    registrationLink: async (_tx, subject) => link(subject, 'register'),
    revisitLink: async (_tx, subject) => link(subject, 'modify'),
  };
}

/** `sha256=` + hex HMAC-SHA256 of `{timestamp}.{raw body}` under the shared secret. */
export function signCventCallback(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function verifyCventSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  nowMs: number,
): SignatureCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return { ok: false, reason: 'missing signature or timestamp header' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'malformed timestamp' };
  const expected = Buffer.from(signCventCallback(secret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  // Compare first, then the clock: a stale but genuine callback is reported as stale.
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'bad signature' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > CVENT_TOLERANCE_SECONDS) return { ok: false, reason: 'timestamp outside tolerance' };
  return { ok: true };
}

export const CVENT_CALLBACK_TYPES = ['registration.completed', 'registration.updated', 'registration.cancelled'] as const;

export const cventCallbackSchema = z.object({
  /** The provider's id of this callback, unique per delivery attempt of one event; replays are ignored. */
  id: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  type: z.enum(CVENT_CALLBACK_TYPES),
  /** The reference id of the weblink: the registration's providerRef. */
  referenceId: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  attendance: z.enum(['physical', 'virtual']).default('physical'),
  arrivalDate: isoDateSchema.nullish(),
  departureDate: isoDateSchema.nullish(),
});
export type CventCallback = z.infer<typeof cventCallbackSchema>;
