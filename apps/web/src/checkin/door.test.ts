import 'fake-indexeddb/auto';
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { pair, setApiBase, type RosterRow } from './api.ts';
import { DB_NAME, openDoorDb } from './db.ts';
import { Door, eventOver } from './door.ts';
import { startDoorServer, type DoorServer } from './test/door-server.ts';

const PEOPLE: Omit<RosterRow, 'checkedInAt' | 'door' | 'badgeVersion'>[] = [
  { registrationId: 11, firstName: 'Ana', lastName: 'Álvarez', attendeeType: 'dealer', storeDlrnum: '10001', storeName: 'Morgan Motors', status: 'Enrolled' },
  { registrationId: 12, firstName: 'Ben', lastName: 'Carter', attendeeType: 'field', storeDlrnum: null, storeName: null, status: 'Enrolled' },
  { registrationId: 13, firstName: 'Cleo', lastName: 'Dunn', attendeeType: 'dealer', storeDlrnum: '10002', storeName: 'Dunn Cars', status: 'Cancelled' },
  { registrationId: 14, firstName: 'Dev', lastName: 'Evans', attendeeType: 'vendor', storeDlrnum: '10001', storeName: 'Morgan Motors', status: 'Enrolled' },
  { registrationId: 15, firstName: 'Eve', lastName: 'Frost', attendeeType: 'dealer', storeDlrnum: '10003', storeName: 'Frost Autos', status: 'Pending' },
];

let server: DoorServer;

async function pairedDoor(): Promise<Door> {
  const answer = await pair('DOOR-TEST-1');
  const door = await Door.paired(answer.accessToken, answer);
  await door.sync();
  return door;
}

async function databases(): Promise<string[]> {
  return (await indexedDB.databases()).map((db) => db.name ?? '');
}

beforeEach(async () => {
  server = await startDoorServer(PEOPLE, { pageSize: 2 });
  setApiBase(server.url);
});

afterEach(async () => {
  await server.stop();
  const door = await Door.load();
  await door?.wipe('unpaired');
});

describe('pairing and roster sync', () => {
  it('pairs, fetches the roster in pages and then only the changes after its cursor', async () => {
    const door = await pairedDoor();
    expect(door.status.rosterSize).toBe(5);
    const rosterCalls = server.calls.filter((call) => call.path === 'roster');
    // Five rows in pages of two: three calls, each after the previous page's cursor.
    expect(rosterCalls.map((call) => call.after)).toEqual([null, '2', '4']);
    server.calls.length = 0;
    server.change(12, { lastName: 'Carter-Lee' });
    await door.sync();
    expect(server.calls.filter((call) => call.path === 'roster').map((call) => call.after)).toEqual(['5']);
    expect(door.row(12)?.lastName).toBe('Carter-Lee');
  });

  it('keeps only what the door needs, and the pairing survives a reload', async () => {
    await pairedDoor();
    const db = await openDoorDb();
    const stored = await db.get('roster', 11);
    expect(stored && Object.keys(stored).sort()).toEqual(['attendeeType', 'badgeVersion', 'checkedInAt', 'door', 'firstName', 'lastName', 'registrationId', 'status', 'storeDlrnum', 'storeName']);
    const again = await Door.load();
    expect(again?.pairing.name).toBe('Door 1');
    expect(again?.status.rosterSize).toBe(5);
  });

  it('refuses a wrong pairing code with the server message', async () => {
    await expect(pair('NOPE')).rejects.toThrow(/unknown or expired/);
  });
});

