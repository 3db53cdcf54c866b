/**
 * The streamed store list answers byte for byte what the whole-table answer was, whatever the page
 * size; API answers are compressed (br, gzip) above the threshold and left alone below it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { StoreFilter } from '@portal/contracts';
import { schema } from '@portal/db';
import { ok } from '../../lib/envelope.ts';
import { COMPRESS_THRESHOLD_BYTES } from '../../plugins/compression.ts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import * as q from './reports.queries.ts';
import { storeListStream } from './store-list-stream.ts';

let t: TestApp;
let token: string;

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  t = await buildTestApp();
  token = (await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('streamed store list', () => {
  it('equals the single-statement list for every scope, filter and page size', async () => {
    const db = t.database.db;
    const scopes: q.StoreScope[] = [{}, { region: '010' }, { region: '010', zone: '011' }, { region: '020' }, { region: 'NOPE' }];
    for (const scope of scopes) {
      for (const select of ['ALL', 'E', 'N'] as StoreFilter[]) {
        const whole = JSON.stringify(ok({ dataSet: { table: await q.storeList(db, 'nbc', scope, select) } }));
        for (const perPage of [1, 7, 50, 100_000]) {
          expect(await text(await storeListStream(db, 'nbc', scope, select, perPage))).toBe(whole);
        }
      }
    }
  });

  it('ends the stream with an error when a page read ahead fails, and never leaves a rejection unhandled', async () => {
    const db = t.database.db;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The page list, then the pages: the fourth page fails, while earlier ones are still being written.
      let calls = 0;
      const failing = new Proxy(db, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
          return (query: Parameters<typeof db.execute>[0]) => (++calls === 5 ? Promise.reject(new Error('page 4 failed')) : target.execute(query));
        },
      });
      const stream = await storeListStream(failing, 'nbc', {}, 'ALL', 10);
      await expect(text(stream)).rejects.toThrow('page 4 failed');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('pages follow the districts in list order and cover every store once', async () => {
    const pages = await q.storeListPages(t.database.db, {}, 25);
    expect(pages.length).toBeGreaterThan(3);
    const all = await q.storeList(t.database.db, 'nbc', {}, 'ALL');
    const paged: string[] = [];
    for (const districts of pages) paged.push(await q.storeListPageJson(t.database.db, 'nbc', { districts }, 'ALL'));
    expect(paged.every(Boolean)).toBe(true);
    expect(paged.join(',')).toBe(all.map((row) => JSON.stringify(row)).join(','));
  });

  it('writes the JSON the database builds exactly as JSON.stringify does, for any text in a name', async () => {
    const db = t.database.db;
    const [store] = await db.select({ dlrnum: schema.stores.dlrnum, name: schema.stores.name, city: schema.stores.city }).from(schema.stores).limit(1);
    const hostile = 'Quote " back \\ slash / tab\t nl\n cr\r bell\u0007 esc\u001b del\u007f é ü ✓ 😀 \u2028 <script>';
    await db.update(schema.stores).set({ name: hostile, city: 'Saint-Étienne "Nord"' }).where(eq(schema.stores.dlrnum, store!.dlrnum));
    try {
      const whole = JSON.stringify(ok({ dataSet: { table: await q.storeList(db, 'nbc', {}, 'ALL') } }));
      expect(whole).toContain(JSON.stringify(hostile));
      expect(await text(await storeListStream(db, 'nbc', {}, 'ALL', 25))).toBe(whole);
    } finally {
      await db.update(schema.stores).set({ name: store!.name, city: store!.city }).where(eq(schema.stores.dlrnum, store!.dlrnum));
    }
  });
});

describe('compressed API answers', () => {
  const storeData = (encoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Report/GetStoreData?reportLevel=Region',
      payload: { region: '', zone: '', district: '', select: 'ALL' },
      headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends br or gzip as the client asks, and plain JSON to a client that asks for neither', async () => {
    const plain = await storeData();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const rows = (plain.json() as { data: { dataSet: { table: unknown[] } } }).data.dataSet.table;
    expect(rows.length).toBeGreaterThan(100);

    const br = await storeData('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);

    const gzip = await storeData('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('leaves answers below the threshold uncompressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Report/GetAllRegions', headers: { ...bearer(token), 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('keeps error envelopes readable under compression', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Zone', payload: { region: '010' }, headers: { ...bearer(token), 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { succeeded: boolean }).succeeded).toBe(false);
  });
});
