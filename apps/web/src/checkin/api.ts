/**
 * The door device's calls (docs/checkin-app.md): the device token as bearer, the portal's
 * envelope back, every answer checked with the contract's zod schema. A 401 means the device was
 * revoked (or never paired): the caller wipes what the device holds.
 */
import { z } from 'zod';
import {
  CHECKIN_PATHS,
  checkInConfigSchema,
  pairDataSchema,
  rosterDataSchema,
  scansDataSchema,
  substituteDataSchema,
  walkInDataSchema,
  type CheckInConfig,
  type PairData,
  type RosterRow,
  type Scan,
  type SubstituteData,
  type WalkInData,
  type LabelSize,
} from '@portal/contracts/event-days';
import { currentLanguage } from '../i18n/language.ts';

/**
 * A roster row as the door keeps it. `emailHash` (a keyed hash of the address, `emailHashOf` in
 * `@portal/contracts/checkin`) lets the door find someone by the exact e-mail they give without
 * holding addresses (docs/checkin-app.md).
 */
export type { RosterRow };
const rosterPageSchema = rosterDataSchema;
export type RosterPage = z.infer<typeof rosterPageSchema>;
export type ScanOutcome = z.infer<typeof scansDataSchema>['results'][number];
export type ScansAnswer = z.infer<typeof scansDataSchema>;
export type { CheckInConfig, Scan };

/** Most scans one call takes (POST /api/CheckIn/Scans). */
export { SCANS_PER_CALL_MAX } from '@portal/contracts/event-days';

export class DoorApiError extends Error {
  override readonly name = 'DoorApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived (offline, network down, server away). */
    readonly status: number,
    message: string,
    /** The message is the server's own (in the device's language), not one made here. */
    readonly fromServer = false,
  ) {
    super(message);
  }

  get offline(): boolean {
    return this.status === 0;
  }

  get revoked(): boolean {
    return this.status === 401;
  }
}

let apiBase = '';

/** Where the API is; the same origin (the default) in the app, a test server's address in tests. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

const envelope = z.object({ succeeded: z.boolean(), message: z.string().nullable().optional(), data: z.unknown() });

async function call<T>(schema: z.ZodType<T>, path: string, options: { token?: string; method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  // The server's refusals come in the device's language (docs/decisions/022-server-languages.md).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ?? AbortSignal.timeout(20_000),
      cache: 'no-store',
    });
  } catch {
    throw new DoorApiError(0, 'No connection to the server.');
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // an answer without JSON (a proxy's error page): the status tells
  }
  const parsed = envelope.safeParse(json);
  if (!response.ok || !parsed.success || !parsed.data.succeeded) {
    const said = parsed.success && parsed.data.message ? parsed.data.message : null;
    // 502-504 from a proxy: the server is away, as good as offline for the door.
    throw new DoorApiError(response.status >= 502 && response.status <= 504 ? 0 : response.status, said ?? `The server answered ${response.status}.`, said !== null);
  }
  const data = schema.safeParse(parsed.data.data);
  if (!data.success) throw new DoorApiError(response.status, `Unexpected answer from ${path}.`);
  return data.data;
}

export function pair(pairingCode: string): Promise<PairData> {
  return call(pairDataSchema, CHECKIN_PATHS.pair, { method: 'POST', body: { pairingCode } });
}

export function fetchConfig(token: string): Promise<CheckInConfig> {
  return call(checkInConfigSchema, CHECKIN_PATHS.config, { token });
}

export function fetchRosterPage(token: string, after: string | null, limit?: number): Promise<RosterPage> {
  const query = new URLSearchParams();
  if (after) query.set('after', after);
  if (limit) query.set('limit', String(limit));
  const search = query.toString();
  return call(rosterPageSchema, `${CHECKIN_PATHS.roster}${search ? `?${search}` : ''}`, { token });
}

/** `timeoutMs`: a door waiting for the answer (a badge its list does not hold) gives up sooner than a background sync. */
export function sendScans(token: string, scans: Scan[], timeoutMs?: number): Promise<ScansAnswer> {
  return call(scansDataSchema, CHECKIN_PATHS.scans, { token, method: 'POST', body: { scans }, ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}) });
}

/**
 * One badge as a PDF for the door's label printer (the server counts and audits each print). Not
 * JSON: read as a Blob; a refusal still comes as the portal's envelope.
 */
export async function fetchBadgePdf(token: string, registrationId: number, size: LabelSize): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${CHECKIN_PATHS.badgePrints}`, {
      method: 'POST',
      headers: { accept: 'application/pdf', 'accept-language': currentLanguage(), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ registrationId, size }),
      signal: AbortSignal.timeout(20_000),
      cache: 'no-store',
    });
  } catch {
    throw new DoorApiError(0, 'No connection to the server.');
  }
  if (response.ok && response.headers.get('content-type')?.startsWith('application/pdf')) return response.blob();
  let said: string | null = null;
  try {
    const parsed = envelope.safeParse(await response.json());
    if (parsed.success && parsed.data.message) said = parsed.data.message;
  } catch {
    // not JSON: the status tells
  }
  throw new DoorApiError(response.status >= 502 && response.status <= 504 ? 0 : response.status, said ?? `The server answered ${response.status}.`, said !== null);
}

export interface DoorPerson {
  email: string;
  firstName: string;
  lastName: string;
}

/** A walk-in (device with the right): registered, badge made, checked in at this door unless told not to. */
export function walkIn(token: string, body: DoorPerson & { storeDlrnum?: string; door: string; checkIn: boolean }): Promise<WalkInData> {
  return call(walkInDataSchema, CHECKIN_PATHS.walkIns, { token, method: 'POST', body });
}

/** Same-store substitution (device with the right): the registration passes to the colleague; the old badge stops admitting. */
export function substitute(token: string, body: DoorPerson & { registrationId: number; reason?: string }): Promise<SubstituteData> {
  return call(substituteDataSchema, CHECKIN_PATHS.substitutions, { token, method: 'POST', body });
}
