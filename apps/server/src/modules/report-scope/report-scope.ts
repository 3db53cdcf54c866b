/**
 * Report scopes (docs/reports.md, "Report scopes"): a field or corporate person, or a report user, may
 * be limited to one region, zone or district of the dealer network. Every report, export and list
 * answers only rows inside the caller's scope; naming a region, zone or district outside it answers
 * 403; `ALL` means "all of my scope".
 *
 * This file holds what a scope is and the SQL conditions that keep rows inside it, which other
 * modules' queries compose into their statements; what reads or writes the database (a request's
 * scope, the 403 checks, the organizer's setters, the report data's version) is the report-scope
 * service (report-scope.service.ts), built once in app.ts and handed to the modules that need it.
 *
 * How to use it (this API is stable; other modules build on it):
 *
 * - Report routes (modules/reports, modules/retailer-report, and new reports: coverage, hierarchy
 *   workbook, timeline, nbc vs abc, digest), with `scopes` the service:
 *     const scope = await scopes.ofRequest(request);              // the caller's scope, once per request
 *     await scopes.assertInScope(scope, { region, zone, district }); // 403 for a named code outside it
 *     ... where ${scopeCondition(scope, { region: sql`z.region_code`, zone: sql`z.code`, district: sql`d.code` })}
 *     ... where ${storeInScope(scope, sql`g.store_dlrnum`)}       // when a query only has a store number
 *     ... where ${registrationInScope(scope, { store: sql`g.store_dlrnum`, person: sql`g.attendee_id` })}
 *     const { region, zone, district } = await scopes.narrow(scope, named) // check + the filter to use
 *   Store-count reports: pass `{ scope }` in reports.queries.ts's CountOptions.
 *   Pass `null`, `''` or `ALL` for a code the request leaves open; `assertInScope` ignores those.
 *   A digest or job without a request: `scopes.load({ personId, email })`.
 * - The organizer console (`PUT /api/Admin/People/{id}`): `scopes.setPersonScope(personId, scope)`
 *   with `{ level, code }` (code null for `network`) or `null` to clear it; it checks the level and
 *   code (400), that the code exists in the network (400) and that the person is a field or corporate
 *   person (400); `scopes.setReportUserScope(email, scope)` does the same for a report user.
 *   `scopeOfRow(level, code)` turns the two stored columns back into `{ level, code }` for display.
 *
 * Where the scope comes from: it is looked up per request from `people` (attendee tokens, by the
 * token's person id) or `report_users` (report tokens, by e-mail), not carried in the token. So an
 * organizer's change takes effect on the caller's very next request, also narrowing or removing
 * access of a session already open; the price is one indexed lookup per report request. A scope is
 * granted, never assumed: unset (or no row) means no report access at all, 403 with
 * `NO_REPORT_ACCESS_MESSAGE` on every report route (the whole network is a grant like the others,
 * `{ level: 'network' }`). A scope whose code no longer exists in the network (after a network
 * import) answers 403 on every report rather than falling back to more than it allowed.
 *
 * "Inside the scope" for a row: a store, district or zone row lies inside when it is in the scope's
 * region, zone or district; an attendee lies inside by their store's district, or (travellers
 * without a store) by the zone they cover, which is inside a region or zone scope but never inside a
 * district scope. A named region or zone that contains the scope is not outside it: a zone manager
 * may name their own region, and gets the part of it that is their zone.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ReportScopeLevel } from '@portal/db';

/** A resolved scope: its level's code and the codes of the levels above it. */
export type ReportScope =
  | { level: 'network' }
  | { level: 'region'; region: string }
  | { level: 'zone'; region: string; zone: string }
  | { level: 'district'; region: string; zone: string; district: string };

export const NETWORK_SCOPE: ReportScope = Object.freeze({ level: 'network' });

/** A scope as stored and as an organizer sets it: `{ level: 'network', code: null }` or a level with its code. */
export interface StoredReportScope {
  level: ReportScopeLevel;
  code: string | null;
}

/** The levels, widest first. */
export const SCOPE_LEVELS: readonly ReportScopeLevel[] = ['network', 'region', 'zone', 'district'];

/**
 * The answer to a person or report user without a granted scope: report data is visible only within
 * a scope explicitly granted (docs/reports.md, "Report scopes"); nothing defaults to the network.
 */
export const NO_REPORT_ACCESS_MESSAGE = 'No report access has been granted to this account. Ask an organizer to grant you a report scope.';

