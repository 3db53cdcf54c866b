/**
 * A real HTTP receiver of webhooks on loopback for tests and benchmarks: records every request
 * (headers, raw body, the answer given) and answers as told: by default 200; `failFirst` answers
 * 503 to the first attempt of each `webhook-id`; `answer` decides per request.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  status: number;
  /** The n-th request with this webhook-id (1 = first). */
  try: number;
}

export interface ReceiverOptions {
  failFirst?: boolean;
  /** Per request; overrides failFirst. Answer a status, or [status, extra headers]. */
  answer?: (request: { id: string; try: number; body: string }) => number | [number, Record<string, string>];
  /** Wait before answering (ms). */
  delayMs?: number;
  /** Keep only counts (benchmarks with many thousands of deliveries). */
  countOnly?: boolean;
  /** Listen on this port (a receiver coming back up); default: any free one. */
  port?: number;
}

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Requests answered 2xx, per webhook-id. */
  accepted: Map<string, number>;
  /** Requests being answered right now, and the most at once for one webhook-id. */
  maxConcurrentPerId: number;
  total: number;
  set(options: ReceiverOptions): void;
  close(): Promise<void>;
}

export async function startReceiver(initial: ReceiverOptions = {}): Promise<Receiver> {
  let options = initial;
  const tries = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const receiver = {
    requests: [] as ReceivedRequest[],
    accepted: new Map<string, number>(),
    maxConcurrentPerId: 0,
    total: 0,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id'] ?? '');
      const n = (tries.get(id) ?? 0) + 1;
      tries.set(id, n);
      const now = (inFlight.get(id) ?? 0) + 1;
      inFlight.set(id, now);
      receiver.maxConcurrentPerId = Math.max(receiver.maxConcurrentPerId, now);
      receiver.total++;
      const decided = options.answer ? options.answer({ id, try: n, body }) : options.failFirst && n === 1 ? 503 : 200;
      const [status, headers] = Array.isArray(decided) ? decided : [decided, {}];
      const reply = () => {
        inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
        if (status >= 200 && status < 300) receiver.accepted.set(id, (receiver.accepted.get(id) ?? 0) + 1);
        if (!options.countOnly) receiver.requests.push({ at: Date.now(), headers: req.headers, body, status, try: n });
        res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(status < 300 ? 'ok' : 'not now');
      };
      if (options.delayMs) setTimeout(reply, options.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(initial.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    set(next: ReceiverOptions) {
      options = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
