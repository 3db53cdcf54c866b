/**
 * Slow clients cannot hold the server. Node's HTTP server, as fastify starts it,
 * keeps a socket that trickles a request open for minutes (request timeout 0, header timeout 60 s
 * checked every 30 s: a header trickle was closed after 330 s). Here:
 *
 * - headers: all request headers within `headersMs` (10 s) of the request's start, checked every
 *   `checkIntervalMs` (1 s): a header trickle is closed after about 11 s, as is a connection that
 *   opens and sends nothing;
 * - body: a request body must keep a minimum pace, as Apache's mod_reqtimeout `body=10,MinRate=…`:
 *   `bodyGraceMs` (10 s) plus 1 s for every `bodyMinBytesPerSecond` (16 KiB) received. A body that
 *   trickles or stalls is closed when it falls behind; an 8 MiB CSV upload at 128 kbit/s is within
 *   pace. Checked on a timer, so a body that stops sending entirely is closed too;
 * - whole request (headers and body): `requestMs` (120 s) as a backstop; it ends once the request is
 *   received, so it never cuts a response;
 * - idle: a socket with no traffic either way for `idleMs` (75 s) is closed. A long download (an
 *   export streaming for minutes) that keeps moving is never cut; one whose client stopped reading
 *   for 75 s is;
 * - keep-alive: an idle connection between requests is kept `keepAliveMs` (72 s, longer than a
 *   load balancer's usual 60 s idle timeout, so the balancer, not the portal, closes it first).
 */
import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyServerOptions } from 'fastify';

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
  bodyGraceMs: number;
  bodyMinBytesPerSecond: number;
  checkIntervalMs: number;
}

export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = Object.freeze({
  headersMs: 10_000,
  requestMs: 120_000,
  idleMs: 75_000,
  keepAliveMs: 72_000,
  bodyGraceMs: 10_000,
  bodyMinBytesPerSecond: 16 * 1024,
  checkIntervalMs: 1_000,
});

/** The fastify options that set the Node server's own timeouts. */
export function serverTimeoutOptions(t: HttpTimeouts): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'> & { http: { headersTimeout: number; connectionsCheckingInterval: number } } {
  return {
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.requestMs,
    // Node wants headersTimeout <= requestTimeout; both are checked every connectionsCheckingInterval.
    http: { headersTimeout: Math.min(t.headersMs, t.requestMs), connectionsCheckingInterval: t.checkIntervalMs },
  };
}

function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Whether every byte of a body of known length is already received (buffered, not yet read): a small
 * body usually comes in the headers' packet. Such a body has no pace left to keep, so it skips the
 * check (a stream, a timer and three listeners per request: a few percent of a login's CPU).
 */
function bodyAlreadyReceived(raw: IncomingMessage): boolean {
  if (raw.headers['transfer-encoding'] !== undefined) return false;
  const length = Number(raw.headers['content-length']);
  return Number.isSafeInteger(length) && raw.readableLength >= length;
}

/** How late a pace timer may fire before the lateness is taken for a stall of this process. */
const LATE_TIMER_MS = 1_000;

/**
 * Passes the body through and closes the connection when the body falls behind its pace:
 * `graceMs + received / minBytesPerSecond` seconds from the start of the body.
 */
class PacedBody extends Transform {
  private received = 0;
  private readonly started = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly graceMs: number,
    private readonly minBytesPerSecond: number,
    private readonly onTooSlow: (received: number, elapsedMs: number) => void,
  ) {
    super();
    this.arm();
  }

  private deadline(): number {
    return this.started + this.graceMs + (this.received / this.minBytesPerSecond) * 1000;
  }

  private arm(): void {
    clearTimeout(this.timer);
    const delay = Math.max(1, this.deadline() - Date.now());
    const due = Date.now() + delay;
    this.timer = setTimeout(() => {
      // A timer that fires well after its time means this process was stalled (a busy event loop),
      // not that the client was slow: the body may be waiting unread, so look again once.
      if (Date.now() - due > LATE_TIMER_MS) this.arm();
      else if (Date.now() >= this.deadline()) this.onTooSlow(this.received, Date.now() - this.started);
      else this.arm();
    }, delay);
    this.timer.unref();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    clearTimeout(this.timer);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    clearTimeout(this.timer);
    done(error);
  }
}

/** The body pace check as a hook on every request that has a body. */
export const bodyPacePlugin = fp<{ timeouts: HttpTimeouts }>(
  async (app, { timeouts }) => {
    app.addHook('preParsing', async (request, reply, payload) => {
      if (!hasBody(request.raw) || bodyAlreadyReceived(request.raw)) return payload;
      const paced = new PacedBody(timeouts.bodyGraceMs, timeouts.bodyMinBytesPerSecond, (received, elapsedMs) => {
        request.log.warn({ received, elapsedMs }, 'request body too slow: connection closed');
        // An injected request (tests, app.inject) has a stand-in socket without destroy().
        const socket = request.raw.socket as { destroy?: () => void } | undefined;
        if (typeof socket?.destroy === 'function') socket.destroy();
        else request.raw.destroy();
        paced.destroy();
      });
      // Once the answer has gone out, the body's pace no longer matters (a body the route never read).
      reply.raw.once('close', () => paced.destroy());
      payload.on('error', (error) => paced.destroy(error));
      // A request that ended early (the client went away) ends its pace check with it.
      payload.on('close', () => {
        if (!request.raw.complete) paced.destroy();
      });
      return payload.pipe(paced);
    });
  },
  { name: 'body-pace' },
);
