/**
 * The report-scope service (report-scope.ts says what a scope is and what "inside" means): a
 * request's scope and the report data's version, read once per request; a subject's scope for a job
 * without a request; the 403 checks of named areas; the organizer's setters; the data version's
 * statement and fold. Built once in app.ts and handed to the report routes and to the services that
 * resolve, check or set scopes (reports, report-insights, sessions, arrivals, admin, auth, oidc).
 */
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, ReportScopeLevel } from '@portal/db';
import { ALL_CODES, type ReportScopeInfo } from '@portal/contracts';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { describeScope, NETWORK_SCOPE, NO_REPORT_ACCESS_MESSAGE, SCOPE_LEVELS, scopeOfRow, type NamedArea, type ReportScope, type StoredReportScope } from './report-scope.ts';
import * as q from './report-scope.queries.ts';

const PERSON_CATEGORIES_WITH_SCOPE = ['field', 'corporate'];

/** The resolved scope, or null when the stored code is not in the network. Call only for a row with a grant. */
function toScope(row: q.ResolvedRow): ReportScope | null {
  if (row.level === 'network') return NETWORK_SCOPE;
  if (row.level === 'region' && row.region) return { level: 'region', region: row.region };
  if (row.level === 'zone' && row.region && row.zone) return { level: 'zone', region: row.region, zone: row.zone };
  if (row.level === 'district' && row.region && row.zone && row.district) {
    return { level: 'district', region: row.region, zone: row.zone, district: row.district };
  }
  return null; // a code that is not (or no longer) in the network
}

function scopeOrForbidden(row: q.ResolvedRow | undefined): ReportScope {
  if (!row || row.level === null) throw forbidden(NO_REPORT_ACCESS_MESSAGE);
  const scope = toScope(row);
  if (!scope) throw forbidden(`Your report scope (${row?.level} ${row?.code}) is not in the dealer network any more. Ask an organizer to set it again.`);
  return scope;
}

const named = (code: string | null | undefined): string | null => (code && code.toUpperCase() !== ALL_CODES ? code : null);

interface RequestLookup {
  /** The caller's scope row as read (resolved into a scope, or refused, when a route asks for it). */
  row: q.RequestRow;
  scope?: ReportScope;
}

export type ReportScopeService = ReturnType<typeof createReportScopeService>;

