/**
 * Arrivals (docs/event-days.md, "Arrivals"): enrolled and arrived (checked in) attendees of an event
 * by region, zone or district of their store, and the enrolled who have not arrived yet, inside the
 * caller's report scope (docs/reports.md, "Report scopes"; the console passes the network).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ArrivalsData, NotArrivedData } from '@portal/contracts';
import { rowsOf, type Db } from '@portal/db';
import { createXlsxStream, type CellValue } from '@portal/xlsx';
import { nodeCompression } from '@portal/xlsx/node';
import { narrowToScope, scopeCondition, type ReportScope } from '../reports/report-scope.ts';

export interface ArrivalsFilter {
  event: string;
  reportLevel?: 'Region' | 'Zone' | 'District' | undefined;
  region?: string | undefined;
  zone?: string | undefined;
  district?: string | undefined;
}

const pct = (arrived: number, enrolled: number) => (enrolled ? Math.round((arrived / enrolled) * 1000) / 10 : 0);

export type ArrivalsService = ReturnType<typeof createArrivalsService>;

export function createArrivalsService(db: Db) {
  /** The filter as SQL: scope, then the named (and scope-narrowed) region, zone and district. */
  async function where(filter: ArrivalsFilter, scope: ReportScope): Promise<SQL> {
    const area = await narrowToScope(db, scope, { region: filter.region ?? null, zone: filter.zone ?? null, district: filter.district ?? null });
    const parts: SQL[] = [
      sql`r.event_id = ${filter.event}`,
      sql`r.status = 'Enrolled'`,
      scopeCondition(scope, { region: sql`z.region_code`, zone: sql`z.code`, district: sql`d.code` }),
    ];
    if (area.region) parts.push(sql`z.region_code = ${area.region}`);
    if (area.zone) parts.push(sql`z.code = ${area.zone}`);
    if (area.district) parts.push(sql`d.code = ${area.district}`);
    return sql.join(parts, sql` and `);
  }

  const from = sql`registrations r
    join stores s on s.dlrnum = r.store_dlrnum
    join districts d on d.code = s.district_code
    join zones z on z.code = d.zone_code
    join regions g on g.code = z.region_code
    left join badges b on b.registration_id = r.id`;

  async function arrivals(filter: ArrivalsFilter, scope: ReportScope): Promise<ArrivalsData> {
    const level = filter.reportLevel ?? 'Region';
    const [codeCol, nameCol] =
      level === 'Region' ? [sql`g.code`, sql`g.description`] : level === 'Zone' ? [sql`z.code`, sql`z.name`] : [sql`d.code`, sql`d.name`];
    const result = await db.execute(sql`
      select ${codeCol} as code, ${nameCol} as name, count(*)::int as enrolled, count(b.checked_in_at)::int as arrived
      from ${from}
      where ${await where(filter, scope)}
      group by ${codeCol}, ${nameCol}
      order by ${codeCol}`);
    const rows = rowsOf<{ code: string; name: string; enrolled: number; arrived: number }>(result).map((r) => ({ ...r, pctArrived: pct(r.arrived, r.enrolled) }));
    const total = rows.reduce((t, r) => ({ enrolled: t.enrolled + r.enrolled, arrived: t.arrived + r.arrived }), { enrolled: 0, arrived: 0 });
    return { rows, total };
  }

  async function notArrived(filter: ArrivalsFilter & { page?: number | undefined; pageSize?: number | undefined }, scope: ReportScope): Promise<NotArrivedData> {
    const pageSize = filter.pageSize ?? 50;
    const offset = ((filter.page ?? 1) - 1) * pageSize;
    const condition = sql`${await where(filter, scope)} and b.checked_in_at is null`;
    const [rowsResult, totalResult] = await Promise.all([
      db.execute(sql`
        select r.id as "registrationId", p.first_name || ' ' || p.last_name as "attendeeName", r.attendee_type as "attendeeType",
          s.dlrnum, s.name as "storeName", d.code as district, z.code as zone
        from ${from} join people p on p.id = r.attendee_id
        where ${condition}
        order by s.dlrnum, p.last_name, p.first_name, r.id
        limit ${pageSize} offset ${offset}`),
      db.execute(sql`select count(*)::int as n from ${from} where ${condition}`),
    ]);
    return { rows: rowsOf<NotArrivedData['rows'][number]>(rowsResult), total: rowsOf<{ n: number }>(totalResult)[0]?.n ?? 0 };
  }

  /** The arrivals table, or every not-arrived row, as a streamed xlsx. */
  async function* exportXlsx(what: 'arrivals' | 'not-arrived', filter: ArrivalsFilter, scope: ReportScope): AsyncGenerator<Uint8Array> {
    if (what === 'arrivals') {
      const data = await arrivals(filter, scope);
      const xlsx = createXlsxStream({ sheetName: 'Arrivals', columns: [filter.reportLevel ?? 'Region', 'Name', 'Enrolled', 'Arrived', '% Arrived'], compression: nodeCompression });
      for (const r of data.rows) yield* xlsx.addRow([r.code, r.name, r.enrolled, r.arrived, r.pctArrived]);
      yield* xlsx.addRow(['Total', '', data.total.enrolled, data.total.arrived, pct(data.total.arrived, data.total.enrolled)], { bold: true });
      yield* xlsx.finish();
      return;
    }
    const xlsx = createXlsxStream({ sheetName: 'Not arrived', columns: ['Attendee Name', 'Attendee Type', 'Store Code', 'Store Name', 'District', 'Zone'], compression: nodeCompression });
    for (let page = 1; ; page++) {
      const data = await notArrived({ ...filter, page, pageSize: 500 }, scope);
      for (const r of data.rows) {
        const values: CellValue[] = [r.attendeeName, r.attendeeType, r.dlrnum, r.storeName, r.district, r.zone];
        yield* xlsx.addRow(values);
      }
      if (data.rows.length < 500) break;
    }
    yield* xlsx.finish();
  }

  return { arrivals, notArrived, exportXlsx };
}
