import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@portal/db';
import { NETWORK_SCOPE, scopeCondition, type ReportScope } from '../report-scope/report-scope.ts';

/** One registration of the retailer report, every column ready as text ('' when none). */
export interface RetailerReportRecord {
  id: number;
  eventId: string;
  eventCode: string;
  storeCode: string;
  storeName: string;
  region: string;
  zone: string;
  district: string;
  cityState: string;
  attendeeName: string;
  email: string;
  attendeeType: string;
  status: string;
  enrollDate: string;
  arrivalDate: string;
  departureDate: string;
  isVirtual: boolean;
}

/**
 * The next `limit` retailer registrations (dealer staff and candidates, every status) of the event
 * whose provider event code matches (case-insensitive), after registration id `afterId`: keyset
 * pagination on the primary key, so each batch is an index range and memory stays flat. Only the
 * registrations at stores inside the viewer's report scope (all of them for the network).
 */
export async function retailerReportBatch(
  db: DbOrTx,
  eventCode: string,
  afterId: number,
  limit: number,
  viewer: ReportScope = NETWORK_SCOPE,
): Promise<RetailerReportRecord[]> {
  const query = sql`
    select g.id, e.id as "eventId", e.provider_event_code as "eventCode",
      coalesce(st.dlrnum, '') as "storeCode",
      coalesce(st.name, '') as "storeName",
      coalesce(z.region_code, '') as "region",
      coalesce(z.code, '') as "zone",
      coalesce(d.code, '') as "district",
      coalesce(st.city || ', ' || st.state, '') as "cityState",
      trim(p.first_name || ' ' || p.last_name) as "attendeeName",
      p.email as "email",
      g.attendee_type as "attendeeType",
      g.status as "status",
      coalesce(to_char(g.enrolled_at at time zone 'UTC', 'YYYY-MM-DD'), '') as "enrollDate",
      coalesce(to_char(g.arrival_date, 'YYYY-MM-DD'), '') as "arrivalDate",
      coalesce(to_char(g.departure_date, 'YYYY-MM-DD'), '') as "departureDate",
      g.is_virtual as "isVirtual"
    from registrations g
    join events e on e.id = g.event_id
    join people p on p.id = g.attendee_id
    left join stores st on st.dlrnum = g.store_dlrnum
    left join districts d on d.code = st.district_code
    left join zones z on z.code = d.zone_code
    where lower(e.provider_event_code) = lower(${eventCode})
      and g.attendee_type in ('dealer', 'candidate')
      and g.id > ${afterId}
      and ${scopeCondition(viewer, { region: sql`z.region_code`, zone: sql`z.code`, district: sql`d.code` })}
    order by g.id
    limit ${limit}`;
  return rowsOf<RetailerReportRecord>(await db.execute(query));
}
