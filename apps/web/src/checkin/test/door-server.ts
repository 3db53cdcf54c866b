/**
 * A small HTTP server speaking the door's wire format (@portal/contracts/checkin) for the door
 * app's tests: real sockets, real Ed25519 signatures (node:crypto), the contract's rules (first
 * recorded scan wins, idempotent by scanId, at most 500 scans a call, 401 once revoked). It can go
 * away (offline) and drop the answer of a call it has already recorded (a lost answer).
 */
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { base64urlEncode, encodeBadgePayload, formatBadgeCode, parseBadgeCode } from '@portal/contracts/checkin';
import { scansRequestSchema } from '@portal/contracts/event-days';
import type { RosterRow, ScanOutcome } from '../api.ts';

export interface DoorServer {
  url: string;
  rows: Map<number, RosterRow & { version: number }>;
  /** Every scans call's size, in order. */
  calls: { path: string; size?: number; ids?: string[]; after?: string | null }[];
  /** Every scan recorded, by scanId (the server's scan log). */
  log: Map<string, ScanOutcome>;
  revoked: boolean;
  /** The next scans call is recorded but its answer is lost (the socket is destroyed). */
  loseNextAnswer: boolean;
  badge(registrationId: number, options?: { event?: string; version?: number; kid?: string; key?: KeyObject }): string;
  change(registrationId: number, patch: Partial<RosterRow>): void;
  /** A registration enrolled after the door's last sync (a walk-in at the desk). */
  add(person: Omit<RosterRow, 'checkedInAt' | 'door' | 'badgeVersion'>): void;
  /** Answers of every call but Pair wait this long (a slow server). */
  delayMs: number;
  /** While set, Roster answers wait for it (a first full list still loading). */
  holdRoster: Promise<void> | null;
  stop(): Promise<void>;
  start(): Promise<void>;
}

const TOKEN = 'device-token-1';