export function createReportScopeService(deps: { db: Db }) {
  const { db } = deps;
  const requestLookupRow = q.requestLookupOf(db);
  const perRequest = new WeakMap<FastifyRequest, Promise<RequestLookup>>();

  /** Reads the caller's scope and the data version once per request (and, given the token's id, its revocation). */
  function lookup(request: FastifyRequest, user: AuthUser, jti: string | null): Promise<RequestLookup> {
    let found = perRequest.get(request);
    if (!found) {
      const key = { jti, personId: user.personId, email: user.personId !== null ? '' : user.email.toLowerCase() };
      found = requestLookupRow(key).then((row) => ({ row }));
      perRequest.set(request, found);
    }
    return found;
  }

  function requestLookup(request: FastifyRequest): Promise<{ scope: ReportScope; dataVersion: string }> {
    const user = request.user;
    if (!user) return Promise.reject(unauthorized());
    return lookup(request, user, null).then((found) => {
      const { row } = found;
      found.scope ??= scopeOrForbidden(row.level == null ? undefined : (row as q.ResolvedRow));
      return { scope: found.scope, dataVersion: row.data_version ?? '0' };
    });
  }

  /**
   * Throws 403 when a region, zone or district the request names lies outside the scope (shares no
   * store with it). A code that contains the scope (a zone manager's own region) is allowed; an unknown
   * code under a narrower scope is outside it. Empty, null and `ALL` name nothing.
   */
  async function assertInScope(scope: ReportScope, area: NamedArea): Promise<void> {
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
    const found = await q.areaParents(db, zone ?? '', district ?? '');
    if (zoneNeedsLookup && found?.zone_region !== scope.region) throw outside(`Zone ${zone}`);
    if (districtNeedsLookup) {
      const inside = scope.level === 'region' ? found?.district_region === scope.region : found?.district_zone === scope.zone;
      if (!inside) throw outside(`District ${district}`);
    }
  }

  /** Checks a scope an organizer sets: a known level, a code for the narrower levels that exists in the network. */
  async function validateStored(tx: DbOrTx, scope: StoredReportScope): Promise<StoredReportScope> {
    const field = 'scope';
    if (!SCOPE_LEVELS.includes(scope.level)) {
      throw badRequest(`scope level must be one of ${SCOPE_LEVELS.join(', ')}`, [{ field: `${field}.level`, message: `must be one of ${SCOPE_LEVELS.join(', ')}` }]);
    }
    const code = scope.code?.trim() ?? '';
    if (scope.level === 'network') {
      if (code) throw badRequest('a network scope takes no code', [{ field: `${field}.code`, message: 'must be empty for the network scope' }]);
      return { level: 'network', code: null };
    }
    if (!code) throw badRequest(`a ${scope.level} scope needs a code`, [{ field: `${field}.code`, message: `is required for a ${scope.level} scope` }]);
    const row = await q.resolveStored(tx, scope.level, code);
    if (!row || !toScope(row)) throw badRequest(`There is no ${scope.level} ${code} in the dealer network`, [{ field: `${field}.code`, message: `no ${scope.level} has this code` }]);
    return { level: scope.level, code };
  }

  return {
    /**
     * The revocation check of a report reader's token (`app.authenticateWith`), read in the same
     * statement as the caller's scope and the report data version, which `ofRequest` and
     * `dataVersionOfRequest` then answer without another read: one round trip per report request,
     * shared by the requests that arrive together. The scope is only resolved (and refused) when a
     * route asks for it, after the token and the policy were checked.
     */
    tokenRevoked: async (request: FastifyRequest, user: AuthUser): Promise<boolean> => (await lookup(request, user, user.jti)).row.revoked,

    /** The scope of an authenticated request (after `app.authenticate`), looked up once per request. */
    ofRequest: async (request: FastifyRequest): Promise<ReportScope> => (await requestLookup(request)).scope,

    /**
     * The version of the report data (answer-cache.ts) as read with the request's scope, in the same
     * statement: what a cached answer of this request must have been computed at.
     */
    dataVersionOfRequest: async (request: FastifyRequest): Promise<string> => (await requestLookup(request)).dataVersion,

    /**
     * The scope of a token's subject, read from the database now. Throws 403 when the stored code is
     * not in the network (fail closed). For requests prefer `ofRequest`, which reads it once per request.
     */
    load: async (user: Pick<AuthUser, 'personId' | 'email'>): Promise<ReportScope> => scopeOrForbidden(await q.loadRow(db, user)),

    /** The caller's scope with names, for `GET /api/Report/GetReportScope`. */
    async info(user: Pick<AuthUser, 'personId' | 'email'>): Promise<ReportScopeInfo> {
      const row = await q.loadRow(db, user);
      const scope = scopeOrForbidden(row);
      const at = SCOPE_LEVELS.indexOf(scope.level);
      const keep = (level: ReportScopeLevel, value: string | null | undefined) => (at >= SCOPE_LEVELS.indexOf(level) ? (value ?? '') : '');
      return {
        level: scope.level,
        region: keep('region', row?.region),
        regionName: keep('region', row?.region_name),
        zone: keep('zone', row?.zone),
        zoneName: keep('zone', row?.zone_name),
        district: keep('district', row?.district),
        districtName: keep('district', row?.district_name),
      };
    },

    assertInScope,

    /**
     * `assertInScope`, then the named area narrowed to the scope: each level's code is the named one
     * or, when none is named, the scope's own (so a filter by these codes alone stays inside the
     * scope). '' for a level neither names.
     */
    async narrow(scope: ReportScope, area: NamedArea): Promise<{ region: string; zone: string; district: string }> {
      await assertInScope(scope, area);
      return {
        region: named(area.region) ?? (scope.level === 'network' ? '' : scope.region),
        zone: named(area.zone) ?? (scope.level === 'zone' || scope.level === 'district' ? scope.zone : ''),
        district: named(area.district) ?? (scope.level === 'district' ? scope.district : ''),
      };
    },

    validateStored,

    /**
     * Sets (or with null clears) the report scope of a field or corporate person. 404 for an unknown
     * person, 400 for another category or a scope that `validateStored` refuses. Takes effect on the
     * person's next report request.
     */
    async setPersonScope(personId: number, scope: StoredReportScope | null): Promise<StoredReportScope | null> {
      const category = await q.personCategory(db, personId);
      if (category === undefined) throw notFound('No such person');
      if (scope && !PERSON_CATEGORIES_WITH_SCOPE.includes(category)) {
        throw badRequest('Only field and corporate people carry a report scope', [{ field: 'scope', message: 'only field and corporate people carry a report scope' }]);
      }
      const value = scope ? await validateStored(db, scope) : null;
      await q.setPersonScope(db, personId, value);
      return value;
    },

    /** Sets (or clears) a report user's scope; the report user row is created when it does not exist yet. */
    async setReportUserScope(email: string, scope: StoredReportScope | null): Promise<StoredReportScope | null> {
      const value = scope ? await validateStored(db, scope) : null;
      await q.upsertReportUserScope(db, email.toLowerCase(), value);
      return value;
    },

    /**
     * The scope granted to an attendee (by person id) or a report user (by e-mail) as stored, or null
     * when none is: what the login answer tells the web app (`LoginData.reportScope`), not resolved
     * against the network (the report routes do that per request).
     */
    async grantOf(user: Pick<AuthUser, 'personId' | 'email'>): Promise<StoredReportScope | null> {
      const row = await q.storedScopeRow(db, user);
      return row ? scopeOfRow(row.level, row.code) : null;
    },

    /**
     * The version of the report data: a counter the database raises on every change a report can see
     * (kept by triggers), summed over one row per database session. The reports' answer cache keys its
     * answers by it, read as a named statement straight on the driver (read on every cached request).
     */
    dataVersionStatement: (): ((params: readonly unknown[]) => Promise<Array<{ v: string }>>) => q.reportDataVersionStatement(db),

    /** Folds the version rows of ended database sessions into one (keeps the sum); the number folded. */
    foldDataVersions: (): Promise<number> => q.foldReportDataVersions(db),
  };
}
