/**
 * The provider as openid-client 6 sees it: discovery from OIDC_ISSUER (once, kept for an hour; a
 * failure is not kept, so the next sign-in tries again), and the requests to the provider over a
 * fetch that trusts OIDC_CA_FILE's certificates besides the system's when that is set.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import * as client from 'openid-client';
import type { OidcConfig } from '../../lib/oidc-config.ts';

const DISCOVERY_MAX_AGE_MS = 60 * 60 * 1000;

/** A fetch over node:http(s) that trusts `ca` besides the system's roots (for a company CA). */
export function fetchTrusting(ca: string): client.CustomFetch {
  const trusted = [...rootCertificates, ca];
  return (url, options) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(target, { method: options.method, headers: options.headers, ca: trusted, ...(options.signal ? { signal: options.signal } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (Array.isArray(value)) for (const v of value) headers.append(name, v);
            else if (value !== undefined) headers.set(name, value);
          }
          const status = res.statusCode ?? 502;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
        });
      });
      req.on('error', reject);
      const body = options.body;
      if (body === null || body === undefined) req.end();
      else if (typeof body === 'string') req.end(body);
      else if (body instanceof URLSearchParams) req.end(body.toString());
      else if (body instanceof Uint8Array) req.end(body);
      else if (body instanceof ArrayBuffer) req.end(Buffer.from(body));
      else reject(new TypeError('streamed request bodies are not used with the provider'));
    });
}

export class OidcProvider {
  private discovered: { at: number; value: Promise<client.Configuration> } | undefined;
  private readonly fetch: client.CustomFetch | undefined;

  constructor(
    readonly settings: OidcConfig,
    fetchOverride?: client.CustomFetch,
  ) {
    this.fetch = fetchOverride ?? (settings.ca ? fetchTrusting(settings.ca) : undefined);
  }

  /** The discovered configuration; throws when the provider cannot be reached or answers nonsense. */
  configuration(): Promise<client.Configuration> {
    const now = Date.now();
    if (this.discovered && now - this.discovered.at < DISCOVERY_MAX_AGE_MS) return this.discovered.value;
    const value = this.discover();
    this.discovered = { at: now, value };
    value.catch(() => {
      if (this.discovered?.value === value) this.discovered = undefined;
    });
    return value;
  }

  private async discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const options: client.DiscoveryRequestOptions = {
      // http only reaches here in demo mode (productionProblems refuses it elsewhere).
      ...(issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : {}),
      ...(this.fetch ? { [client.customFetch]: this.fetch } : {}),
      timeout: 10,
    };
    const configuration = await client.discovery(new URL(issuer), clientId, clientSecret, undefined, options);
    if (this.fetch) configuration[client.customFetch] = this.fetch;
    configuration.timeout = 10;
    return configuration;
  }
}
