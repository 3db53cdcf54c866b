/**
 * Report scopes (docs/reports.md, "Report scopes"): a field or corporate person, or a report user, may
 * be limited to one region, zone or district of the dealer network. Every report, export and list
 * answers only rows inside the caller's scope; naming a region, zone or district outside it answers
 * 403; `ALL` means "all of my scope".
 *
 * How to use it (this API is stable; other modules build on it):
 *
 * - Report routes (modules/reports, modules/retailer-report, and new reports: coverage, hierarchy
 *   workbook, timeline, nbc vs abc, digest):
 *     const scope = await reportScopeOf(request);                 // the caller's scope, once per request
 *     await assertInScope(app.db, scope, { region, zone, district }); // 403 for a named code outside it
 *     ... where ${scopeCondition(scope, { region: sql`z.region_code`, zone: sql`z.code`, district: sql`d.code` })}
 *     ... where ${storeInScope(scope, sql`g.store_dlrnum`)}       // when a query only has a store number
 *     ... where ${registrationInScope(scope, { store: sql`g.store_dlrnum`, person: sql`g.attendee_id` })}
 *     const { region, zone, district } = await narrowToScope(app.db, scope, named) // check + the filter to use
 *   Store-count reports: pass `{ scope }` in reports.queries.ts's CountOptions.
 *   Pass `null`, `''` or `ALL` for a code the request leaves open; `assertInScope` ignores those.
 *   A digest or job without a request: `loadReportScope(db, { personId, email })`.
 * - The organizer console (`PUT /api/Admin/People/{id}`): `setPersonReportScope(db, personId, scope)`
 *   with `{ level, code }` (code null for `network`) or `null` to clear it; it checks the level and
 *   code (400), that the code exists in the network (400) and that the person is a field or corporate
 *   person (400); `setReportUserScope(db, email, scope)` does the same for a report user.
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
import type { FastifyRequest } from 'fastify';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx, ReportScopeLevel } from '@portal/db';
import { ALL_CODES, type ReportScopeInfo } from '@portal/contracts';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  areaParents,
  loadRow,
  personCategory,
  requestLookupOf,
  resolveStored,
  setPersonScope,
  storedScopeRow,
  upsertReportUserScope,
  type RequestRow,
  type ResolvedRow,
} from './report-scope.queries.ts';

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

const LEVELS: readonly ReportScopeLevel[] = ['network', 'region', 'zone', 'district'];
const PERSON_CATEGORIES_WITH_SCOPE = ['field', 'corporate'];

// ---------------------------------------------------------------------------------------------
// Resolving
// ---------------------------------------------------------------------------------------------

/**
 * The answer to a person or report user without a granted scope: report data is visible only within
 * a scope explicitly granted (docs/reports.md, "Report scopes"); nothing defaults to the network.
 */
export const NO_REPORT_ACCESS_MESSAGE = 'No report access has been granted to this account. Ask an organizer to grant you a report scope.';

/** The resolved scope, or null when the stored code is not in the network. Call only for a row with a grant. */
function toScope(row: ResolvedRow): ReportScope | null {
  if (row.level === 'network') return NETWORK_SCOPE;
  if (row.level === 'region' && row.region) return { level: 'region', region: row.region };
  if (row.level === 'zone' && row.region && row.zone) return { level: 'zone', region: row.region, zone: row.zone };
  if (row.level === 'district' && row.region && row.zone && row.district) {
    return { level: 'district', region: row.region, zone: row.zone, district: row.district };
  }
  return null; // a code that is not (or no longer) in the network
}

/**
 * The scope of a token's subject, read from the database now. Throws 403 when the stored code is not
 * in the network (fail closed). For requests prefer `reportScopeOf`, which reads it once per request.
 */
export async function loadReportScope(db: DbOrTx, user: Pick<AuthUser, 'personId' | 'email'>): Promise<ReportScope> {
  return scopeOrForbidden(await loadRow(db, user));
}

function scopeOrForbidden(row: ResolvedRow | undefined): ReportScope {
  if (!row || row.level === null) throw forbidden(NO_REPORT_ACCESS_MESSAGE);
  const scope = toScope(row);
  if (!scope) throw forbidden(`Your report scope (${row?.level} ${row?.code}) is not in the dealer network any more. Ask an organizer to set it again.`);
  return scope;
}

