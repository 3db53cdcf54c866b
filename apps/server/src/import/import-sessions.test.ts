/**
 * The sessions file (docs/csv-import.md, "Sessions"): every row checked, problems named by line and
 * column, nothing written when any row is wrong; times read in the event's time zone; rows matched by
 * id or by event, title and start, so the same file imported again changes nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { importCsv } from './import-csv.ts';
import { useTestDatabase } from '../testing/test-database.ts';
import { csv, DEMO_MODE_IMPORT as options, problemsOf } from './testing/csv-files.ts';

const EVENTS = csv(
  'id,name,provider_event_code,is_virtual,content_environment_id,starts_on,ends_on',
  'nbc,National Business Conference 2027,NBC27,true,3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01,2027-03-01,2027-03-04',
  'abc,Annual Business Conference 2027,ABC27,false,8b2d4e6f-1a3c-4e5b-8d7f-9c0a1b2c3d02,2027-09-13,2027-09-16',
);
const HEADER = 'event,id,title,description,starts_at,ends_at,room,capacity,audience,track,entry';
const PROGRAM = csv(
  HEADER,
  'nbc,,Opening general session,"Welcome, keynote and awards",2027-03-01 08:30,2027-03-01 10:00,Grand Ballroom,2500,,General,open',
  'nbc,,F&I compliance workshop,,2027-03-01T10:30,2027-03-01T12:00,Room 101,40,dealer;field,Operations,picked',
  'nbc,,F&I compliance workshop,Repeat,2027-03-02 10:30,2027-03-02 12:00,Room 101,40,dealer,Operations,',
  'abc,,Welcome,,2027-09-13 09:00,2027-09-13 10:00,Hall A,500,,,open',
);

describe('the sessions import', () => {
  const t = useTestDatabase();
  const stored = async () =>
    rowsOf<{ id: number; event: string; title: string; starts: string; ends: string; room: string; capacity: number; audience: string[] | null; track: string | null; entry: string; description: string | null }>(
      await t.database.db.execute(sql`
        select id, event_id as event, title, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as starts,
               to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as ends, room, capacity, audience, track, entry, description
        from sessions order by id`),
    );
  beforeEach(async () => {
    await t.database.db.execute(sql`truncate sessions restart identity cascade`);
  });
  const importSessions = (content: string, withEvents = true) =>
    importCsv(t.database.db, { ...(withEvents ? { events: { name: 'events.csv', content: EVENTS } } : {}), sessions: { name: 'sessions.csv', content } }, options);

  it('adds the program with times in the event’s zone; the same file again changes nothing', async () => {
    const first = await importSessions(PROGRAM);
    expect(problemsOf(first)).toEqual([]);
    expect(first.ok && first.counts.sessions).toEqual({ inserted: 4, updated: 0, unchanged: 0 });
    const rows = await stored();
    expect(rows.map((r) => [r.event, r.title, r.starts, r.ends, r.capacity, r.audience, r.entry])).toEqual([
      // March 1 2027 is Pacific standard time (UTC-8); September is daylight time (UTC-7).
      ['nbc', 'Opening general session', '2027-03-01T16:30', '2027-03-01T18:00', 2500, null, 'open'],
      ['nbc', 'F&I compliance workshop', '2027-03-01T18:30', '2027-03-01T20:00', 40, ['dealer', 'field'], 'picked'],
      ['nbc', 'F&I compliance workshop', '2027-03-02T18:30', '2027-03-02T20:00', 40, ['dealer'], 'picked'],
      ['abc', 'Welcome', '2027-09-13T16:00', '2027-09-13T17:00', 500, null, 'open'],
    ]);
    expect(rows[0]!.description).toBe('Welcome, keynote and awards');
    const again = await importSessions(PROGRAM, false);
    expect(again.ok && again.counts.sessions).toEqual({ inserted: 0, updated: 0, unchanged: 4 });
    expect((await stored()).length).toBe(4);
  });

  it('changes a session matched by its title and start, or by id (also its time)', async () => {
    await importSessions(PROGRAM);
    const [opening, workshop] = await stored();
    const result = await importSessions(
      csv(
        HEADER,
        'nbc,,Opening general session,"Welcome, keynote and awards",2027-03-01 08:30,2027-03-01 10:30,Grand Ballroom,3000,,General,open',
        `nbc,${workshop!.id},F&I compliance workshop,,2027-03-01 13:00,2027-03-01 14:30,Room 102,60,,Operations,picked`,
      ),
      false,
    );
    expect(problemsOf(result)).toEqual([]);
    expect(result.ok && result.counts.sessions).toEqual({ inserted: 0, updated: 2, unchanged: 0 });
    const rows = await stored();
    expect(rows.find((r) => r.id === opening!.id)).toMatchObject({ ends: '2027-03-01T18:30', capacity: 3000 });
    expect(rows.find((r) => r.id === workshop!.id)).toMatchObject({ starts: '2027-03-01T21:00', room: 'Room 102', capacity: 60, audience: null });
    expect(rows.length).toBe(4);
  });

  it('checks every row, names line and column, and writes nothing when one is wrong', async () => {
    const result = await importSessions(
      csv(
        HEADER,
        'nbc,,Good one,,2027-03-01 08:30,2027-03-01 10:00,Hall,10,,,',
        'nbc,,,,2027-03-01 8:30,2027-03-01 10:00,Hall,ten,dealer;martian,,closed',
        'xyz,,Nowhere,,2027-03-01 08:30,2027-03-01 10:00,Hall,10,,,',
        'nbc,,Backwards,,2027-03-02 10:00,2027-03-02 09:00,Hall,10,,,',
        'nbc,,Too early,,2026-03-01 10:00,2026-03-01 11:00,Hall,10,,,',
        'nbc,,Good one,,2027-03-01 08:30,2027-03-01 11:00,Hall,10,,,',
        'nbc,999,Unknown id,,2027-03-01 08:30,2027-03-01 10:00,Hall,10,,,',
        'nbc,abc,Bad id,,2027-03-01 08:30,2027-03-01 10:00,,-1,,,',
      ),
    );
    expect(problemsOf(result)).toEqual([
      'sessions.csv:3: title: is required',
      'sessions.csv:3: starts_at: must be a time written YYYY-MM-DD HH:MM in the event\'s time zone, such as 2027-03-01 09:00, got "2027-03-01 8:30"',
      'sessions.csv:3: capacity: must be a whole number from 0 to 100000, got "ten"',
      'sessions.csv:3: audience: "martian" is not one of dealer, candidate, field, corporate, distributor, vendor, sbr, partner, expo',
      'sessions.csv:3: entry: must be one of picked, open, got "closed"',
      'sessions.csv:4: event: event xyz is not in events.csv or the database',
      'sessions.csv:5: ends_at: must be after starts_at (2027-03-02 10:00)',
      'sessions.csv:6: starts_at: falls on 2026-03-01 in America/Los_Angeles, outside event nbc (2027-03-01 to 2027-03-04)',
      'sessions.csv:6: ends_at: falls on 2026-03-01 in America/Los_Angeles, outside event nbc (2027-03-01 to 2027-03-04)',
      'sessions.csv:7: title: "Good one" at 2027-03-01 08:30 is already on line 2',
      'sessions.csv:8: id: session 999 is not in the database (leave id blank for a new session)',
      'sessions.csv:9: id: must be the number of a stored session (blank for a new one), got "abc"',
      'sessions.csv:9: room: is required',
      'sessions.csv:9: capacity: must be a whole number from 0 to 100000, got "-1"',
    ]);
    expect(await stored()).toEqual([]);
  });

  it('never changes a cancelled session, but an identical row still imports', async () => {
    await importSessions(PROGRAM);
    const [opening] = await stored();
    await t.database.db.execute(sql`update sessions set cancelled_at = now() where id = ${opening!.id}`);
    const same = await importSessions(PROGRAM, false);
    expect(same.ok && same.counts.sessions).toEqual({ inserted: 0, updated: 0, unchanged: 4 });
    const changed = await importSessions(
      csv(HEADER, 'nbc,,Opening general session,"Welcome, keynote and awards",2027-03-01 08:30,2027-03-01 10:00,Grand Ballroom,10,,General,open'),
      false,
    );
    expect(problemsOf(changed)).toEqual([`sessions.csv:2: title: session ${opening!.id} is cancelled and can no longer be changed`]);
  });
});
