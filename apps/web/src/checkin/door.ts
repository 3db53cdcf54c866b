/**
 * The door's logic without the screens (docs/checkin-app.md): decide each scan from what the
 * device holds (signature, event, roster), show it at once, queue it for the server; sync the
 * roster in pages with a delta cursor and send the queue in batches of at most 500, each scan with
 * its device-made UUID, retried until the server has answered it. The server's answer wins: an
 * attendee another door admitted first shows that door's time here after the sync.
 *
 * A validly signed badge the list cannot decide (not on it, newer than its row, or the first full
 * list still loading) is asked of the server at once while online, and its answer shown; offline
 * the doorkeeper chooses (`unlisted`), and the choice goes to the server with the next sync.
 */
import { DoorApiError, fetchBadgePdf, fetchConfig, fetchRosterPage, sendScans, SCANS_PER_CALL_MAX, substitute, walkIn, type CheckInConfig, type DoorPerson, type RosterRow, type Scan, type ScanOutcome } from './api.ts';
import {
  DEFAULT_PRINT_PREFS,
  doorRow,
  getConfig,
  getPairing,
  getPrintPrefs,
  getSyncState,
  openDoorDb,
  wipe,
  type DoorDb,
  type Pairing,
  type PrintPrefs,
  type RecentScan,
  type SyncState,
} from './db.ts';
import { BadgeVerifier } from './verify.ts';
import { emailHashOf, emailSpellings } from '@portal/contracts/checkin';

export type DoorOutcome =
  | { tone: 'green'; kind: 'checked_in'; row: RosterRow; scanId: string }
  | { tone: 'amber'; kind: 'already'; row: RosterRow; at: string; door: string }
  /** A session door: enrolled in the event, but did not pick this session (counted; the doorkeeper decides). */
  | { tone: 'amber'; kind: 'not_picked'; row: RosterRow }
  | { tone: 'red'; kind: 'invalid' | 'wrong_event' | 'not_registered' | 'cancelled' | 'replaced'; row?: RosterRow }
  /** A signed badge of this event the list does not hold, and the server could not be asked: admit? */
  | { tone: 'amber'; kind: 'unlisted'; registrationId: number; scan: Scan; row?: RosterRow }
  | { tone: 'neutral'; kind: 'undone'; row: RosterRow };

export interface DoorStatus {
  online: boolean;
  pending: number;
  syncing: boolean;
  rosterSize: number;
  lastRosterSync: string | null;
  lastScanSync: string | null;
  /** The last sync's failure other than being offline (shown, retried on the next round). */
  error: string | null;
}

/** Why the device's data is gone: shown on the pairing screen. */
export type WipeReason = 'revoked' | 'unpaired' | 'event_over';

const ROSTER_PAGE = 1000;
/** How often the door syncs (scans and the roster's delta) while it is open and online: at most 30 s apart. */
export const SYNC_INTERVAL_MS = 15_000;
/** How long a door waits for the server's word on a badge its list does not hold before asking the doorkeeper. */
export const LOOKUP_TIMEOUT_MS = 5_000;

function fullName(row: RosterRow): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

/** Lower case without accents, for search. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The day after the event's last day (local time of the door), when the door wipes its data. */
export function eventOver(config: CheckInConfig, now = new Date()): boolean {
  const [year, month, day] = config.endsOn.split('-').map(Number);
  if (!year || !month || !day) return false;
  return now >= new Date(year, month - 1, day + 1);
}

export class Door {
  private rows = new Map<number, RosterRow>();
  private searchKeys = new Map<number, string>();
  private verifier: BadgeVerifier;
  private listeners = new Set<() => void>();
  private syncing: Promise<void> | null = null;
  private wipeListeners = new Set<(reason: WipeReason) => void>();
  private wiped = false;
  private writes: Promise<void> = Promise.resolve();
  /** Registrations with a scan made but not yet written: a roster page must not undo what the door showed. */
  private unwritten = new Map<number, number>();
  /** A counter of the door's own changes, and the last one per registration (roster pages must not undo them). */
  private changes = 0;
  private changedAt = new Map<number, number>();
  status: DoorStatus;
  /** The label size of the door's printer and print on scan (Device settings). */
  print: PrintPrefs = DEFAULT_PRINT_PREFS;

