/**
 * The portal in Canadian French (docs/decisions/016-web-i18n-react-intl.md): a dealer chooses
 * Français on /nbc, signs in, and reads the welcome page, its tabs and the enrollment page in
 * French, with axe passing; and the attendee pages, walked in French, show no string of the English
 * catalog (every part of apps/web/src/i18n/messages/en; brand names and codes, the same in both
 * languages, are left out).
 */
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, nothingLoading, seriousA11yViolations, snap, test } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';

type Part = Readonly<Record<string, string>>;

/** Every English part and its French part, merged. */
async function catalogs(): Promise<{ en: Part; fr: Part }> {
  const parts = ['base', 'content', 'enrollment', 'retailer-report', 'registration', 'sessions', 'reporting', 'sessions-report', 'door'];
  const en: Record<string, string> = {};
  const fr: Record<string, string> = {};
  for (const part of parts) {
    const enModule = (await import(`../apps/web/src/i18n/messages/en/${part}.ts`)) as Record<string, Part>;
    const frModule = (await import(`../apps/web/src/i18n/messages/fr-CA/${part}.ts`)) as Record<string, Part>;
    Object.assign(en, ...Object.values(enModule));
    Object.assign(fr, ...Object.values(frModule));
  }
  return { en, fr };
}

/**
 * The English words a French page must not show: each message's literal runs (ICU arguments,
 * plural and select branches and tags taken out) longer than 3 characters, for messages whose
 * French differs (a brand or code reads the same in both).
 */
async function englishFragments(): Promise<string[]> {
  const { en, fr } = await catalogs();
  const fragments = new Set<string>();
  for (const [id, message] of Object.entries(en)) {
    if (fr[id] === undefined || fr[id] === message) continue;
    // Nested braces (plural, select) are removed from the inside out.
    let flat = message;
    for (let previous = ''; previous !== flat; ) {
      previous = flat;
      flat = flat.replace(/\{[^{}]*\}/g, '\u0000');
    }
    for (const run of flat.replace(/<\/?\w+>/g, '\u0000').split('\u0000')) {
      const words = run.trim().replace(/[.:,;!?]+$/, '');
      if (words.length > 3 && !fr[id]!.includes(words)) fragments.add(words);
    }
  }
  return [...fragments];
}

/**
 * The English fragments the page's visible text holds (whole words only). What an organizer wrote
 * (question labels and options, session titles and rooms) is data, shown as written (the demo's own
 * texts come in French): `organizer` names elements holding such data and `organizerText` its
 * words, both left out of the check.
 */
async function englishOn(page: Page, fragments: readonly string[], exclude: { organizer?: string; organizerText?: RegExp } = {}): Promise<string[]> {
  let visible = await page.evaluate((selector) => {
    let text = document.body.innerText;
    if (selector) for (const element of document.querySelectorAll<HTMLElement>(selector)) text = text.replace(element.innerText, ' ');
    return text;
  }, exclude.organizer ?? '');
  if (exclude.organizerText) visible = visible.replace(exclude.organizerText, ' ');
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return fragments.filter((fragment) => new RegExp(`(^|[^\\p{L}])${escape(fragment)}($|[^\\p{L}])`, 'u').test(visible));
}

/** Chooses Français on /nbc and signs in as the demo dealer; the login's own texts are French. */
async function signInInFrench(page: Page): Promise<void> {
  await page.goto('/nbc');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
  await page.locator('input[type="email"]').fill(DEMO_ACCOUNTS.dealer.userName);
  await page.locator('input[type="password"]').fill(DEMO_ACCOUNTS.dealer.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/nbc\/welcome$/);
}

/**
 * Scrolls so the sections below the welcome letter load, then waits for every section the tabs name
 * to be on the page with its content, and for the video's and the map's frames (axe looks into them).
 */
