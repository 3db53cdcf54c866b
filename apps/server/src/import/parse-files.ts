/**
 * Row-level parsing of each import file, plus the checks that need only that file (duplicates, a
 * region named two ways...). Checks against other files and the database are in import-csv.ts.
 */
import { FIRST_NAME_MAX, LAST_NAME_MAX } from '@portal/contracts';
import type { AccessCodeRule, EventDefinition, ReportScopeLevel } from '@portal/db/schema';
import { Pacer, readCsv, type CsvSource, type ProblemList } from './csv-file.ts';
import {
  AGENDA_GROUPS,
  ATTENDEE_TYPES,
  CODE_POLICIES,
  COLUMNS,
  CONFERENCE_GROUPS,
  EVENT_IDS,
  FAQ_GROUPS,
  PATTERNS,
  PERSON_CATEGORIES,
  REG_TYPES,
  ROSTER_ROLES,
  SESSION_ENTRIES,
  US_STATES,
} from './formats.ts';
import { RowReader } from './row-reader.ts';

export interface Located {
  line: number;
}

export interface EventRecord extends Located, EventDefinition {
  id: (typeof EVENT_IDS)[number];
}

export interface StoreRecord extends Located {
  regionCode: string;
  regionName: string;
  objectivePct: number;
  zoneCode: string;
  zoneName: string;
  districtCode: string;
  districtName: string;
  dlrnum: string;
  name: string;
  city: string;
  state: string;
  complimentarySeats: number;
}

export interface RosterRecord extends Located {
  dlrnum: string;
  email: string;
  firstName: string;
  lastName: string;
  executiveManager: boolean;
  generalManager: boolean;
}

export interface AccessCodeRecord extends Located, AccessCodeRule {
  eventId: string;
  code: string;
  active: boolean;
}

export interface ReportUserRecord extends Located {
  email: string;
  name: string | null;
  active: boolean;
  /** The report scope (docs/reports.md, "Report scopes"); null: none (the whole network). */
  scope: { level: ReportScopeLevel; code: string | null } | null;
}

export interface SessionRecord extends Located {
  eventId: string;
  /** A stored session to change; null: matched by event, title and start, or new. */
  id: number | null;
  title: string;
  description: string | null;
  /** As written: a wall-clock time in the event's time zone, or an instant with its zone. */
  startsAt: string;
  endsAt: string;
  room: string;
  capacity: number;
  /** Attendee types the session is for; null: everyone. */
  audience: (typeof ATTENDEE_TYPES)[number][] | null;
  track: string | null;
  entry: (typeof SESSION_ENTRIES)[number];
}

const SCOPE_PATTERN = /^(region|zone|district):(\S+)$/i;
const SCOPE_SHAPE = 'network, region:CODE, zone:CODE or district:CODE';

/** `network`, `region:010`, `zone:011`, `district:011001`; blank: none. */
function reportScope(r: RowReader): ReportUserRecord['scope'] {
  const v = r.optionalText('scope', 40);
  if (v === null) return null;
  if (v.toLowerCase() === 'network') return { level: 'network', code: null };
  const match = SCOPE_PATTERN.exec(v);
  const level = match?.[1]?.toLowerCase() as Exclude<ReportScopeLevel, 'network'> | undefined;
  const code = match?.[2] ?? '';
  const pattern = level === 'region' ? PATTERNS.regionCode : PATTERNS.areaCode;
  if (!level || !pattern.re.test(code)) {
    r.fail('scope', `must be ${SCOPE_SHAPE}, got "${v}"`);
    return null;
  }
  return { level, code };
}

/** How a file is read: a row limit (RowLimitError past it) and the pacer that yields the event loop. */
export interface ParseOptions {
  maxRows?: number | undefined;
  pacer: Pacer;
}

const defaultParse = (): ParseOptions => ({ pacer: new Pacer() });

async function rows(source: CsvSource, columns: (typeof COLUMNS)[keyof typeof COLUMNS], problems: ProblemList, read: ParseOptions): Promise<RowReader[]> {
  const parsed = await readCsv(source, columns, problems, { pacer: read.pacer, ...(read.maxRows !== undefined ? { maxRows: read.maxRows } : {}) });
  const readers: RowReader[] = [];
  for (const row of parsed) {
    await read.pacer.tick();
    readers.push(new RowReader(source.name, row, problems));
  }
  return readers;
}

/** Remembers the first line of each key and reports later repeats. */
class FirstSeen<T extends Located> {
  private readonly seen = new Map<string, T>();
  get(key: string): T | undefined {
    return this.seen.get(key);
  }
  /** Returns the earlier record for `key`, or records `value` as the first. */
  claim(key: string, value: T): T | undefined {
    const earlier = this.seen.get(key);
    if (!earlier) this.seen.set(key, value);
    return earlier;
  }
}