export async function startDoorServer(
  people: Omit<RosterRow, 'checkedInAt' | 'door' | 'badgeVersion'>[],
  /** `emails`: addresses by registration id; their rows carry `emailHash` as the portal computes it (node:crypto here, WebCrypto at the door). */
  options: { pageSize?: number; walkIn?: boolean; emails?: Record<number, string> } = {},
): Promise<DoorServer> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const spki = base64urlEncode(new Uint8Array(der));
  // As the server names keys: the first 4 bytes of SHA-256 over the SPKI DER.
  const kid = base64urlEncode(new Uint8Array(createHash('sha256').update(der).digest().subarray(0, 4)));
  const emailHashKey = randomBytes(32);
  const emailHash = (id: number) => {
    const email = options.emails?.[id];
    return email ? { emailHash: createHmac('sha256', emailHashKey).update(email.trim().toLowerCase()).digest().subarray(0, 16).toString('base64url') } : {};
  };
  let seq = 0;
  const rows = new Map<number, RosterRow & { version: number }>();
  for (const person of people) rows.set(person.registrationId, { ...person, badgeVersion: 1, checkedInAt: null, door: null, version: ++seq });
  const log = new Map<string, ScanOutcome>();
  const pageSize = options.pageSize ?? 1000;
  let server: Server | null = null;
  let port = 0;

  const state: DoorServer = {
    url: '',
    rows,
    calls: [],
    log,
    revoked: false,
    loseNextAnswer: false,
    badge(registrationId, badgeOptions = {}) {
      const signed = encodeBadgePayload({ registrationId, version: badgeOptions.version ?? rows.get(registrationId)?.badgeVersion ?? 1, kid: badgeOptions.kid ?? kid, eventId: badgeOptions.event ?? 'nbc' });
      return formatBadgeCode(signed, sign(null, signed, badgeOptions.key ?? privateKey));
    },
    change(registrationId, patch) {
      const row = rows.get(registrationId);
      if (row) rows.set(registrationId, { ...row, ...patch, version: ++seq });
    },
    add(person) {
      rows.set(person.registrationId, { ...person, badgeVersion: 1, checkedInAt: null, door: null, version: ++seq });
    },
    delayMs: 0,
    holdRoster: null,
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()).closeAllConnections());
    },
    async start() {
      server = createServer((request, response) => void handle(request, response));
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      state.url = `http://127.0.0.1:${port}`;
    },
  };

  const send = (response: ServerResponse, status: number, data: unknown, message: string | null = null) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ succeeded: status < 400, message, data }));
  };

  const body = async (request: IncomingMessage): Promise<unknown> => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text ? JSON.parse(text) : null;
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/api/CheckIn/Pair') {
      const { pairingCode } = (await body(request)) as { pairingCode: string };
      if (pairingCode !== 'DOOR-TEST-1') return send(response, 400, null, 'pairingCode: unknown or expired');
      return send(response, 200, { accessToken: TOKEN, deviceId: 1, name: 'Door 1', event: 'nbc', rights: { walkIn: false, substitute: false } });
    }
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.revoked || request.headers.authorization !== `Bearer ${TOKEN}`) return send(response, 401, null, 'This device is not paired.');
    if (url.pathname === '/api/CheckIn/Config') {
      return send(response, 200, { event: 'nbc', eventName: 'National Business Conference', eventNames: { en: 'National Business Conference', 'fr-CA': 'Congrès national des affaires' }, startsOn: '2099-03-01', endsOn: '2099-03-03', publicKeys: [{ kid, spki }], emailHashKey: emailHashKey.toString('base64url'), device: { id: 1, name: 'Door 1', rights: { walkIn: options.walkIn === true, substitute: false } } });
    }
    if (url.pathname === '/api/CheckIn/Roster') {
      const after = Number(url.searchParams.get('after') ?? 0);
      state.calls.push({ path: 'roster', after: url.searchParams.get('after') });
      if (state.holdRoster) await state.holdRoster;
      const changed = [...rows.values()].filter((row) => row.version > after).sort((a, b) => a.version - b.version);
      const page = changed.slice(0, pageSize);
      const cursor = String(page.at(-1)?.version ?? after);
      return send(response, 200, { rows: page.map(({ version: _version, ...row }) => ({ ...row, ...emailHash(row.registrationId), email: options.emails?.[row.registrationId] ?? 'not-for-the-door@example.com' })), cursor, more: changed.length > pageSize });
    }
    if (url.pathname === '/api/CheckIn/WalkIns' && request.method === 'POST') {
      if (!options.walkIn) return send(response, 403, null, 'This device may not register walk-ins.');
      const person = (await body(request)) as { firstName: string; lastName: string; email: string; door: string; checkIn: boolean };
      const registrationId = 1000 + rows.size;
      const at = new Date().toISOString();
      rows.set(registrationId, { registrationId, firstName: person.firstName, lastName: person.lastName, attendeeType: 'dealer', storeDlrnum: null, storeName: null, status: 'Enrolled', badgeVersion: 1, checkedInAt: person.checkIn ? at : null, door: person.checkIn ? person.door : null, version: ++seq });
      return send(response, 201, { registrationId, personId: registrationId, name: `${person.firstName} ${person.lastName}`, badge: { code: state.badge(registrationId) }, checkedInAt: person.checkIn ? at : null });
    }
    if (url.pathname === '/api/CheckIn/BadgePrints' && request.method === 'POST') {
      const asked = (await body(request)) as { registrationId: number; size: string };
      state.calls.push({ path: 'badge', ids: [`${asked.registrationId}:${asked.size}`] });
      if (rows.get(asked.registrationId)?.status !== 'Enrolled') return send(response, 404, null, 'No registration with this id.');
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end('%PDF-1.3 a badge');
      return;
    }
    if (url.pathname === '/api/CheckIn/Scans' && request.method === 'POST') {
      const parsed = scansRequestSchema.safeParse(await body(request));
      if (!parsed.success) return send(response, 400, null, parsed.error.issues[0]?.message ?? 'bad scans');
      state.calls.push({ path: 'scans', size: parsed.data.scans.length, ids: parsed.data.scans.map((scan) => scan.scanId) });
      const results = parsed.data.scans.map((scan) => {
        const known = log.get(scan.scanId);
        if (known) return known;
        const badge = scan.code ? parseBadgeCode(scan.code)?.payload : undefined;
        const id = scan.registrationId ?? badge?.registrationId ?? 0;
        const row = rows.get(id);
        const person = row ? { name: `${row.firstName} ${row.lastName}`, firstName: row.firstName, lastName: row.lastName, attendeeType: row.attendeeType, ...(row.storeName ? { storeName: row.storeName } : {}), ...(row.storeDlrnum ? { storeDlrnum: row.storeDlrnum } : {}) } : {};
        let outcome: ScanOutcome;
        if (badge && badge.eventId !== 'nbc') outcome = { scanId: scan.scanId, result: 'wrong_event' };
        else if (!row) outcome = { scanId: scan.scanId, result: 'invalid' };
        else if (scan.decision === 'refused') outcome = { scanId: scan.scanId, result: 'refused', registrationId: id, ...person };
        else if (scan.undo) {
          state.change(id, { checkedInAt: null, door: null });
          outcome = { scanId: scan.scanId, result: 'undone', registrationId: id };
        } else if (row.status !== 'Enrolled') outcome = { scanId: scan.scanId, result: 'cancelled', registrationId: id };
        else if (row.checkedInAt) outcome = { scanId: scan.scanId, result: 'already', registrationId: id, ...person, firstCheckIn: { at: row.checkedInAt, door: row.door ?? '' } };
        else {
          state.change(id, { checkedInAt: scan.scannedAt, door: scan.door });
          outcome = { scanId: scan.scanId, result: 'checked_in', registrationId: id, ...person, firstCheckIn: { at: scan.scannedAt, door: scan.door } };
        }
        log.set(scan.scanId, outcome);
        return outcome;
      });
      if (state.loseNextAnswer) {
        state.loseNextAnswer = false;
        request.socket.destroy();
        return;
      }
      return send(response, 200, { results });
    }
    send(response, 404, null, 'Not found');
  }

  await state.start();
  return state;
}
