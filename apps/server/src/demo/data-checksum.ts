/**
 * A checksum of the domain tables' contents, the same on PGlite and PostgreSQL: times are compared as
 * epoch seconds (text output would follow the session time zone), and load-time defaults such as
 * people.created_at are left out. Used to show that one seed always gives one data set.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@portal/db';

const epoch = (column: string) => `extract(epoch from ${column})::bigint`;

const TABLES: Record<string, { columns: string[]; orderBy: string }> = {
  events: { columns: ['id', 'name', 'provider_event_code', 'is_virtual', 'content_environment_id', 'starts_on', 'ends_on'], orderBy: 'id' },
  regions: { columns: ['code', 'description', 'objective_pct'], orderBy: 'code' },
  zones: { columns: ['code', 'region_code', 'name'], orderBy: 'code' },
  districts: { columns: ['code', 'zone_code', 'name'], orderBy: 'code' },
  people: { columns: ['id', 'email', 'first_name', 'last_name', 'store_dlrnum', 'category', 'zone_code', 'company'], orderBy: 'id' },
  stores: {
    columns: ['dlrnum', 'name', 'city', 'state', 'district_code', 'complimentary_seats', 'executive_manager_id', 'general_manager_id'],
    orderBy: 'dlrnum',
  },
  access_codes: {
    columns: ['event_id', 'code_hash', 'label', 'policies', 'reg_type', 'attendee_type', 'person_category', 'requires_roster', 'agenda_group', 'conference_group', 'faq_group', 'active'],
    orderBy: 'event_id, code_hash',
  },
  registrations: {
    columns: [
      'id', 'event_id', 'attendee_id', 'store_dlrnum', 'registered_by_id', 'attendee_type', 'status', epoch('enrolled_at'),
      'arrival_date', 'departure_date', 'is_virtual', 'is_free', 'provider', 'provider_ref', epoch('created_at'), epoch('updated_at'),
    ],
    orderBy: 'id',
  },
};

/** md5 per table, over every row's listed columns in a fixed order. */
export async function domainChecksums(db: DbOrTx): Promise<Record<string, string>> {
  const parts: SQL[] = Object.entries(TABLES).map(
    ([table, { columns, orderBy }]) =>
      sql.raw(`select '${table}' as name, md5(coalesce(string_agg(${columns.map((c) => `coalesce((${c})::text, '\\N')`).join(` || '|' || `)}, E'\\n' order by ${orderBy}), '')) as hash from ${table}`),
  );
  const rows = rowsOf<{ name: string; hash: string }>(await db.execute(sql.join(parts, sql` union all `)));
  // `union all` may answer in any order (PostgreSQL runs its branches in parallel): key by table name,
  // in a fixed order, so equal data gives equal objects and equal JSON.
  const byName = new Map(rows.map((r) => [r.name, r.hash]));
  return Object.fromEntries(Object.keys(TABLES).map((name) => [name, byName.get(name) ?? '']));
}