/**
 * `mentioned` collects every key the file names, valid row or not, so other files that refer to a
 * key on a bad row are not reported twice.
 */
export async function parseEvents(source: CsvSource, problems: ProblemList, mentioned: Set<string>, read: ParseOptions = defaultParse()): Promise<EventRecord[]> {
  const out: EventRecord[] = [];
  const ids = new FirstSeen<EventRecord>();
  const codes = new FirstSeen<EventRecord>();
  for (const r of await rows(source, COLUMNS.events, problems, read)) {
    await read.pacer.tick();
    mentioned.add(r.row.get('id').toLowerCase());
    const record: EventRecord = {
      line: r.line,
      id: r.oneOf('id', EVENT_IDS),
      name: r.text('name', 100),
      providerEventCode: r.code('provider_event_code', PATTERNS.providerEventCode.re, PATTERNS.providerEventCode.shape),
      isVirtual: r.bool('is_virtual'),
      contentEnvironmentId: r.uuid('content_environment_id'),
      startsOn: r.date('starts_on'),
      endsOn: r.date('ends_on'),
    };
    if (r.valid('starts_on', 'ends_on') && record.endsOn < record.startsOn) r.fail('ends_on', `must not be before starts_on (${record.startsOn})`);
    const sameId = r.valid('id') ? ids.claim(record.id, record) : undefined;
    if (sameId) r.fail('id', `event ${record.id} is already on line ${sameId.line}`);
    const sameCode = r.valid('provider_event_code') ? codes.claim(record.providerEventCode.toUpperCase(), record) : undefined;
    if (sameCode) r.fail('provider_event_code', `${record.providerEventCode} is already used by event ${sameCode.id} on line ${sameCode.line}`);
    if (r.ok) out.push(record);
  }
  return out;
}

export async function parseNetwork(source: CsvSource, problems: ProblemList, mentioned: Set<string>, read: ParseOptions = defaultParse()): Promise<StoreRecord[]> {
  const out: StoreRecord[] = [];
  const regions = new FirstSeen<StoreRecord>();
  const zones = new FirstSeen<StoreRecord>();
  const districts = new FirstSeen<StoreRecord>();
  const stores = new FirstSeen<StoreRecord>();
  for (const r of await rows(source, COLUMNS.network, problems, read)) {
    await read.pacer.tick();
    mentioned.add(r.row.get('dlrnum'));
    const record: StoreRecord = {
      line: r.line,
      regionCode: r.code('region_code', PATTERNS.regionCode.re, PATTERNS.regionCode.shape),
      regionName: r.text('region_name', 60),
      objectivePct: r.int('objective_pct', 0, 100),
      zoneCode: r.code('zone_code', PATTERNS.areaCode.re, PATTERNS.areaCode.shape),
      zoneName: r.text('zone_name', 80),
      districtCode: r.code('district_code', PATTERNS.areaCode.re, PATTERNS.areaCode.shape),
      districtName: r.text('district_name', 80),
      dlrnum: r.code('dlrnum', PATTERNS.dlrnum.re, PATTERNS.dlrnum.shape),
      name: r.text('store_name', 100),
      city: r.text('city', 80),
      state: r.oneOf('state', US_STATES, { expected: 'a two-letter US state code such as MA' }),
      complimentarySeats: r.int('complimentary_seats', 0, 20, 2),
    };
    // The hierarchy is repeated on every store row: each code must mean the same thing on every line.
    // Only valid columns take part, so one typo is reported once.
    const region = r.valid('region_code', 'region_name', 'objective_pct') ? regions.claim(record.regionCode, record) : undefined;
    if (region && region.regionName !== record.regionName) r.fail('region_name', `region ${record.regionCode} is "${region.regionName}" on line ${region.line}`);
    if (region && region.objectivePct !== record.objectivePct) r.fail('objective_pct', `region ${record.regionCode} has objective ${region.objectivePct} on line ${region.line}`);
    const zone = r.valid('zone_code', 'zone_name', 'region_code') ? zones.claim(record.zoneCode, record) : undefined;
    if (zone && zone.regionCode !== record.regionCode) r.fail('region_code', `zone ${record.zoneCode} is in region ${zone.regionCode} on line ${zone.line}`);
    if (zone && zone.zoneName !== record.zoneName) r.fail('zone_name', `zone ${record.zoneCode} is "${zone.zoneName}" on line ${zone.line}`);
    const district = r.valid('district_code', 'district_name', 'zone_code') ? districts.claim(record.districtCode, record) : undefined;
    if (district && district.zoneCode !== record.zoneCode) r.fail('zone_code', `district ${record.districtCode} is in zone ${district.zoneCode} on line ${district.line}`);
    if (district && district.districtName !== record.districtName) r.fail('district_name', `district ${record.districtCode} is "${district.districtName}" on line ${district.line}`);
    const store = r.valid('dlrnum') ? stores.claim(record.dlrnum, record) : undefined;
    if (store) r.fail('dlrnum', `store ${record.dlrnum} is already on line ${store.line}`);
    if (r.ok) out.push(record);
  }
  return out;
}