  private constructor(
    private readonly db: DoorDb,
    readonly pairing: Pairing,
    public config: CheckInConfig,
    sync: SyncState,
    rows: RosterRow[],
    pending: number,
  ) {
    this.verifier = new BadgeVerifier(config.publicKeys, config.event);
    for (const row of rows) this.keep(row);
    this.status = {
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      pending,
      syncing: false,
      rosterSize: rows.length,
      lastRosterSync: sync.lastRosterSync,
      lastScanSync: sync.lastScanSync,
      error: null,
    };
  }

  /** The paired door from IndexedDB, or null when the device is not paired. */
  static async load(): Promise<Door | null> {
    const db = await openDoorDb();
    const [pairing, config, sync, rows, pending] = await Promise.all([getPairing(db), getConfig(db), getSyncState(db), db.getAll('roster'), db.count('pending')]);
    if (!pairing || !config) return null;
    const door = new Door(db, pairing, config, sync, rows, pending);
    door.print = await getPrintPrefs(db);
    return door;
  }

  /** Stores a fresh pairing and the device's config; the roster comes with the first sync. */
  static async paired(accessToken: string, answer: { deviceId: number; name: string; event: string }): Promise<Door> {
    const config = await fetchConfig(accessToken);
    const db = await openDoorDb();
    const pairing: Pairing = { accessToken, deviceId: answer.deviceId, name: answer.name, event: answer.event, door: answer.name, pairedAt: new Date().toISOString() };
    const tx = db.transaction(['meta', 'roster', 'pending', 'recent'], 'readwrite');
    await Promise.all([
      tx.objectStore('roster').clear(),
      tx.objectStore('pending').clear(),
      tx.objectStore('recent').clear(),
      tx.objectStore('meta').put(pairing, 'pairing'),
      tx.objectStore('meta').put(config, 'config'),
      tx.objectStore('meta').put({ cursor: null, lastRosterSync: null, lastScanSync: null } satisfies SyncState, 'sync'),
    ]);
    await tx.done;
    return new Door(db, pairing, config, { cursor: null, lastRosterSync: null, lastScanSync: null }, [], 0);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onWipe(listener: (reason: WipeReason) => void): () => void {
    this.wipeListeners.add(listener);
    return () => this.wipeListeners.delete(listener);
  }

  private update(patch: Partial<DoorStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }

  private keep(row: RosterRow): void {
    const kept = doorRow(row);
    this.rows.set(kept.registrationId, kept);
    this.searchKeys.set(kept.registrationId, fold(`${kept.firstName} ${kept.lastName} ${kept.lastName} ${kept.firstName} ${kept.storeName ?? ''} ${kept.storeDlrnum ?? ''}`));
  }

  row(registrationId: number): RosterRow | undefined {
    return this.rows.get(registrationId);
  }

  /**
   * Name (either order), store name or store number; or an exact e-mail address (any letter case,
   * with or without a `+tag`): the door hashes what was typed with the event's key and compares it
   * with the rows' `emailHash`, so it finds the person offline without holding any address.
   */
  async search(text: string, limit = 20): Promise<RosterRow[]> {
    const query = fold(text);
    if (query.length < 2) return [];
    if (query.includes('@')) {
      const key = this.config.emailHashKey;
      if (!key) return [];
      const hashes = new Set(await Promise.all(emailSpellings(text).map((spelling) => emailHashOf(key, spelling))));
      const found: RosterRow[] = [];
      for (const row of this.rows.values()) {
        if (row.emailHash && hashes.has(row.emailHash)) found.push(row);
        if (found.length >= limit) break;
      }
      return found;
    }
    const words = query.split(/\s+/);
    const found: RosterRow[] = [];
    for (const [id, key] of this.searchKeys) {
      if (words.every((word) => key.includes(word))) {
        const row = this.rows.get(id);
        if (row) found.push(row);
        if (found.length >= limit) break;
      }
    }
    return found.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  }

  /** A badge code from the camera or a handheld scanner. */
  async scanCode(code: string, now = new Date()): Promise<DoorOutcome> {
    const check = await this.verifier.check(code);
    if (!check.ok) {
      if (check.reason === 'wrong_event') await this.queue({ scanId: crypto.randomUUID(), code: code.trim(), scannedAt: now.toISOString(), door: this.pairing.door }, null, 'wrong_event');
      return { tone: 'red', kind: check.reason };
    }
    const { registrationId, version } = check.payload;
    const row = this.rows.get(registrationId);
    // The list decides only once loaded in full, and for a badge no newer than its row.
    if (this.status.lastRosterSync === null || !row || version > row.badgeVersion) {
      const scan: Scan = { scanId: crypto.randomUUID(), code: code.trim(), scannedAt: now.toISOString(), door: this.pairing.door };
      const answered = this.status.online ? await this.ask(scan, row, version) : null;
      if (answered) return answered;
      if (!row || version > row.badgeVersion) return { tone: 'amber', kind: 'unlisted', registrationId, scan, ...(row ? { row } : {}) };
    }
    return this.admit(row, { code: code.trim(), badgeVersion: version }, now);
  }

  /**
   * The server's word on a signed badge the list cannot decide: the scan goes at once (recorded
   * there as any scan, so it is not queued here), the row the answer names is kept, and the roster's
   * delta is pulled right after. Null when no answer came (offline, timed out, server error).
   */
  private async ask(scan: Scan, known: RosterRow | undefined, version: number): Promise<DoorOutcome | null> {
    let outcome: ScanOutcome | undefined;
    try {
      [outcome] = (await sendScans(this.pairing.accessToken, [scan], LOOKUP_TIMEOUT_MS)).results;
    } catch (error) {
      if (error instanceof DoorApiError && error.revoked) {
        await this.wipe('revoked');
        return { tone: 'red', kind: 'invalid' };
      }
      if (error instanceof DoorApiError && error.offline) this.update({ online: false });
      return null;
    }
    if (!outcome) return null;
    const id = outcome.registrationId;
    const base: RosterRow | undefined =
      known ??
      (id !== undefined && outcome.firstName !== undefined
        ? {
            registrationId: id,
            firstName: outcome.firstName,
            lastName: outcome.lastName ?? '',
            attendeeType: outcome.attendeeType ?? '',
            storeDlrnum: outcome.storeDlrnum ?? null,
            storeName: outcome.storeName ?? null,
            status: 'Enrolled',
            badgeVersion: version,
            checkedInAt: null,
            door: null,
          }
        : undefined);
    let row: RosterRow | undefined;
    let shown: DoorOutcome;
    if (outcome.result === 'checked_in' && base) {
      row = { ...base, status: 'Enrolled', badgeVersion: Math.max(version, base.badgeVersion), checkedInAt: scan.scannedAt, door: scan.door };
      shown = { tone: 'green', kind: 'checked_in', row, scanId: scan.scanId };
    } else if (outcome.result === 'already' && base && outcome.firstCheckIn) {
      row = { ...base, status: 'Enrolled', badgeVersion: Math.max(version, base.badgeVersion), checkedInAt: outcome.firstCheckIn.at, door: outcome.firstCheckIn.door };
      shown = { tone: 'amber', kind: 'already', row, at: outcome.firstCheckIn.at, door: outcome.firstCheckIn.door };
    } else if (outcome.result === 'not_picked' && base) {
      row = { ...base, status: 'Enrolled', badgeVersion: Math.max(version, base.badgeVersion), checkedInAt: scan.scannedAt, door: scan.door };
      shown = { tone: 'amber', kind: 'not_picked', row };
    } else if (outcome.result === 'cancelled') {
      row = base ? { ...base, status: 'Cancelled', checkedInAt: null, door: null } : undefined;
      shown = { tone: 'red', kind: 'cancelled', ...(row ? { row } : {}) };
    } else if (outcome.result === 'wrong_event') shown = { tone: 'red', kind: 'wrong_event' };
    else shown = { tone: 'red', kind: known && version < known.badgeVersion ? 'replaced' : 'not_registered', ...(known ? { row: known } : {}) };

    const recent: RecentScan = { scanId: scan.scanId, at: scan.scannedAt, registrationId: id ?? null, name: outcome.name ?? '', result: outcome.result, synced: true, undo: false };
    if (row) {
      this.keep(row);
      // A roster page fetched before this answer must not undo it (see pullRoster).
      this.changedAt.set(row.registrationId, ++this.changes);
    }
    const kept = row;
    this.writes = this.writes.then(async () => {
      if (this.wiped) return;
      const tx = this.db.transaction(['roster', 'recent'], 'readwrite');
      await Promise.all([kept ? tx.objectStore('roster').put(doorRow(kept)) : null, tx.objectStore('recent').put(recent)]);
      await tx.done;
      this.update({});
    });
    // The list did not know this badge: fetch what changed now rather than at the next round.
    void this.sync();
    return shown;
  }

  /**
   * The doorkeeper's choice for a badge the list does not hold, made offline: an admitted badge is
   * queued as a check-in, a refused one as a refusal (logged by the server, no check-in). Both go
   * with the next sync and show in the recent scans.
   */
  async decide(outcome: Extract<DoorOutcome, { kind: 'unlisted' }>, admit: boolean): Promise<void> {
    // A refusal is a scan of its own: had the server recorded the lookup (its answer lost), that scan id answers a check-in.
    const scan: Scan = { ...outcome.scan, scanId: admit ? outcome.scan.scanId : crypto.randomUUID(), decision: admit ? 'admitted' : 'refused' };
    await this.queue(scan, null, admit ? 'checked_in' : 'refused', outcome.registrationId, outcome.row ? fullName(outcome.row) : '');
  }

  /** Someone found by search, without their badge. */
  async checkIn(registrationId: number, now = new Date()): Promise<DoorOutcome> {
    const row = this.rows.get(registrationId);
    if (!row) return { tone: 'red', kind: 'not_registered' };
    return this.admit(row, { registrationId }, now);
  }

  private async admit(row: RosterRow, by: { code: string; badgeVersion: number } | { registrationId: number }, now: Date): Promise<DoorOutcome> {
    const scan: Scan = { scanId: crypto.randomUUID(), scannedAt: now.toISOString(), door: this.pairing.door, ...('code' in by ? { code: by.code } : { registrationId: by.registrationId }) };
    if (row.status === 'Cancelled') {
      await this.queue(scan, row, 'cancelled');
      return { tone: 'red', kind: 'cancelled', row };
    }
    if (row.status !== 'Enrolled') return { tone: 'red', kind: 'not_registered', row };
    if ('code' in by && by.badgeVersion !== row.badgeVersion) {
      await this.queue(scan, row, 'cancelled');
      return { tone: 'red', kind: 'replaced', row };
    }
    if (row.checkedInAt) {
      await this.queue(scan, row, 'already');
      return { tone: 'amber', kind: 'already', row, at: row.checkedInAt, door: row.door ?? '' };
    }
    const updated = { ...row, checkedInAt: scan.scannedAt, door: scan.door };
    await this.queue(scan, updated, 'checked_in');
    return { tone: 'green', kind: 'checked_in', row: updated, scanId: scan.scanId };
  }

  /** Takes back a check-in made by mistake. */
  async undo(registrationId: number, now = new Date()): Promise<DoorOutcome> {
    const row = this.rows.get(registrationId);
    if (!row) return { tone: 'red', kind: 'not_registered' };
    const updated = { ...row, checkedInAt: null, door: null };
    await this.queue({ scanId: crypto.randomUUID(), registrationId, scannedAt: now.toISOString(), door: this.pairing.door, undo: true }, updated, 'undone');
    return { tone: 'neutral', kind: 'undone', row: updated };
  }

  /**
   * The scan into the queue, the roster row as the door now sees it, and the recent list, in one
   * transaction. The door's memory changes at once and the result goes on screen without waiting
   * for the write (scan to result, docs/checkin-app.md); writes run one after the other in the
   * order of the scans, and a sync or a reload first waits for them (`settled`).
   */
  private queue(scan: Scan, row: RosterRow | null, shown: RecentScan['result'], registrationId = row?.registrationId ?? null, name = row ? fullName(row) : ''): Promise<void> {
    if (row) this.keep(row);
    // Counted now (no re-render before the result is on screen); listeners hear of it once written.
    this.status = { ...this.status, pending: this.status.pending + 1 };
    const recent: RecentScan = { scanId: scan.scanId, at: scan.scannedAt, registrationId, name, result: shown, synced: false, undo: scan.undo === true };
    const id = row?.registrationId;
    if (id !== undefined) {
      this.unwritten.set(id, (this.unwritten.get(id) ?? 0) + 1);
      this.changedAt.set(id, ++this.changes);
    }
    const written = () => {
      if (id === undefined) return;
      const left = (this.unwritten.get(id) ?? 1) - 1;
      if (left > 0) this.unwritten.set(id, left);
      else this.unwritten.delete(id);
    };
    this.writes = this.writes.then(async () => {
      if (this.wiped) return;
      try {
        const tx = this.db.transaction(['pending', 'roster', 'recent'], 'readwrite');
        await Promise.all([tx.objectStore('pending').add({ scan, registrationId }), row ? tx.objectStore('roster').put(doorRow(row)) : null, tx.objectStore('recent').put(recent)]);
        await tx.done;
        written();
      } catch (error) {
        written();
        this.update({ pending: this.status.pending - 1, error: `a scan could not be stored on this device (${error instanceof Error ? error.message : String(error)})` });
        return;
      }
      this.update({});
      // Online: sent shortly (the door's answer is already on screen; this only records it).
      if (this.status.online) setTimeout(() => void this.sync({ rosterToo: false }), 300);
    });
    return Promise.resolve();
  }

  /** Resolves once every scan made so far is written to IndexedDB. */
  settled(): Promise<void> {
    return this.writes;
  }

  async recent(limit = 15): Promise<RecentScan[]> {
    await this.writes;
    if (this.wiped) return [];
    const all = await this.db.getAllFromIndex('recent', 'at');
    return all.slice(-limit).reverse();
  }

  setOnline(online: boolean): void {
    if (online === this.status.online) return;
    this.update({ online });
    if (online) void this.sync();
  }

  /** Sends the queue, then (unless told otherwise) fetches the roster's changes. One round at a time. */
  sync(options: { rosterToo?: boolean } = {}): Promise<void> {
    if (this.wiped) return Promise.resolve();
    // A round is running: this one follows it (a roster pull asked for during a scans-only round is not lost).
    if (this.syncing) return this.syncing.then(() => (options.rosterToo === false && this.status.pending === 0 ? undefined : this.sync(options)));
    this.update({ syncing: true });
    this.syncing = this.runSync(options.rosterToo !== false)
      .catch((error: unknown) => this.failed(error))
      .finally(() => {
        this.syncing = null;
        this.update({ syncing: false });
      });
    return this.syncing;
  }

  private async failed(error: unknown): Promise<void> {
    if (error instanceof DoorApiError && error.revoked) {
      await this.wipe('revoked');
      return;
    }
    if (error instanceof DoorApiError && error.offline) {
      this.update({ online: false, error: null });
      return;
    }
    this.update({ error: error instanceof Error ? error.message : String(error) });
  }

  private async runSync(rosterToo: boolean): Promise<void> {
    await this.writes;
    if (eventOver(this.config)) {
      await this.wipe('event_over');
      return;
    }
    await this.sendQueue();
    if (rosterToo) {
      if (!this.config.emailHashKey) await this.refreshConfig();
      await this.pullRoster();
    }
    this.update({ online: true, error: null });
  }

  /** Batches of at most 500 in the order they were made; a batch leaves the queue only once answered. */
  private async sendQueue(): Promise<void> {
    for (;;) {
      const batch = await this.db.getAll('pending', null, SCANS_PER_CALL_MAX);
      if (batch.length === 0) return;
      const answer = await sendScans(
        this.pairing.accessToken,
        batch.map((pending) => pending.scan),
      );
      const byScanId = new Map(answer.results.map((outcome) => [outcome.scanId, outcome]));
      // Read before the transaction: awaiting another transaction inside it would let it commit early.
      const sync = await getSyncState(this.db);
      const tx = this.db.transaction(['pending', 'roster', 'recent', 'meta'], 'readwrite');
      const changed: RosterRow[] = [];
      let answered = 0;
      for (const pending of batch) {
        const outcome = byScanId.get(pending.scan.scanId);
        // A scan the server did not answer stays queued (sent again next round, same scanId).
        if (!outcome || pending.seq === undefined) continue;
        answered++;
        await tx.objectStore('pending').delete(pending.seq);
        const recent = await tx.objectStore('recent').get(outcome.scanId);
        if (recent) await tx.objectStore('recent').put({ ...recent, name: recent.name || outcome.name || '', result: outcome.result, synced: true });
        const row = this.applyOutcome(outcome, pending.registrationId);
        if (row) {
          await tx.objectStore('roster').put(row);
          changed.push(row);
        }
      }
      const now = new Date().toISOString();
      await tx.objectStore('meta').put({ ...sync, lastScanSync: now }, 'sync');
      await tx.done;
      for (const row of changed) this.keep(row);
      this.update({ pending: await this.db.count('pending'), lastScanSync: now });
      // Scans left unanswered wait for the next round rather than being sent again at once.
      if (answered < batch.length) return;
    }
  }

  /** The server's word on a scan, applied to the roster row (null when nothing changes). */
  private applyOutcome(outcome: ScanOutcome, registrationId: number | null): RosterRow | null {
    const id = outcome.registrationId ?? registrationId ?? undefined;
    const row = id === undefined ? undefined : this.rows.get(id);
    if (!row) return null;
    if (outcome.result === 'undone') return { ...row, checkedInAt: null, door: null };
    if (outcome.result === 'not_picked') return { ...row, checkedInAt: row.checkedInAt ?? new Date().toISOString() };
    if ((outcome.result === 'checked_in' || outcome.result === 'already') && outcome.firstCheckIn) {
      if (row.checkedInAt === outcome.firstCheckIn.at && row.door === outcome.firstCheckIn.door) return null;
      return { ...row, checkedInAt: outcome.firstCheckIn.at, door: outcome.firstCheckIn.door };
    }
    if (outcome.result === 'cancelled') return { ...row, status: 'Cancelled', checkedInAt: null, door: null };
    return null;
  }

  /**
   * A door paired before the server sent `emailHashKey` gets it now, and then the whole roster
   * again (its rows were stored without `emailHash`), so search by e-mail works without re-pairing.
   */
  private async refreshConfig(): Promise<void> {
    const config = await fetchConfig(this.pairing.accessToken);
    if (!config.emailHashKey || config.event !== this.config.event) return;
    const sync = await getSyncState(this.db);
    const tx = this.db.transaction(['meta'], 'readwrite');
    await Promise.all([tx.objectStore('meta').put(config, 'config'), tx.objectStore('meta').put({ ...sync, cursor: null }, 'sync')]);
    await tx.done;
    this.config = config;
    this.verifier = new BadgeVerifier(config.publicKeys, config.event);
  }

  /** Pages of the roster after the stored cursor; a row whose scans are still queued keeps the door's view. */
  private async pullRoster(): Promise<void> {
    let sync = await getSyncState(this.db);
    for (;;) {
      let page;
      try {
        page = await fetchRosterPage(this.pairing.accessToken, sync.cursor, ROSTER_PAGE);
      } catch (error) {
        // A cursor the server does not take any more (400): start again with a full sync.
        if (!(error instanceof DoorApiError) || error.status !== 400 || sync.cursor === null) throw error;
        sync = { ...sync, cursor: null };
        continue;
      }
      const queued = new Set([...(await this.db.getAll('pending')).map((pending) => pending.registrationId), ...this.unwritten.keys()]);
      const before = this.changes;
      // A registration with a scan not yet answered keeps the door's view of its check-in.
      const withLocal = (incoming: RosterRow): RosterRow => {
        const local = this.rows.get(incoming.registrationId);
        const mine = queued.has(incoming.registrationId) || (this.changedAt.get(incoming.registrationId) ?? 0) > before;
        return doorRow(local && mine ? { ...incoming, checkedInAt: local.checkedInAt, door: local.door } : incoming);
      };
      const rows = page.rows.map(withLocal);
      sync = { ...sync, cursor: page.cursor, lastRosterSync: page.more ? sync.lastRosterSync : new Date().toISOString() };
      const tx = this.db.transaction(['roster', 'meta'], 'readwrite');
      await Promise.all([...rows.map((row) => tx.objectStore('roster').put(row)), tx.objectStore('meta').put(sync, 'sync')]);
      await tx.done;
      // Scans made while the page was written win over it too.
      for (const row of rows) this.keep((this.changedAt.get(row.registrationId) ?? 0) > before ? withLocal(row) : row);
      this.update({ rosterSize: this.rows.size, lastRosterSync: sync.lastRosterSync });
      if (!page.more) return;
    }
  }

  async setDoorName(door: string): Promise<void> {
    const name = door.trim().slice(0, 40);
    if (!name) return;
    (this.pairing as { door: string }).door = name;
    await this.db.put('meta', this.pairing, 'pairing');
    this.update({});
  }

  async setPrintPrefs(patch: Partial<PrintPrefs>): Promise<void> {
    this.print = { ...this.print, ...patch };
    await this.db.put('meta', this.print, 'print');
    this.update({});
  }

  /** One badge as a PDF for the label printer (needs the network; the server counts and audits it). */
  async badgePdf(registrationId: number): Promise<Blob> {
    try {
      return await fetchBadgePdf(this.pairing.accessToken, registrationId, this.print.labelSize);
    } catch (error) {
      if (error instanceof DoorApiError && error.revoked) await this.wipe('revoked');
      throw error;
    }
  }

  /** Registers a walk-in (device with the right), checked in at this door when asked; the roster sync brings their row. */
  async walkIn(person: DoorPerson & { storeDlrnum?: string }, checkInNow: boolean): Promise<{ registrationId: number; name: string; code: string }> {
    const answer = await walkIn(this.pairing.accessToken, { ...person, door: this.pairing.door, checkIn: checkInNow });
    await this.sync();
    return { registrationId: answer.registrationId, name: answer.name, code: answer.badge.code };
  }

  /** A colleague of the same store takes a registration's place (device with the right); the old badge stops admitting. */
  async substitute(registrationId: number, person: DoorPerson): Promise<{ registrationId: number; name: string; code: string }> {
    const answer = await substitute(this.pairing.accessToken, { registrationId, ...person });
    await this.sync();
    return { registrationId: answer.registrationId, name: answer.name, code: answer.badge.code };
  }

  /** Everything the device holds, gone; the app returns to the pairing screen. */
  async wipe(reason: WipeReason): Promise<void> {
    this.wiped = true;
    this.rows.clear();
    this.searchKeys.clear();
    await wipe();
    for (const listener of this.wipeListeners) listener(reason);
  }
}

export { DoorApiError };
