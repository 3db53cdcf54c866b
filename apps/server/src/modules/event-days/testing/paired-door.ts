import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { CHECKIN_PATHS, createdCheckInDeviceSchema, EVENT_DAYS_ADMIN_PATHS, pairDataSchema } from '@portal/contracts';
import { body, injectAs } from '../../../testing/build-test-app.ts';

export interface DoorFields {
  event: 'nbc' | 'abc';
  /** A made-up `Door xxxxxx` when not given. */
  name?: string;
  sessionId?: number;
  canWalkIn?: boolean;
  canSubstitute?: boolean;
}

/**
 * A door device registered by the organizer whose token is `admin` and paired with its code, on
 * `pairOn` (another instance) or the same app: the created device, its pairing answer and its token.
 */
export async function pairedDoor(app: FastifyInstance, admin: string, fields: DoorFields, pairOn: FastifyInstance = app) {
  const res = await injectAs(app, admin, 'POST', EVENT_DAYS_ADMIN_PATHS.devices, { name: `Door ${randomUUID().slice(0, 6)}`, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  const created = createdCheckInDeviceSchema.parse(body(res).data);
  const pair = await pairOn.inject({ method: 'POST', url: CHECKIN_PATHS.pair, payload: { pairingCode: created.pairingCode } });
  expect(pair.statusCode, pair.body).toBe(200);
  const paired = pairDataSchema.parse(body(pair).data);
  return { ...created, pair: paired, token: paired.accessToken };
}
