/** The demo's program (docs/sessions.md): 24 nbc sessions, picks within capacity and without overlaps, a full one with a queue, attendance; loaded once. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@portal/db';
import { useTestApp } from '../testing/build-test-app.ts';
import { loadDemoSessions } from './demo-sessions.ts';

const t = useTestApp({ stores: 400 });

describe('demo sessions', () => {
  it('loads 24 sessions once, with picks that fit the rooms and never overlap, a queue and attendance', async () => {
    const db = t.database.db;
    expect(await loadDemoSessions(db)).toBe(true);
    expect(await loadDemoSessions(db)).toBe(false);
    const sessions = rowsOf<{ id: number; capacity: number; entry: string; enrolled: number; waiting: number; attended: number }>(
      await db.execute(sql`select s.id, s.capacity, s.entry,
        (select count(*)::int from session_picks p where p.session_id = s.id and p.status = 'Enrolled') as enrolled,
        (select count(*)::int from session_picks p where p.session_id = s.id and p.status = 'Waitlisted') as waiting,
        (select count(*)::int from session_attendance a where a.session_id = s.id) as attended
        from sessions s where s.event_id = 'nbc'`),
    );
    expect(sessions).toHaveLength(24);
    for (const s of sessions) expect(Number(s.enrolled)).toBeLessThanOrEqual(s.capacity);
    expect(sessions.some((s) => s.entry === 'picked' && Number(s.enrolled) === s.capacity && Number(s.waiting) > 0)).toBe(true);
    expect(sessions.filter((s) => s.entry === 'picked' && Number(s.enrolled) >= s.capacity * 0.9 && Number(s.enrolled) < s.capacity).length).toBeGreaterThanOrEqual(2);
    expect(sessions.reduce((n, s) => n + Number(s.attended), 0)).toBeGreaterThan(0);
    const [overlaps] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from session_picks a join sessions sa on sa.id = a.session_id
        join session_picks b on b.registration_id = a.registration_id and b.session_id > a.session_id join sessions sb on sb.id = b.session_id
        where a.status in ('Enrolled', 'Waitlisted') and b.status in ('Enrolled', 'Waitlisted') and sa.starts_at < sb.ends_at and sb.starts_at < sa.ends_at`),
    );
    expect(Number(overlaps!.n)).toBe(0);
  });
});
