/**
 * The statements of report scopes (report-scope.ts says what a scope is and how it is resolved): the
 * scope of an attendee or report user resolved against the dealer network, the per-request lookup
 * that reads the report data version (answer-cache.ts) with it, and the organizer's changes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { namedStatement, rowsOf, type Db, type DbOrTx, type ReportScopeLevel } from '@portal/db';
import { coalesce } from '../../lib/coalesce.ts';
import type { AuthUser } from '../../plugins/auth.ts';

/** A stored level and code resolved against the network: the code's ancestors and their names (null when not in the network). */
export interface ResolvedRow {
  level: string | null;
  code: string | null;
  region: string | null;
  region_name: string | null;
  zone: string | null;
  zone_name: string | null;
  district: string | null;
  district_name: string | null;
}

/**
 * The network rows a stored level and code stand for, with their ancestors and names. `stored` is a
 * derived table, not a CTE, so it may read the columns of a lateral join's outer row.
 */
const resolveFrom = (stored: SQL) => sql`
  select s.level, s.code,
    coalesce(sr.code, sz.region_code, dz.region_code) as region,
    coalesce(sr.description, szr.description, dzr.description) as region_name,
    coalesce(sz.code, dz.code) as zone, coalesce(sz.name, dz.name) as zone_name,
    sd.code as district, sd.name as district_name
  from (${stored}) s
  left join regions sr on s.level = 'region' and sr.code = s.code
  left join zones sz on s.level = 'zone' and sz.code = s.code
  left join regions szr on szr.code = sz.region_code
  left join districts sd on s.level = 'district' and sd.code = s.code
  left join zones dz on dz.code = sd.zone_code
  left join regions dzr on dzr.code = dz.region_code`;

/** The stored level and code of an attendee (by person id) or a report user (by lower-case e-mail). */
const storedScopeOf = {
  person: (id: number) => sql`select report_scope_level as level, report_scope_code as code from people where id = ${id}`,
  reportUser: (email: string) => sql`select report_scope_level as level, report_scope_code as code from report_users where email = ${email}`,
};

/** What a report request reads before its answer: whose scope, and the token whose revocation to check (null: checked elsewhere). */
export interface RequestKey {
  /** The token's id, checked against logouts and (with `personId`) erased people; null to leave the check out. */
  jti: string | null;
  personId: number | null;
  /** A report user's e-mail, lower-case; read when `personId` is null. */
  email: string;
}

/**
 * The row of one request: the version of the report data (answer-cache.ts), whether its token is
 * revoked (a logout, or its person erased since), and its scope resolved against the network. The
 * scope's columns are null when the person or report user has none stored.
 */
export type RequestRow = Partial<ResolvedRow> & { data_version: string; revoked: boolean };

/**
 * The per-request lookup of report routes, one statement for every request that arrives in one turn
 * of the event loop (lib/coalesce.ts): the data version is summed once for the batch, each key gets
 * its token's revocation and its scope. The version is read after every request of the batch
 * arrived, so a cached answer at that version is never older than a change committed before the
 * request started. With 100 readers at once, a round trip per read cost more CPU (the driver's
 * socket writes, the backend's wake-up) than the reads themselves.
 */
const REQUEST_LOOKUP_SQL = new PgDialect().sqlToQuery(sql`
  select k.i, v.data_version,
    (k.jti is not null and (exists (select 1 from revoked_tokens t where t.jti = k.jti)
      or exists (select 1 from person_erasures e where e.person_id = k.person_id))) as revoked,
    r.*
  from (select coalesce(sum(version), 0)::text as data_version from report_data_versions) v
  cross join jsonb_to_recordset(${sql.raw('$1')}::jsonb) as k(i int, jti text, person_id int, email text)
  left join lateral (${resolveFrom(sql`
    select report_scope_level as level, report_scope_code as code from people where id = k.person_id
    union all
    select report_scope_level as level, report_scope_code as code from report_users where k.person_id is null and email = k.email`)}) r on true`).sql;

const requestLookups = new WeakMap<Db, (key: RequestKey) => Promise<RequestRow>>();

