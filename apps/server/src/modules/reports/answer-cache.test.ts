/**
 * The report data version and the answer cache built on it (docs/decisions/008-report-answer-cache.md):
 * the version moves with every committed change of a table a report reads and with nothing else, a
 * cached answer is never served after such a change, and the cache's own rules (one computation per
 * key and version, failures not kept, least recently used dropped first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isPostgresRun } from '@portal/db/testing';
import { rowsOf } from '@portal/db';
import type { RegionRow, StoreDetailRow } from '@portal/contracts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ReportAnswerCache } from './answer-cache.ts';
import { foldReportDataVersions, reportDataVersion } from '../report-scope/report-scope.queries.ts';
import { createReportScopeService } from '../report-scope/report-scope.service.ts';
import { preferredEncoding } from './encoded-answer.ts';
import { COMPRESS_THRESHOLD_BYTES } from '../../plugins/compression.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ stores: 300 });
  token = (await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken;
});
afterAll(async () => t?.close());

const version = () => reportDataVersion(t.database.db);

async function regionReport(): Promise<RegionRow[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Report/GetEnrollments?reportLevel=Region',
    headers: bearer(token),
    payload: { region: '', zone: '', district: '', select: 'ALL' },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { dataSet: { table: RegionRow[] } } }).data.dataSet.table;
}

async function storeDetail(district: string): Promise<StoreDetailRow[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Report/GetEnrollments?reportLevel=District',
    headers: bearer(token),
    payload: { region: '', zone: '', district, select: 'ALL' },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { dataSet: { table: StoreDetailRow[] } } }).data.dataSet.table;
}

const total = (rows: RegionRow[]) => rows[rows.length - 1]!.enrollDealer;

describe('report data version', () => {
  it('moves with each change of a table a report reads', async () => {
    const db = t.database.db;
    const changes = [
      sql`update registrations set updated_at = now() where id = (select min(id) from registrations)`,
      sql`update stores set name = name || '' where dlrnum = (select min(dlrnum) from stores)`,
      sql`update districts set name = name where code = (select min(code) from districts)`,
      sql`update zones set name = name where code = (select min(code) from zones)`,
      sql`update regions set objective_pct = objective_pct where code = (select min(code) from regions)`,
      sql`update people set last_name = last_name where id = (select min(id) from people)`,
    ];
    for (const change of changes) {
      const before = BigInt(await version());
      await db.execute(change);
      expect(BigInt(await version())).toBeGreaterThan(before);
    }
  });

  it('stays put for changes no report reads', async () => {
    const db = t.database.db;
    const before = await version();
    await db.execute(sql`insert into audit_log (action, success, detail) values ('answer-cache-test', true, '{}'::jsonb)`);
    await db.execute(sql`update people set company = company where id = (select min(id) from people)`);
    expect(await version()).toBe(before);
  });

  it('moves in the writing transaction: a rolled-back change leaves it where it was', async () => {
    const before = await version();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update registrations set updated_at = now() where id = (select min(id) from registrations)`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version()).toBe(before);
  });

  it.runIf(isPostgresRun())('is seen by other sessions only once the change commits', async () => {
    const before = await version();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let changed!: () => void;
    const inside = new Promise<void>((resolve) => (changed = resolve));
    const writer = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update registrations set updated_at = now() where id = (select min(id) from registrations)`);
      changed();
      await held;
    });
    await inside;
    // Another pool connection: the uncommitted change is not visible, so neither is its version.
    expect(await version()).toBe(before);
    release();
    await writer;
    expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
  });

  it('folding the rows of ended sessions keeps the sum', async () => {
    const db = t.database.db;
    // A session that has ended (no such backend) left a row behind.
    await db.execute(sql`insert into report_data_versions (backend_pid, version) values (2147483000, nextval('report_data_version_seq'))`);
    const before = await version();
    const folded = await foldReportDataVersions(db);
    expect(folded).toBeGreaterThanOrEqual(1);
    expect(await version()).toBe(before);
    const [left] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from report_data_versions where backend_pid = 2147483000`));
    expect(left!.n).toBe(0);
  });
});

describe('cached report answers', () => {
  it('are served again while the data is unchanged, and recomputed after any change', async () => {
    const first = await regionReport();
    const again = await regionReport();
    expect(again).toEqual(first);

    // An enrollment written straight into the table (not through the API): the next answer has it.
    const [store] = rowsOf<{ dlrnum: string; person: number }>(
      await t.database.db.execute(sql`
        select st.dlrnum, p.id as person from stores st join people p on p.store_dlrnum = st.dlrnum
        where not exists (select 1 from registrations g where g.store_dlrnum = st.dlrnum and g.event_id = 'nbc' and g.status = 'Enrolled')
          and not exists (select 1 from registrations g where g.attendee_id = p.id and g.event_id = 'nbc')
        order by st.dlrnum limit 1`),
    );
    expect(store).toBeDefined();
    await t.database.db.execute(sql`
      insert into registrations (event_id, attendee_id, store_dlrnum, registered_by_id, attendee_type, status, enrolled_at, provider_ref)
      values ('nbc', ${store!.person}, ${store!.dlrnum}, ${store!.person}, 'dealer', 'Enrolled', now(), ${`answer-cache-${store!.dlrnum}`})`);
    expect(total(await regionReport())).toBe(total(first) + 1);
  });

  it('show a renamed attendee in the store detail at once', async () => {
    const [row] = rowsOf<{ district: string; person: number }>(
      await t.database.db.execute(sql`
        select st.district_code as district, g.attendee_id as person from registrations g join stores st on st.dlrnum = g.store_dlrnum
        where g.event_id = 'nbc' and g.status = 'Enrolled' and g.attendee_type = 'dealer' order by g.id limit 1`),
    );
    const before = await storeDetail(row!.district);
    await t.database.db.execute(sql`update people set last_name = 'Cachebuster' where id = ${row!.person}`);
    const after = await storeDetail(row!.district);
    expect(after).not.toEqual(before);
    expect(after.some((r) => 'atdName' in r && r.atdName.endsWith('Cachebuster'))).toBe(true);
  });
});

describe('ReportAnswerCache', () => {
  it('computes once for concurrent requests at one version, and again after the version moves', async () => {
    const cache = new ReportAnswerCache(createReportScopeService({ db: t.database.db }).dataVersionStatement());
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runs;
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', compute)));
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    await t.database.db.execute(sql`select report_data_bump()`);
    expect(await cache.get('k', compute)).toBe(2);
    expect(cache.stats()).toMatchObject({ misses: 2, hits: 4, entries: 1 });
  });

  it('does not keep a failed computation', async () => {
    const cache = new ReportAnswerCache(createReportScopeService({ db: t.database.db }).dataVersionStatement());
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('drops the least recently used answer beyond its size', async () => {
    const cache = new ReportAnswerCache(createReportScopeService({ db: t.database.db }).dataVersionStatement(), { maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a hit: a is now the most recent
    await cache.get('c', async () => 'c1'); // b goes
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('drops the least recently used answers beyond its bytes', async () => {
    const cache = new ReportAnswerCache(createReportScopeService({ db: t.database.db }).dataVersionStatement(), { maxBytes: 10, weigh: (answer) => String(answer).length });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('c', async () => 'cccc'); // 12 bytes: a goes
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 8 });
    expect(await cache.get('a', async () => 'AAAA')).toBe('AAAA');
  });
});

describe('cached answers on the wire', () => {
  it('are the same JSON compressed as the client accepts, or plain', async () => {
    // A store detail of one district, large enough to be compressed.
    const [big] = rowsOf<{ district: string }>(
      await t.database.db.execute(sql`select district_code as district from stores group by district_code order by count(*) desc limit 1`),
    );
    const ask = async (acceptEncoding: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Report/GetEnrollments?reportLevel=District',
        headers: { ...bearer(token), 'accept-encoding': acceptEncoding },
        payload: { region: '', zone: '', district: big!.district, select: 'ALL' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const encoding = res.headers['content-encoding'];
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
      return { encoding, json: JSON.parse(body.toString('utf8')) as unknown };
    };
    const plain = await ask('identity');
    expect(plain.encoding).toBeUndefined();
    expect(JSON.stringify(plain.json).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.json).toMatchObject({ succeeded: true, message: null });
    for (const [header, encoding] of [['br', 'br'], ['gzip, deflate', 'gzip'], ['gzip, br;q=0', 'gzip'], ['*', 'br']] as const) {
      const answer = await ask(header);
      expect(answer.encoding).toBe(encoding);
      expect(answer.json).toEqual(plain.json);
    }
  });

  it('carry the headers of an API answer sent through Fastify, in every encoding and below the compression threshold', async () => {
    // An answer that goes through Fastify's reply and its onSend hooks.
    const through = await t.app.inject({ method: 'GET', url: '/api/Report/GetAllRegions', headers: bearer(token) });
    expect(through.statusCode).toBe(200);
    const common = (name: string) => through.headers[name];
    for (const [level, acceptEncoding, encoding] of [
      ['Region', 'br, gzip', 'br'],
      ['Region', 'gzip', 'gzip'],
      ['Region', 'identity', undefined],
      ['Region', undefined, undefined],
      ['All', 'br, gzip', undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/Report/GetEnrollments?reportLevel=${level}`,
        headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        payload: { region: '', zone: '', district: '', select: 'ALL' },
      });
      expect(res.statusCode).toBe(200);
      const { date: _date, 'x-request-id': requestId, ...rest } = res.headers;
      expect(requestId).toEqual(expect.any(String));
      expect(requestId).not.toBe(through.headers['x-request-id']);
      expect(rest, `${level} ${acceptEncoding}`).toEqual({
        'x-content-type-options': common('x-content-type-options'),
        'referrer-policy': common('referrer-policy'),
        'content-type': common('content-type'),
        ...(encoding ? { 'content-encoding': encoding, vary: 'accept-encoding' } : {}),
        'cache-control': common('cache-control'),
        'content-length': String(res.rawPayload.length),
        connection: 'keep-alive',
      });
      expect(common('cache-control')).toBe('no-store');
    }
  });

  it('negotiate the encoding as the compression plugin does', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding('gzip, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*;q=0')).toBeNull();
    expect(preferredEncoding('BR')).toBe('br');
    expect(preferredEncoding(['gzip', 'deflate'])).toBe('gzip');
  });
});
