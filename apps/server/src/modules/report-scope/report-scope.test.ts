/**
 * The report-scope building blocks on the demo network: resolving a stored scope, the 403 check for
 * named codes, the SQL conditions (against counts taken straight from the network tables) and the
 * organizer's setters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { AppError } from '../../lib/errors.ts';
import { buildTestApp, DEMO, type TestApp } from '../../testing/build-test-app.ts';
import { NETWORK_SCOPE, scopeCondition, storeInScope, type ReportScope } from './report-scope.ts';
import { createReportScopeService } from './report-scope.service.ts';

const REGION: ReportScope = { level: 'region', region: '010' };
const ZONE: ReportScope = { level: 'zone', region: '010', zone: '011' };
const DISTRICT: ReportScope = { level: 'district', region: '010', zone: '011', district: '011001' };

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

describe('report scopes', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const scopes = () => createReportScopeService({ db: db() });
  const count = async (query: SQL) => rowsOf<{ n: number }>(await db().execute(query))[0]!.n;
  const personId = async (email: string) => rowsOf<{ id: number }>(await db().execute(sql`select id from people where email = ${email}`))[0]!.id;

  beforeAll(async () => {
    t = await buildTestApp({ stores: 300 });
  });
  afterAll(() => t?.close());

  it('resolves the demo managers to their scope with its ancestors, and unset to no access at all (403)', async () => {
    const of = async (email: string) => scopes().load({ personId: await personId(email), email });
    expect(await of('region.manager@corp.example.com')).toEqual(REGION);
    expect(await of('zone.manager@corp.example.com')).toEqual(ZONE);
    expect(await of('district.manager@corp.example.com')).toEqual(DISTRICT);
    expect(await of(DEMO.corporate)).toEqual(NETWORK_SCOPE);
    expect(await of(DEMO.field)).toEqual(NETWORK_SCOPE);
    // Granted, never assumed: no row, or a row without a scope, has no report access.
    expect(await status(scopes().load({ personId: null, email: 'nobody@corp.example.com' }))).toBe(403);
    const traveller = rowsOf<{ id: number; email: string }>(
      await db().execute(sql`select id, email from people where category = 'field' and report_scope_level is null order by id limit 1`),
    )[0]!;
    expect(await status(scopes().load({ personId: traveller.id, email: traveller.email }))).toBe(403);
    expect(await status(scopes().info({ personId: traveller.id, email: traveller.email }))).toBe(403);
  });

  it('names the scope and the levels above it', async () => {
    const id = await personId('zone.manager@corp.example.com');
    const info = await scopes().info({ personId: id, email: 'zone.manager@corp.example.com' });
    expect(info).toMatchObject({ level: 'zone', region: '010', zone: '011', district: '', districtName: '' });
    expect(info.regionName).not.toBe('');
    expect(info.zoneName).not.toBe('');
    const network = await scopes().info({ personId: await personId(DEMO.corporate), email: DEMO.corporate });
    expect(network).toEqual({ level: 'network', region: '', regionName: '', zone: '', zoneName: '', district: '', districtName: '' });
  });

  it('answers 403 for a named region, zone or district outside the scope, and lets ancestors and ALL through', async () => {
    const cases: Array<[ReportScope, { region?: string; zone?: string; district?: string }, number]> = [
      [NETWORK_SCOPE, { region: '020', zone: '021', district: '021001' }, 200],
      [REGION, { region: '010' }, 200],
      [REGION, { region: 'ALL', zone: 'all' }, 200],
      [REGION, { zone: '016' }, 200],
      [REGION, { district: '016001' }, 200],
      [REGION, { region: '020' }, 403],
      [REGION, { zone: '021' }, 403],
      [REGION, { district: '021001' }, 403],
      [REGION, { zone: 'NOPE' }, 403],
      [REGION, { region: '010', zone: '021' }, 403],
      [ZONE, { region: '010' }, 200],
      [ZONE, { region: '010', zone: '011' }, 200],
      [ZONE, { region: '010', zone: '011', district: '011001' }, 200],
      [ZONE, { zone: '012' }, 403],
      [ZONE, { region: '020' }, 403],
      [ZONE, { district: '012001' }, 403],
      [DISTRICT, { region: '010', zone: '011', district: '011001' }, 200],
      [DISTRICT, { region: '010', zone: '011' }, 200],
      [DISTRICT, { district: '011002' }, 403],
      [DISTRICT, { zone: '012' }, 403],
      [DISTRICT, { region: '', zone: '', district: '' }, 200],
    ];
    for (const [scope, area, expected] of cases) {
      expect(await status(scopes().assertInScope(scope, area)), `${JSON.stringify(scope)} ${JSON.stringify(area)}`).toBe(expected);
    }
  });

  it('limits queries to the scope, whichever network column a query has', async () => {
    for (const scope of [NETWORK_SCOPE, REGION, ZONE, DISTRICT]) {
      const where =
        scope.level === 'network' ? sql`true` : scope.level === 'region' ? sql`z.region_code = '010'` : scope.level === 'zone' ? sql`z.code = '011'` : sql`d.code = '011001'`;
      const expected = await count(sql`select count(*)::int as n from stores s join districts d on d.code = s.district_code join zones z on z.code = d.zone_code where ${where}`);
      expect(expected).toBeGreaterThan(0);
      const byAll = await count(sql`select count(*)::int as n from stores s join districts d on d.code = s.district_code join zones z on z.code = d.zone_code
        where ${scopeCondition(scope, { region: sql`z.region_code`, zone: sql`z.code`, district: sql`d.code` })}`);
      const byDistrict = await count(sql`select count(*)::int as n from stores s where ${scopeCondition(scope, { district: sql`s.district_code` })}`);
      const byStore = await count(sql`select count(*)::int as n from stores s where ${storeInScope(scope, sql`s.dlrnum`)}`);
      expect([byAll, byDistrict, byStore], scope.level).toEqual([expected, expected, expected]);
    }
    // Rows that contain the scope, on request only.
    expect(await count(sql`select count(*)::int as n from regions r where ${scopeCondition(DISTRICT, { region: sql`r.code` }, { containing: true })}`)).toBe(1);
    expect(() => scopeCondition(ZONE, { region: sql`r.code` })).toThrow(/no column/);
  });

  it('sets and clears a scope with checks, and the change is read on the next lookup', async () => {
    const email = DEMO.field;
    const id = await personId(email);
    expect(await scopes().setPersonScope(id, { level: 'zone', code: '012' })).toEqual({ level: 'zone', code: '012' });
    expect(await scopes().load({ personId: id, email })).toEqual({ level: 'zone', region: '010', zone: '012' });
    expect(await status(scopes().setPersonScope(id, { level: 'district', code: '999999' }))).toBe(400);
    expect(await status(scopes().setPersonScope(id, { level: 'region', code: null }))).toBe(400);
    expect(await status(scopes().setPersonScope(id, { level: 'network', code: '010' }))).toBe(400);
    expect(await status(scopes().setPersonScope(99_999_999, { level: 'network', code: null }))).toBe(404);
    const dealer = await personId(DEMO.em);
    expect(await status(scopes().setPersonScope(dealer, { level: 'region', code: '010' }))).toBe(400);
    expect(await scopes().setPersonScope(id, null)).toBeNull();
    expect(await status(scopes().load({ personId: id, email }))).toBe(403);
    expect(await scopes().setPersonScope(id, { level: 'network', code: null })).toEqual({ level: 'network', code: null });
    expect(await scopes().load({ personId: id, email })).toEqual(NETWORK_SCOPE);

    await scopes().setReportUserScope('Scoped.Reports@corp.example.com', { level: 'region', code: '020' });
    expect(await scopes().load({ personId: null, email: 'scoped.reports@corp.example.com' })).toEqual({ level: 'region', region: '020' });

    // A scope whose code left the network fails closed.
    await db().execute(sql`update report_users set report_scope_code = 'GONE' where email = 'scoped.reports@corp.example.com'`);
    expect(await status(scopes().load({ personId: null, email: 'scoped.reports@corp.example.com' }))).toBe(403);
  });
});