/** `listed` collects every store the file names (its rosters are replaced), valid row or not. */
export async function parseRosters(source: CsvSource, problems: ProblemList, listed: Set<string>, read: ParseOptions = defaultParse()): Promise<RosterRecord[]> {
  const out: RosterRecord[] = [];
  const emails = new FirstSeen<Located & { dlrnum: string }>();
  const executives = new FirstSeen<Located>();
  const generals = new FirstSeen<Located>();
  const storeFirstLine = new Map<string, number>();
  for (const r of await rows(source, COLUMNS.rosters, problems, read)) {
    await read.pacer.tick();
    const dlrnum = r.code('dlrnum', PATTERNS.dlrnum.re, PATTERNS.dlrnum.shape);
    const email = r.email('email');
    const firstName = r.text('first_name', FIRST_NAME_MAX);
    const lastName = r.text('last_name', LAST_NAME_MAX);
    const roles = r.listOf('role', ROSTER_ROLES);
    if (r.row.get('role') === '') r.fail('role', `is required: ${ROSTER_ROLES.join(', ')}, or executive_manager;general_manager`);
    else if (roles.includes('staff') && roles.length > 1) r.fail('role', 'staff cannot be combined with a manager role');
    // Manager roles count even on a row with other problems, so a bad e-mail does not also read as a missing manager.
    if (r.valid('dlrnum')) {
      listed.add(dlrnum);
      if (!storeFirstLine.has(dlrnum)) storeFirstLine.set(dlrnum, r.line);
      const em = roles.includes('executive_manager') ? executives.claim(dlrnum, { line: r.line }) : undefined;
      if (em) r.fail('role', `store ${dlrnum} already has an executive manager on line ${em.line}`);
      const gm = roles.includes('general_manager') ? generals.claim(dlrnum, { line: r.line }) : undefined;
      if (gm) r.fail('role', `store ${dlrnum} already has a general manager on line ${gm.line}`);
    }
    const same = r.valid('email') ? emails.claim(email, { line: r.line, dlrnum }) : undefined;
    if (same) r.fail('email', `${email} is already listed on line ${same.line} (store ${same.dlrnum}); a person is on one roster`);
    if (!r.ok) continue;
    out.push({
      line: r.line,
      dlrnum,
      email,
      firstName,
      lastName,
      executiveManager: roles.includes('executive_manager'),
      generalManager: roles.includes('general_manager'),
    });
  }
  for (const [dlrnum, line] of storeFirstLine) {
    if (!executives.get(dlrnum)) problems.add(source.name, line, 'role', `store ${dlrnum} has no executive_manager; every listed store needs exactly one`);
  }
  return out;
}

export async function parseAccessCodes(source: CsvSource, problems: ProblemList, read: ParseOptions = defaultParse()): Promise<AccessCodeRecord[]> {
  const out: AccessCodeRecord[] = [];
  const codes = new FirstSeen<AccessCodeRecord>();
  for (const r of await rows(source, COLUMNS.accessCodes, problems, read)) {
    await read.pacer.tick();
    // The code is a secret: problems never repeat it.
    const code = r.row.get('code');
    if (code === '') r.fail('code', 'is required');
    else if (!PATTERNS.accessCode.re.test(code)) r.fail('code', `must be ${PATTERNS.accessCode.shape}`);
    const record: AccessCodeRecord = {
      line: r.line,
      eventId: r.code('event', /^[a-z][a-z0-9]{0,15}$/, 'an event id such as nbc'),
      code,
      label: r.text('label', 60),
      policies: r.listOf('policies', CODE_POLICIES),
      regType: r.oneOf('reg_type', REG_TYPES),
      attendeeType: r.oneOf('attendee_type', ATTENDEE_TYPES),
      personCategory: r.oneOf('person_category', PERSON_CATEGORIES),
      requiresRoster: r.bool('requires_roster', false),
      agendaGroup: r.oneOf('agenda_group', AGENDA_GROUPS, { fallback: 'general' }),
      conferenceGroup: r.oneOf('conference_group', CONFERENCE_GROUPS, { fallback: 'general' }),
      faqGroup: r.oneOf('faq_group', FAQ_GROUPS, { fallback: 'general' }),
      active: r.bool('active', true),
    };
    if (r.valid('requires_roster', 'person_category') && record.requiresRoster && record.personCategory !== 'dealer_staff') {
      r.fail('requires_roster', `only dealer_staff codes can require a roster (person_category is ${record.personCategory})`);
    }
    const same = r.valid('event', 'code') ? codes.claim(`${record.eventId}|${code.toUpperCase()}`, record) : undefined;
    if (same) r.fail('code', `the same code (codes ignore case) is already on line ${same.line} for event ${record.eventId}`);
    if (r.ok) out.push(record);
  }
  return out;
}