async function loadWholeWelcome(page: Page): Promise<void> {
  await page.mouse.wheel(0, 400);
  await expect(page.locator('#faq h2')).toBeVisible({ timeout: 20_000 });
  const tabs = new Set(await page.locator('.app-navbar a[href*="/welcome#"]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).hash)));
  await expect(page.locator('.content-page > .content-section')).toHaveCount(tabs.size);
  await nothingLoading(page);
  await expect(page.locator('#welcome iframe, #eventarea iframe')).toHaveCount(2);
}

test.describe('the portal in French', () => {
  test('a dealer chooses Français at /nbc, signs in and reads the welcome page and its tabs in French; axe passes', async ({ page }) => {
    await signInInFrench(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Séances' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Télécharger mes données' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lire la suite' })).toBeVisible();
    await loadWholeWelcome(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'french-welcome');
  });

  test('the enrollment page reads in French; axe passes', async ({ page }) => {
    await signInInFrench(page);
    await page.goto('/nbc/enrollment');
    await expect(page.getByRole('heading', { name: 'Inscription', level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Type d’inscription' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Direction exécutive' })).toBeVisible();
    await page.getByRole('radio', { name: 'Direction exécutive' }).check();
    await expect(page.getByText('Êtes-vous Pat Morgan\u00a0?')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('no string of the English catalog shows on the welcome and enrollment pages in French', async ({ page }) => {
    const fragments = await englishFragments();
    expect(fragments.length).toBeGreaterThan(100);
    await signInInFrench(page);
    await loadWholeWelcome(page);
    // The letter opened, so its own button shows its other label too.
    await page.getByRole('button', { name: 'Lire la suite' }).click();
    expect(await englishOn(page, fragments), '/nbc/welcome').toEqual([]);
    await page.goto('/nbc/enrollment');
    await expect(page.getByRole('heading', { name: 'Inscription', level: 1 })).toBeVisible();
    await page.getByRole('radio', { name: 'Autre' }).check();
    await page.getByRole('button', { name: 'Entrer le nom de la personne' }).click();
    await page.locator('form.enrollment-name-form button[type="submit"]').click();
    expect(await englishOn(page, fragments), '/nbc/enrollment').toEqual([]);
  });

  for (const width of [360, 768, 1280]) {
    test(`at ${width} px no button or tab label of the header, navbar and footer wraps or overflows in French`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInInFrench(page);
      await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
      // Below 992 px the tabs are in the collapsed menu: opened, so they are measured too.
      const toggle = page.locator('.navbar-toggler');
      if (await toggle.isVisible()) {
        await toggle.click();
        await expect(page.locator('#app-navigation .nav-link').first()).toBeVisible();
      }
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.app-navbar .nav-link, .app-navbar button, .app-footer button')]
          .filter((element) => element.offsetParent !== null)
          .filter((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
            return lines.size > 1 || element.scrollWidth > element.clientWidth + 1;
          })
          .map((element) => element.textContent?.trim() || element.getAttribute('aria-label') || element.className),
      );
      expect(broken).toEqual([]);
    });
  }

  test('no string of the English catalog shows on the sessions page in French', async ({ page }) => {
    const fragments = await englishFragments();
    await signInInFrench(page);
    await page.goto('/nbc/sessions');
    await expect(page.locator('h1')).toBeVisible();
    // The demo program (organizer data) in French too: its titles, rooms and tracks are the demo's own.
    await expect(page.getByText('Salle 201').first()).toBeVisible();
    await nothingLoading(page);
    expect(await englishOn(page, fragments), '/nbc/sessions').toEqual([]);
    expect(await page.locator('main').innerText()).not.toMatch(/Room \d+|Grand Ballroom|Opening keynote|breakout workshop/);
  });

  test('a traveller registers in French: the registration page, its confirmation mail and calendar file in French, no English catalog string; axe passes', async ({ page }) => {
    const fragments = await englishFragments();
    const email = `camille.tremblay.${Date.now().toString(36)}@expo.example.com`;
    await page.goto('/nbc');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').fill('EXPO27');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/nbc\/welcome$/);

    await page.goto('/nbc/enrollment');
    await expect(page.getByRole('heading', { name: 'Inscription', level: 1 })).toBeVisible();
    const opened = page.waitForEvent('popup');
    await page.locator('form.enrollment-name-form button[type="submit"]').click();
    const registration = await opened;
    await registration.waitForURL(/\/register\/[A-Za-z0-9_-]{43}$/);
    await expect(registration.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(registration.getByRole('heading', { name: 'Finalisez votre inscription' })).toBeVisible({ timeout: 30_000 });
    await expect(registration.getByLabel('Adresse courriel')).toHaveValue(email);
    // The demo's questions (organizer data) come in French too, with the form; then nothing left loading.
    await expect(registration.getByText('Chambre d’hôtel').first()).toBeVisible();
    await nothingLoading(registration);
    expect(await englishOn(registration, fragments), 'the registration page').toEqual([]);
    expect(await seriousA11yViolations(registration)).toEqual([]);

    const inPerson = registration.getByRole('radio', { name: /En personne/ });
    if (await inPerson.isVisible()) await inPerson.check();
    await registration.getByLabel('Date d’arrivée').fill('2027-03-01');
    await registration.getByLabel('Date de départ').fill('2027-03-03');
    // ...and none of the demo's questions is left in English.
    expect(await registration.locator('main').innerText()).not.toMatch(/Hotel room|Dietary needs|Shirt size|evening gala/);
    await registration.getByRole('button', { name: 'Terminer l’inscription' }).click();
    await expect(registration.getByRole('heading', { name: 'Votre inscription est confirmée' })).toBeVisible();
    await expect(registration.getByText(/1 mars 2027/).first()).toBeVisible();
    expect(await englishOn(registration, fragments), 'the confirmation').toEqual([]);

    // The confirmation mail and its calendar file, in the person's language (kept at the French login).
    const mail = await waitForMail(email, /votre inscription est confirmée/);
    expect(mail.text).toContain('Bonjour');
    expect(mail.text).not.toMatch(/Your registration|Dear /);
    const calendar = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(calendar, 'the mail carries a calendar file').toBeDefined();
    // Long calendar lines are folded (a line break and a space): unfolded before reading.
    expect(calendar!.text.replace(/\r?\n[ \t]/g, '')).toMatch(/DESCRIPTION:Votre inscription à l’événement/);

    // The mail's link names the mail's language: opened in an English browser with no choice made,
    // the registration page is in French.
    const link = mail.text.match(/https?:\/\/\S+\/register\/\S+/)?.[0];
    expect(link).toMatch(/\?lang=fr-CA$/);
    const english = await page.context().browser()!.newContext({ locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US' } });
    try {
      const opened = await english.newPage();
      const url = new URL(link!);
      await opened.goto(`${new URL(page.url()).origin}${url.pathname}${url.search}`);
      await expect(opened.locator('html')).toHaveAttribute('lang', 'fr-CA');
      await expect(opened.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      expect(await opened.locator('main').innerText()).toMatch(/inscription/i);
    } finally {
      await english.close();
    }
  });
});
