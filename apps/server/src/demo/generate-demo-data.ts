/**
 * Builds the demo data set in memory, with no database: the same seed and store count always give the
 * same rows. People are referred to by their index in `people`; the loader maps indexes to ids.
 */
import { ATTENDEE_TYPE_BY_CATEGORY, type AttendeeType, type PersonCategory, type RegistrationStatus, type ReportScopeLevel } from '@portal/db/schema';
import { DEMO_EVENTS, type DemoEvent } from './demo-access-codes.ts';
import {
  DISTRIBUTOR_COMPANIES,
  DISTRICT_SUFFIXES,
  EXPO_COMPANIES,
  FIRST_NAMES,
  INDEPENDENT_DISTRIBUTOR_COMPANIES,
  LAST_NAMES,
  PARTNER_COMPANIES,
  REGION_SEEDS,
  STORE_NAME_SUFFIXES,
  STORE_NAME_WORDS,
  VENDOR_COMPANIES,
} from './demo-names.ts';
import { createRandom, type Random } from './prng.ts';

export const DEMO_DEFAULT_STORES = 5_000;
export const DEMO_DEFAULT_SEED = 27;
/** dlrnums are five digits from 10001, which bounds the store count. */
export const DEMO_MAX_STORES = 89_999;
export const FIRST_DLRNUM = 10_001;
export const ZONES_PER_REGION = 6;
export const STORES_PER_DISTRICT = 10;

export const MORGAN_MOTORS = {
  dlrnum: '10001',
  name: 'Morgan Motors',
  domain: 'morgan-motors.example.com',
  executiveManager: { firstName: 'Pat', lastName: 'Morgan', email: 'pat.morgan@morgan-motors.example.com' },
  generalManager: { firstName: 'Jordan', lastName: 'Lee', email: 'jordan.lee@morgan-motors.example.com' },
} as const;
export const FIELD_USER_EMAIL = 'field.user@corp.example.com';
export const CORP_USER_EMAIL = 'corp.user@corp.example.com';
/** The report-user list of demo mode: the report login admits only the people on it (docs/reports.md, "Report scopes"). */
export const DEMO_REPORT_USERS = [{ email: 'reports@corp.example.com', name: 'Report User', reportScopeLevel: 'network', reportScopeCode: null }] as const;
/**
 * Field managers with a report scope (docs/reports.md, "Report scopes"), one per level, inside region
 * 010 > zone 011 > district 011001: the generator always makes these (zone codes are the region's
 * number plus the zone's, district codes the zone's plus a counter, and every zone has a district).
 */
export const SCOPED_MANAGERS = [
  { email: 'region.manager@corp.example.com', firstName: 'Riley', lastName: 'Region', level: 'region', code: '010' },
  { email: 'zone.manager@corp.example.com', firstName: 'Zoe', lastName: 'Zone', level: 'zone', code: '011' },
  { email: 'district.manager@corp.example.com', firstName: 'Dana', lastName: 'District', level: 'district', code: '011001' },
] as const satisfies ReadonlyArray<{ email: string; firstName: string; lastName: string; level: ReportScopeLevel; code: string }>;
const CORP_DOMAIN = 'corp.example.com';

/**
 * Enroll dates of the demo registrations: the demo holds this many days of enrollment history, ending
 * at the start (00:00 UTC) of the day it is generated on, so no date lies in the future and the same
 * seed gives the same data all day (the dates used to be fixed, running into 2027).
 */
export const DEMO_ENROLL_DAYS = 137;
const DAY_MS = 86_400_000;

/** The start (00:00 UTC) of the UTC day `at` falls on. */
export function utcDayStart(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS) * DAY_MS;
}

/** The window [from, to) of the demo's enroll dates for data generated at `today`. */
export function demoEnrollWindow(today: Date): { from: number; to: number } {
  const to = utcDayStart(today);
  return { from: to - DEMO_ENROLL_DAYS * DAY_MS, to };
}

