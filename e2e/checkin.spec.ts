/**
 * The door app's journey (docs/checkin-app.md) in Chromium with a fake camera that shows a badge QR
 * made here: pair with the demo code, scan the badge with the camera, go offline, find someone by
 * e-mail and check them in by name, come back online, and see both synced and counted in the event's arrivals; then undo both.
 * The camera is Chromium's fake capture device playing a Y4M file written by this test
 * (`--use-file-for-fake-video-capture`), so the browser is launched here with those flags.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from './chromium.ts';
import { expect, ORGANIZER, seriousA11yViolations, snap, test } from './fixtures.ts';
import { qrY4m } from './qr-y4m.ts';

/** The banner once every scan is synced (the list's age follows). */
const SYNCED = /^Online\. All scans synced\. List updated /;

async function organizerToken(request: APIRequestContext): Promise<string> {
  const answer = await (await request.post('/Admin/Login', { data: ORGANIZER })).json();
  expect(answer.succeeded, answer.message).toBe(true);
  return answer.data.accessToken as string;
}

/** A browser whose fake camera shows the badge QR code of `code` (a video file the test writes). */
async function cameraShowing(code: string) {
  const video = join(mkdtempSync(join(tmpdir(), 'checkin-camera-')), 'badge.y4m');
  writeFileSync(video, qrY4m(code));
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}

/**
 * The door comes back online: its waiting scans sync, the event's arrivals reach `arrivals`, and
 * `name`'s scan in the recent list shows synced. Answers the recent list.
 */
async function syncBackOnline(page: Page, request: APIRequestContext, token: string, arrivals: number, name: string): Promise<Locator> {
  await page.context().setOffline(false);
  await expect(page.getByTestId('sync-banner')).toHaveText(SYNCED, { timeout: 30_000 });
  await expect.poll(() => arrived(request, token)).toBe(arrivals);
  const recent = page.getByRole('list', { name: 'Recent scans' });
  await expect(recent.getByRole('listitem').filter({ hasText: name }).first()).toContainText('synced');
  return recent;
}

interface NotArrived {
  registrationId: number;
  attendeeName: string;
  dlrnum: string;
}

/**
 * Two enrolled demo attendees not checked in yet, of stores other than the demo dealer's (other
 * journeys look at store 10001), with their badge codes from the console's registration detail.
 * The journey undoes their check-ins at the end, so the demo data is as it was for later specs.
 */