export async function parseReportUsers(source: CsvSource, problems: ProblemList, mailDomain: string | undefined, read: ParseOptions = defaultParse()): Promise<ReportUserRecord[]> {
  const out: ReportUserRecord[] = [];
  const emails = new FirstSeen<ReportUserRecord>();
  for (const r of await rows(source, COLUMNS.reportUsers, problems, read)) {
    await read.pacer.tick();
    const record: ReportUserRecord = {
      line: r.line,
      email: r.email('email'),
      name: r.optionalText('name', 100),
      active: r.bool('active', true),
      scope: reportScope(r),
    };
    if (r.valid('email') && mailDomain && !record.email.endsWith(`@${mailDomain}`)) {
      r.fail('email', `must be an address at ${mailDomain} (the report login's mail domain)`);
    }
    const same = r.valid('email') ? emails.claim(record.email, record) : undefined;
    if (same) r.fail('email', `${record.email} is already listed on line ${same.line}`);
    if (r.ok) out.push(record);
  }
  return out;
}

/** `2027-03-01 09:00`, `2027-03-01T09:00[:00]`, optionally with a zone (`Z`, `-08:00`). */
const SESSION_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/;
const SESSION_TIME_SHAPE = 'a time written YYYY-MM-DD HH:MM in the event\'s time zone, such as 2027-03-01 09:00';

/** A session time, normalised to `YYYY-MM-DDTHH:MM:SS[zone]` (the zone kept when written). */
function sessionTime(r: RowReader, column: string): string {
  const v = r.row.get(column);
  const m = SESSION_TIME.exec(v);
  if (v === '') {
    r.fail(column, `is required: ${SESSION_TIME_SHAPE}`);
    return '';
  }
  const day = m?.[1] ?? '';
  const [hour, minute, second] = [Number(m?.[2]), Number(m?.[3]), Number(m?.[4] ?? 0)];
  const dayOk = m !== null && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
  if (!m || !dayOk || hour > 23 || minute > 59 || second > 59) {
    r.fail(column, `must be ${SESSION_TIME_SHAPE}, got "${v}"`);
    return '';
  }
  return `${day}T${m[2]}:${m[3]}:${String(second).padStart(2, '0')}${m[5] ?? ''}`;
}

/**
 * The sessions file: one row per session of an event's program. Checks here need only the file
 * (shapes, repeats of an id or of the same title at the same start); the events, the stored
 * sessions and the times in the event's zone are checked in import-csv.ts.
 */
export async function parseSessions(source: CsvSource, problems: ProblemList, read: ParseOptions = defaultParse()): Promise<SessionRecord[]> {
  const out: SessionRecord[] = [];
  const ids = new FirstSeen<SessionRecord>();
  const slots = new FirstSeen<SessionRecord>();
  for (const r of await rows(source, COLUMNS.sessions, problems, read)) {
    await read.pacer.tick();
    const rawId = r.row.get('id');
    let id: number | null = null;
    if (rawId !== '') {
      if (/^\d{1,9}$/.test(rawId) && Number(rawId) > 0) id = Number(rawId);
      else r.fail('id', `must be the number of a stored session (blank for a new one), got "${rawId}"`);
    }
    const description = r.row.get('description');
    if (description.length > 4000) r.fail('description', `must be at most 4000 characters (got ${description.length})`);
    const record: SessionRecord = {
      line: r.line,
      eventId: r.code('event', /^[a-z][a-z0-9]{0,15}$/, 'an event id such as nbc'),
      id,
      title: r.text('title', 200),
      description: description === '' ? null : description,
      startsAt: sessionTime(r, 'starts_at'),
      endsAt: sessionTime(r, 'ends_at'),
      room: r.text('room', 120),
      capacity: r.int('capacity', 0, 100_000),
      audience: ((list) => (list.length ? list : null))(r.listOf('audience', ATTENDEE_TYPES)),
      track: r.optionalText('track', 80),
      entry: r.oneOf('entry', SESSION_ENTRIES, { fallback: 'picked' }),
    };
    const sameId = id !== null && r.valid('id') ? ids.claim(String(id), record) : undefined;
    if (sameId) r.fail('id', `session ${id} is already on line ${sameId.line}`);
    const sameSlot = r.valid('event', 'title', 'starts_at') ? slots.claim(`${record.eventId}|${record.title}|${record.startsAt}`, record) : undefined;
    if (sameSlot) r.fail('title', `"${record.title}" at ${r.row.get('starts_at')} is already on line ${sameSlot.line}`);
    if (r.ok) out.push(record);
  }
  return out;
}