interface RequestLookup {
  /** The caller's scope row as read (resolved into a scope, or refused, when a route asks for it). */
  row: RequestRow;
  scope?: ReportScope;
}

const perRequest = new WeakMap<FastifyRequest, Promise<RequestLookup>>();

/** Reads the caller's scope and the data version once per request (and, given the token's id, its revocation). */
function lookup(request: FastifyRequest, user: AuthUser, jti: string | null): Promise<RequestLookup> {
  let found = perRequest.get(request);
  if (!found) {
    const key = { jti, personId: user.personId, email: user.personId !== null ? '' : user.email.toLowerCase() };
    found = requestLookupOf(request.server.db)(key).then((row) => ({ row }));
    perRequest.set(request, found);
  }
  return found;
}

function requestLookup(request: FastifyRequest): Promise<{ scope: ReportScope; dataVersion: string }> {
  const user = request.user;
  if (!user) return Promise.reject(unauthorized());
  return lookup(request, user, null).then((found) => {
    const { row } = found;
    found.scope ??= scopeOrForbidden(row.level == null ? undefined : (row as ResolvedRow));
    return { scope: found.scope, dataVersion: row.data_version ?? '0' };
  });
}

/**
 * The revocation check of a report reader's token (`app.authenticateWith`), read in the same
 * statement as the caller's scope and the report data version, which `reportScopeOf` and
 * `reportDataVersionOf` then answer without another read: one round trip per report request, shared
 * by the requests that arrive together. The scope is only resolved (and refused) when a route asks
 * for it, after the token and the policy were checked.
 */
export async function reportTokenRevoked(request: FastifyRequest, user: AuthUser): Promise<boolean> {
  return (await lookup(request, user, user.jti)).row.revoked;
}

/** The scope of an authenticated request (after `app.authenticate`), looked up once per request. */
export async function reportScopeOf(request: FastifyRequest): Promise<ReportScope> {
  return (await requestLookup(request)).scope;
}

/**
 * The version of the report data (answer-cache.ts) as read with the request's scope, in the same
 * statement: what a cached answer of this request must have been computed at.
 */
export async function reportDataVersionOf(request: FastifyRequest): Promise<string> {
  return (await requestLookup(request)).dataVersion;
}

/** The caller's scope with names, for `GET /api/Report/GetReportScope`. */
export async function reportScopeInfo(db: DbOrTx, user: Pick<AuthUser, 'personId' | 'email'>): Promise<ReportScopeInfo> {
  const row = await loadRow(db, user);
  const scope = scopeOrForbidden(row);
  const at = LEVELS.indexOf(scope.level);
  const keep = (level: ReportScopeLevel, value: string | null | undefined) => (at >= LEVELS.indexOf(level) ? (value ?? '') : '');
  return {
    level: scope.level,
    region: keep('region', row?.region),
    regionName: keep('region', row?.region_name),
    zone: keep('zone', row?.zone),
    zoneName: keep('zone', row?.zone_name),
    district: keep('district', row?.district),
    districtName: keep('district', row?.district_name),
  };
}

// ---------------------------------------------------------------------------------------------
// Checking named codes
// ---------------------------------------------------------------------------------------------

export interface NamedArea {
  region?: string | null;
  zone?: string | null;
  district?: string | null;
}

const named = (code: string | null | undefined): string | null => (code && code.toUpperCase() !== ALL_CODES ? code : null);

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

/**
 * Throws 403 when a region, zone or district the request names lies outside the scope (shares no
 * store with it). A code that contains the scope (a zone manager's own region) is allowed; an unknown
 * code under a narrower scope is outside it. Empty, null and `ALL` name nothing.
 */
export async function assertInScope(db: DbOrTx, scope: ReportScope, area: NamedArea): Promise<void> {
  if (scope.level === 'network') return;
  const region = named(area.region);
  const zone = named(area.zone);
  const district = named(area.district);
  const outside = (what: string) => forbidden(`${what} is outside your report scope (${describeScope(scope)}).`);

  if (region && region !== scope.region) throw outside(`Region ${region}`);
  if (zone && scope.level !== 'region' && zone !== scope.zone) throw outside(`Zone ${zone}`);
  if (district && scope.level === 'district' && district !== scope.district) throw outside(`District ${district}`);

  const zoneNeedsLookup = zone !== null && scope.level === 'region';
  const districtNeedsLookup = district !== null && scope.level !== 'district';
  if (!zoneNeedsLookup && !districtNeedsLookup) return;
  const found = await areaParents(db, zone ?? '', district ?? '');
  if (zoneNeedsLookup && found?.zone_region !== scope.region) throw outside(`Zone ${zone}`);
  if (districtNeedsLookup) {
    const inside = scope.level === 'region' ? found?.district_region === scope.region : found?.district_zone === scope.zone;
    if (!inside) throw outside(`District ${district}`);
  }
}

