/**
 * The sender's own thread (threaded-sender.ts): a pass's requests go out from the thread with the
 * same answers and SSRF guard as on the event loop, in the order given, and a closed or dead thread
 * fails what it held and is replaced at the next pass.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThreadedSender } from './threaded-sender.ts';

const demo = { allowPrivate: false, allowLoopback: true, allowHttp: true };
const production = { allowPrivate: false, allowLoopback: false, allowHttp: false };

describe('the threaded webhook sender', () => {
  let server: http.Server;
  let base: string;
  const seen: { path: string; body: string; signature: string | undefined }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ path: request.url ?? '', body, signature: request.headers['webhook-signature'] as string | undefined });
        const status = Number(request.url?.slice(1)) || 200;
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers each request's outcome in the order given, from the thread", async () => {
    const sender = createThreadedSender(demo, { timeoutMs: 2_000 });
    try {
      const results = await sender.postAll(
        ['/200', '/500', '/410', '/204'].map((path, i) => ({ url: `${base}${path}`, headers: { 'webhook-signature': `v1,${i}` }, body: `{"n":${i}}` })),
        2,
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 500, 410, 204]);
      expect(results.map((r) => r.error)).toEqual([null, 'HTTP 500', 'HTTP 410', null]);
      expect(seen.filter((s) => s.body.startsWith('{"n":')).map((s) => s.signature).sort()).toEqual(['v1,0', 'v1,1', 'v1,2', 'v1,3']);
      expect((await sender.postAll([{ url: `${base}/201`, headers: {}, body: '{}' }], 1))[0]!.statusCode).toBe(201);
    } finally {
      sender.close();
    }
  });

  it('keeps the SSRF guard on the thread: a loopback receiver is refused outside demo mode', async () => {
    const sender = createThreadedSender(production, { timeoutMs: 2_000 });
    try {
      const before = seen.length;
      const [plain, https] = await sender.postAll([{ url: `${base}/200`, headers: {}, body: '{}' }, { url: `https://127.0.0.1:1/`, headers: {}, body: '{}' }], 2);
      expect(plain).toMatchObject({ statusCode: null, error: expect.stringMatching(/^refused/) });
      expect(https).toMatchObject({ statusCode: null, error: expect.stringMatching(/^refused: .*loopback/) });
      expect(seen.length).toBe(before);
    } finally {
      sender.close();
    }
  });

  it('fails what a closed thread held, and starts a new thread for the next pass', async () => {
    const sender = createThreadedSender(demo, { timeoutMs: 2_000 });
    const slow = `http://10.255.255.1:9/`; // never answers within the test: held by the thread when it is closed
    const held = sender.postAll([{ url: slow, headers: {}, body: '{}' }], 1);
    sender.close();
    expect(await held).toEqual([{ statusCode: null, error: 'the sender was closed', durationMs: 0 }]);
    try {
      expect((await sender.postAll([{ url: `${base}/200`, headers: {}, body: '{}' }], 1))[0]!.statusCode).toBe(200);
    } finally {
      sender.close();
    }
  });
});
