/**
 * A real OpenID provider for tests (`oidc-provider` 8, the certified Node implementation) on
 * loopback over https, with a self-signed certificate made here and written to a PEM file the
 * portal trusts through OIDC_CA_FILE (nothing is trusted process-wide). Accounts are a mutable map:
 * a test changes someone's groups and the next sign-in sees it. `signIn` drives the provider's own
 * login and consent pages over HTTP, as a browser would, and answers the redirect to the portal.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import { generate } from 'selfsigned';
import { fetchTrusting } from '../modules/oidc/oidc-client.ts';

export interface TestAccount {
  email: string;
  name: string;
  groups: string[];
  portal_scope?: string | string[];
  email_verified?: boolean;
}

export interface TestProvider {
  issuer: string;
  caFile: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** The portal's OIDC_* settings for this provider, with the test accounts' group and scope claims. */
  env: Record<string, string>;
  /** Follows the authorization URL through login (as `accountId`) and consent; the URL the provider sends the browser back to. */
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUri: string, accounts: Record<string, TestAccount>): Promise<TestProvider> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'oidc-ca-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, pems.cert);
  const server: Server = createServer({ key: pems.private, cert: pems.cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = new Map(Object.entries(accounts));
  const clientId = 'portal';
  const clientSecret = 'portal-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups', 'portal_scope'] },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    findAccount: (_ctx, id) => {
      const account = store.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email_verified: true, ...account }) };
    },
  });
  // The provider's own dev-mode warnings are not this test's business.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider', error));
  server.on('request', provider.callback());
  const fetch = fetchTrusting(pems.cert);

  async function signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: URL, form?: Record<string, string>) => {
      const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
      if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await fetch(url.href, { method: form ? 'POST' : 'GET', headers, body: form ? new URLSearchParams(form).toString() : undefined, redirect: 'manual' });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    let url = new URL(authorizationUrl);
    let res = await send(url);
    for (let step = 0; step < 12; step++) {
      if (res.status >= 300 && res.status < 400) {
        const next = new URL(res.headers.get('location')!, url);
        if (next.origin !== issuer) return next;
        url = next;
        res = await send(url);
        continue;
      }
      const html = await res.text();
      if (res.status !== 200 || !url.pathname.startsWith('/interaction/')) throw new Error(`provider answered ${res.status} at ${url.pathname}: ${html.slice(0, 300)}`);
      const form: Record<string, string> = html.includes('name="prompt" value="login"') ? { prompt: 'login', login: accountId, password: 'any' } : { prompt: 'consent' };
      res = await send(url, form);
    }
    throw new Error('the provider did not send the browser back');
  }

  return {
    issuer,
    caFile,
    clientId,
    clientSecret,
    accounts: store,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLES: 'portal-organizers=admin,portal-corporate=corporate,portal-field=field,portal-reports=reporting',
      OIDC_SCOPE_CLAIM: 'portal_scope',
      OIDC_CA_FILE: caFile,
    },
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
