import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, schema } from '@portal/db';
import { domainChecksums } from '../demo/data-checksum.ts';
import { loadDemoData } from '../demo/load-demo-data.ts';
import { hashAccessCode } from '../lib/access-code.ts';
import { formatProblem } from './csv-file.ts';
import { importCsv, type CsvImportFiles, type CsvImportResult } from './import-csv.ts';
import { useTestDatabase } from '../testing/test-database.ts';
import { csv, DEMO_MODE_IMPORT as options, NETWORK_HEADER, TEST_CODE_HASH_KEY as codeHashKey } from './testing/csv-files.ts';

const EVENTS = csv(
  'id,name,provider_event_code,is_virtual,content_environment_id,starts_on,ends_on',
  'nbc,National Business Conference 2027,NBC27,true,3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01,2027-03-01,2027-03-04',
  'abc,Annual Business Conference 2027,ABC27,false,8b2d4e6f-1a3c-4e5b-8d7f-9c0a1b2c3d02,2027-09-13,2027-09-16',
);
const NETWORK = csv(
  NETWORK_HEADER,
  '010,Northeast,65,011,Boston,011001,Boston North,10001,Morgan Motors,Boston,MA,2',
  '010,Northeast,65,011,Boston,011001,Boston North,10002,"Harbor Auto Group, Inc.",Salem,MA,3',
  '020,Mid-Atlantic,60,021,Philadelphia,021001,Philadelphia East,10003,Keystone Motor Company,Philadelphia,PA,',
);
const ROSTER_HEADER = 'dlrnum,email,first_name,last_name,role';
const ROSTERS = csv(
  ROSTER_HEADER,
  '10001,Pat.Morgan@Morgan-Motors.example.com,Pat,Morgan,executive_manager',
  '10001,jordan.lee@morgan-motors.example.com,Jordan,Lee,general_manager',
  '10001,sam.ortiz@morgan-motors.example.com,Sam,Ortiz,staff',
  '10002,lee.chan@harbor-auto.example.com,Lee,Chan,executive_manager;general_manager',
  '10002,ria.shah@harbor-auto.example.com,Ria,Shah,staff',
  '10003,ana.ruiz@keystone-motor.example.com,Ana,Ruiz,executive_manager',
);
const CODE_HEADER = 'event,code,label,policies,reg_type,attendee_type,person_category,requires_roster,agenda_group,conference_group,faq_group,active';
const CODES = csv(
  CODE_HEADER,
  'nbc,DEALER27,Dealer,,DLR,dealer,dealer_staff,true,dealer,general,general,true',
  'nbc,FIELD27,Field,field,FLD,field,field,false,general,corporatesub,corporate,true',
  'abc,ABC27,Attendee,general,DLR,dealer,attendee,false,,,,',
);
const USERS = csv('email,name,active', 'reports@corp.example.com,Report Desk,true', 'old.analyst@corp.example.com,,false');

const allFiles = (overrides: Partial<Record<keyof CsvImportFiles, string>> = {}): CsvImportFiles => ({
  events: { name: 'events.csv', content: overrides.events ?? EVENTS },
  network: { name: 'stores.csv', content: overrides.network ?? NETWORK },
  rosters: { name: 'people.csv', content: overrides.rosters ?? ROSTERS },
  accessCodes: { name: 'codes.csv', content: overrides.accessCodes ?? CODES },
  reportUsers: { name: 'users.csv', content: overrides.reportUsers ?? USERS },
});

function problemsOf(result: CsvImportResult): string[] {
  if (result.ok) throw new Error(`expected problems, the import succeeded: ${JSON.stringify(result.counts)}`);
  return result.problems.map(formatProblem);
}

function countsOf(result: CsvImportResult) {
  if (!result.ok) throw new Error(`expected success, got:\n${result.problems.map(formatProblem).join('\n')}`);
  return result.counts;
}

