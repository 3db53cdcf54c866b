/**
 * One HTTP POST of a webhook, with the SSRF guard on the connection (address-policy.ts): names are
 * resolved by a lookup that drops refused addresses, an IP literal is checked before connecting,
 * and the connected socket's address is checked once more. Redirects are never followed (a 3xx is
 * a failed attempt). The whole exchange has `timeoutMs` (10 s); the answer's body is discarded.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import { addressProblem, AddressRefused, connectedAddressProblem, guardedLookup, urlProblem, type AddressPolicy } from './address-policy.ts';

export interface PostResult {
  /** The receiver's status, or null when none came. */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookSender {
  /** Each request's outcome, in the order given, `concurrency` in flight at a time. */
  postAll(requests: readonly PostRequest[], concurrency: number): Promise<PostResult[]>;
  close(): void;
}

/** `post` over many requests, `concurrency` at a time; answers their outcomes in order. */
async function postEach(post: (url: string, headers: Record<string, string>, body: string) => Promise<PostResult>, requests: readonly PostRequest[], concurrency: number): Promise<PostResult[]> {
  const results: PostResult[] = new Array<PostResult>(requests.length);
  let next = 0;
  const lane = async () => {
    while (next < requests.length) {
      const i = next++;
      const { url, headers, body } = requests[i]!;
      results[i] = await post(url, headers, body).catch((error: unknown) => ({ statusCode: null, error: error instanceof Error ? error.message : String(error), durationMs: 0 }));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, requests.length)) }, lane));
  return results;
}

export function createSender(policy: AddressPolicy, options: { timeoutMs?: number; userAgent?: string } = {}): WebhookSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const lookup = guardedLookup(policy);
  // Kept-alive connections per receiver: a backlog drains over a few sockets, not one per delivery.
  // As many stay open as may be busy, so a pass's ten sends do not close and reopen connections.
  const agentOptions = { keepAlive: true, maxSockets: 8, maxFreeSockets: 8, timeout: timeoutMs, lookup } as http.AgentOptions;
  // Sockets whose connected address passed the check: a kept-alive socket is checked once, when it connects.
  const checked = new WeakSet<Socket>();
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  /** One POST: its outcome, never a rejection. */
  const post = (url: string, headers: Record<string, string>, body: string): Promise<PostResult> => {
    const started = performance.now();
    const done = (statusCode: number | null, error: string | null): PostResult => ({ statusCode, error, durationMs: Math.round(performance.now() - started) });
    const problem = urlProblem(url, policy);
    if (problem) return Promise.resolve(done(null, `refused: the URL ${problem}`));
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const refused = addressProblem(host, policy);
      if (refused) return Promise.resolve(done(null, `refused: ${refused}`));
    }
    const protocol = target.protocol as 'http:' | 'https:';
    const client = protocol === 'https:' ? https : http;

    return new Promise<PostResult>((resolve) => {
      let settled = false;
      const finish = (statusCode: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(statusCode, error));
      };
      const request = client.request(target, {
        method: 'POST',
        agent: agents[protocol],
        lookup,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': options.userAgent ?? 'event-portal-webhooks/1',
        },
      } as http.RequestOptions);
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      request.on('socket', (socket: Socket) => {
        if (checked.has(socket)) return;
        const check = () => {
          const refused = connectedAddressProblem(socket.remoteAddress, policy);
          if (refused) request.destroy(new AddressRefused(`refused: connected to ${refused}`));
          else checked.add(socket);
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
      request.on('response', (response) => {
        const statusCode = response.statusCode ?? null;
        // Read and drop the answer so the connection can be reused; its end (or error) settles.
        response.resume();
        response.on('end', () => finish(statusCode, statusCode !== null && statusCode >= 200 && statusCode < 300 ? null : `HTTP ${statusCode}`));
        response.on('error', (error) => finish(statusCode, error.message));
      });
      request.on('error', (error) => finish(null, error.message));
      request.end(body);
    });
  };

  return {
    postAll: (requests, concurrency) => postEach(post, requests, concurrency),
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