export interface RegionRow {
  code: string;
  description: string;
  objectivePct: number;
}
export interface ZoneRow {
  code: string;
  regionCode: string;
  name: string;
}
export interface DistrictRow {
  code: string;
  zoneCode: string;
  name: string;
}
export interface PersonRow {
  email: string;
  firstName: string;
  lastName: string;
  storeDlrnum: string | null;
  category: PersonCategory;
  zoneCode: string | null;
  company: string | null;
  reportScopeLevel: ReportScopeLevel | null;
  reportScopeCode: string | null;
}
export interface StoreRow {
  dlrnum: string;
  name: string;
  city: string;
  state: string;
  districtCode: string;
  complimentarySeats: number;
  /** Index into `people`. */
  executiveManager: number;
  /** Index into `people`; may equal `executiveManager`. */
  generalManager: number | null;
}
export interface RegistrationRow {
  eventId: DemoEvent['id'];
  attendee: number;
  registeredBy: number;
  storeDlrnum: string | null;
  attendeeType: AttendeeType;
  status: RegistrationStatus;
  enrolledAt: Date | null;
  arrivalDate: string | null;
  departureDate: string | null;
  isVirtual: boolean;
  isFree: boolean;
  providerRef: string;
  /** When the registration was last touched (its created and updated time). */
  touchedAt: Date;
}

