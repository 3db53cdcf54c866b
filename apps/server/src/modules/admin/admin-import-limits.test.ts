/**
 * The console's CSV import cannot stall the server. A file that is not UTF-8 is
 * refused with a clear message; a file over the size or row limit answers 413 naming the limit;
 * problems are capped (the first 1,000 and a count); and a large file never holds the event loop.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, IMPORT_BODY_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_PROBLEMS_MAX, importResultSchema, type AdminLoginData } from '@portal/contracts';
import { bearer, buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { longestEventLoopPause, ROSTER_HEADER, rosterWithBadEmails } from '../../import/testing/large-csv.ts';

describe('console CSV import limits', () => {
  let t: TestApp;
  let token: string;
  const upload = (payload: string | Buffer, kind = 'rosters') =>
    t.app.inject({ method: 'POST', url: `${ADMIN_PATHS.import}?kind=${kind}&dryRun=true`, headers: { ...bearer(token), 'content-type': 'text/csv' }, payload });

  beforeAll(async () => {
    t = await buildTestApp({ stores: 20 });
    const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
    token = (res.json() as { data: AdminLoginData }).data.accessToken;
  });
  afterAll(async () => t?.close());

  it('refuses a file that is not UTF-8, saying how to save it', async () => {
    // "José" in Windows-1252, as Excel's plain "CSV" saves it.
    const latin1 = Buffer.from(`${ROSTER_HEADER}\n10001,jose.pena@example.com,Jos\u00e9,Pe\u00f1a,staff\n`, 'latin1');
    const res = await upload(latin1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ succeeded: false, message: expect.stringMatching(/not UTF-8.*CSV UTF-8/), errors: [{ field: 'file' }] });
    // The same text as UTF-8 is read (and checked) as usual.
    const utf8 = await upload(Buffer.from(latin1.toString('latin1'), 'utf8'));
    expect(utf8.statusCode, utf8.body).toBe(200);
  });

  it('answers a file over the size limit with 413 naming the limit', async () => {
    const res = await upload(Buffer.alloc(IMPORT_BODY_MAX_BYTES + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ succeeded: false, message: `Request body too large: the limit is ${IMPORT_BODY_MAX_BYTES / 1024 / 1024} MiB` });
  });

  it('answers a file over the row limit with 413 naming the limit', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `10001,p${i}@x.example,A,B,staff`);
    const res = await upload(`${ROSTER_HEADER}\n${rows.join('\n')}\n`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ succeeded: false, message: expect.stringContaining(`at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`) });
    // At the limit, the file is read.
    const atLimit = await upload(`${ROSTER_HEADER}\n${rows.slice(0, IMPORT_MAX_ROWS).join('\n')}\n`);
    expect(atLimit.statusCode).toBe(200);
  }, 120_000);

  it('lists the first 1,000 problems and counts them all, without holding the event loop', async () => {
    const file = rosterWithBadEmails(60_000);
    expect(file.length).toBeGreaterThan(3_300_000);
    const { result: res, longestMs, longestCpuMs } = await longestEventLoopPause(() => upload(file));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const answer = importResultSchema.parse((res.json() as { data: unknown }).data);
    expect(answer.ok).toBe(false);
    expect(answer.problems).toHaveLength(IMPORT_PROBLEMS_MAX);
    expect(answer.problemsTotal).toBeGreaterThanOrEqual(60_000);
    expect(answer.problems[0]).toMatchObject({ line: 2, column: 'email' });
    expect(res.body.length).toBeLessThan(300_000);
    // Before, the whole file was parsed in one block (0.86 s for the whole import on an idle
    // machine). The bound is taken against what one synchronous parse of the same file costs here
    // and now, in CPU time: the import's longest slice of work between two turns of the event loop
    // must be a small part of it. Wall-clock pauses also grow with the time the process waits for
    // a core on a loaded machine (445 ms once in CI, against a 371 ms bound), CPU time does not. The
    // idle wall-clock figure (under 50 ms) is measured by bench/admin/import-event-loop.bench.ts
    // (docs/benchmarks.md).
    const cpuBefore = process.cpuUsage();
    parse(file, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
    const cpu = process.cpuUsage(cpuBefore);
    const blockingCpuMs = (cpu.user + cpu.system) / 1000;
    console.log(`longest event-loop pause during a 3.4 MB import: ${longestMs.toFixed(0)} ms, ${longestCpuMs.toFixed(0)} ms of CPU (one synchronous parse of it here: ${blockingCpuMs.toFixed(0)} ms of CPU)`);
    expect(longestCpuMs).toBeLessThan(Math.max(250, blockingCpuMs / 3));
  }, 120_000);
});
