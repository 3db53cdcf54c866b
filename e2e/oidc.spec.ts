/**
 * Company sign-in in Chromium (docs/sign-in.md): a real OpenID provider (`oidc-provider` 8,
 * the server tests' apps/server/src/testing/oidc-provider.ts) on loopback over https with a certificate
 * made for this run, and a second portal process configured for it (OIDC_* variables, the provider's
 * certificate trusted through OIDC_CA_FILE) on E2E_PORT + 1, with its own demo data. The shared e2e
 * server stays without company sign-in, as a portal without OIDC_* is.
 *
 * Journeys: from `/admin` an organizer signs in at the provider and lands in the console; from
 * `/reportLogin` a zone-scoped field user lands on the report dashboard with a session scoped to
 * their zone only (the server refuses another zone); a person whose groups map to no role gets the
 * refusal page and no session; a person who cancels at the provider gets the failure page; a
 * replayed one-time code, a code opened in a second browser and a forged `state` are refused. At
 * `/nbc` a field person with `zone:011` signs in with the company account (no access code) and reads
 * zone 011 only; a corporate person reads the traveller report; an unverified e-mail is refused. The browser accepts the provider's test certificate (ignoreHTTPSErrors): trusting it is
 * the portal server's business, and it does so through OIDC_CA_FILE only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../apps/server/src/testing/oidc-provider.ts';
import { expect, seriousA11yViolations, snap, test } from './fixtures.ts';

const PORT = Number(process.env.E2E_PORT ?? 4391) + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const LINK = 'Sign in with your company account';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, ignoreHTTPSErrors: true });

test.describe('company sign-in (OpenID Connect)', () => {
  let provider: TestProvider;
  let portal: ChildProcess;
  let dataDir = '';
  let portalLog = '';

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    provider = await startTestProvider(`${BASE}/auth/oidc/callback`, {
      olga: { email: 'olga.organizer@corp.example.com', name: 'Olga Organizer', groups: ['portal-organizers', 'staff'] },
      zeno: { email: 'zeno.zone@corp.example.com', name: 'Zeno Zone', groups: ['portal-field'], portal_scope: 'zone:011' },
      nora: { email: 'nora.norole@corp.example.com', name: 'Nora Norole', groups: ['staff'] },
      cora: { email: 'cora.corporate@corp.example.com', name: 'Cora Corporate', groups: ['portal-corporate'], portal_scope: 'network' },
      una: { email: 'una.unverified@corp.example.com', name: 'Una Unverified', groups: ['portal-field'], portal_scope: 'zone:011', email_verified: false },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-oidc-'));
    const built = existsSync('apps/server/dist/server.js');
    portal = spawn(built ? process.execPath : 'npx', built ? ['apps/server/dist/server.js'] : ['tsx', 'apps/server/src/server.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: BASE,
        DATA_DIR: dataDir,
        DEMO_STORES: '1000',
        LOG_LEVEL: 'warn',
        ...provider.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    portal.stderr!.on('data', (chunk: Buffer) => (portalLog = (portalLog + chunk.toString()).slice(-4_000)));
    const deadline = Date.now() + 240_000;
    for (;;) {
      if (portal.exitCode !== null) throw new Error(`the OIDC portal exited with ${portal.exitCode}: ${portalLog}`);
      const ready = await fetch(`${BASE}/readyz`).then((r) => r.ok, () => false);
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`the OIDC portal did not become ready: ${portalLog}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  test.afterAll(async () => {
    if (portal && portal.exitCode === null) {
      const exited = new Promise((resolve) => portal.once('exit', resolve));
      portal.kill('SIGTERM');
      await exited;
    }
    await provider?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The provider's own login form (oidc-provider's pages), then its consent page. */
  async function atProvider(page: Page, account: string, consent: 'accept' | 'cancel' = 'accept') {
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
    await page.getByPlaceholder('Enter any login').fill(account);
    await page.getByPlaceholder('and password').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Authorize' })).toBeVisible();
    if (consent === 'cancel') await page.getByRole('link', { name: /cancel/i }).click();
    else await page.getByRole('button', { name: 'Continue' }).click();
  }

  test('an organizer signs in from /admin with the company account and lands in the console', async ({ page }) => {
    await page.goto('/admin');
    const link = page.getByRole('link', { name: LINK });
    await expect(link).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await link.click();
    await atProvider(page, 'olga');
    await expect(page).toHaveURL(new RegExp(`^${BASE}/admin(/registrations)?$`));
    await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
    // The code left the address bar.
    expect(new URL(page.url()).hash).toBe('');
    await snap(page, 'oidc-organizer-console');
    // The organizer's session is real: the organizer API answers with the token the page stored.
    const stored = await page.evaluate(() => sessionStorage.getItem('portal-admin-session'));
    const { accessToken } = JSON.parse(stored!) as { accessToken: string };
    const me = await page.request.get('/api/Admin/Me', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status()).toBe(200);
    expect(JSON.stringify(await me.json())).toContain('olga.organizer@corp.example.com');
  });

  /** The session the page stored (as the access-code and report logins store it). */
  async function storedSession(page: Page) {
    return (JSON.parse((await page.evaluate(() => localStorage.getItem('userdetail')))!) as { data: { accessToken: string; authorizationPolicy: string[]; regType: string; eventType: string } }).data;
  }

  test('a field person signs in at /nbc with the company account and reads zone 011 only', async ({ page }) => {
    await page.goto('/nbc');
    const link = page.getByRole('link', { name: LINK });
    await expect(link).toBeVisible();
    await link.click();
    await atProvider(page, 'zeno');
    await expect(page).toHaveURL(/\/nbc\/welcome/);
    expect(new URL(page.url()).hash).toBe('');
    const stored = await storedSession(page);
    expect(stored).toMatchObject({ regType: 'FLD', eventType: 'nbc', authorizationPolicy: ['field'] });
    const auth = { authorization: `Bearer ${stored.accessToken}` };
    const own = await page.request.post('/api/Report/GetStoreData?reportLevel=Zone', { headers: auth, data: { region: '010', zone: '011', district: '', select: '' } });
    expect(own.status()).toBe(200);
    const other = await page.request.post('/api/Report/GetStoreData?reportLevel=Zone', { headers: auth, data: { region: '', zone: '021', district: '', select: '' } });
    expect(other.status()).toBe(403);
    await page.goto('/nbc/reporting/region/010/zone');
    await expect(page).toHaveURL(/\/nbc\/reporting\//);
    await snap(page, 'oidc-event-field-zone');
  });

  test('a corporate person signs in at /nbc and reads the traveller report', async ({ page }) => {
    await page.goto('/nbc');
    await page.getByRole('link', { name: LINK }).click();
    await atProvider(page, 'cora');
    await expect(page).toHaveURL(/\/nbc\/welcome/);
    const stored = await storedSession(page);
    expect(stored).toMatchObject({ regType: 'CORP', authorizationPolicy: ['corporate'] });
    const traveller = await page.request.get('/api/Report/GetReportAtendeeCountByType', { headers: { authorization: `Bearer ${stored.accessToken}` } });
    expect(traveller.status()).toBe(200);
  });

  test('an e-mail the provider does not verify is refused', async ({ page }) => {
    await page.goto('/nbc');
    await page.getByRole('link', { name: LINK }).click();
    await atProvider(page, 'una');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByText('does not confirm your e-mail address')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the event login' })).toBeVisible();
  });

  test('a zone-scoped field person signs in from /reportLogin and reads the drill-down of exactly their zone', async ({ page }) => {
    await page.goto('/reportLogin');
    await page.getByRole('link', { name: LINK }).click();
    await atProvider(page, 'zeno');
    await expect(page).toHaveURL(/\/nbc\/reporting/);
    await snap(page, 'oidc-report-dashboard');
    // The session the page stored is a report session with the groups' field policy, scoped by the provider's claim (zone:011).
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('userdetail')))!) as { data: { accessToken: string; authorizationPolicy: string[]; regType: string } };
    expect(stored.data).toMatchObject({ regType: 'RPT', authorizationPolicy: ['field'] });
    const auth = { authorization: `Bearer ${stored.data.accessToken}` };
    const scope = await page.request.get('/api/Report/GetReportScope', { headers: auth });
    expect(scope.status()).toBe(200);
    expect((await scope.json()).data).toMatchObject({ level: 'zone', region: '010', zone: '011' });
    // Another zone's report is refused by the server.
    const other = await page.request.post('/api/Report/GetStoreData?reportLevel=Zone', { headers: auth, data: { region: '', zone: '021', district: '', select: '' } });
    expect(other.status()).toBe(403);
  });

  test('a person whose groups grant nothing gets the refusal page and no session', async ({ page }) => {
    await page.goto('/reportLogin');
    await page.getByRole('link', { name: LINK }).click();
    await atProvider(page, 'nora');
    await expect(page.getByRole('heading', { name: 'No access', level: 1 })).toBeVisible();
    await expect(page.getByText(/does not grant access to the reports/)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/auth/oidc/callback');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'oidc-no-role');
    await page.getByRole('link', { name: 'Back to the report login' }).click();
    await expect(page).toHaveURL(`${BASE}/reportLogin`);
    await page.goto('/nbc/dashboard');
    await expect(page).not.toHaveURL(/\/nbc\/dashboard$/);
  });

  test('a person who cancels at the provider is told the provider did not sign them in', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('link', { name: LINK }).click();
    await atProvider(page, 'olga', 'cancel');
    await expect(page.getByRole('heading', { name: 'Sign-in failed', level: 1 })).toBeVisible();
    await expect(page.getByText('The identity provider did not sign you in. Please start again.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the organizer sign-in' })).toBeVisible();
  });

  test('a replayed one-time code is refused', async ({ page, context }) => {
    // The callback's redirect carries the code in its fragment; keep it as a replaying attacker would.
    const handover = page.waitForResponse((r) => r.url().startsWith(`${BASE}/auth/oidc/callback`) && r.status() === 303);
    await page.goto('/reportLogin');
    await page.getByRole('link', { name: LINK }).click();
    await atProvider(page, 'zeno');
    const landing = (await (await handover).headerValue('location'))!;
    expect(landing).toMatch(new RegExp(`^${BASE}/companySignIn#code=[A-Za-z0-9_-]+&target=reports$`));
    await expect(page).toHaveURL(/\/nbc\/reporting/);

    const replay = await context.browser()!.newContext({ baseURL: BASE });
    try {
      const other = await replay.newPage();
      await other.goto(landing);
      await expect(other.getByRole('heading', { name: 'Sign-in not completed' })).toBeVisible();
      await expect(other.getByRole('alert')).toHaveText('This sign-in has expired or was already used, or was started in another browser. Please sign in again.');
      expect(new URL(other.url()).hash).toBe('');
      await other.goto('/nbc/dashboard');
      await expect(other).not.toHaveURL(/\/nbc\/dashboard$/);
    } finally {
      await replay.close();
    }
  });

  test('an unused one-time code opened in another browser signs nobody in there, and still signs in the browser that started', async ({ page, context }) => {
    // This browser gets the callback's cookie and the code, but its trade never reaches the portal,
    // as if the address had been sent to someone else before this browser could use it.
    await page.route(`${BASE}/auth/oidc/session`, (route) => route.abort());
    const handover = page.waitForResponse((r) => r.url().startsWith(`${BASE}/auth/oidc/callback`) && r.status() === 303);
    const held = page.waitForEvent('requestfailed', (r) => r.url() === `${BASE}/auth/oidc/session`);
    await page.goto('/nbc');
    await page.getByRole('link', { name: LINK }).click();
    await atProvider(page, 'zeno');
    const landing = (await (await handover).headerValue('location'))!;
    expect(landing).toMatch(new RegExp(`^${BASE}/companySignIn#code=[A-Za-z0-9_-]+&target=event`));
    await held;

    const elsewhere = await context.browser()!.newContext({ baseURL: BASE });
    try {
      const other = await elsewhere.newPage();
      await other.goto(landing);
      await expect(other.getByRole('heading', { name: 'Sign-in not completed' })).toBeVisible();
      await other.goto('/nbc/welcome');
      await expect(other).not.toHaveURL(/\/nbc\/welcome$/);
    } finally {
      await elsewhere.close();
    }

    // The refusal did not use the code up: the browser that started the sign-in still trades it.
    await page.unroute(`${BASE}/auth/oidc/session`);
    await page.goto('/nbc');
    await page.goto(landing);
    await expect(page).toHaveURL(/\/nbc\/welcome/);
    expect(await storedSession(page)).toMatchObject({ eventType: 'nbc', authorizationPolicy: ['field'] });
  });

  test('a callback whose state is not the one this browser started with is refused', async ({ page }) => {
    // The portal's redirect to the provider is altered on its way to the browser: the provider then
    // sends back a valid code with another state than the one sealed in this browser's flow cookie.
    await page.route(`${BASE}/auth/oidc/start**`, async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = new URL(response.headers()['location']!);
      expect(location.searchParams.get('state')).toBeTruthy();
      location.searchParams.set('state', 'forged-state');
      await route.fulfill({ response, headers: { ...response.headers(), location: location.href } });
    });
    await page.goto('/admin');
    await page.getByRole('link', { name: LINK }).click();
    await atProvider(page, 'olga');
    await expect(page.getByRole('heading', { name: 'Sign-in failed', level: 1 })).toBeVisible();
    await expect(page.getByText('The answer of the identity provider could not be verified. Please start again.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('state')).toBe('forged-state');
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toHaveCount(0);
  });
});