/**
 * `assertInScope`, then the named area narrowed to the scope: each level's code is the named one or,
 * when none is named, the scope's own (so a filter by these codes alone stays inside the scope).
 * '' for a level neither names.
 */
export async function narrowToScope(db: DbOrTx, scope: ReportScope, area: NamedArea): Promise<{ region: string; zone: string; district: string }> {
  await assertInScope(db, scope, area);
  return {
    region: named(area.region) ?? (scope.level === 'network' ? '' : scope.region),
    zone: named(area.zone) ?? (scope.level === 'zone' || scope.level === 'district' ? scope.zone : ''),
    district: named(area.district) ?? (scope.level === 'district' ? scope.district : ''),
  };
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

// ---------------------------------------------------------------------------------------------
// Setting (organizer console)
// ---------------------------------------------------------------------------------------------

/** The stored columns as `{ level, code }`, or null when no scope is set. */
export function scopeOfRow(level: string | null, code: string | null): StoredReportScope | null {
  if (level === null) return null;
  return { level: level as ReportScopeLevel, code: level === 'network' ? null : code };
}

/** Checks a scope an organizer sets: a known level, a code for the narrower levels that exists in the network. */
export async function validateStoredScope(db: DbOrTx, scope: StoredReportScope): Promise<StoredReportScope> {
  const field = 'scope';
  if (!LEVELS.includes(scope.level)) throw badRequest(`scope level must be one of ${LEVELS.join(', ')}`, [{ field: `${field}.level`, message: `must be one of ${LEVELS.join(', ')}` }]);
  const code = scope.code?.trim() ?? '';
  if (scope.level === 'network') {
    if (code) throw badRequest('a network scope takes no code', [{ field: `${field}.code`, message: 'must be empty for the network scope' }]);
    return { level: 'network', code: null };
  }
  if (!code) throw badRequest(`a ${scope.level} scope needs a code`, [{ field: `${field}.code`, message: `is required for a ${scope.level} scope` }]);
  const row = await resolveStored(db, scope.level, code);
  if (!row || !toScope(row)) throw badRequest(`There is no ${scope.level} ${code} in the dealer network`, [{ field: `${field}.code`, message: `no ${scope.level} has this code` }]);
  return { level: scope.level, code };
}

/**
 * Sets (or with null clears) the report scope of a field or corporate person. 404 for an unknown
 * person, 400 for another category or a scope that `validateStoredScope` refuses. Takes effect on
 * the person's next report request.
 */
export async function setPersonReportScope(db: DbOrTx, personId: number, scope: StoredReportScope | null): Promise<StoredReportScope | null> {
  const category = await personCategory(db, personId);
  if (category === undefined) throw notFound('No such person');
  if (scope && !PERSON_CATEGORIES_WITH_SCOPE.includes(category)) {
    throw badRequest('Only field and corporate people carry a report scope', [{ field: 'scope', message: 'only field and corporate people carry a report scope' }]);
  }
  const value = scope ? await validateStoredScope(db, scope) : null;
  await setPersonScope(db, personId, value);
  return value;
}

/** Sets (or clears) a report user's scope; the report user row is created when it does not exist yet. */
export async function setReportUserScope(db: DbOrTx, email: string, scope: StoredReportScope | null): Promise<StoredReportScope | null> {
  const value = scope ? await validateStoredScope(db, scope) : null;
  await upsertReportUserScope(db, email.toLowerCase(), value);
  return value;
}

/**
 * The scope granted to an attendee (by person id) or a report user (by e-mail) as stored, or null
 * when none is: what the login answer tells the web app (`LoginData.reportScope`), not resolved
 * against the network (the report routes do that per request).
 */
export async function reportGrantOf(db: DbOrTx, user: Pick<AuthUser, 'personId' | 'email'>): Promise<StoredReportScope | null> {
  const row = await storedScopeRow(db, user);
  return row ? scopeOfRow(row.level, row.code) : null;
}
