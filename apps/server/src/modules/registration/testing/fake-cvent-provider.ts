/**
 * A stand-in for Cvent in tests and local trials: an HTTP server on loopback that serves the
 * registration weblink (echoing the prefilled data) and, when told to, sends the portal the signed
 * registration callbacks Cvent would send (docs/registration-providers.md).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CVENT_LINK_PARAMS, CVENT_SIGNATURE_HEADER, CVENT_TIMESTAMP_HEADER, signCventCallback, type CventCallback } from '../cvent-provider.ts';

export interface FakeCventVisit {
  reference: string;
  params: Record<string, string>;
}

export interface CallbackOptions {
  /** Seconds since the epoch written in the timestamp header (default: now). */
  timestamp?: number;
  /** Sign with another secret (a forger). */
  secret?: string;
  /** Send exactly this body instead of the JSON of the callback. */
  rawBody?: string;
  /** Leave the signature headers out. */
  unsigned?: boolean;
}

export interface FakeCvent {
  /** The weblink to configure as CVENT_URL. */
  readonly registrationUrl: string;
  readonly visits: FakeCventVisit[];
  /** Where callbacks go: the portal's POST /api/Enrollment/CventCallback. */
  setCallbackUrl(url: string): void;
  sendCallback(callback: Omit<CventCallback, 'id' | 'attendance'> & Partial<Pick<CventCallback, 'id' | 'attendance'>>, options?: CallbackOptions): Promise<{ status: number; body: unknown; sent: { id: string; raw: string; headers: Record<string, string> } }>;
  /** Sends a recorded delivery again, byte for byte. */
  replay(sent: { raw: string; headers: Record<string, string> }): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeCvent(secret: string): Promise<FakeCvent> {
  const visits: FakeCventVisit[] = [];
  let callbackUrl = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/register') {
      const params = Object.fromEntries(url.searchParams);
      const reference = params[CVENT_LINK_PARAMS.reference];
      if (!reference) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('missing reference id');
        return;
      }
      visits.push({ reference, params });
      const name = `${params[CVENT_LINK_PARAMS.firstName] ?? ''} ${params[CVENT_LINK_PARAMS.lastName] ?? ''}`.trim();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Fake Cvent</title><h1>Register ${escapeHtml(name)}</h1><p data-ref="${escapeHtml(reference)}">${escapeHtml(params[CVENT_LINK_PARAMS.email] ?? '')}</p>`);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function post(raw: string, headers: Record<string, string>) {
    const res = await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: returned as text.
    }
    return { status: res.status, body };
  }

  return {
    registrationUrl: `http://127.0.0.1:${port}/register`,
    visits,
    setCallbackUrl(url) {
      callbackUrl = url;
    },
    async sendCallback(callback, options = {}) {
      const id = callback.id ?? randomUUID();
      const raw = options.rawBody ?? JSON.stringify({ ...callback, id });
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      const headers: Record<string, string> = options.unsigned
        ? {}
        : { [CVENT_TIMESTAMP_HEADER]: timestamp, [CVENT_SIGNATURE_HEADER]: signCventCallback(options.secret ?? secret, timestamp, raw) };
      return { ...(await post(raw, headers)), sent: { id, raw, headers } };
    },
    replay: (sent) => post(sent.raw, sent.headers),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
