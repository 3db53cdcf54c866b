/**
 * The CSV import (docs/csv-import.md): parses every given file, checks rows against each other and
 * against the database, and only when nothing is wrong writes the differences, in one transaction.
 * Unchanged rows are not written, so importing the same files again changes nothing. People it
 * changes are reported to webhook endpoints in that transaction through `options.events` (the
 * callers pass the webhooks' outbox writer: this folder sits below the modules).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx, type ReportScopeLevel } from '@portal/db';
import { accessCodeProblem, hashAccessCode } from '../lib/access-code.ts';
import { instantOf } from '../lib/zoned-time.ts';
import { bulkInsert, PARAMS_PER_STATEMENT } from './bulk-write.ts';
import { Pacer, ProblemList, sortProblems, type CsvSource, type ImportProblem } from './csv-file.ts';
import type { FileKind } from './formats.ts';
import {
  parseAccessCodes,
  parseEvents,
  parseNetwork,
  parseReportUsers,
  parseRosters,
  parseSessions,
  type AccessCodeRecord,
  type EventRecord,
  type ParseOptions,
  type ReportUserRecord,
  type RosterRecord,
  type SessionRecord,
  type StoreRecord,
} from './parse-files.ts';

export type CsvImportFiles = Partial<Record<FileKind, CsvSource>>;

export interface CsvImportOptions {
  /** The server's access-code key; codes are stored only as hashes under it. */
  codeHashKey: Uint8Array;
  /** When set, report users must have an address at this domain (the report login's). */
  reportEmailDomain?: string;
  /** Check and count, write nothing. */
  dryRun?: boolean;
  /**
   * Demo mode only: accept active codes shorter than 8 characters or on the deny list
   * (lib/access-code.ts). Outside demo mode they are row problems.
   */
  allowWeakCodes?: boolean;
  /** More data rows than this in one file throw RowLimitError (csv-file.ts); none: no limit (the CLI). */
  maxRows?: number;
  /** Told of the changes written, in their transaction (the webhooks' outbox, docs/webhooks.md). */
  events?: CsvImportEvents;
}

export interface CsvImportEvents {
  /**
   * People whose roster entry (names, store, category) the import changed, or whom it took off a
   * listed store's roster, by id, once per import after they are written. New people are not told:
   * there is no event for a person created.
   */
  peopleUpdated(tx: DbOrTx, personIds: readonly number[], at: Date): Promise<unknown>;
}

export const ENTITIES = ['events', 'regions', 'zones', 'districts', 'stores', 'people', 'storeManagers', 'accessCodes', 'reportUsers', 'sessions'] as const;
export type Entity = (typeof ENTITIES)[number];

export interface EntityCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** people only: taken off a listed store's roster because the file no longer lists them. */
  detached?: number;
}

export type CsvImportResult =
  | { ok: true; dryRun: boolean; counts: Partial<Record<Entity, EntityCounts>> }
  | { ok: false; problems: ImportProblem[] };