export interface DemoDataset {
  seed: number;
  regions: RegionRow[];
  zones: ZoneRow[];
  districts: DistrictRow[];
  people: PersonRow[];
  stores: StoreRow[];
  registrations: RegistrationRow[];
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const emailLocal = (firstName: string, lastName: string) =>
  `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z0-9.]+/g, '');

/** Spreads `total` over `weights` (largest remainder), so the counts add up exactly. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) counts[order[k]!.i]!++;
  return counts;
}

function isoDate(eventDay: string, plusDays: number): string {
  const d = new Date(`${eventDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface DemoDataOptions {
  stores: number;
  seed: number;
  /** When the data is generated (default now): enroll dates fall in the DEMO_ENROLL_DAYS days before its day. */
  today?: Date;
}

export function generateDemoData(options: DemoDataOptions): DemoDataset {
  const { stores: storeCount, seed } = options;
  const today = options.today ?? new Date();
  if (Number.isNaN(today.getTime())) throw new RangeError('today must be a valid date');
  if (!Number.isInteger(storeCount) || storeCount < 1 || storeCount > DEMO_MAX_STORES) {
    throw new RangeError(`stores must be an integer from 1 to ${DEMO_MAX_STORES} (got ${storeCount})`);
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`seed must be an integer from 0 to ${0xffffffff} (got ${seed})`);
  }
  const rnd = createRandom(seed);

  // Network: regions > zones > districts.
  const regions: RegionRow[] = REGION_SEEDS.map((r) => ({ code: r.code, description: r.description, objectivePct: rnd.int(55, 75) }));
  const zones: ZoneRow[] = [];
  const zoneAnchor = new Map<string, { city: string; state: string; region: number }>();
  REGION_SEEDS.forEach((r, ri) => {
    for (let j = 0; j < ZONES_PER_REGION; j++) {
      const code = String((ri + 1) * 10 + j + 1).padStart(3, '0');
      const [city, state] = r.cities[j]!.split('|') as [string, string];
      zones.push({ code, regionCode: r.code, name: city });
      zoneAnchor.set(code, { city, state, region: ri });
    }
  });
  const districtCount = Math.max(zones.length, Math.ceil(storeCount / STORES_PER_DISTRICT));
  const districts: DistrictRow[] = [];
  apportion(districtCount, zones.map(() => 1)).forEach((n, zi) => {
    const zone = zones[zi]!;
    for (let k = 0; k < n; k++) {
      const round = Math.floor(k / DISTRICT_SUFFIXES.length);
      const suffix = DISTRICT_SUFFIXES[k % DISTRICT_SUFFIXES.length]! + (round > 0 ? ` ${round + 1}` : '');
      districts.push({ code: `${zone.code}${String(k + 1).padStart(3, '0')}`, zoneCode: zone.code, name: `${zone.name} ${suffix}` });
    }
  });

  // Stores per district vary around ten; store 10001 sits in the first district (Boston North).
  const perDistrict = apportion(storeCount - 1, districts.map(() => 0.5 + rnd.next()));
  const storeDistricts = rnd.shuffled(perDistrict.flatMap((n, di) => Array.from({ length: n }, () => di)));
  storeDistricts.unshift(0);

  const people: PersonRow[] = [];
  const usedEmails = new Set<string>();
  const addPerson = (p: Omit<PersonRow, 'email' | 'reportScopeLevel' | 'reportScopeCode'> & Partial<PersonRow> & { domain: string; email?: string }): number => {
    let email = p.email ?? `${emailLocal(p.firstName, p.lastName)}@${p.domain}`;
    if (usedEmails.has(email)) {
      const [local, domain] = email.split('@') as [string, string];
      let n = 2;
      while (usedEmails.has(`${local}${n}@${domain}`)) n++;
      email = `${local}${n}@${domain}`;
    }
    usedEmails.add(email);
    people.push({
      email,
      firstName: p.firstName,
      lastName: p.lastName,
      storeDlrnum: p.storeDlrnum,
      category: p.category,
      zoneCode: p.zoneCode,
      company: p.company,
      reportScopeLevel: p.reportScopeLevel ?? null,
      reportScopeCode: p.reportScopeCode ?? null,
    });
    return people.length - 1;
  };
  const randomName = (r: Random) => ({ firstName: r.pick(FIRST_NAMES), lastName: r.pick(LAST_NAMES) });

  const stores: StoreRow[] = [];
  const rosters: number[][] = [];
  const usedStoreNames = new Set<string>();
  const usedDomains = new Set<string>();
  for (let i = 0; i < storeCount; i++) {
    const dlrnum = String(FIRST_DLRNUM + i);
    const district = districts[storeDistricts[i]!]!;
    const anchor = zoneAnchor.get(district.zoneCode)!;
    const regionCities = REGION_SEEDS[anchor.region]!.cities;
    let city = anchor.city;
    let state = anchor.state;
    if (i > 0 && rnd.chance(0.5)) [city, state] = rnd.pick(regionCities).split('|') as [string, string];

    let name: string = MORGAN_MOTORS.name;
    if (i > 0) {
      name = `${rnd.pick(STORE_NAME_WORDS)} ${rnd.pick(STORE_NAME_SUFFIXES)}`;
      for (let attempt = 0; usedStoreNames.has(name); attempt++) {
        const base = `${rnd.pick(STORE_NAME_WORDS)} ${rnd.pick(STORE_NAME_SUFFIXES)}`;
        name = attempt < 5 ? base : `${base} of ${city}`;
        if (attempt > 20) name = `${base} of ${city} ${dlrnum}`;
      }
    }
    usedStoreNames.add(name);
    let domain = `${slug(name)}.example.com`;
    if (usedDomains.has(domain)) domain = `${slug(name)}-${dlrnum}.example.com`;
    usedDomains.add(domain);

    const roster: number[] = [];
    const staff = (first: string, last: string, email?: string) =>
      roster.push(addPerson({ firstName: first, lastName: last, email, domain, storeDlrnum: dlrnum, category: 'dealer_staff', zoneCode: null, company: null }));
    let generalManager: number | null;
    if (i === 0) {
      const { executiveManager: em, generalManager: gm } = MORGAN_MOTORS;
      staff(em.firstName, em.lastName, em.email);
      staff(gm.firstName, gm.lastName, gm.email);
      for (let k = 0; k < 2; k++) {
        const n = randomName(rnd);
        staff(n.firstName, n.lastName);
      }
      generalManager = roster[1]!;
    } else {
      const size = rnd.int(2, 6);
      for (let k = 0; k < size; k++) {
        const n = randomName(rnd);
        staff(n.firstName, n.lastName);
      }
      const mix = rnd.next();
      generalManager = mix < 0.72 ? roster[1]! : mix < 0.87 ? null : roster[0]!;
    }
    rosters.push(roster);
    stores.push({
      dlrnum,
      name,
      city,
      state,
      districtCode: district.code,
      complimentarySeats: i === 0 ? 2 : rnd.int(1, 3),
      executiveManager: roster[0]!,
      generalManager,
    });
  }

  // Travellers. The two fixed accounts stay unregistered so journeys can enrol them.
  const corp = (category: PersonCategory, zoneCode: string | null) => {
    const n = randomName(rnd);
    return addPerson({ ...n, domain: CORP_DOMAIN, storeDlrnum: null, category, zoneCode, company: null });
  };
  // The two fixed report readers hold the whole network, granted like any other scope (docs/reports.md, "Report scopes").
  addPerson({ firstName: 'Field', lastName: 'User', email: FIELD_USER_EMAIL, domain: CORP_DOMAIN, storeDlrnum: null, category: 'field', zoneCode: '011', company: null, reportScopeLevel: 'network' });
  addPerson({ firstName: 'Corp', lastName: 'User', email: CORP_USER_EMAIL, domain: CORP_DOMAIN, storeDlrnum: null, category: 'corporate', zoneCode: null, company: null, reportScopeLevel: 'network' });
  const travellers: number[] = [];
  for (const zone of zones) for (let k = 0; k < 2; k++) travellers.push(corp('field', zone.code));
  for (let k = 0; k < 80; k++) travellers.push(corp('corporate', null));
  for (let k = 0; k < 40; k++) travellers.push(corp('sbr', null));
  const companyPeople = (category: PersonCategory, companies: readonly string[], perCompany: number) => {
    for (const company of companies) {
      const domain = `${slug(company)}.example.com`;
      for (let k = 0; k < perCompany; k++) {
        travellers.push(addPerson({ ...randomName(rnd), domain, storeDlrnum: null, category, zoneCode: null, company }));
      }
    }
  };
  companyPeople('distributor', DISTRIBUTOR_COMPANIES, 6);
  companyPeople('independent_distributor', INDEPENDENT_DISTRIBUTOR_COMPANIES, 6);
  companyPeople('vendor', VENDOR_COMPANIES, 6);
  companyPeople('partner', PARTNER_COMPANIES, 6);
  companyPeople('expo', EXPO_COMPANIES, 6);
  const abcGuests: number[] = [];
  for (let k = 0; k < 60; k++) {
    abcGuests.push(addPerson({ ...randomName(rnd), domain: 'mail.example.net', storeDlrnum: null, category: 'attendee', zoneCode: null, company: null }));
  }
  // Added last and drawing no random numbers, so every other row stays as it was before them.
  if (zones.find((z) => z.code === '011')?.regionCode !== '010' || !districts.some((d) => d.code === '011001' && d.zoneCode === '011')) {
    throw new Error('the demo network must hold zone 011 in region 010 and district 011001 in zone 011 (the scoped demo managers)');
  }
  for (const m of SCOPED_MANAGERS) {
    addPerson({
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      domain: CORP_DOMAIN,
      storeDlrnum: null,
      category: 'field',
      zoneCode: '011',
      company: null,
      reportScopeLevel: m.level,
      reportScopeCode: m.code,
    });
  }

  // Registrations.
  const nbc = DEMO_EVENTS.find((e) => e.id === 'nbc')!;
  const abc = DEMO_EVENTS.find((e) => e.id === 'abc')!;
  const registrations: RegistrationRow[] = [];
  const seq = { nbc: 0, abc: 0 };
  const enrollWindow = demoEnrollWindow(today);
  // Whole minutes in [from, to): the last possible one is 23:59 of the day before `today`.
  const enrollDate = () => new Date(enrollWindow.from + rnd.int(0, (enrollWindow.to - enrollWindow.from) / 60_000 - 1) * 60_000);
  const register = (
    event: DemoEvent,
    r: { attendee: number; registeredBy: number; storeDlrnum: string | null; attendeeType: AttendeeType; status: RegistrationStatus },
  ) => {
    const isVirtual = event.isVirtual && rnd.chance(0.2);
    const at = enrollDate();
    let arrivalDate: string | null = null;
    let departureDate: string | null = null;
    // Pending registrations have not been completed at the provider yet: no enroll date, no stay.
    if (r.status !== 'Pending' && !isVirtual) {
      const nights = daysBetween(event.startsOn, event.endsOn);
      const arrive = rnd.chance(0.75) ? 0 : rnd.int(1, nights - 1);
      const depart = rnd.chance(0.75) ? nights : rnd.int(arrive, nights);
      arrivalDate = isoDate(event.startsOn, arrive);
      departureDate = isoDate(event.startsOn, depart);
    }
    seq[event.id]++;
    registrations.push({
      eventId: event.id,
      ...r,
      enrolledAt: r.status === 'Pending' ? null : at,
      arrivalDate,
      departureDate,
      isVirtual,
      isFree: false,
      providerRef: `demo-${event.id}-${String(seq[event.id]).padStart(6, '0')}`,
      touchedAt: at,
    });
  };
  const regionRate = new Map(regions.map((r) => [r.code, 0.38 + rnd.next() * 0.24]));
  const districtRegion = new Map(districts.map((d) => [d.code, zones.find((z) => z.code === d.zoneCode)!.regionCode]));

  stores.forEach((store, i) => {
    if (i === 0) return; // Morgan Motors: no registration yet, for the enrollment journey.
    const roster = rosters[i]!;
    const region = districtRegion.get(store.districtCode)!;
    const dealer = (attendee: number, status: RegistrationStatus, attendeeType: AttendeeType = 'dealer') =>
      register(nbc, { attendee, registeredBy: store.executiveManager, storeDlrnum: store.dlrnum, attendeeType, status });
    const order = rnd.shuffled(roster);
    let used = 0;
    if (rnd.chance(regionRate.get(region)!)) {
      const k = rnd.int(1, Math.min(4, order.length));
      for (; used < k; used++) dealer(order[used]!, 'Enrolled');
      if (used < order.length && rnd.chance(0.15)) dealer(order[used++]!, rnd.chance(0.5) ? 'Pending' : 'Cancelled');
    } else if (rnd.chance(0.35)) {
      dealer(order[used++]!, rnd.chance(0.6) ? 'Pending' : 'Cancelled');
    }
    if (region === '010' && used < order.length && rnd.chance(0.3)) {
      dealer(order[used++]!, rnd.chance(0.8) ? 'Enrolled' : 'Pending', 'candidate');
    }
  });
  const travellerStatus = (): RegistrationStatus => {
    const x = rnd.next();
    return x < 0.8 ? 'Enrolled' : x < 0.92 ? 'Pending' : 'Cancelled';
  };
  for (const p of travellers) {
    if (!rnd.chance(0.75)) continue;
    register(nbc, { attendee: p, registeredBy: p, storeDlrnum: null, attendeeType: ATTENDEE_TYPE_BY_CATEGORY[people[p]!.category], status: travellerStatus() });
  }

  stores.forEach((store, i) => {
    if (i === 0 || !rnd.chance(0.45)) return;
    const roster = rosters[i]!;
    for (const attendee of rnd.sample(roster, rnd.int(1, Math.min(3, roster.length)))) {
      const x = rnd.next();
      const status: RegistrationStatus = x < 0.85 ? 'Enrolled' : x < 0.95 ? 'Pending' : 'Cancelled';
      register(abc, { attendee, registeredBy: store.executiveManager, storeDlrnum: store.dlrnum, attendeeType: 'dealer', status });
    }
  });
  for (const p of abcGuests) {
    if (rnd.chance(0.8)) register(abc, { attendee: p, registeredBy: p, storeDlrnum: null, attendeeType: 'dealer', status: travellerStatus() });
  }

  // A store's first `complimentarySeats` enrolled attendees (by enroll date) are free, per event.
  const seats = new Map(stores.map((s) => [s.dlrnum, s.complimentarySeats]));
  const byStore = new Map<string, RegistrationRow[]>();
  for (const r of registrations) {
    if (r.status !== 'Enrolled' || r.storeDlrnum === null) continue;
    const key = `${r.eventId}|${r.storeDlrnum}`;
    const list = byStore.get(key);
    if (list) list.push(r);
    else byStore.set(key, [r]);
  }
  for (const list of byStore.values()) {
    list.sort((a, b) => a.enrolledAt!.getTime() - b.enrolledAt!.getTime() || (a.providerRef < b.providerRef ? -1 : 1));
    const free = seats.get(list[0]!.storeDlrnum!)!;
    list.forEach((r, k) => (r.isFree = k < free));
  }

  return { seed, regions, zones, districts, people, stores, registrations };
}