/** The coalesced per-request lookup of `db` (one per database, shared by every route that reads a scope). */
export function requestLookupOf(db: Db): (key: RequestKey) => Promise<RequestRow> {
  let lookup = requestLookups.get(db);
  if (!lookup) {
    const query = namedStatement<RequestRow & { i: number }>(db, 'report_request_lookup', REQUEST_LOOKUP_SQL);
    // Two batches at the database at most: under saturation the requests that arrive meanwhile
    // gather into the next batch instead of each turn of the event loop sending its own.
    lookup = coalesce(async (keys: readonly RequestKey[]) => {
      const json = JSON.stringify(keys.map((k, i) => ({ i, jti: k.jti, person_id: k.personId, email: k.email })));
      const answers = new Array<RequestRow>(keys.length);
      for (const row of await query([json])) answers[row.i] = row;
      return answers;
    }, 256, { maxInFlight: 2 });
    requestLookups.set(db, lookup);
  }
  return lookup;
}

/** The scope of an attendee (by person id) or a report user (by e-mail), resolved; undefined when there is no such row. */
export async function loadRow(db: DbOrTx, user: Pick<AuthUser, 'personId' | 'email'>): Promise<ResolvedRow | undefined> {
  const stored = user.personId !== null ? storedScopeOf.person(user.personId) : storedScopeOf.reportUser(user.email.toLowerCase());
  return rowsOf<ResolvedRow>(await db.execute(resolveFrom(stored)))[0];
}

/** The zone's region, and the district's zone and region ('' names none). */
export async function areaParents(db: DbOrTx, zone: string, district: string) {
  const [found] = rowsOf<{ zone_region: string | null; district_zone: string | null; district_region: string | null }>(
    await db.execute(sql`
      select
        (select region_code from zones where code = ${zone}) as zone_region,
        (select zone_code from districts where code = ${district}) as district_zone,
        (select z.region_code from districts d join zones z on z.code = d.zone_code where d.code = ${district}) as district_region`),
  );
  return found;
}

/** A level and code as an organizer gives them, resolved against the network. */
export async function resolveStored(db: DbOrTx, level: ReportScopeLevel, code: string): Promise<ResolvedRow | undefined> {
  return rowsOf<ResolvedRow>(await db.execute(resolveFrom(sql`select ${level}::text as level, ${code}::text as code`)))[0];
}

export async function personCategory(db: DbOrTx, personId: number): Promise<string | undefined> {
  const [person] = rowsOf<{ category: string }>(await db.execute(sql`select category from people where id = ${personId}`));
  return person?.category;
}

export async function setPersonScope(db: DbOrTx, personId: number, value: { level: ReportScopeLevel; code: string | null } | null): Promise<void> {
  await db.execute(sql`update people set report_scope_level = ${value?.level ?? null}, report_scope_code = ${value?.code ?? null} where id = ${personId}`);
}

/** The report user row is created when it does not exist yet. `email` is lower-case. */
export async function upsertReportUserScope(db: DbOrTx, email: string, value: { level: ReportScopeLevel; code: string | null } | null): Promise<void> {
  await db.execute(sql`
    insert into report_users (email, report_scope_level, report_scope_code) values (${email}, ${value?.level ?? null}, ${value?.code ?? null})
    on conflict (email) do update set report_scope_level = excluded.report_scope_level, report_scope_code = excluded.report_scope_code`);
}

/** The stored level and code of an attendee or report user, unresolved; undefined when there is no such row. */
export async function storedScopeRow(db: DbOrTx, user: Pick<AuthUser, 'personId' | 'email'>): Promise<{ level: string | null; code: string | null } | undefined> {
  const stored = user.personId !== null ? storedScopeOf.person(user.personId) : storedScopeOf.reportUser(user.email.toLowerCase());
  const [row] = rowsOf<{ level: string | null; code: string | null }>(await db.execute(stored));
  return row;
}

// The report data version (answer-cache.ts).

/** The version: the sum over the rows (see the migration 0010). */
export const VERSION_SQL = 'select coalesce(sum(version), 0)::text as v from report_data_versions';

/** The current version of the report data (a decimal string: the sum can pass 2^53 in theory). */
export async function reportDataVersion(db: DbOrTx): Promise<string> {
  const [row] = rowsOf<{ v: string }>(await db.execute(sql.raw(VERSION_SQL)));
  return row?.v ?? '0';
}

/** Folds the version rows of ended database sessions into one (keeps the sum); the number folded. */
export async function foldReportDataVersions(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ folded: number }>(await db.execute(sql`select report_data_versions_fold() as folded`));
  return row?.folded ?? 0;
}

/** The version read as a named statement straight on the driver (read on every cached request). */
export function reportDataVersionStatement(db: Db): (params: readonly unknown[]) => Promise<Array<{ v: string }>> {
  return namedStatement<{ v: string }>(db, 'report_data_version', VERSION_SQL);
}