function chunks<T>(rows: T[], paramsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / paramsPerRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Rows to write for one table, found by comparing the files with what is stored. */
interface Diff<T> {
  insert: T[];
  update: T[];
  unchanged: number;
}

function diff<K, T>(incoming: Iterable<[K, T]>, existing: Map<K, T>, same: (a: T, b: T) => boolean): Diff<T> {
  const d: Diff<T> = { insert: [], update: [], unchanged: 0 };
  for (const [key, row] of incoming) {
    const old = existing.get(key);
    if (!old) d.insert.push(row);
    else if (same(old, row)) d.unchanged++;
    else d.update.push(row);
  }
  return d;
}

const counts = (d: Diff<unknown>): EntityCounts => ({ inserted: d.insert.length, updated: d.update.length, unchanged: d.unchanged });

/** The event columns the CSV sets (the console sets the registration window, capacity and the rest). */
type EventRow = Pick<typeof schema.events.$inferSelect, 'id' | 'name' | 'providerEventCode' | 'isVirtual' | 'contentEnvironmentId' | 'startsOn' | 'endsOn'>;
type RegionRow = typeof schema.regions.$inferSelect;
type ZoneRow = typeof schema.zones.$inferSelect;
type DistrictRow = typeof schema.districts.$inferSelect;
type StoreRow = Omit<typeof schema.stores.$inferSelect, 'executiveManagerId' | 'generalManagerId'>;
type AccessCodeRow = Omit<typeof schema.accessCodes.$inferInsert, 'id' | 'createdAt'>;
type ReportUserRow = { email: string; name: string | null; active: boolean; reportScopeLevel: ReportScopeLevel | null; reportScopeCode: string | null };
/** The session columns the CSV sets (cancelling stays with the console: it mails everyone picked). */
type SessionRow = Pick<typeof schema.sessions.$inferSelect, 'eventId' | 'title' | 'description' | 'startsAt' | 'endsAt' | 'room' | 'capacity' | 'audience' | 'track' | 'entry'> & {
  /** null: a new session. */
  id: number | null;
};
interface PersonRow {
  email: string;
  firstName: string;
  lastName: string;
  storeDlrnum: string | null;
  category: 'dealer_staff';
}
interface ManagerRow {
  dlrnum: string;
  executiveManager: string;
  generalManager: string | null;
}

interface Plan {
  events?: Diff<EventRow>;
  regions?: Diff<RegionRow>;
  zones?: Diff<ZoneRow>;
  districts?: Diff<DistrictRow>;
  stores?: Diff<StoreRow>;
  /** `updatedIds`: the stored ids of `update`'s people. */
  people?: Diff<PersonRow> & { detach: number[]; updatedIds: number[] };
  storeManagers?: Diff<ManagerRow>;
  accessCodes?: Diff<AccessCodeRow>;
  reportUsers?: Diff<ReportUserRow>;
  sessions?: Diff<SessionRow>;
}

interface Parsed {
  events?: EventRecord[];
  network?: StoreRecord[];
  rosters?: RosterRecord[];
  accessCodes?: AccessCodeRecord[];
  reportUsers?: ReportUserRecord[];
  sessions?: SessionRecord[];
  mentionedEvents: Set<string>;
  mentionedStores: Set<string>;
  /** Stores whose rosters the rosters file replaces. */
  rosterStores: Set<string>;
}

/** Company staff are never turned into dealer staff by a roster: that is almost certainly a wrong e-mail. */
const COMPANY_CATEGORIES = new Set(['corporate', 'field', 'sbr']);

export async function importCsv(db: DbOrTx, files: CsvImportFiles, options: CsvImportOptions): Promise<CsvImportResult> {
  const problems = new ProblemList();
  const parsed: Parsed = { mentionedEvents: new Set(), mentionedStores: new Set(), rosterStores: new Set() };
  const read: ParseOptions = { maxRows: options.maxRows, pacer: new Pacer() };
  if (files.events) parsed.events = await parseEvents(files.events, problems, parsed.mentionedEvents, read);
  if (files.network) parsed.network = await parseNetwork(files.network, problems, parsed.mentionedStores, read);
  if (files.rosters) parsed.rosters = await parseRosters(files.rosters, problems, parsed.rosterStores, read);
  if (files.accessCodes) parsed.accessCodes = await parseAccessCodes(files.accessCodes, problems, read);
  if (files.reportUsers) parsed.reportUsers = await parseReportUsers(files.reportUsers, problems, options.reportEmailDomain, read);
  if (files.sessions) parsed.sessions = await parseSessions(files.sessions, problems, read);
  const fileOrder = (['events', 'network', 'rosters', 'accessCodes', 'reportUsers', 'sessions'] as const).flatMap((k) => (files[k] ? [files[k].name] : []));

  const outcome = await db.transaction(async (tx) => {
    const plan = await makePlan(tx, files, parsed, problems, options);
    if (problems.size > 0) return { ok: false as const, problems: sortProblems(problems.items, fileOrder) };
    const result: Partial<Record<Entity, EntityCounts>> = {};
    for (const entity of ENTITIES) {
      const d = plan[entity];
      if (d) result[entity] = counts(d);
    }
    if (plan.people) result.people = { ...counts(plan.people), detached: plan.people.detach.length };
    if (!options.dryRun) {
      await applyPlan(tx, plan);
      if (plan.people && options.events) await options.events.peopleUpdated(tx, [...plan.people.updatedIds, ...plan.people.detach], new Date());
    }
    return { ok: true as const, dryRun: options.dryRun ?? false, counts: result };
  });
  // A large import changes the tables' statistics; refresh them for the report queries.
  if (outcome.ok && !outcome.dryRun) await db.execute(sql`analyze`);
  return outcome;
}

async function makePlan(tx: DbOrTx, files: CsvImportFiles, parsed: Parsed, problems: ProblemList, options: CsvImportOptions): Promise<Plan> {
  const plan: Plan = {};
  const { events, regions, zones, districts, stores, people, accessCodes, reportUsers } = schema;

  const needEvents = parsed.events || parsed.accessCodes || parsed.sessions;
  const dbEvents = needEvents ? await tx.select().from(events) : [];
  if (parsed.events) {
    const incoming = parsed.events.map((e): [string, EventRow] => [
      e.id,
      { id: e.id, name: e.name, providerEventCode: e.providerEventCode, isVirtual: e.isVirtual, contentEnvironmentId: e.contentEnvironmentId, startsOn: e.startsOn, endsOn: e.endsOn },
    ]);
    plan.events = diff(incoming, new Map(dbEvents.map((e) => [e.id, e])), (a, b) =>
      a.name === b.name && a.providerEventCode === b.providerEventCode && a.isVirtual === b.isVirtual &&
      a.contentEnvironmentId === b.contentEnvironmentId && a.startsOn === b.startsOn && a.endsOn === b.endsOn,
    );
    // Provider event codes stay unique across stored events the file does not change.
    const fileIds = new Set(parsed.events.map((e) => e.id));
    const storedCodes = new Map(dbEvents.filter((e) => !fileIds.has(e.id as EventRecord['id'])).map((e) => [e.providerEventCode.toUpperCase(), e.id]));
    for (const e of parsed.events) {
      const other = storedCodes.get(e.providerEventCode.toUpperCase());
      if (other) problems.add(files.events!.name, e.line, 'provider_event_code', `${e.providerEventCode} is already the code of event ${other} in the database`);
    }
  }

  const needStores = parsed.network || parsed.rosters;
  const dbStores = needStores ? await tx.select().from(stores) : [];
  const dbStoreByDlrnum = new Map(dbStores.map((s) => [s.dlrnum, s]));
  if (parsed.network) {
    const first = <K extends string>(key: (s: StoreRecord) => K) => {
      const m = new Map<K, StoreRecord>();
      for (const s of parsed.network!) if (!m.has(key(s))) m.set(key(s), s);
      return [...m.values()];
    };
    const dbRegions = await tx.select().from(regions);
    const dbZones = await tx.select().from(zones);
    const dbDistricts = await tx.select().from(districts);
    plan.regions = diff(
      first((s) => s.regionCode).map((s): [string, RegionRow] => [s.regionCode, { code: s.regionCode, description: s.regionName, objectivePct: s.objectivePct }]),
      new Map(dbRegions.map((r) => [r.code, r])),
      (a, b) => a.description === b.description && a.objectivePct === b.objectivePct,
    );
    plan.zones = diff(
      first((s) => s.zoneCode).map((s): [string, ZoneRow] => [s.zoneCode, { code: s.zoneCode, regionCode: s.regionCode, name: s.zoneName }]),
      new Map(dbZones.map((z) => [z.code, z])),
      (a, b) => a.regionCode === b.regionCode && a.name === b.name,
    );
    plan.districts = diff(
      first((s) => s.districtCode).map((s): [string, DistrictRow] => [s.districtCode, { code: s.districtCode, zoneCode: s.zoneCode, name: s.districtName }]),
      new Map(dbDistricts.map((d) => [d.code, d])),
      (a, b) => a.zoneCode === b.zoneCode && a.name === b.name,
    );
    plan.stores = diff(
      parsed.network.map((s): [string, StoreRow] => [
        s.dlrnum,
        { dlrnum: s.dlrnum, name: s.name, city: s.city, state: s.state, districtCode: s.districtCode, complimentarySeats: s.complimentarySeats },
      ]),
      dbStoreByDlrnum,
      (a, b) => a.name === b.name && a.city === b.city && a.state === b.state && a.districtCode === b.districtCode && a.complimentarySeats === b.complimentarySeats,
    );
  }

  if (parsed.rosters) planRosters(await tx.select({
    id: people.id,
    email: people.email,
    firstName: people.firstName,
    lastName: people.lastName,
    storeDlrnum: people.storeDlrnum,
    category: people.category,
  }).from(people), dbStores, files, parsed, problems, plan);

  if (parsed.accessCodes) {
    const knownEvents = new Set([...dbEvents.map((e) => e.id), ...parsed.mentionedEvents]);
    const where = files.events ? `${files.events.name} or the database` : 'the database';
    const incoming: [string, AccessCodeRow][] = [];
    const eventNames = [...dbEvents, ...(parsed.events ?? [])];
    for (const c of parsed.accessCodes) {
      if (!knownEvents.has(c.eventId)) {
        problems.add(files.accessCodes!.name, c.line, 'event', `event ${c.eventId} is not in ${where}`);
        continue;
      }
      // An inactive row is how a weak (e.g. demo) code gets disabled, so only active ones are judged.
      const weak = c.active && !options.allowWeakCodes && c.code !== '' ? accessCodeProblem(c.code, eventNames) : null;
      if (weak) {
        problems.add(files.accessCodes!.name, c.line, 'code', weak);
        continue;
      }
      const row: AccessCodeRow = {
        eventId: c.eventId,
        codeHash: hashAccessCode(c.code, options.codeHashKey),
        label: c.label,
        policies: c.policies,
        regType: c.regType,
        attendeeType: c.attendeeType,
        personCategory: c.personCategory,
        requiresRoster: c.requiresRoster,
        agendaGroup: c.agendaGroup,
        conferenceGroup: c.conferenceGroup,
        faqGroup: c.faqGroup,
        active: c.active,
      };
      incoming.push([`${row.eventId}|${row.codeHash}`, row]);
    }
    const dbCodes = await tx.select().from(accessCodes);
    plan.accessCodes = diff(
      incoming,
      new Map(dbCodes.map((c): [string, AccessCodeRow] => [`${c.eventId}|${c.codeHash}`, c])),
      (a, b) =>
        a.label === b.label && (a.policies ?? []).join(';') === (b.policies ?? []).join(';') && a.regType === b.regType &&
        a.attendeeType === b.attendeeType && a.personCategory === b.personCategory && a.requiresRoster === b.requiresRoster &&
        a.agendaGroup === b.agendaGroup && a.conferenceGroup === b.conferenceGroup && a.faqGroup === b.faqGroup && a.active === b.active,
    );
  }

  if (parsed.reportUsers) {
    await checkReportScopes(tx, files.reportUsers!.name, parsed, problems);
    const dbUsers = await tx
      .select({ email: reportUsers.email, name: reportUsers.name, active: reportUsers.active, reportScopeLevel: reportUsers.reportScopeLevel, reportScopeCode: reportUsers.reportScopeCode })
      .from(reportUsers);
    plan.reportUsers = diff(
      parsed.reportUsers.map((u): [string, ReportUserRow] => [
        u.email,
        { email: u.email, name: u.name, active: u.active, reportScopeLevel: u.scope?.level ?? null, reportScopeCode: u.scope?.code ?? null },
      ]),
      new Map(dbUsers.map((u) => [u.email, u])),
      (a, b) => a.name === b.name && a.active === b.active && a.reportScopeLevel === b.reportScopeLevel && a.reportScopeCode === b.reportScopeCode,
    );
  }
  if (parsed.sessions) await planSessions(tx, files.sessions!.name, dbEvents, files, parsed, problems, plan);
  return plan;
}

/**
 * Sessions: a row with an `id` changes that stored session; a row without one changes the stored
 * session of the same event, title and start, or adds a new one. Times are read in the event's time
 * zone and must fall on the event's days; a cancelled session is never changed (only an identical
 * row, counted unchanged, may name it, so the same file imports again after a cancel).
 */
async function planSessions(
  tx: DbOrTx,
  file: string,
  dbEvents: (typeof schema.events.$inferSelect)[],
  files: CsvImportFiles,
  parsed: Parsed,
  problems: ProblemList,
  plan: Plan,
): Promise<void> {
  const { sessions } = schema;
  const eventById = new Map<string, { timeZone: string; startsOn: string; endsOn: string }>(dbEvents.map((e) => [e.id, e]));
  // An event new in this import's events file takes the default zone until the console sets one.
  for (const e of parsed.events ?? []) {
    const stored = eventById.get(e.id);
    eventById.set(e.id, { timeZone: stored?.timeZone ?? 'America/Los_Angeles', startsOn: e.startsOn, endsOn: e.endsOn });
  }
  const where = files.events ? `${files.events.name} or the database` : 'the database';
  const stored = await tx.select().from(sessions);
  const storedById = new Map(stored.map((s) => [s.id, s]));
  const storedBySlot = new Map(stored.map((s) => [`${s.eventId}|${s.title}|${s.startsAt.toISOString()}`, s]));
  const day = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const d: Diff<SessionRow> = { insert: [], update: [], unchanged: 0 };
  const claimed = new Map<number, number>();
  for (const r of parsed.sessions!) {
    const event = eventById.get(r.eventId);
    if (!event) {
      problems.add(file, r.line, 'event', `event ${r.eventId} is not in ${where}`);
      continue;
    }
    const startsAt = instantOf(r.startsAt, event.timeZone);
    const endsAt = instantOf(r.endsAt, event.timeZone);
    let bad = false;
    if (endsAt <= startsAt) {
      problems.add(file, r.line, 'ends_at', `must be after starts_at (${r.startsAt.replace('T', ' ').slice(0, 16)})`);
      bad = true;
    }
    for (const [column, at] of [['starts_at', startsAt], ['ends_at', endsAt]] as const) {
      const on = day(at, event.timeZone);
      if (on < event.startsOn || on > event.endsOn) {
        problems.add(file, r.line, column, `falls on ${on} in ${event.timeZone}, outside event ${r.eventId} (${event.startsOn} to ${event.endsOn})`);
        bad = true;
      }
    }
    const row: SessionRow = {
      id: null, eventId: r.eventId, title: r.title, description: r.description, startsAt, endsAt, room: r.room,
      capacity: r.capacity, audience: r.audience, track: r.track, entry: r.entry,
    };
    const old = r.id !== null ? storedById.get(r.id) : storedBySlot.get(`${r.eventId}|${r.title}|${startsAt.toISOString()}`);
    if (r.id !== null && !old) {
      problems.add(file, r.line, 'id', `session ${r.id} is not in the database (leave id blank for a new session)`);
      continue;
    }
    if (old && old.eventId !== r.eventId) {
      problems.add(file, r.line, 'event', `session ${old.id} belongs to event ${old.eventId}; a session cannot move to another event`);
      continue;
    }
    if (old) {
      const earlier = claimed.get(old.id);
      if (earlier !== undefined) {
        problems.add(file, r.line, r.id !== null ? 'id' : 'title', `line ${earlier} already changes session ${old.id}`);
        continue;
      }
      claimed.set(old.id, r.line);
    }
    if (bad) continue;
    if (!old) {
      d.insert.push(row);
      continue;
    }
    const same =
      old.title === row.title && old.description === row.description && old.startsAt.getTime() === row.startsAt.getTime() &&
      old.endsAt.getTime() === row.endsAt.getTime() && old.room === row.room && old.capacity === row.capacity &&
      (old.audience ?? []).join(';') === (row.audience ?? []).join(';') && old.track === row.track && old.entry === row.entry;
    if (same) d.unchanged++;
    else if (old.cancelledAt) problems.add(file, r.line, r.id !== null ? 'id' : 'title', `session ${old.id} is cancelled and can no longer be changed`);
    else d.update.push({ ...row, id: old.id });
  }
  plan.sessions = d;
}

/** A report user's scope must name a region, zone or district of the network (stored, or in this import's network file). */
async function checkReportScopes(tx: DbOrTx, file: string, parsed: Parsed, problems: ProblemList): Promise<void> {
  const wanted = parsed.reportUsers!.filter((u) => u.scope?.code);
  if (!wanted.length) return;
  const known = { region: new Set<string>(), zone: new Set<string>(), district: new Set<string>() };
  for (const s of parsed.network ?? []) {
    known.region.add(s.regionCode);
    known.zone.add(s.zoneCode);
    known.district.add(s.districtCode);
  }
  const { regions, zones, districts } = schema;
  for (const r of await tx.select({ code: regions.code }).from(regions)) known.region.add(r.code);
  for (const z of await tx.select({ code: zones.code }).from(zones)) known.zone.add(z.code);
  for (const d of await tx.select({ code: districts.code }).from(districts)) known.district.add(d.code);
  for (const u of wanted) {
    const { level, code } = u.scope!;
    if (level !== 'network' && !known[level].has(code!)) problems.add(file, u.line, 'scope', `there is no ${level} ${code} in the network`);
  }
}

interface StoredPerson {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  storeDlrnum: string | null;
  category: string;
}

function planRosters(
  dbPeople: StoredPerson[],
  dbStores: (typeof schema.stores.$inferSelect)[],
  files: CsvImportFiles,
  parsed: Parsed,
  problems: ProblemList,
  plan: Plan,
): void {
  const rosters = parsed.rosters!;
  const file = files.rosters!.name;
  const byEmail = new Map(dbPeople.map((p) => [p.email, p]));
  const byId = new Map(dbPeople.map((p) => [p.id, p]));
  const knownStores = new Set([...dbStores.map((s) => s.dlrnum), ...parsed.mentionedStores]);
  const where = files.network ? `${files.network.name} or the database` : 'the database';
  const listedStores = parsed.rosterStores;
  const listed = new Map(rosters.map((r) => [r.email, r]));

  for (const r of rosters) {
    if (!knownStores.has(r.dlrnum)) problems.add(file, r.line, 'dlrnum', `store ${r.dlrnum} is not in ${where}`);
    const stored = byEmail.get(r.email);
    if (stored && COMPANY_CATEGORIES.has(stored.category)) {
      problems.add(file, r.line, 'email', `${r.email} is a ${stored.category} person in the database, not dealer staff`);
    }
  }
  // A manager of a store this file leaves alone may not move to another store: that store would be left
  // with a manager who is not on its roster.
  for (const s of dbStores) {
    if (listedStores.has(s.dlrnum)) continue;
    for (const [role, id] of [['executive', s.executiveManagerId], ['general', s.generalManagerId]] as const) {
      const person = id === null ? undefined : byId.get(id);
      const moving = person ? listed.get(person.email) : undefined;
      if (moving && moving.dlrnum !== s.dlrnum) {
        problems.add(file, moving.line, 'email', `${moving.email} is the ${role} manager of store ${s.dlrnum}, which this file does not list; list that store's roster too`);
      }
    }
  }

  const people = diff(
    rosters.map((r): [string, PersonRow] => [r.email, { email: r.email, firstName: r.firstName, lastName: r.lastName, storeDlrnum: r.dlrnum, category: 'dealer_staff' }]),
    new Map(
      dbPeople.map((p): [string, PersonRow] => [
        p.email,
        { email: p.email, firstName: p.firstName, lastName: p.lastName, storeDlrnum: p.storeDlrnum, category: p.category as 'dealer_staff' },
      ]),
    ),
    (a, b) => a.firstName === b.firstName && a.lastName === b.lastName && a.storeDlrnum === b.storeDlrnum && a.category === b.category,
  );
  // The file is the whole roster of each store it lists: others at those stores leave the roster.
  const detach = dbPeople.filter((p) => p.storeDlrnum !== null && listedStores.has(p.storeDlrnum) && !listed.has(p.email)).map((p) => p.id);
  plan.people = { ...people, detach, updatedIds: people.update.map((p) => byEmail.get(p.email)!.id) };

  const storeByDlrnum = new Map(dbStores.map((s) => [s.dlrnum, s]));
  const emailOf = (id: number | null | undefined) => (id == null ? null : (byId.get(id)?.email ?? null));
  const wanted = new Map<string, ManagerRow>();
  for (const r of rosters) {
    const m = wanted.get(r.dlrnum) ?? { dlrnum: r.dlrnum, executiveManager: '', generalManager: null };
    if (r.executiveManager) m.executiveManager = r.email;
    if (r.generalManager) m.generalManager = r.email;
    wanted.set(r.dlrnum, m);
  }
  plan.storeManagers = { insert: [], update: [], unchanged: 0 };
  for (const m of wanted.values()) {
    const s = storeByDlrnum.get(m.dlrnum);
    if (s && emailOf(s.executiveManagerId) === m.executiveManager && emailOf(s.generalManagerId) === m.generalManager) plan.storeManagers.unchanged++;
    else plan.storeManagers.update.push(m);
  }
}

async function applyPlan(tx: DbOrTx, plan: Plan): Promise<void> {
  const { events, regions, zones, districts, stores, people, accessCodes, reportUsers } = schema;
  const write = <T>(d: Diff<T> | undefined) => (d ? [...d.insert, ...d.update] : []);

  const e = events;
  await bulkInsert(tx, e, write(plan.events), { target: [e.id], set: [e.name, e.providerEventCode, e.isVirtual, e.contentEnvironmentId, e.startsOn, e.endsOn] });
  await bulkInsert(tx, regions, write(plan.regions), { target: [regions.code], set: [regions.description, regions.objectivePct] });
  await bulkInsert(tx, zones, write(plan.zones), { target: [zones.code], set: [zones.regionCode, zones.name] });
  await bulkInsert(tx, districts, write(plan.districts), { target: [districts.code], set: [districts.zoneCode, districts.name] });
  const s = stores;
  await bulkInsert(tx, s, write(plan.stores), { target: [s.dlrnum], set: [s.name, s.city, s.state, s.districtCode, s.complimentarySeats] });

  if (plan.people) {
    const p = people;
    await bulkInsert(tx, p, write(plan.people), { target: [p.email], set: [p.firstName, p.lastName, p.storeDlrnum, p.category] });
    for (const ids of chunks(plan.people.detach, 1)) {
      await tx.update(p).set({ storeDlrnum: null }).where(inArray(p.id, ids));
    }
  }
  if (plan.storeManagers && plan.storeManagers.update.length > 0) {
    // Managers are named by e-mail in the file; resolve ids after the people are written.
    for (const chunk of chunks(plan.storeManagers.update, 3)) {
      const values = sql.join(
        chunk.map((m) => sql`(${m.dlrnum}, ${m.executiveManager}, ${m.generalManager}::text)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${stores} set
          executive_manager_id = (select id from ${people} where email = v.em),
          general_manager_id = (select id from ${people} where email = v.gm)
        from (values ${values}) as v(dlrnum, em, gm)
        where ${stores}.dlrnum = v.dlrnum`);
    }
  }
  const c = accessCodes;
  await bulkInsert(tx, c, write(plan.accessCodes), {
    target: [c.eventId, c.codeHash],
    set: [c.label, c.policies, c.regType, c.attendeeType, c.personCategory, c.requiresRoster, c.agendaGroup, c.conferenceGroup, c.faqGroup, c.active],
  });
  const u = reportUsers;
  await bulkInsert(tx, u, write(plan.reportUsers), { target: [u.email], set: [u.name, u.active, u.reportScopeLevel, u.reportScopeCode] });

  if (plan.sessions) {
    // A raised capacity frees seats: the sessions' sweep offers them to the queue within a minute.
    const { sessions } = schema;
    const at = new Date();
    const values = ({ id: _id, ...row }: SessionRow) => row;
    for (const chunk of chunks(plan.sessions.insert, 11)) await tx.insert(sessions).values(chunk.map(values));
    for (const row of plan.sessions.update) {
      await tx.update(sessions).set({ ...values(row), updatedAt: at }).where(eq(sessions.id, row.id!));
    }
  }
}
