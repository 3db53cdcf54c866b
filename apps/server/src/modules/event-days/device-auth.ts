/**
 * Door device tokens (docs/event-days.md, "Door devices"; docs/security.md): policy `checkin`.
 *
 * A device token is `ckd1.<deviceId>.<nonce>.<mac>`, the MAC an HMAC-SHA256 under a key derived from
 * JWT_SECRET. It is no JWT, so no other route's guard takes it; the hook here runs before every
 * other guard and keeps the two worlds apart both ways:
 * - `/api/CheckIn/*` (but Pair) needs a device token of a device that is paired and not revoked,
 *   read from the database on every request, so a revocation ends it at once on every instance;
 *   any other token there answers 403, none 401.
 * - a device token anywhere else answers 403.
 * A 401 names why in `errors[0].message` (field `device`) and the `x-checkin-device` header
 * (`revoked`, `unknown`, `invalid`): revoked and unknown tell the door app to wipe what it holds.
 * A token ends with its event: from `graceHours` after the end of the event's last day (UTC) it
 * answers 401 `revoked` as if revoked (`CHECKIN_DEVICE_GRACE_HOURS`; retention revokes the rows).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { DEVICE_TOKEN_PREFIX, type DeviceState, type EventType } from '@portal/contracts';
import type { Db } from '@portal/db';
import { AppError, forbidden } from '../../lib/errors.ts';
import { bearerToken, decodedPath } from '../../plugins/auth.ts';
import { findDeviceForAuth } from './checkin.queries.ts';

export interface DeviceUser {
  id: number;
  eventId: EventType;
  name: string;
  canWalkIn: boolean;
  canSubstitute: boolean;
  /** A session door's session (its scans record attendance there). */
  sessionId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceUser | null;
  }
}

/** Matched on the decoded path (`decodedPath`): `/api/%43heckIn/...` is a check-in path too. */
export function isCheckInApiPath(url: string): boolean {
  return /^\/api\/checkin(?:\/|$)/i.test(decodedPath(url));
}
function isPairPath(url: string): boolean {
  return /^\/api\/checkin\/pair(?:\/|$)/i.test(decodedPath(url));
}

export class DeviceTokens {
  private readonly key: Buffer;

  constructor(jwtSecret: Uint8Array) {
    this.key = createHmac('sha256', jwtSecret).update('checkin-device-token v1').digest();
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  sign(deviceId: number): string {
    const body = `${DEVICE_TOKEN_PREFIX}${deviceId}.${randomBytes(12).toString('base64url')}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The device id of a well-formed token with a good MAC; null otherwise. */
  deviceIdOf(token: string): number | null {
    const match = /^ckd1\.(\d{1,10})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const expected = Buffer.from(this.mac(`${DEVICE_TOKEN_PREFIX}${match[1]}.${match[2]}`));
    const given = Buffer.from(match[3]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? Number(match[1]) : null;
  }
}

export function deviceRefusal(state: DeviceState, message: string): AppError {
  return new AppError(401, message, [{ field: 'device', message: state }], { 'x-checkin-device': state });
}

export function deviceOf(request: FastifyRequest): DeviceUser {
  if (!request.device) throw deviceRefusal('invalid', 'A paired door device is required.');
  return request.device;
}

/** When a device of an event whose last day is `endsOn` stops working: the end of that day (UTC) plus the grace. */
export function deviceTokenEnd(endsOn: string, graceHours: number): Date {
  return new Date(Date.parse(`${endsOn}T00:00:00Z`) + 24 * 3600_000 + graceHours * 3600_000);
}

export default fp<{ db: Db; tokens: DeviceTokens; graceHours: number; now?: () => Date }>(async (app, { db, tokens, graceHours, now = () => new Date() }) => {
  app.decorateRequest('device', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!isCheckInApiPath(request.url)) {
      if (token?.startsWith(DEVICE_TOKEN_PREFIX)) throw forbidden('Door device tokens reach only the check-in API (/api/CheckIn/).');
      return;
    }
    if (isPairPath(request.url)) return;
    if (!token) throw deviceRefusal('invalid', 'A paired door device is required: pair it with a pairing code first.');
    if (!token.startsWith(DEVICE_TOKEN_PREFIX)) throw forbidden('Only paired door devices can use the check-in API.');
    const id = tokens.deviceIdOf(token);
    if (id === null) throw deviceRefusal('invalid', 'This is not a valid door device token. Pair the device again.');
    const device = await findDeviceForAuth(db, id);
    if (!device || !device.pairedAt) throw deviceRefusal('unknown', 'This door device is not known. Wipe it and pair it again.');
    if (device.revokedAt) throw deviceRefusal('revoked', 'This door device was revoked. Its data must be wiped; pair it again to use it.');
    if (device.eventEndsOn && now() >= deviceTokenEnd(device.eventEndsOn, graceHours)) {
      throw deviceRefusal('revoked', 'The event of this door device is over: its token no longer works and its data must be wiped.');
    }
    request.device = { id: device.id, eventId: device.eventId as EventType, name: device.name, canWalkIn: device.canWalkIn, canSubstitute: device.canSubstitute, sessionId: device.sessionId };
  });
});