// ---------------------------------------------------------------------------------------------
// Named areas
// ---------------------------------------------------------------------------------------------

export interface NamedArea {
  region?: string | null;
  zone?: string | null;
  district?: string | null;
}

export function describeScope(scope: ReportScope): string {
  switch (scope.level) {
    case 'network':
      return 'the whole network';
    case 'region':
      return `region ${scope.region}`;
    case 'zone':
      return `zone ${scope.zone}`;
    case 'district':
      return `district ${scope.district}`;
  }
}

// ---------------------------------------------------------------------------------------------
// SQL
// ---------------------------------------------------------------------------------------------

/** Columns (or expressions) of a query's row that hold its region, zone and district codes. */
export interface ScopeColumns {
  region?: SQLWrapper;
  zone?: SQLWrapper;
  district?: SQLWrapper;
}

/**
 * A condition that keeps the rows inside the scope: `true` for the network, else a comparison on the
 * scope's own level's column. When the query has no column at that level:
 * - a finer column (a zone or district code under a region scope, ...) is tested for membership with
 *   a subquery on the network tables, so the row still has to lie inside;
 * - with `{ containing: true }`, a coarser column keeps the rows that contain the scope (the region
 *   row of a zone manager in a list of regions). Without that option a coarser column alone throws:
 *   counting a whole region for a zone manager would leak the other zones.
 * Rows whose codes are null are inside the network scope only.
 */
export function scopeCondition(scope: ReportScope, columns: ScopeColumns, options: { containing?: boolean } = {}): SQL {
  const { region, zone, district } = columns;
  switch (scope.level) {
    case 'network':
      return sql`true`;
    case 'region':
      if (region) return sql`${region} = ${scope.region}`;
      if (zone) return sql`${zone} in (select rs_z.code from zones rs_z where rs_z.region_code = ${scope.region})`;
      if (district) {
        return sql`${district} in (select rs_d.code from districts rs_d join zones rs_z on rs_z.code = rs_d.zone_code where rs_z.region_code = ${scope.region})`;
      }
      break;
    case 'zone':
      if (zone) return sql`${zone} = ${scope.zone}`;
      if (district) return sql`${district} in (select rs_d.code from districts rs_d where rs_d.zone_code = ${scope.zone})`;
      if (region && options.containing) return sql`${region} = ${scope.region}`;
      break;
    case 'district':
      if (district) return sql`${district} = ${scope.district}`;
      if (zone && options.containing) return sql`${zone} = ${scope.zone}`;
      if (region && options.containing) return sql`${region} = ${scope.region}`;
      break;
  }
  throw new Error(`scopeCondition: no column to limit a ${scope.level} scope (give the ${scope.level} column, or a finer one)`);
}

/** A condition that keeps the rows whose store (a dlrnum column or expression) lies inside the scope. */
export function storeInScope(scope: ReportScope, dlrnum: SQLWrapper): SQL {
  if (scope.level === 'network') return sql`true`;
  if (scope.level === 'district') return sql`${dlrnum} in (select rs_s.dlrnum from stores rs_s where rs_s.district_code = ${scope.district})`;
  return sql`${dlrnum} in (
    select rs_s.dlrnum from stores rs_s join districts rs_sd on rs_sd.code = rs_s.district_code
    where ${scopeCondition(scope, { district: sql`rs_sd.code`, zone: sql`rs_sd.zone_code` })})`;
}

/**
 * A condition that keeps the registrations (or any row with a store and a person) inside the scope:
 * by the store when there is one, else by the zone the person covers (never inside a district scope).
 */
export function registrationInScope(scope: ReportScope, row: { store: SQLWrapper; person: SQLWrapper }): SQL {
  if (scope.level === 'network') return sql`true`;
  const traveller =
    scope.level === 'district'
      ? sql`false`
      : sql`exists (select 1 from people rs_p where rs_p.id = ${row.person} and ${scopeCondition(scope, { zone: sql`rs_p.zone_code` })})`;
  return sql`((${row.store} is not null and ${storeInScope(scope, row.store)}) or (${row.store} is null and ${traveller}))`;
}

/** The stored columns as `{ level, code }`, or null when no scope is set. */
export function scopeOfRow(level: string | null, code: string | null): StoredReportScope | null {
  if (level === null) return null;
  return { level: level as ReportScopeLevel, code: level === 'network' ? null : code };
}