describe('importCsv on an empty database', () => {
  const t = useTestDatabase();
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

  it('checks a dry run without writing anything', async () => {
    const counts = countsOf(await importCsv(t.database.db, allFiles(), { ...options, dryRun: true }));
    expect(counts.stores).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
    const [row] = await q<{ n: number }>(sql`select (select count(*) from events) + (select count(*) from stores) + (select count(*) from people) as n`);
    expect(Number(row!.n)).toBe(0);
  });

  it('imports good files and reports what it inserted', async () => {
    const counts = countsOf(await importCsv(t.database.db, allFiles(), options));
    expect(counts).toEqual({
      events: { inserted: 2, updated: 0, unchanged: 0 },
      regions: { inserted: 2, updated: 0, unchanged: 0 },
      zones: { inserted: 2, updated: 0, unchanged: 0 },
      districts: { inserted: 2, updated: 0, unchanged: 0 },
      stores: { inserted: 3, updated: 0, unchanged: 0 },
      people: { inserted: 6, updated: 0, unchanged: 0, detached: 0 },
      storeManagers: { inserted: 0, updated: 3, unchanged: 0 },
      accessCodes: { inserted: 3, updated: 0, unchanged: 0 },
      reportUsers: { inserted: 2, updated: 0, unchanged: 0 },
    });

    const stores = await q<{ dlrnum: string; name: string; seats: number; em: string; gm: string | null }>(sql`
      select s.dlrnum, s.name, s.complimentary_seats as seats, em.email as em, gm.email as gm
      from stores s left join people em on em.id = s.executive_manager_id left join people gm on gm.id = s.general_manager_id order by s.dlrnum`);
    expect(stores).toEqual([
      { dlrnum: '10001', name: 'Morgan Motors', seats: 2, em: 'pat.morgan@morgan-motors.example.com', gm: 'jordan.lee@morgan-motors.example.com' },
      { dlrnum: '10002', name: 'Harbor Auto Group, Inc.', seats: 3, em: 'lee.chan@harbor-auto.example.com', gm: 'lee.chan@harbor-auto.example.com' },
      { dlrnum: '10003', name: 'Keystone Motor Company', seats: 2, em: 'ana.ruiz@keystone-motor.example.com', gm: null },
    ]);
    const [pat] = await q<{ category: string; store_dlrnum: string }>(sql`select category, store_dlrnum from people where email = 'pat.morgan@morgan-motors.example.com'`);
    expect(pat).toEqual({ category: 'dealer_staff', store_dlrnum: '10001' });

    const codes = await t.database.db.select().from(schema.accessCodes);
    const dealer = codes.find((c) => c.codeHash === hashAccessCode('dealer27', codeHashKey));
    expect(dealer).toMatchObject({ eventId: 'nbc', label: 'Dealer', policies: [], requiresRoster: true, agendaGroup: 'dealer', active: true });
    const abc = codes.find((c) => c.eventId === 'abc');
    expect(abc).toMatchObject({ policies: ['general'], agendaGroup: 'general', conferenceGroup: 'general', faqGroup: 'general', active: true });
    expect(JSON.stringify(codes)).not.toMatch(/DEALER27|FIELD27|ABC27/);

    const users = await q<{ email: string; name: string | null; active: boolean }>(sql`select email, name, active from report_users order by email`);
    expect(users).toEqual([
      { email: 'old.analyst@corp.example.com', name: null, active: false },
      { email: 'reports@corp.example.com', name: 'Report Desk', active: true },
    ]);
  });

  it('changes nothing when the same files are imported again', async () => {
    const before = await domainChecksums(t.database.db);
    const counts = countsOf(await importCsv(t.database.db, allFiles(), options));
    for (const [entity, c] of Object.entries(counts)) {
      expect(c.inserted, entity).toBe(0);
      expect(c.updated, entity).toBe(0);
      expect(c.unchanged, entity).toBeGreaterThan(0);
    }
    expect(counts.people?.detached).toBe(0);
    expect(await domainChecksums(t.database.db)).toEqual(before);
  });

  it('updates what changed: a store, a roster (someone leaves, a new general manager), a code switched off', async () => {
    const network = NETWORK.replace('Keystone Motor Company,Philadelphia,PA,', 'Keystone Motors,Philadelphia,PA,1');
    const rosters = csv(
      ROSTER_HEADER,
      '10001,pat.morgan@morgan-motors.example.com,Pat,Morgan,executive_manager',
      '10001,jordan.lee@morgan-motors.example.com,Jordan,Lee,staff',
      '10001,sam.ortiz@morgan-motors.example.com,Sam,Ortiz,general_manager',
    );
    const codes = CODES.replace('corporatesub,corporate,true', 'corporatesub,corporate,false');
    const counts = countsOf(
      await importCsv(
        t.database.db,
        { network: { name: 'stores.csv', content: network }, rosters: { name: 'people.csv', content: rosters }, accessCodes: { name: 'codes.csv', content: codes } },
        options,
      ),
    );
    expect(counts.stores).toEqual({ inserted: 0, updated: 1, unchanged: 2 });
    expect(counts.people).toEqual({ inserted: 0, updated: 0, unchanged: 3, detached: 0 });
    expect(counts.storeManagers).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(counts.accessCodes).toEqual({ inserted: 0, updated: 1, unchanged: 2 });
    expect(counts.events).toBeUndefined();

    const [store] = await q<{ name: string; seats: number; gm: string }>(sql`
      select s.name, s.complimentary_seats as seats, gm.email as gm from stores s join people gm on gm.id = s.general_manager_id where s.dlrnum = '10001'`);
    expect(store).toEqual({ name: 'Morgan Motors', seats: 2, gm: 'sam.ortiz@morgan-motors.example.com' });
    const [field] = await q<{ active: boolean }>(sql`select active from access_codes where code_hash = ${hashAccessCode('FIELD27', codeHashKey)}`);
    expect(field!.active).toBe(false);

    // The roster file is the whole roster of each store it lists.
    const leaving = csv(ROSTER_HEADER, '10002,lee.chan@harbor-auto.example.com,Lee,Chan,executive_manager');
    const after = countsOf(await importCsv(t.database.db, { rosters: { name: 'people.csv', content: leaving } }, options));
    expect(after.people).toEqual({ inserted: 0, updated: 0, unchanged: 1, detached: 1 });
    expect(after.storeManagers).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    const [ria] = await q<{ store_dlrnum: string | null }>(sql`select store_dlrnum from people where email = 'ria.shah@harbor-auto.example.com'`);
    expect(ria!.store_dlrnum).toBeNull();
    const [harbor] = await q<{ gm: number | null }>(sql`select general_manager_id as gm from stores where dlrnum = '10002'`);
    expect(harbor!.gm).toBeNull();
  });

  it('writes nothing at all when one row of one file is bad', async () => {
    const before = await domainChecksums(t.database.db);
    const network = csv(NETWORK_HEADER, '030,Southeast,70,031,Atlanta,031001,Atlanta North,10010,Peachtree Motors,Atlanta,GA,2');
    const rosters = csv(ROSTER_HEADER, '10010,owner@peachtree.example.com,Olive,Owner,executive_manager', '10010,broken-address,Bad,Row,staff');
    const result = await importCsv(t.database.db, { network: { name: 'stores.csv', content: network }, rosters: { name: 'people.csv', content: rosters } }, options);
    expect(problemsOf(result)).toEqual(['people.csv:3: email: must be an e-mail address, got "broken-address"']);
    expect(await domainChecksums(t.database.db)).toEqual(before);
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from regions where code = '030'`);
    expect(n!.n).toBe(0);
  });

  it('refuses a provider event code another stored event already has', async () => {
    const events = csv(
      'id,name,provider_event_code,is_virtual,content_environment_id,starts_on,ends_on',
      'abc,Annual Business Conference 2027,NBC27,false,8b2d4e6f-1a3c-4e5b-8d7f-9c0a1b2c3d02,2027-09-13,2027-09-16',
    );
    expect(problemsOf(await importCsv(t.database.db, { events: { name: 'events.csv', content: events } }, options))).toEqual([
      'events.csv:2: provider_event_code: NBC27 is already the code of event nbc in the database',
    ]);
  });

  it('refuses to move a manager away from a store the file does not list, and company staff onto a roster', async () => {
    await importCsv(t.database.db, { rosters: { name: 'people.csv', content: csv(ROSTER_HEADER, '10003,ana.ruiz@keystone-motor.example.com,Ana,Ruiz,executive_manager') } }, options);
    const rosters = csv(
      ROSTER_HEADER,
      '10002,lee.chan@harbor-auto.example.com,Lee,Chan,executive_manager',
      '10002,ana.ruiz@keystone-motor.example.com,Ana,Ruiz,staff',
    );
    expect(problemsOf(await importCsv(t.database.db, { rosters: { name: 'people.csv', content: rosters } }, options))).toEqual([
      "people.csv:3: email: ana.ruiz@keystone-motor.example.com is the executive manager of store 10003, which this file does not list; list that store's roster too",
    ]);
  });
});

describe('importCsv problems', () => {
  const t = useTestDatabase((database) => loadDemoData(database.db, { stores: 20, codeHashKey }));

  const run = async (files: CsvImportFiles) => problemsOf(await importCsv(t.database.db, files, options));
  const one = (kind: keyof CsvImportFiles, name: string, content: string) => run({ [kind]: { name, content } });

  it('reports header problems: empty file, unknown, duplicate and missing columns', async () => {
    expect(await one('reportUsers', 'users.csv', '')).toEqual(['users.csv:1: header: the file is empty; it needs a header row: email,name,active,scope']);
    expect(await one('reportUsers', 'users.csv', csv('Email,nmae,email'))).toEqual([
      'users.csv:1: nmae: unknown column; the columns are email, name, active, scope',
      'users.csv:1: email: column appears twice in the header',
    ]);
    expect(await one('rosters', 'people.csv', csv('dlrnum,email,first_name,role', '10001,a@b.example.com,A,staff'))).toEqual([
      'people.csv:1: last_name: required column missing from the header',
    ]);
  });

  it('refuses a file that is not UTF-8 (e.g. a Windows-1252 export)', async () => {
    const latin1 = Uint8Array.from([...Buffer.from('email,name\nrene@corp.example.com,Ren'), 0xe9, 0x0a]);
    expect(await run({ reportUsers: { name: 'users.csv', content: latin1 } })).toEqual(['users.csv:1: file: is not UTF-8 text; save it as "CSV UTF-8"']);
  });

  it('reports CSV syntax and field-count problems at their line, counting lines inside quoted fields', async () => {
    expect(await one('reportUsers', 'users.csv', csv('email,name', 'a@corp.example.com,"Ann', 'b@corp.example.com,Bo'))).toEqual([
      expect.stringMatching(/^users\.csv:\d+: row: not valid CSV: Quote Not Closed/),
    ]);
    const content = csv('email,name,active', 'a@corp.example.com,"Ann', 'Second line",true', '', 'b@corp.example.com,Bo', 'c@corp.example.com,Cy,yes,extra', 'd@corp.example.com,Di,perhaps');
    expect(await one('reportUsers', 'users.csv', content)).toEqual([
      'users.csv:2: name: must not contain line breaks or control characters',
      'users.csv:5: row: has 2 fields, the header has 3',
      'users.csv:6: row: has 4 fields, the header has 3',
      'users.csv:7: active: must be true or false, got "perhaps"',
    ]);
  });

  it('reports bad events rows', async () => {
    const content = csv(
      'id,name,provider_event_code,is_virtual,content_environment_id,starts_on,ends_on',
      'xyz,Other,OTH27,true,3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01,2027-03-01,2027-03-04',
      'nbc,National,NBC27,sometimes,not-a-uuid,2027-02-30,2027-03-04',
      'abc,Annual,nbc27,false,8b2d4e6f-1a3c-4e5b-8d7f-9c0a1b2c3d02,2027-09-16,2027-09-13',
    );
    expect(await one('events', 'events.csv', content)).toEqual([
      'events.csv:2: id: must be one of nbc, abc, got "xyz"',
      'events.csv:3: is_virtual: must be true or false, got "sometimes"',
      'events.csv:3: content_environment_id: must be a UUID such as 3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01, got "not-a-uuid"',
      'events.csv:3: starts_on: must be a date written YYYY-MM-DD, got "2027-02-30"',
      'events.csv:4: ends_on: must not be before starts_on (2027-09-16)',
      'events.csv:4: provider_event_code: nbc27 is already used by event nbc on line 3',
    ]);
  });

  it('reports bad network rows and a hierarchy that contradicts itself', async () => {
    const content = csv(
      NETWORK_HEADER,
      '010,Northeast,65,011,Boston,011001,Boston North,20001,A Motors,Boston,MA,2',
      '010,North East,70,011,Boston,011001,Boston North,20002,B Motors,Boston,MA,2',
      '020,Mid-Atlantic,60,011,Boston,011002,Boston South,20003,C Motors,Boston,MA,2',
      '010,Northeast,65,012,Hartford,011001,Boston North,20001,D Motors,Hartford,CT,2',
      '10,Northeast,101,013,,013001,X,2004,,Nowhere,Massachusetts,-1',
    );
    expect(await one('network', 'stores.csv', content)).toEqual([
      'stores.csv:3: region_name: region 010 is "Northeast" on line 2',
      'stores.csv:3: objective_pct: region 010 has objective 65 on line 2',
      'stores.csv:4: region_code: zone 011 is in region 010 on line 2',
      'stores.csv:5: zone_code: district 011001 is in zone 011 on line 2',
      'stores.csv:5: dlrnum: store 20001 is already on line 2',
      'stores.csv:6: region_code: must be 3 digits such as 010, got "10"',
      'stores.csv:6: objective_pct: must be a whole number from 0 to 100, got "101"',
      'stores.csv:6: zone_name: is required',
      'stores.csv:6: dlrnum: must be 5 digits such as 10001, got "2004"',
      'stores.csv:6: store_name: is required',
      'stores.csv:6: state: must be a two-letter US state code such as MA, got "Massachusetts"',
      'stores.csv:6: complimentary_seats: must be a whole number from 0 to 20, got "-1"',
    ]);
  });

  it('reports bad roster rows: e-mails, roles, managers, unknown stores, company staff', async () => {
    const content = csv(
      ROSTER_HEADER,
      '10002,not-an-email,Pat,Morgan,executive_manager',
      '10002,Kim.Lee@example.com,Kim,Lee,general_manager',
      '10002,kim.lee@example.com,Kim,Lee,staff',
      '10002,gm2@example.com,Gia,Two,general_manager',
      '10003,x@example.com,,Y,staff;executive_manager',
      '10003,y@example.com,Yan,Y,boss',
      '99999,z@example.com,Zed,Z,executive_manager',
      '10004,field.user@corp.example.com,Field,User,executive_manager',
      `10005,long@example.com,${'N'.repeat(31)},Long,executive_manager`,
      '10006,staff.only@example.com,Sal,Staff,staff',
    );
    expect(await one('rosters', 'people.csv', content)).toEqual([
      'people.csv:2: email: must be an e-mail address, got "not-an-email"',
      'people.csv:4: email: kim.lee@example.com is already listed on line 3 (store 10002); a person is on one roster',
      'people.csv:5: role: store 10002 already has a general manager on line 3',
      'people.csv:6: first_name: is required',
      'people.csv:6: role: staff cannot be combined with a manager role',
      'people.csv:7: role: "boss" is not one of executive_manager, general_manager, staff',
      'people.csv:8: dlrnum: store 99999 is not in the database',
      'people.csv:9: email: field.user@corp.example.com is a field person in the database, not dealer staff',
      'people.csv:10: first_name: must be at most 30 characters (has 31)',
      'people.csv:11: role: store 10006 has no executive_manager; every listed store needs exactly one',
    ]);
  });

  it('checks roster stores against the network file given with it', async () => {
    const network = csv(NETWORK_HEADER, '010,Northeast,65,011,Boston,011001,Boston North,30001,New Motors,Boston,MA,2');
    const rosters = csv(ROSTER_HEADER, '30001,em@new-motors.example.com,Em,New,executive_manager', '30002,em@other.example.com,Em,Other,executive_manager');
    expect(await run({ network: { name: 'stores.csv', content: network }, rosters: { name: 'people.csv', content: rosters } })).toEqual([
      'people.csv:3: dlrnum: store 30002 is not in stores.csv or the database',
    ]);
  });

  it('reports bad access codes without repeating the code', async () => {
    const content = csv(
      CODE_HEADER,
      'xyz,SECRETCODE1,Dealer,,DLR,dealer,dealer_staff,true,,,,',
      'nbc,secretcode2,Dealer,,DLR,dealer,dealer_staff,true,,,,',
      'nbc,SECRETCODE2,Other,general;general,DLX,alien,field,true,vip,,faq,',
      'nbc,ab,Short,,DLR,dealer,dealer_staff,maybe,,,,',
      'nbc,SECRET CODE,Spaced,,FLD,field,field,true,,,,',
    );
    const problems = await one('accessCodes', 'codes.csv', content);
    expect(problems).toEqual([
      'codes.csv:2: event: event xyz is not in the database',
      'codes.csv:4: policies: lists "general" twice',
      'codes.csv:4: reg_type: must be one of DLR, CORP, FLD, SBR, DIST, IDST, VND, PTR, EXP, got "DLX"',
      'codes.csv:4: attendee_type: must be one of dealer, candidate, field, corporate, distributor, vendor, sbr, partner, expo, got "alien"',
      'codes.csv:4: agenda_group: must be one of general, dealer, got "vip"',
      'codes.csv:4: faq_group: must be one of general, corporate, got "faq"',
      'codes.csv:4: requires_roster: only dealer_staff codes can require a roster (person_category is field)',
      'codes.csv:4: code: the same code (codes ignore case) is already on line 3 for event nbc',
      'codes.csv:5: code: must be 4 to 64 letters, digits, "-" or "_"',
      'codes.csv:5: requires_roster: must be true or false, got "maybe"',
      'codes.csv:6: code: must be 4 to 64 letters, digits, "-" or "_"',
      'codes.csv:6: requires_roster: only dealer_staff codes can require a roster (person_category is field)',
    ]);
    expect(problems.join('\n')).not.toMatch(/secret ?code/i);
  });

  it('reports report users outside the report mail domain and duplicates', async () => {
    const content = csv('email,name,active', 'analyst@corp.example.com,Ann,true', 'Analyst@corp.example.com,Ann,true', 'someone@gmail.example.com,,');
    expect(await one('reportUsers', 'users.csv', content)).toEqual([
      'users.csv:3: email: analyst@corp.example.com is already listed on line 2',
      "users.csv:4: email: must be an address at corp.example.com (the report login's mail domain)",
    ]);
  });

  it('orders problems by file as given on the command line, then by line', async () => {
    const problems = await run({
      network: { name: 'stores.csv', content: csv(NETWORK_HEADER, '010,Northeast,65,011,Boston,011001,Boston North,1,A,Boston,MA,2') },
      reportUsers: { name: 'users.csv', content: csv('email', 'nobody') },
    });
    expect(problems).toEqual(['stores.csv:2: dlrnum: must be 5 digits such as 10001, got "1"', 'users.csv:2: email: must be an e-mail address, got "nobody"']);
  });
});

describe('importCsv on top of demo data', () => {
  const t = useTestDatabase((database) => loadDemoData(database.db, { stores: 30, codeHashKey }));

  it('finds the demo access codes unchanged when the same rules are imported', async () => {
    const content = csv(
      CODE_HEADER,
      'nbc,dealer27,Dealer,,DLR,dealer,dealer_staff,true,dealer,general,general,true',
      'nbc,VENDOR27,Vendor,general,VND,vendor,vendor,false,general,vendordistributor,corporate,true',
      'abc,ABC27,Attendee,general,DLR,dealer,attendee,false,general,general,general,true',
    );
    const counts = countsOf(await importCsv(t.database.db, { accessCodes: { name: 'codes.csv', content } }, options));
    expect(counts.accessCodes).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
  });

  it("replaces a demo store's roster, keeping the people who stay", async () => {
    const content = csv(
      ROSTER_HEADER,
      '10001,pat.morgan@morgan-motors.example.com,Pat,Morgan,executive_manager;general_manager',
      '10001,new.hire@morgan-motors.example.com,Nia,Hire,staff',
    );
    const counts = countsOf(await importCsv(t.database.db, { rosters: { name: 'people.csv', content } }, options));
    expect(counts.people).toEqual({ inserted: 1, updated: 0, unchanged: 1, detached: 3 });
    expect(counts.storeManagers).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    const rows = rowsOf<{ email: string }>(await t.database.db.execute(sql`select email from people where store_dlrnum = '10001' order by email`));
    expect(rows.map((r) => r.email)).toEqual(['new.hire@morgan-motors.example.com', 'pat.morgan@morgan-motors.example.com']);
  });
});

describe('access codes imported outside demo mode', () => {
  const strict = { codeHashKey, reportEmailDomain: 'corp.example.com' };
  const t = useTestDatabase(async (database) => countsOf(await importCsv(database.db, { events: { name: 'events.csv', content: EVENTS } }, strict)));

  it('refuses active codes shorter than 8 characters, demo codes, common passwords and event names, without repeating them', async () => {
    const content = csv(
      CODE_HEADER,
      'nbc,EXPO2027,Expo,expo,EXP,expo,expo,false,,,,true',
      'nbc,DEALER27,Dealer,,DLR,dealer,dealer_staff,true,dealer,general,general,true',
      'nbc,password,Field,field,FLD,field,field,false,,,,true',
      'nbc,nbc-20270301,Corporate,corporate,CORP,corporate,corporate,false,,,,true',
      'abc,Annual Business Conference 2027,Attendee,general,DLR,dealer,attendee,false,,,,true',
      'nbc,short1,SBR,general,SBR,sbr,sbr,false,,,,true',
    );
    const problems = problemsOf(await importCsv(t.database.db, { accessCodes: { name: 'codes.csv', content } }, strict));
    expect(problems).toEqual([
      'codes.csv:3: code: is a demo code or a common password; choose another one',
      'codes.csv:4: code: is a demo code or a common password; choose another one',
      "codes.csv:5: code: is the event's name or code; choose another one",
      expect.stringMatching(/^codes\.csv:6: code: /),
      'codes.csv:7: code: must have at least 8 characters',
    ]);
    expect(problems.join('\n')).not.toMatch(/DEALER27|short1/i);
  });

  it('accepts a strong code, and a demo code only to disable it', async () => {
    const content = csv(
      CODE_HEADER,
      'nbc,Tq7-Harbor-Lantern,Dealer,,DLR,dealer,dealer_staff,true,dealer,general,general,true',
      'nbc,DEALER27,Dealer (demo),,DLR,dealer,dealer_staff,true,dealer,general,general,false',
    );
    const counts = countsOf(await importCsv(t.database.db, { accessCodes: { name: 'codes.csv', content } }, strict));
    expect(counts.accessCodes).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
  });
});
