/**
 * What the door device keeps, in IndexedDB (docs/checkin-app.md, "What the device holds"): the
 * pairing (device token, event, public keys), the roster with only what the door needs (name,
 * store, attendee type, status, badge version, check-in), and the scans not yet answered by the
 * server. `wipe()` deletes all of it: on unpair, when the server answers the device revoked
 * (401), and the day after the event.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { LabelSize, ScanResult } from '@portal/contracts/event-days';
import type { CheckInConfig, RosterRow, Scan } from './api.ts';

export const DB_NAME = 'portal-checkin';

export interface Pairing {
  accessToken: string;
  deviceId: number;
  name: string;
  event: string;
  /** The door name sent with every scan; the device's name unless changed at the door. */
  door: string;
  pairedAt: string;
}

/** The door's printing: the label size of its printer, and whether a green scan prints the badge at once (a badge desk). */
export interface PrintPrefs {
  labelSize: LabelSize;
  printOnScan: boolean;
}
export const DEFAULT_PRINT_PREFS: PrintPrefs = { labelSize: '4x3', printOnScan: false };

export interface SyncState {
  /** The roster cursor for the next delta; null before the first full sync. */
  cursor: string | null;
  lastRosterSync: string | null;
  lastScanSync: string | null;
}

/** A scan waiting for the server's answer, in the order it was made (`seq`). */
export interface PendingScan {
  seq?: number;
  scan: Scan;
  /** The registration the door matched it to (null for a badge of another event). */
  registrationId: number | null;
}

/** A scan the door showed, kept for the list of recent scans (and its undo button). */
export interface RecentScan {
  scanId: string;
  at: string;
  registrationId: number | null;
  name: string;
  /** What the door showed; replaced by the server's answer once synced. */
  result: ScanResult | 'not_registered';
  synced: boolean;
  undo: boolean;
}

interface CheckInDb extends DBSchema {
  meta: {
    key: 'pairing' | 'config' | 'sync' | 'print';
    value: Pairing | CheckInConfig | SyncState | PrintPrefs;
  };
  roster: {
    key: number;
    value: RosterRow;
  };
  pending: {
    key: number;
    value: PendingScan;
    indexes: { scanId: string };
  };
  recent: {
    key: string;
    value: RecentScan;
    indexes: { at: string };
  };
}

export type DoorDb = IDBPDatabase<CheckInDb>;

let opened: Promise<DoorDb> | null = null;

export function openDoorDb(): Promise<DoorDb> {
  opened ??= openDB<CheckInDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('meta');
      db.createObjectStore('roster', { keyPath: 'registrationId' });
      const pending = db.createObjectStore('pending', { keyPath: 'seq', autoIncrement: true });
      pending.createIndex('scanId', 'scan.scanId', { unique: true });
      const recent = db.createObjectStore('recent', { keyPath: 'scanId' });
      recent.createIndex('at', 'at');
    },
    blocking() {
      // Another tab deletes or upgrades the database (a wipe there): let it.
      void opened?.then((db) => db.close());
      opened = null;
    },
  });
  return opened;
}

export async function getPairing(db: DoorDb): Promise<Pairing | null> {
  return ((await db.get('meta', 'pairing')) as Pairing | undefined) ?? null;
}

export async function getConfig(db: DoorDb): Promise<CheckInConfig | null> {
  return ((await db.get('meta', 'config')) as CheckInConfig | undefined) ?? null;
}

export async function getPrintPrefs(db: DoorDb): Promise<PrintPrefs> {
  return { ...DEFAULT_PRINT_PREFS, ...((await db.get('meta', 'print')) as PrintPrefs | undefined) };
}

export async function getSyncState(db: DoorDb): Promise<SyncState> {
  return ((await db.get('meta', 'sync')) as SyncState | undefined) ?? { cursor: null, lastRosterSync: null, lastScanSync: null };
}

/** Only the fields the door needs, whatever else an answer carried (data minimisation). */
export function doorRow(row: RosterRow): RosterRow {
  const kept: RosterRow = {
    registrationId: row.registrationId,
    firstName: row.firstName,
    lastName: row.lastName,
    attendeeType: row.attendeeType,
    storeDlrnum: row.storeDlrnum,
    storeName: row.storeName,
    status: row.status,
    badgeVersion: row.badgeVersion,
    checkedInAt: row.checkedInAt,
    door: row.door,
  };
  if (row.emailHash) kept.emailHash = row.emailHash;
  return kept;
}

/** Deletes everything the device holds (the database itself), and forgets the open connection. */
export async function wipe(): Promise<void> {
  const current = opened;
  opened = null;
  if (current) (await current).close();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('the door data could not be deleted'));
    // Another tab holds it open: it closes on `blocking` above, then the delete goes on.
    request.onblocked = () => undefined;
  });
}
