/**
 * Database access of the arrivals (docs/event-days.md, "Arrivals"): enrolled and arrived attendees
 * counted by region, zone or district, and the page of the enrolled who have not arrived yet. The
 * area given is already narrowed to the report scope by `arrivals.service.ts`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { NotArrivedData } from '@portal/contracts';
import { rowsOf, type DbOrTx } from '@portal/db';
import { scopeCondition, type ReportScope } from '../report-scope/report-scope.ts';

/** The enrolled registrations of an event inside a scope and, when named, a region, zone and district. */
export interface ArrivalsWhere {
  event: string;
  scope: ReportScope;
  area: { region: string; zone: string; district: string };
}

export type ArrivalsLevel = 'Region' | 'Zone' | 'District';

export interface ArrivalsCountRow {
  code: string;
  name: string;
  enrolled: number;
  arrived: number;
}

const from = sql`registrations r
    join stores s on s.dlrnum = r.store_dlrnum
    join districts d on d.code = s.district_code
    join zones z on z.code = d.zone_code
    join regions g on g.code = z.region_code
    left join badges b on b.registration_id = r.id`;

function condition(w: ArrivalsWhere): SQL {
  const parts: SQL[] = [
    sql`r.event_id = ${w.event}`,
    sql`r.status = 'Enrolled'`,
    scopeCondition(w.scope, { region: sql`z.region_code`, zone: sql`z.code`, district: sql`d.code` }),
  ];
  if (w.area.region) parts.push(sql`z.region_code = ${w.area.region}`);
  if (w.area.zone) parts.push(sql`z.code = ${w.area.zone}`);
  if (w.area.district) parts.push(sql`d.code = ${w.area.district}`);
  return sql.join(parts, sql` and `);
}

/** Enrolled and arrived (checked-in) counts by the level's code and name, in code order. */
export async function arrivalCounts(db: DbOrTx, level: ArrivalsLevel, w: ArrivalsWhere): Promise<ArrivalsCountRow[]> {
  const [codeCol, nameCol] =
    level === 'Region' ? [sql`g.code`, sql`g.description`] : level === 'Zone' ? [sql`z.code`, sql`z.name`] : [sql`d.code`, sql`d.name`];
  const result = await db.execute(sql`
      select ${codeCol} as code, ${nameCol} as name, count(*)::int as enrolled, count(b.checked_in_at)::int as arrived
      from ${from}
      where ${condition(w)}
      group by ${codeCol}, ${nameCol}
      order by ${codeCol}`);
  return rowsOf<ArrivalsCountRow>(result);
}

/** One page of the enrolled who have not arrived (by store, then name), and how many there are. */
export async function notArrivedPage(db: DbOrTx, w: ArrivalsWhere, page: { limit: number; offset: number }): Promise<NotArrivedData> {
  const where = sql`${condition(w)} and b.checked_in_at is null`;
  const [rowsResult, totalResult] = await Promise.all([
    db.execute(sql`
        select r.id as "registrationId", p.first_name || ' ' || p.last_name as "attendeeName", r.attendee_type as "attendeeType",
          s.dlrnum, s.name as "storeName", d.code as district, z.code as zone
        from ${from} join people p on p.id = r.attendee_id
        where ${where}
        order by s.dlrnum, p.last_name, p.first_name, r.id
        limit ${page.limit} offset ${page.offset}`),
    db.execute(sql`select count(*)::int as n from ${from} where ${where}`),
  ]);
  return { rows: rowsOf<NotArrivedData['rows'][number]>(rowsResult), total: rowsOf<{ n: number }>(totalResult)[0]?.n ?? 0 };
}