async function notArrived(request: APIRequestContext, token: string, page = 3): Promise<(NotArrived & { code: string; email: string })[]> {
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await request.get(`/api/Admin/Arrivals/NotArrived?event=nbc&page=${page}&pageSize=50`, { headers })).json();
  expect(list.succeeded, list.message).toBe(true);
  const rows = (list.data.rows as NotArrived[]).filter((row) => row.dlrnum !== '10001' && /^[A-Za-z' -]+$/.test(row.attendeeName));
  const names = new Map<string, number>();
  for (const row of rows) names.set(row.attendeeName, (names.get(row.attendeeName) ?? 0) + 1);
  const picked = rows.filter((row) => names.get(row.attendeeName) === 1).slice(-2);
  expect(picked).toHaveLength(2);
  return Promise.all(
    picked.map(async (row) => {
      const detail = await (await request.get(`/api/Admin/Registrations/${row.registrationId}`, { headers })).json();
      expect(detail.data.badge?.code, `badge of registration ${row.registrationId}`).toBeTruthy();
      return { ...row, code: detail.data.badge.code as string, email: (detail.data.email ?? '') as string };
    }),
  );
}

async function arrived(request: APIRequestContext, token: string): Promise<number> {
  const answer = await (await request.get('/api/Admin/Arrivals?event=nbc&reportLevel=Region', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(answer.succeeded, answer.message).toBe(true);
  return answer.data.total.arrived as number;
}

test('a door pairs, scans a badge with the camera, checks someone in by name offline and syncs into arrivals', async ({ request }) => {
  const token = await organizerToken(request);
  const [scanned, byName] = await notArrived(request, token);
  if (!scanned || !byName) throw new Error('no demo attendees to check in');
  const arrivedBefore = await arrived(request, token);

  const browser = await cameraShowing(scanned.code);
  try {
    const baseURL = test.info().project.use.baseURL ?? '';
    const context = await browser.newContext({ baseURL, permissions: ['camera'], viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /content security policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const wasmRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.wasm')) wasmRequests.push(r.url());
    });

    // Pairing.
    await page.goto('/checkin');
    await expect(page.getByRole('heading', { name: 'Door check-in' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Pairing code').fill('DOOR-NBC-27');
    await page.getByRole('button', { name: 'Pair this device' }).click();
    await expect(page.getByText(/Door 1 · [\d,]+ on the list · list updated/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sync-banner')).toHaveText(SYNCED);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'checkin-paired');

    // The camera sees the badge: green, full screen, with the person's name.
    await page.getByRole('button', { name: 'Start camera' }).click();
    const green = page.getByRole('alertdialog');
    await expect(green).toHaveAttribute('data-result', 'checked_in', { timeout: 30_000 });
    await expect(green).toContainText(scanned.attendeeName);
    await snap(page, 'checkin-green');
    await green.getByRole('button', { name: 'Next' }).click();
    const decoder = await page.locator('[data-decoder]').getAttribute('data-decoder');
    await page.getByRole('button', { name: 'Stop camera' }).click();
    // Without the browser's own detector (Chromium on Linux has none) the WebAssembly decoder read
    // it, its .wasm served by the portal itself, asked for only once the camera was on.
    if (!(await page.evaluate(() => 'BarcodeDetector' in window))) {
      expect(decoder).toBe('wasm');
      expect(wasmRequests.length).toBeGreaterThan(0);
    }
    expect(wasmRequests.every((url) => url.startsWith(`${baseURL}/assets/door-zxing_reader-`))).toBe(true);
    await expect(page.getByTestId('sync-banner')).toHaveText(SYNCED);

    // The network goes away: the door keeps working from what it holds.
    await context.setOffline(true);
    await expect(page.getByTestId('sync-banner')).toContainText('Offline');
    // By e-mail, offline: the door hashes what is typed and finds the row by its emailHash (it holds no addresses).
    expect(byName.email).toContain('@');
    await page.getByLabel('Name, store or e-mail').fill(byName.email.toUpperCase());
    await expect(page.getByRole('button', { name: `Check in ${byName.attendeeName}` })).toBeVisible();
    expect(await page.evaluate(() => new Promise<string>((resolve) => {
      const open = indexedDB.open('portal-checkin');
      open.onsuccess = () => {
        const all = open.result.transaction('roster').objectStore('roster').getAll();
        all.onsuccess = () => resolve(JSON.stringify(all.result));
      };
    }))).not.toContain('@');
    await page.getByLabel('Name, store or e-mail').fill(`${byName.attendeeName.toLowerCase()} ${byName.dlrnum}`);
    await page.getByRole('button', { name: `Check in ${byName.attendeeName}` }).click();
    const offlineGreen = page.getByRole('alertdialog');
    await expect(offlineGreen).toHaveAttribute('data-result', 'checked_in');
    await offlineGreen.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('sync-banner')).toHaveText(/Offline: scanning goes on from this device's list\. 1 scan waiting to sync\./);
    // The same badge again, typed by a handheld scanner: amber, already in, at this door.
    await page.getByLabel('Badge code').fill(scanned.code);
    await page.getByLabel('Badge code').press('Enter');
    await expect(page.getByRole('alertdialog')).toHaveAttribute('data-result', 'already');
    await expect(page.getByRole('alertdialog')).toContainText(/already checked in at \d\d:\d\d, Door 1/);
    await snap(page, 'checkin-amber-offline');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sync-banner')).toContainText('2 scans waiting to sync');
    // The app shell comes from the service worker: a reload without the network opens the paired
    // door with its list and the scans still waiting (IndexedDB).
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${baseURL}/checkin`);
    await page.reload();
    await expect(page.getByText(/Door 1 · [\d,]+ on the list/)).toBeVisible();
    await expect(page.getByTestId('sync-banner')).toContainText('2 scans waiting to sync');

    // Back online: the scans go, and the arrivals count them.
    const recent = await syncBackOnline(page, request, token, arrivedBefore + 2, byName.attendeeName);

    // Undo both (a mistake at the door), synced too: the arrivals are as before, and so is the demo data.
    for (const person of [byName, scanned]) {
      await recent.getByRole('button', { name: `Undo the check-in of ${person.attendeeName}` }).first().click();
      await expect(page.getByRole('alertdialog')).toHaveAttribute('data-result', 'undone');
      await page.keyboard.press('Escape');
    }
    await expect(page.getByTestId('sync-banner')).toHaveText(SYNCED, { timeout: 30_000 });
    await expect.poll(() => arrived(request, token)).toBe(arrivedBefore);
    expect(cspViolations).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});

/** A walk-in registered in the console now (not checked in; of a store, so the arrivals count it): a badge the door's list cannot hold yet. */
async function newBadge(request: APIRequestContext, token: string, tag: string, store: string): Promise<{ registrationId: number; name: string; code: string }> {
  const stamp = `${Date.now().toString(36)}${tag}`;
  const answer = await (
    await request.post('/api/Admin/WalkIns', {
      headers: { authorization: `Bearer ${token}` },
      data: { event: 'nbc', email: `door.${stamp}@example.com`, firstName: 'Door', lastName: `Newcomer ${tag}`, storeDlrnum: store, checkIn: false },
    })
  ).json();
  expect(answer.succeeded, answer.message).toBe(true);
  return { registrationId: answer.data.registrationId as number, name: answer.data.name as string, code: answer.data.badge.code as string };
}

test('a door asks the server for badges its list does not hold: right after pairing, issued after its sync, and offline asks the doorkeeper', async ({ request }) => {
  const token = await organizerToken(request);
  const [atOnce] = await notArrived(request, token, 4);
  if (!atOnce) throw new Error('no demo attendee to check in');
  const arrivedBefore = await arrived(request, token);
  const browser = await cameraShowing(atOnce.code);
  try {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? '', permissions: ['camera'], viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    await page.goto('/checkin');
    await page.getByLabel('Pairing code').fill('DOOR-NBC-27');
    await page.getByRole('button', { name: 'Pair this device' }).click();
    // The camera at once, without waiting for the list: the server answers, green.
    await page.getByRole('button', { name: 'Start camera' }).click();
    const result = page.getByRole('alertdialog');
    await expect(result).toHaveAttribute('data-result', 'checked_in', { timeout: 30_000 });
    await expect(result).toContainText(atOnce.attendeeName);
    await result.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Stop camera' }).click();
    await expect(page.getByTestId('list-age')).toHaveText(/^List updated \d+ s ago\.$/, { timeout: 30_000 });

    // Registered at the desk after the door's sync, scanned online: green with the server's answer.
    const fresh = await newBadge(request, token, 'a', atOnce.dlrnum);
    await page.getByLabel('Badge code').fill(fresh.code);
    await page.getByLabel('Badge code').press('Enter');
    await expect(result).toHaveAttribute('data-result', 'checked_in');
    await expect(result).toContainText(fresh.name);
    await page.keyboard.press('Escape');

    // Offline, a badge the list does not hold: amber, the doorkeeper admits, synced once back.
    const offline = await newBadge(request, token, 'b', atOnce.dlrnum);
    await context.setOffline(true);
    await expect(page.getByTestId('sync-banner')).toContainText('Offline');
    await page.getByLabel('Badge code').fill(offline.code);
    await page.getByLabel('Badge code').press('Enter');
    await expect(result).toHaveAttribute('data-result', 'unlisted');
    await expect(result).toContainText('Valid badge, not on this door’s list yet: admit?');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'checkin-unlisted-offline');
    await result.getByRole('button', { name: 'Admit' }).click();
    await expect(page.getByTestId('sync-banner')).toContainText('1 scan waiting to sync');
    const recent = await syncBackOnline(page, request, token, arrivedBefore + 3, offline.name);

    // Undone again, so the arrivals are as they were for later specs.
    for (const name of [offline.name, fresh.name, atOnce.attendeeName]) {
      await recent.getByRole('button', { name: `Undo the check-in of ${name}` }).first().click();
      await expect(result).toHaveAttribute('data-result', 'undone');
      await page.keyboard.press('Escape');
    }
    await expect(page.getByTestId('sync-banner')).toHaveText(SYNCED, { timeout: 30_000 });
    await expect.poll(() => arrived(request, token)).toBe(arrivedBefore);
    await context.close();
  } finally {
    await browser.close();
  }
});

/** Buttons on screen whose label wraps onto a second line, overflows the button, or that stand past the page's right edge (none should). */
async function wrappedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((button) => button.offsetParent !== null)
      .filter((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1 || button.scrollWidth > button.clientWidth + 1 || button.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
      })
      .map((button) => button.textContent ?? ''),
  );
}

test('a French door (the browser in fr-CA): pairs, scans one badge in French, no button label wraps at 360 and 768 px', async ({ browser, request }) => {
  const token = await organizerToken(request);
  const [person] = await notArrived(request, token, 5);
  if (!person) throw new Error('no demo attendee to check in');
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? '', locale: 'fr-CA', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/checkin');
  await expect(page.getByRole('heading', { name: 'Accueil aux portes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  expect(await wrappedButtons(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('door-fr-pairing-360.png') });
  await page.getByLabel('Code de jumelage').fill('DOOR-NBC-27');
  await page.getByRole('button', { name: 'Jumeler l’appareil' }).click();
  await expect(page.getByText(/Door 1 · [\d\s\u00a0\u202f]+ personnes sur la liste · liste mise à jour à \d\d h \d\d/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sync-banner')).toHaveText(/^En ligne\. Tous les passages sont synchronisés\. Liste mise à jour /);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByLabel('Code du porte-nom').fill(person.code);
  await page.getByLabel('Code du porte-nom').press('Enter');
  const result = page.getByRole('alertdialog');
  await expect(result).toHaveAttribute('data-result', 'checked_in');
  await expect(result).toContainText('Bienvenue');
  await expect(result).toContainText(person.attendeeName);
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 740 });
    expect(await wrappedButtons(page), `result at ${width} px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`door-fr-green-${width}.png`) });
  }
  await result.getByRole('button', { name: 'Annuler' }).click();
  await expect(result).toHaveAttribute('data-result', 'undone');
  await expect(result).toContainText('Accueil annulé');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sync-banner')).toHaveText(/^En ligne\. Tous les passages sont synchronisés\./, { timeout: 30_000 });
  // Every screen of the door at both widths: scan, device (printer, unpair), the camera section.
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 740 });
    await page.getByRole('button', { name: 'Lecture' }).click();
    expect(await wrappedButtons(page), `scan at ${width} px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`door-fr-scan-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Appareil' }).click();
    await page.getByRole('button', { name: 'Dissocier l’appareil' }).click();
    expect(await wrappedButtons(page), `device at ${width} px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`door-fr-device-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Garder jumelé' }).click();
  }
  await context.close();
});

test('the door page is its own: the attendee pages load none of it, and it has its manifest and worker', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/nbc');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  expect(scripts.filter((path) => /checkin|door-/.test(path))).toEqual([]);
  const manifest = await (await request.get('/checkin.webmanifest')).json();
  expect(manifest).toMatchObject({ scope: '/checkin', start_url: '/checkin', display: 'standalone' });
  const worker = await request.get('/checkin-sw.js');
  expect(worker.status()).toBe(200);
  expect(await worker.text()).toContain('"/checkin"');
  const door = await request.get('/checkin');
  expect(door.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
  expect((await request.get('/nbc')).headers()['content-security-policy']).not.toContain('wasm');
});
