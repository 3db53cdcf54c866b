/**
 * The demo's program (docs/sessions.md): 24 nbc sessions over March 1–4, 2027 (general sessions
 * `open`, breakouts `picked` with 40–300 seats), picks for part of the enrolled attendees (two
 * breakouts nearly full, one full with a queue), and attendance at the first day's sessions.
 * Written with one statement per session, so the load stays quick at any demo size. Loaded in demo
 * mode after the demo data, once (a meta key), so the test seeds stay as they were; the demo
 * accounts of the README get no picks (they start with an empty agenda).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx } from '@portal/db';
import { demoAccountEmailList, demoEvent, loadOnce } from './demo-once.ts';

const META_KEY = 'demo_sessions';

type Entry = 'open' | 'picked';
interface DemoSession {
  day: number;
  start: string;
  end: string;
  title: string;
  room: string;
  capacity: number;
  entry: Entry;
  track: string;
  /** Share of the seats taken; above 1: full, with that many more people waiting. */
  fill: number;
  description: string;
}

const general = (day: number, start: string, end: string, title: string, description: string): DemoSession => ({
  day,
  start,
  end,
  title,
  room: 'Grand Ballroom',
  capacity: 2500,
  entry: 'open',
  track: 'General session',
  fill: 0.3,
  description,
});
const breakout = (day: number, start: string, end: string, title: string, room: string, capacity: number, track: string, fill: number): DemoSession => ({
  day,
  start,
  end,
  title,
  room,
  capacity,
  entry: 'picked',
  track,
  fill,
  description: `${track} breakout workshop. Seats are limited to the room's ${capacity}.`,
});

/** The nbc program (times in the event's zone, America/Los_Angeles). */
export const DEMO_PROGRAM: readonly DemoSession[] = [
  general(1, '08:30', '10:00', 'Opening keynote: the road to 2030', 'The year ahead for the network, with the leadership team.'),
  breakout(1, '10:30', '11:30', 'Fixed ops profitability', 'Room 201', 120, 'Service', 0.5),
  breakout(1, '10:30', '11:30', 'Digital retailing that closes', 'Room 202', 150, 'Sales', 0.4),
  breakout(1, '10:30', '11:30', 'F&I compliance workshop', 'Room 203', 60, 'Compliance', 0.975),
  breakout(1, '13:30', '14:30', 'EV service readiness', 'Room 201', 100, 'Service', 0.35),
  breakout(1, '13:30', '14:30', 'Used-vehicle inventory turns', 'Room 202', 80, 'Sales', 0.3),
  breakout(1, '15:00', '16:00', 'Hiring and keeping technicians', 'Room 203', 200, 'People', 0.25),
  general(2, '08:30', '09:30', 'Product preview 2028', 'A first look at next year’s line-up.'),
  breakout(2, '10:00', '11:00', 'Customer experience scores', 'Room 201', 150, 'Sales', 0.3),
  breakout(2, '10:00', '11:00', 'Parts e-commerce', 'Room 202', 90, 'Parts', 0.2),
  breakout(2, '10:00', '11:00', 'Fleet and commercial sales', 'Room 203', 40, 'Sales', 1.15),
  breakout(2, '13:00', '14:00', 'Warranty claims done right', 'Room 201', 120, 'Service', 0.4),
  breakout(2, '13:00', '14:00', 'Social media for dealers', 'Room 202', 300, 'Marketing', 0.2),
  breakout(2, '14:30', '15:30', 'Data privacy at the dealership', 'Room 203', 50, 'Compliance', 0.96),
  general(3, '08:30', '09:30', 'Dealer awards breakfast', 'Recognising the year’s top stores.'),
  breakout(3, '10:00', '11:00', 'Service lane technology', 'Room 201', 150, 'Service', 0.3),
  breakout(3, '10:00', '11:00', 'Leadership for general managers', 'Room 202', 80, 'People', 0.4),
  breakout(3, '13:00', '14:00', 'Floor-plan and cash management', 'Room 203', 100, 'Finance', 0.3),
  breakout(3, '13:00', '14:00', 'Collision centre growth', 'Room 201', 70, 'Service', 0.25),
  breakout(3, '14:30', '15:30', 'Marketing co-op funds', 'Room 202', 120, 'Marketing', 0.2),
  general(4, '08:30', '09:30', 'Town hall with the network team', 'Questions and answers, open to all.'),
  breakout(4, '10:00', '11:00', 'Succession planning', 'Room 201', 60, 'People', 0.3),
  breakout(4, '10:00', '11:00', 'Accessories and add-ons', 'Room 202', 80, 'Parts', 0.2),
  general(4, '11:30', '12:30', 'Closing session', 'The year’s commitments, and see you next year.'),
];