describe('scans decided at the door', () => {
  it('admits a signed badge once, then shows where and when it was first scanned', async () => {
    const door = await pairedDoor();
    const first = await door.scanCode(server.badge(11), new Date('2099-03-01T08:14:00Z'));
    expect(first).toMatchObject({ tone: 'green', kind: 'checked_in', row: { firstName: 'Ana', storeName: 'Morgan Motors', attendeeType: 'dealer' } });
    const second = await door.scanCode(server.badge(11));
    expect(second).toMatchObject({ tone: 'amber', kind: 'already', at: '2099-03-01T08:14:00.000Z', door: 'Door 1' });
  });

  it('refuses tampered, foreign-key, other-event, cancelled, not enrolled, replaced and unknown badges', async () => {
    const door = await pairedDoor();
    const good = server.badge(12);
    const [prefix, payload, signature] = good.split('.');
    // One character of the signature changed.
    const tampered = `${prefix}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect(await door.scanCode(tampered)).toMatchObject({ tone: 'red', kind: 'invalid' });
    expect(await door.scanCode('hello world')).toMatchObject({ tone: 'red', kind: 'invalid' });
    const otherKey = generateKeyPairSync('ed25519').privateKey;
    expect(await door.scanCode(server.badge(12, { key: otherKey }))).toMatchObject({ tone: 'red', kind: 'invalid' });
    expect(await door.scanCode(server.badge(12, { kid: 'AAAAAA' }))).toMatchObject({ tone: 'red', kind: 'invalid' });
    expect(await door.scanCode(server.badge(12, { event: 'abc' }))).toMatchObject({ tone: 'red', kind: 'wrong_event' });
    expect(await door.scanCode(server.badge(13))).toMatchObject({ tone: 'red', kind: 'cancelled' });
    expect(await door.scanCode(server.badge(15))).toMatchObject({ tone: 'red', kind: 'not_registered' });
    expect(await door.scanCode(server.badge(99))).toMatchObject({ tone: 'red', kind: 'not_registered' });
    server.change(12, { badgeVersion: 2 });
    await door.sync();
    expect(await door.scanCode(good)).toMatchObject({ tone: 'red', kind: 'replaced' });
    expect(await door.scanCode(server.badge(12))).toMatchObject({ tone: 'green' });
  });

  it('finds people by name in either order, without accents, by store, and checks them in without a code', async () => {
    const door = await pairedDoor();
    expect((await door.search('alvarez ana')).map((row) => row.registrationId)).toEqual([11]);
    expect((await door.search('morgan')).map((row) => row.registrationId)).toEqual([11, 14]);
    expect((await door.search('10002')).map((row) => row.registrationId)).toEqual([13]);
    expect(await door.search('x')).toEqual([]);
    expect(await door.checkIn(14)).toMatchObject({ tone: 'green', row: { firstName: 'Dev' } });
    expect(await door.checkIn(13)).toMatchObject({ tone: 'red', kind: 'cancelled' });
  });

  it('finds someone by the exact e-mail they give (any case, a +tag, offline) without holding any address', async () => {
    await server.stop();
    server = await startDoorServer(PEOPLE, { pageSize: 2, emails: { 12: 'Ben.Carter@Field.example.com', 14: 'dev.evans@vendor.example.com' } });
    setApiBase(server.url);
    const door = await pairedDoor();
    expect(door.config.emailHashKey).toMatch(/^[\w-]{43}$/);
    await server.stop();
    // Offline: hashed at the door with WebCrypto, compared with the rows' emailHash (made with node:crypto).
    expect((await door.search('ben.carter@field.example.com')).map((row) => row.registrationId)).toEqual([12]);
    expect((await door.search('  BEN.CARTER@FIELD.EXAMPLE.COM ')).map((row) => row.registrationId)).toEqual([12]);
    expect((await door.search('dev.evans+nbc@vendor.example.com')).map((row) => row.registrationId)).toEqual([14]);
    // Only the whole address: a part of it, another address or a name-less row finds no one.
    expect(await door.search('ben.carter@field')).toEqual([]);
    expect(await door.search('ana@morgan.example.com')).toEqual([]);
    expect(await door.checkIn(12)).toMatchObject({ tone: 'green', row: { firstName: 'Ben' } });
    // The device holds the hash, never the address.
    const db = await openDoorDb();
    const stored = await db.get('roster', 12);
    expect(stored && Object.keys(stored).sort()).toEqual(['attendeeType', 'badgeVersion', 'checkedInAt', 'door', 'emailHash', 'firstName', 'lastName', 'registrationId', 'status', 'storeDlrnum', 'storeName']);
    const everything = JSON.stringify([await db.getAll('roster'), await db.getAll('meta'), await db.getAll('pending'), await db.getAll('recent')]);
    expect(everything).not.toMatch(/@/);
    await server.start();
  });

  it('undoes a check-in at the door and on the server', async () => {
    const door = await pairedDoor();
    await door.scanCode(server.badge(11));
    await door.sync();
    expect(server.rows.get(11)?.checkedInAt).not.toBeNull();
    expect(await door.undo(11)).toMatchObject({ tone: 'neutral', kind: 'undone' });
    await door.sync();
    expect(server.rows.get(11)?.checkedInAt).toBeNull();
    expect(await door.scanCode(server.badge(11))).toMatchObject({ tone: 'green' });
  });
});

describe('badges the list does not know', () => {
  const FAY = { registrationId: 16, firstName: 'Fay', lastName: 'Green', attendeeType: 'dealer', storeDlrnum: '10003', storeName: 'Frost Autos', status: 'Enrolled' };
  const GUS = { registrationId: 17, firstName: 'Gus', lastName: 'Hall', attendeeType: 'field', storeDlrnum: null, storeName: null, status: 'Enrolled' };
  const rosterCalls = () => server.calls.filter((call) => call.path === 'roster').length;

  it('asks the server at once for a badge issued after the last sync, shows its answer and pulls the delta', async () => {
    const door = await pairedDoor();
    server.add(FAY);
    const before = rosterCalls();
    const outcome = await door.scanCode(server.badge(16), new Date('2099-03-01T08:20:00Z'));
    expect(outcome).toMatchObject({ tone: 'green', kind: 'checked_in', row: { firstName: 'Fay', lastName: 'Green', storeName: 'Frost Autos', storeDlrnum: '10003' } });
    // Recorded by the server with that call, not queued here.
    expect([...server.log.values()]).toMatchObject([{ result: 'checked_in', registrationId: 16 }]);
    expect(door.status.pending).toBe(0);
    // The roster's delta is pulled right after, without waiting for the next round.
    await vi.waitFor(() => expect(rosterCalls()).toBeGreaterThan(before));
    await door.sync();
    expect(door.row(16)).toMatchObject({ status: 'Enrolled', checkedInAt: '2099-03-01T08:20:00.000Z' });
    expect(await door.scanCode(server.badge(16))).toMatchObject({ tone: 'amber', kind: 'already' });
    expect((await door.recent()).find((scan) => scan.result === 'checked_in')).toMatchObject({ name: 'Fay Green', registrationId: 16, synced: true });
  });

  it('asks the server for a badge newer than the list’s row (re-enrolled after a cancel)', async () => {
    const door = await pairedDoor();
    server.change(13, { status: 'Enrolled', badgeVersion: 2 });
    expect(await door.scanCode(server.badge(13))).toMatchObject({ tone: 'green', kind: 'checked_in', row: { firstName: 'Cleo', status: 'Enrolled', badgeVersion: 2 } });
    // The old badge (version 1) is still refused by the list.
    expect(await door.scanCode(server.badge(13, { version: 1 }))).toMatchObject({ tone: 'red' });
  });

  it('asks the server for every badge while the first full list is loading', async () => {
    // The list stays loading for the whole test: the pull a server-answered scan starts waits here.
    let listLoaded = () => {};
    server.holdRoster = new Promise((resolve) => (listLoaded = resolve));
    onTestFinished(() => listLoaded());
    const answer = await pair('DOOR-TEST-1');
    const door = await Door.paired(answer.accessToken, answer);
    expect(door.status.lastRosterSync).toBeNull();
    expect(await door.scanCode(server.badge(11))).toMatchObject({ tone: 'green', row: { firstName: 'Ana' } });
    expect(await door.scanCode(server.badge(13))).toMatchObject({ tone: 'red', kind: 'cancelled' });
    expect([...server.log.values()].map((outcome) => outcome.result)).toEqual(['checked_in', 'cancelled']);
    expect(door.status.pending).toBe(0);
  });

  it('offline, asks the doorkeeper and sends the choice once back: admitted is checked in, refused only logged', async () => {
    const door = await pairedDoor();
    server.add(FAY);
    server.add(GUS);
    const fay = server.badge(16);
    const gus = server.badge(17);
    // The browser still thinks it is online: the call fails, the door says offline and asks.
    await server.stop();
    const first = await door.scanCode(fay);
    expect(first).toMatchObject({ tone: 'amber', kind: 'unlisted', registrationId: 16 });
    expect(door.status.online).toBe(false);
    if (first.kind !== 'unlisted') throw new Error('expected the question');
    await door.decide(first, true);
    const second = await door.scanCode(gus);
    if (second.kind !== 'unlisted') throw new Error('expected the question');
    await door.decide(second, false);
    expect(door.status.pending).toBe(2);
    await door.settled();
    expect((await door.recent()).map((scan) => [scan.registrationId, scan.result, scan.synced])).toEqual([
      [17, 'refused', false],
      [16, 'checked_in', false],
    ]);

    await server.start();
    setApiBase(server.url);
    door.setOnline(true);
    await door.sync();
    expect(door.status).toMatchObject({ online: true, pending: 0 });
    expect([...server.log.values()].map((outcome) => [outcome.registrationId, outcome.result])).toEqual([
      [16, 'checked_in'],
      [17, 'refused'],
    ]);
    expect(server.rows.get(16)?.checkedInAt).not.toBeNull();
    expect(server.rows.get(17)?.checkedInAt).toBeNull();
    expect(door.row(16)?.checkedInAt).not.toBeNull();
    const recent = await door.recent();
    expect(recent.map((scan) => [scan.name, scan.synced])).toEqual([
      ['Gus Hall', true],
      ['Fay Green', true],
    ]);
  });
});

describe('offline queue', () => {
  it('keeps scanning with the server gone, and sends every scan once when it is back', async () => {
    const door = await pairedDoor();
    await server.stop();
    door.setOnline(false);
    expect(await door.scanCode(server.badge(11))).toMatchObject({ tone: 'green' });
    expect(await door.checkIn(12)).toMatchObject({ tone: 'green' });
    expect(await door.scanCode(server.badge(11))).toMatchObject({ tone: 'amber' });
    expect(door.status.pending).toBe(3);
    // A sync while the server is away changes nothing and loses nothing.
    await door.sync();
    expect(door.status).toMatchObject({ online: false, pending: 3 });
    // The queue survives a reload of the page.
    await door.settled();
    expect((await Door.load())?.status.pending).toBe(3);

    await server.start();
    setApiBase(server.url);
    door.setOnline(true);
    await door.sync();
    expect(door.status).toMatchObject({ online: true, pending: 0 });
    expect(server.log.size).toBe(3);
    expect([...server.log.values()].map((outcome) => outcome.result)).toEqual(['checked_in', 'checked_in', 'already']);
    const recent = await door.recent();
    expect(recent.every((scan) => scan.synced)).toBe(true);
  });

  it('sends a batch again after a lost answer with the same scanIds, and the server counts it once', async () => {
    const door = await pairedDoor();
    server.calls.length = 0;
    server.loseNextAnswer = true;
    await door.scanCode(server.badge(11));
    await door.sync();
    await door.sync();
    const sent = server.calls.filter((call) => call.path === 'scans');
    // The first answer was lost: the same scan went again, and the server recorded it once.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent[1]?.ids).toEqual(sent[0]?.ids);
    expect(server.log.size).toBe(1);
    expect(door.status.pending).toBe(0);
    expect((await door.recent())[0]).toMatchObject({ result: 'checked_in', synced: true });
  });

  it('sends at most 500 scans a call, in the order they were made', async () => {
    const door = await pairedDoor();
    await server.stop();
    door.setOnline(false);
    for (let i = 0; i < 1100; i++) await door.checkIn(11 + (i % 2));
    await server.start();
    setApiBase(server.url);
    server.calls.length = 0;
    door.setOnline(true);
    await door.sync();
    expect(server.calls.filter((call) => call.path === 'scans').map((call) => call.size)).toEqual([500, 500, 100]);
    expect(door.status.pending).toBe(0);
    expect(server.log.size).toBe(1100);
  }, 60_000);

  it('takes the server first check-in when another door admitted the person first', async () => {
    const door = await pairedDoor();
    await server.stop();
    door.setOnline(false);
    await door.scanCode(server.badge(14), new Date('2099-03-01T09:00:00Z'));
    // Meanwhile door 2 admitted them earlier (its scan reached the server first).
    server.change(14, { checkedInAt: '2099-03-01T08:14:00.000Z', door: 'Door 2' });
    await server.start();
    setApiBase(server.url);
    door.setOnline(true);
    await door.sync();
    expect(door.row(14)).toMatchObject({ checkedInAt: '2099-03-01T08:14:00.000Z', door: 'Door 2' });
    expect((await door.recent())[0]).toMatchObject({ result: 'already', synced: true });
  });
});

describe('wiping the device', () => {
  it('deletes everything when the server answers the device revoked (401)', async () => {
    const door = await pairedDoor();
    await door.scanCode(server.badge(11));
    const reasons: string[] = [];
    door.onWipe((reason) => reasons.push(reason));
    server.revoked = true;
    await door.sync();
    expect(reasons).toEqual(['revoked']);
    expect(await databases()).not.toContain(DB_NAME);
    expect(await Door.load()).toBeNull();
  });

  it('deletes everything on unpair', async () => {
    const door = await pairedDoor();
    await door.wipe('unpaired');
    expect(await Door.load()).toBeNull();
  });

  it('knows the event is over from the day after its last day', () => {
    const config = { event: 'nbc' as const, eventName: 'x', startsOn: '2026-03-01', endsOn: '2026-03-03', publicKeys: [], device: { id: 1, name: 'x', rights: { walkIn: false, substitute: false } } };
    expect(eventOver(config, new Date(2026, 2, 3, 23, 59))).toBe(false);
    expect(eventOver(config, new Date(2026, 2, 4, 0, 0))).toBe(true);
  });
});
