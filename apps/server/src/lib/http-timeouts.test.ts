/**
 * Slow clients cannot hold the server. A real listening server and raw sockets:
 * a header trickle, a body trickle and a silent connection are closed within 30 s with the
 * production timeouts; keep-alive still serves a normal client, and (with shortened timeouts) a
 * slow but progressing download and upload run past every timeout without being cut.
 */
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '@portal/db/testing';
import type { Database } from '@portal/db';
import { buildApp } from '../app.ts';
import { testConfig } from '../testing/build-test-app.ts';
import { HTTP_TIMEOUTS, type HttpTimeouts } from './http-timeouts.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function listening(database: Database, timeouts?: Partial<HttpTimeouts>, routes?: (app: FastifyInstance) => void): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({ config: testConfig(), database, ...(timeouts ? { httpTimeouts: timeouts } : {}) });
  routes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, port: address.port };
}

interface Watched {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves with the milliseconds from connect until the server closed the socket, or null at the cap. */
  closed: (capMs: number) => Promise<number | null>;
}

function open(port: number): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let closedAt: number | null = null;
    const waiters: Array<() => void> = [];
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closedAt = Date.now() - started;
      waiters.splice(0).forEach((w) => w());
    });
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => text,
        closed: (capMs) =>
          new Promise((done) => {
            if (closedAt !== null) return done(closedAt);
            const timer = setTimeout(() => done(null), capMs);
            waiters.push(() => {
              clearTimeout(timer);
              done(closedAt);
            });
          }),
      }),
    );
    socket.once('error', reject);
  });
}

/** Writes `text` one byte at a time, every `everyMs`, while the socket is open. */
async function trickle(socket: Socket, text: string, everyMs: number): Promise<void> {
  for (const char of text) {
    if (socket.destroyed || socket.closed) return;
    socket.write(char);
    await sleep(everyMs);
  }
}

describe('slow clients against the production timeouts', () => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app, port } = await listening(database));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('closes a header trickle, a body trickle and a silent connection within 30 s', { timeout: 60_000 }, async () => {
    const headers = await open(port);
    void trickle(headers.socket, `GET /healthz HTTP/1.1\r\nHost: portal.test\r\n${'X-Slow: a\r\n'.repeat(50)}\r\n`, 500);

    const body = await open(port);
    body.socket.write('POST /User/ProcessLogin HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    void trickle(body.socket, `{"userName": "${' '.repeat(980)}`, 500);

    const silent = await open(port);

    const [headersMs, bodyMs, silentMs] = await Promise.all([headers.closed(35_000), body.closed(35_000), silent.closed(35_000)]);
    console.log(`closed after: header trickle ${headersMs} ms, body trickle ${bodyMs} ms, silent ${silentMs} ms`);
    expect(headersMs, 'header trickle closed').not.toBeNull();
    expect(headersMs!).toBeLessThan(30_000);
    expect(headersMs!).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.headersMs - 100);
    expect(bodyMs, 'body trickle closed').not.toBeNull();
    expect(bodyMs!).toBeLessThan(30_000);
    expect(bodyMs!).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.bodyGraceMs - 100);
    expect(silentMs, 'silent connection closed').not.toBeNull();
    expect(silentMs!).toBeLessThan(30_000);
    // The body trickle never reached the route.
    expect(body.received()).not.toContain('"succeeded"');
  });

  it('keeps a normal client\'s connection alive between requests', { timeout: 30_000 }, async () => {
    const client = await open(port);
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: portal.test\r\n\r\n');
    await sleep(3_000);
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: portal.test\r\n\r\n');
    await sleep(1_000);
    expect(client.received().match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(client.socket.closed).toBe(false);
    client.socket.destroy();
  });
});

describe('slow but progressing transfers against short timeouts', () => {
  const SHORT: HttpTimeouts = { headersMs: 1_000, requestMs: 2_000, idleMs: 1_500, keepAliveMs: 1_500, bodyGraceMs: 1_000, bodyMinBytesPerSecond: 1_024, checkIntervalMs: 200 };
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app, port } = await listening(database, SHORT, (instance) => {
      // An export's shape: the answer streams for longer than every timeout, a chunk every 300 ms.
      instance.get('/test/slow-download', async (_request, reply) => {
        let sent = 0;
        const stream = new Readable({
          read() {
            setTimeout(() => this.push(sent++ < 15 ? `chunk ${sent}\n` : null), 300);
          },
        });
        return reply.type('text/plain').send(stream);
      });
    }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('does not cut a download that keeps moving, for longer than the request and idle timeouts', { timeout: 30_000 }, async () => {
    const client = await open(port);
    const started = Date.now();
    client.socket.write('GET /test/slow-download HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n');
    const closedMs = await client.closed(20_000);
    expect(Date.now() - started).toBeGreaterThan(SHORT.requestMs + SHORT.idleMs);
    expect(closedMs).not.toBeNull();
    expect(client.received()).toContain('chunk 15\n');
  });

  it('takes an upload that keeps its pace past the grace period, and closes one that falls behind', { timeout: 30_000 }, async () => {
    // 1,600 bytes in 8 chunks of 200, every 150 ms: about 1.3 KiB/s, above the 1 KiB/s minimum.
    const body = JSON.stringify({ userName: 'nobody@example.com', password: 'WRONG', eventType: 'nbc', IsReporting: false }).padEnd(1_600, ' ');
    const steady = await open(port);
    steady.socket.write(`POST /User/ProcessLogin HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    for (let i = 0; i < body.length; i += 200) {
      steady.socket.write(body.slice(i, i + 200));
      await sleep(150);
    }
    await steady.closed(10_000);
    expect(steady.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(steady.received()).toContain('"succeeded":false');

    // The same body at 200 bytes a second falls behind once the grace period is spent.
    const lagging = await open(port);
    lagging.socket.write(`POST /User/ProcessLogin HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    void (async () => {
      for (let i = 0; i < body.length && !lagging.socket.destroyed; i += 200) {
        lagging.socket.write(body.slice(i, i + 200));
        await sleep(1_000);
      }
    })();
    const laggingMs = await lagging.closed(10_000);
    expect(laggingMs).not.toBeNull();
    expect(lagging.received()).not.toContain('"succeeded"');
  });

  it('closes a stalled injected body without throwing (app.inject has a stand-in socket)', { timeout: 10_000 }, async () => {
    // The pace check used to call destroy() on the socket, which an injected request's stand-in
    // socket lacks: an uncaught TypeError that ended a CI run.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      let pushed = false;
      const stalled = new Readable({
        read() {
          if (!pushed) this.push('{"userName":');
          pushed = true;
        },
      });
      const answer = app
        .inject({ method: 'POST', url: '/User/ProcessLogin', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, payload: stalled })
        .then((r) => r.statusCode, () => 'closed');
      const outcome = await Promise.race([answer, sleep(SHORT.bodyGraceMs + 2_000).then(() => 'still open')]);
      expect(outcome).not.toBe('still open');
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
  });
});