/** 2027-03-0{day}T{hh:mm} in Los Angeles (PST, UTC-8, in early March) as an instant. */
const at = (day: number, time: string) => new Date(`2027-03-0${day}T${time}:00-08:00`);

export async function loadDemoSessions(db: DbOrTx): Promise<boolean> {
  return loadOnce(db, META_KEY, async (tx) => {
    if (!(await demoEvent(tx, 'nbc'))) return null;
    const ids = await tx
      .insert(schema.sessions)
      .values(
        DEMO_PROGRAM.map((s) => ({
          eventId: 'nbc',
          title: s.title,
          description: s.description,
          startsAt: at(s.day, s.start),
          endsAt: at(s.day, s.end),
          room: s.room,
          capacity: s.capacity,
          entry: s.entry,
          track: s.track,
        })),
      )
      .returning({ id: schema.sessions.id });
    const excluded = demoAccountEmailList();
    // Within one time slot the sessions take disjoint runs of the enrolled attendees, so nobody's
    // picks overlap; each slot starts at another place in the list, so people pick across the days.
    const slotOffset = new Map<string, number>();
    for (const [i, s] of DEMO_PROGRAM.entries()) {
      const sessionId = ids[i]!.id;
      const seated = Math.min(s.capacity, Math.floor(s.capacity * s.fill));
      const waiting = s.fill > 1 ? Math.round(s.capacity * (s.fill - 1)) : 0;
      const slot = `${s.day} ${s.start}`;
      const offset = slotOffset.get(slot) ?? (s.day * 97 + Number(s.start.slice(0, 2)) * 13) % 400;
      slotOffset.set(slot, offset + seated + waiting);
      const people = sql`select y.id, row_number() over (order by y.id) as n from (
        select r.id from registrations r join people p on p.id = r.attendee_id
        where r.event_id = 'nbc' and r.status = 'Enrolled' and p.email not in (${excluded})
        order by r.id offset ${offset} limit ${seated + waiting}) y`;
      await tx.execute(sql`
        insert into session_picks (session_id, registration_id, status, enrolled_at, waitlist_order, waitlisted_at)
        select ${sessionId}, x.id,
          case when x.n <= ${seated} then 'Enrolled' else 'Waitlisted' end,
          case when x.n <= ${seated} then ${at(1, '00:00').toISOString()}::timestamptz - interval '20 days' end,
          case when x.n > ${seated} then nextval('registration_waitlist_seq') end,
          case when x.n > ${seated} then ${at(1, '00:00').toISOString()}::timestamptz - interval '10 days' + x.n * interval '1 minute' end
        from (${people}) x order by x.n`);
      // The first day's sessions: about two thirds of those seated came (an open session's door admits anyone).
      if (s.day === 1) {
        await tx.execute(sql`
          insert into session_attendance (session_id, registration_id, attended_at, picked)
          select ${sessionId}, p.registration_id, ${at(s.day, s.start).toISOString()}::timestamptz + (p.registration_id % 15) * interval '1 minute', true
          from session_picks p where p.session_id = ${sessionId} and p.status = 'Enrolled' and p.registration_id % 3 <> 0`);
      }
    }
    const [picks] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from session_picks`));
    return { sessions: ids.length, picks: Number(picks?.n ?? 0) };
  });
}
