import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import staticWebPlugin, {
  CONTENT_SECURITY_POLICY,
  checkinContentSecurityPolicy,
  eventOfPage,
  firstLoadHead,
  firstPaintBody,
  indexHtmlFor,
  inlineContentUrls,
  scriptsAfterFirstPaint,
  warmBannerRenditions,
  welcomeLeadOf,
  type FirstLoadHints,
} from './static-web.ts';

/** The banner's and logo's AVIF candidates as the HTML writes them (@portal/contracts/images). */
const candidates = (url: string, widths: number[]) => widths.map((w) => `${url}?w=${w}&amp;fm=avif ${w}w`).join(', ');
const BANNER_SET = candidates('/content-assets/env-nbc/nbc-banner.svg', [640, 800, 960, 1280, 1600, 2400, 3200]);

/** nbc's login header (logo and banner, attributes to escape); abc without one. */
const HEADER_HINTS: FirstLoadHints = {
  configJson: null,
  events: {
    nbc: {
      loginItemsUrl: '/content/env-nbc/items?system.type=login&depth=2',
      banner: '/content-assets/env-nbc/nbc-banner.svg',
      header: {
        logo: { url: '/content-assets/env-nbc/nbc-logo.svg', description: 'Logo "NBC" <2027>', width: 225, height: 60 },
        banner: { url: '/content-assets/env-nbc/nbc-banner.svg', description: 'Banner & dates', width: 1600, height: 300 },
      },
    },
    abc: { loginItemsUrl: '/content/env-abc/items?system.type=login&depth=2', banner: null, header: { logo: null, banner: null } },
  },
};

const TEMPLATE = '<!doctype html><html><head><title>x</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const PRELOADS = [
  { path: '/nbc', files: ['/assets/nbc-login-1.js', '/assets/sdk-2.js'] },
  { path: '/nbc/reporting*', files: ['/assets/reporting-3.js'] },
];

describe('indexHtmlFor', () => {
  it('adds modulepreload links for the route, matched case-insensitively and with a trailing slash', () => {
    for (const path of ['/nbc', '/NBC', '/nbc/']) {
      const html = indexHtmlFor(path, TEMPLATE, PRELOADS);
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/nbc-login-1.js"><link rel="modulepreload" crossorigin href="/assets/sdk-2.js"></head>');
    }
    expect(indexHtmlFor('/nbc/reporting/region/010/zone', TEMPLATE, PRELOADS)).toContain('/assets/reporting-3.js');
  });

  it('leaves other pages as they are', () => {
    expect(indexHtmlFor('/', TEMPLATE, PRELOADS)).toBe(TEMPLATE);
    expect(indexHtmlFor('/nbcx', TEMPLATE, PRELOADS)).toBe(TEMPLATE);
    expect(indexHtmlFor('/nbc', TEMPLATE, [])).toBe(TEMPLATE);
  });

  it('lists the scripts for start-after-paint.js instead of asking for them in <head>', () => {
    const html = scriptsAfterFirstPaint(indexHtmlFor('/nbc', TEMPLATE, PRELOADS, { scriptsLowPriority: true }));
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    const list = /<script type="application\/json" id="portal-scripts">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(list)).toEqual({ entry: '/assets/index-abc.js', preload: ['/assets/nbc-login-1.js', '/assets/sdk-2.js'] });
    expect(html).toContain('<script src="/start-after-paint.js" defer></script></head>');
    // Nothing to move: the page stays as it is.
    expect(scriptsAfterFirstPaint('<html><head></head><body></body></html>')).toBe('<html><head></head><body></body></html>');
  });

  it('asks for the scripts at low priority when the page paints without them', () => {
    const html = indexHtmlFor('/nbc', TEMPLATE, PRELOADS, { scriptsLowPriority: true });
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index-abc.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/nbc-login-1.js">');
    expect(html).not.toMatch(/<(script type="module"|link rel="modulepreload") (?!fetchpriority)/);
  });
});

const OWN_POLICY = "default-src 'none'; frame-ancestors 'none'";
/**
 * A web root in a scratch folder holding `html` as index.html (and an empty start-after-paint.js unless
 * `startScript` is false), with a bare Fastify app to register the plugin on; both go when the test ends.
 */
function scratchWebApp(prefix: string, html = TEMPLATE, startScript = true): { root: string; app: FastifyInstance } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(root, 'index.html'), html);
  if (startScript) writeFileSync(join(root, 'start-after-paint.js'), '');
  const app = Fastify();
  onTestFinished(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });
  return { root, app };
}

const CHECKIN_TEMPLATE = '<!doctype html><html><head><title>Door check-in</title><script type="module" src="/assets/checkin-x.js"></script></head><body><div id="root"></div></body></html>';

describe('static web plugin', () => {
  let root: string;
  let app: FastifyInstance;
  const js = 'export const answer = 42;'.repeat(100);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), TEMPLATE);
    writeFileSync(join(root, 'checkin.html'), CHECKIN_TEMPLATE);
    writeFileSync(join(root, 'checkin-sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(root, 'assets', 'index-abc.js'), js);
    writeFileSync(join(root, 'assets', 'index-abc.js.br'), brotliCompressSync(js));
    // Preload lists are build output: a malformed entry is dropped, not trusted.
    writeFileSync(join(root, 'route-preloads.json'), JSON.stringify([...PRELOADS, { path: '/abc', files: ['javascript:alert(1)'] }]));
    app = Fastify();
    app.get('/api/Config', async () => ({ succeeded: true }));
    app.get('/own-policy', async (_request, reply) => reply.header('content-security-policy', OWN_POLICY).type('text/html; charset=utf-8').send('<p>own</p>'));
    await app.register(staticWebPlugin, { webRoot: root });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves client routes from index.html with the CSP and no caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/nbc/welcome' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it("keeps a page's own, stricter policy (the mail links' pages), and still forbids framing it", async () => {
    const res = await app.inject({ method: 'GET', url: '/own-policy' });
    expect(res.headers['content-security-policy']).toBe(OWN_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('serves the door app page for /checkin and below, with WebAssembly allowed there only', async () => {
    for (const url of ['/checkin', '/checkin/', '/CheckIn', '/checkin/settings?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(CHECKIN_TEMPLATE);
      expect(res.headers['content-security-policy'], url).toBe(checkinContentSecurityPolicy());
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const policy = checkinContentSecurityPolicy();
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    // The attendee pages keep the policy without WebAssembly, and their own page.
    const other = await app.inject({ method: 'GET', url: '/checkinx' });
    expect(other.body).not.toContain('Door check-in');
    expect(other.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toContain('wasm-unsafe-eval');
    const worker = await app.inject({ method: 'GET', url: '/checkin-sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('adds the preloads of the route; ignores malformed entries', async () => {
    expect((await app.inject({ method: 'GET', url: '/nbc' })).body).toContain('href="/assets/sdk-2.js"');
    expect((await app.inject({ method: 'GET', url: '/abc' })).body).not.toContain('javascript:');
  });

  it('has a policy that allows no inline or foreign scripts, no plugins and no framing', () => {
    const directives: Record<string, string[]> = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-src']?.every((source) => source.startsWith('https://'))).toBe(true);
  });

  it('serves hashed assets pre-compressed and cached for a year', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-security-policy']).toBeUndefined();
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers unknown API paths and missing files with a JSON 404, not the app', async () => {
    for (const url of ['/api/Nope', '/User/Nope', '/content/x', '/assets/missing-123.js', '/favicon.ico']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ succeeded: false });
    }
    expect((await app.inject({ method: 'POST', url: '/nbc' })).statusCode).toBe(404);
  });
});

describe('first-load hints', () => {
  const HINTS: FirstLoadHints = {
    configJson: '{"succeeded":true,"data":{"note":"</script><script>alert(1)</script>"}}',
    events: {
      nbc: { loginItemsUrl: '/content/env-nbc/items?system.type=login&depth=2', banner: '/content-assets/env-nbc/nbc-banner.svg' },
      abc: { loginItemsUrl: '/content/env-abc/items?system.type=login&depth=2', banner: 'javascript:alert(1)' },
    },
  };

  it('knows which event a page shows the banner of', () => {
    expect(['/nbc', '/NBC/', '/nbc/welcome', '/nbc/enrollment', '/abc'].map(eventOfPage)).toEqual(['nbc', 'nbc', 'nbc', 'nbc', 'abc']);
    expect(['/', '/reportLogin', '/nbc/dashboard', '/nbc/reporting/region', '/register/x'].map(eventOfPage)).toEqual([null, null, null, null, null]);
  });

  it('embeds the config as inert JSON that cannot close its element', () => {
    const head = firstLoadHead('/', HINTS);
    expect(head).toMatch(/^<script type="application\/json" id="portal-config">/);
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    expect(head).toContain('\\u003c/script>');
    expect(JSON.parse(head.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''))).toEqual(JSON.parse(HINTS.configJson ?? ''));
  });

  it('preloads the login content on the login page and the banner on the event pages', () => {
    expect(firstLoadHead('/nbc', HINTS)).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/content/env-nbc/items?system.type=login&amp;depth=2">');
    expect(firstLoadHead('/nbc', HINTS)).toContain(`<link rel="preload" as="image" fetchpriority="high" href="/content-assets/env-nbc/nbc-banner.svg" type="image/avif" imagesrcset="${BANNER_SET}" imagesizes="100vw">`);
    expect(firstLoadHead('/nbc/welcome', HINTS)).not.toContain('as="fetch"');
    // Signed in, the banner is not the largest element: it does not go ahead of the scripts.
    expect(firstLoadHead('/nbc/welcome', HINTS)).toContain(`<link rel="preload" as="image" href="/content-assets/env-nbc/nbc-banner.svg" type="image/avif" imagesrcset="${BANNER_SET}" imagesizes="100vw">`);
    expect(firstLoadHead('/nbc/reporting', HINTS)).not.toContain('preload');
    // Only same-origin paths become hints.
    expect(firstLoadHead('/abc', HINTS)).not.toContain('javascript:');
  });

  it('sends the login header (logo and banner) as HTML on /nbc and /abc only, attributes escaped', () => {
    const hints = HEADER_HINTS;
    expect(firstPaintBody('/NBC/', hints)).toBe(
      '<div class="first-paint" id="first-paint" data-path="/nbc"><header class="login-header"><div class="container py-2">' +
        '<img src="/content-assets/env-nbc/nbc-logo.svg" alt="Logo &quot;NBC&quot; &lt;2027&gt;" width="225" height="60" class="brand-logo" fetchpriority="high"></div>' +
        `<picture class="header-picture"><source type="image/avif" srcset="${BANNER_SET}" sizes="100vw">` +
        '<img src="/content-assets/env-nbc/nbc-banner.svg" alt="Banner &amp; dates" width="1600" height="300" class="event-banner" fetchpriority="high"></picture></header></div>',
    );
    // No banner, nothing to paint early.
    expect(firstPaintBody('/abc', hints)).toBe('');
    expect(firstPaintBody('/', hints)).toBe('');
    expect(firstPaintBody('/nbc/enrollment', hints)).toBe('');
    expect(firstPaintBody('/nbc/reporting', hints)).toBe('');
  });

  it('draws the public logo and banner the way the shell does on the welcome page, hidden from assistive technology', () => {
    const html = firstPaintBody('/nbc/welcome/', HEADER_HINTS);
    expect(html).toBe(
      '<div class="first-paint first-paint-shell" id="first-paint" data-path="/nbc/welcome" data-lang="en" aria-hidden="true">' +
        '<nav class="app-navbar bg-body border-bottom shadow-sm navbar navbar-expand-lg navbar-light"><div class="container"><span class="py-0 navbar-brand">' +
        '<img src="/content-assets/env-nbc/nbc-logo.svg" alt="Logo &quot;NBC&quot; &lt;2027&gt;" width="225" height="60" class="brand-logo" fetchpriority="high"></span></div></nav>' +
        `<div class="event-banner-wrap"><picture class="header-picture"><source type="image/avif" srcset="${BANNER_SET}" sizes="100vw">` +
        '<img src="/content-assets/env-nbc/nbc-banner.svg" alt="Banner &amp; dates" width="1600" height="300" class="event-banner" fetchpriority="high"></picture></div></div>',
    );
    // Nothing focusable under aria-hidden (axe: aria-hidden-focus).
    expect(html).not.toMatch(/<(a|button|input)\b/);
    // Without a logo the bar would not match the shell's: nothing is drawn.
    const noLogo: FirstLoadHints = { ...HEADER_HINTS, events: { nbc: { ...HEADER_HINTS.events.nbc!, header: { logo: null, banner: HEADER_HINTS.events.nbc!.header!.banner } } } };
    expect(firstPaintBody('/nbc/welcome', noLogo)).toBe('');
  });

  it('draws the welcome letter’s opening below an unseen bar and banner, marked with the language it is drawn in', () => {
    const lead = { html: '<p>Chers partenaires,</p>', video: true };
    const html = firstPaintBody('/nbc/welcome', HEADER_HINTS, 'en', lead);
    expect(html).toContain('id="first-paint" data-path="/nbc/welcome" data-lang="en" aria-hidden="true">');
    const content = html.slice(html.indexOf('<div class="first-paint first-paint-content"'));
    expect(content.startsWith('<div class="first-paint first-paint-content" id="first-paint-content" aria-hidden="true"><div class="first-paint-spacer"><nav class="app-navbar')).toBe(true);
    expect(content).toContain(
      '<div class="content-page"><section class="content-section py-5"><div class="container"><div class="welcome-layout welcome-layout--video"><div><div class="welcome-letter"><div class="letter-text"><p>Chers partenaires,</p></div></div></div></div></div></section></div></div>',
    );
    expect(html).not.toMatch(/<(a|button|input)\b/);
    // Without a lead only the bar and banner.
    expect(firstPaintBody('/nbc/welcome', HEADER_HINTS, 'en', null)).not.toContain('first-paint-content');
  });

  it('finds the letter’s opening and the video in the welcome answer', () => {
    const answer = (letter: unknown, video: unknown) => JSON.stringify({ items: [{ elements: { letter: { value: letter }, video_url: { value: video } } }] });
    expect(welcomeLeadOf(answer('<p>Hi</p>', 'https://www.youtube-nocookie.com/embed/x'))).toEqual({ html: '<p>Hi</p>', video: true });
    expect(welcomeLeadOf(answer('<p>Hi</p>', ''))).toEqual({ html: '<p>Hi</p>', video: false });
    expect(welcomeLeadOf(answer('<p>Hi</p>', 'javascript:alert(1)'))).toEqual({ html: '<p>Hi</p>', video: false });
    expect(welcomeLeadOf(answer(42, ''))).toBeNull();
    expect(welcomeLeadOf('not json')).toBeNull();
    expect(welcomeLeadOf(undefined)).toBeNull();
  });

  it('the plugin finds them through the app’s own config and content routes', async () => {
    const { root, app } = scratchWebApp('static-web-hints-');
    const config = { succeeded: true, message: null, data: { contentBaseUrl: '/content', content: { nbc: { environmentId: 'env-nbc' }, abc: { environmentId: 'env-abc' } } } };
    app.get('/api/Config', async () => config);
    app.get('/content/env-abc/items', async () => ({ items: [{ elements: { banner: { value: [{ url: '/content-assets/env-abc/abc-banner.svg', description: 'Banner' }] } } }] }));
    app.get('/content/env-nbc/items', async (request) => {
      expect(request.query).toMatchObject({ 'system.type': 'login', depth: '2' });
      return {
        items: [
          {
            elements: {
              banner: { value: [{ url: '/content-assets/env-nbc/nbc-banner.svg', description: 'Banner', width: null, height: null }] },
              logo: { value: [{ url: 'https://elsewhere.example/logo.svg', description: 'Logo' }] },
            },
          },
        ],
      };
    });
    await app.register(staticWebPlugin, { webRoot: root });
    const html = (await app.inject({ method: 'GET', url: '/nbc' })).body;
    expect(html).toContain(`<script type="application/json" id="portal-config">${JSON.stringify(config)}</script>`);
    expect(html).toContain('href="/content/env-nbc/items?system.type=login&amp;depth=2"');
    expect(html).toContain('href="/content-assets/env-nbc/nbc-banner.svg"');
    expect(html.indexOf('portal-config')).toBeLessThan(html.indexOf('</head>'));
    // The header before the app's root: the banner at the page's own size, no logo from elsewhere.
    expect(html).toContain(
      `<div class="first-paint" id="first-paint" data-path="/nbc"><header class="login-header"><div class="container py-2"></div><picture class="header-picture"><source type="image/avif" srcset="${BANNER_SET}" sizes="100vw"><img src="/content-assets/env-nbc/nbc-banner.svg" alt="Banner" width="1600" height="300" class="event-banner" fetchpriority="high"></picture></header></div><div id="root">`,
    );
    expect((await app.inject({ method: 'GET', url: '/nbc/welcome' })).body).not.toContain('first-paint');
    // /abc paints its header first too, but asks for its scripts at once: its largest element
    // (the login note) is rendered by the app.
    const abc = (await app.inject({ method: 'GET', url: '/abc' })).body;
    expect(abc).toContain('id="first-paint" data-path="/abc"');
    expect(abc).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(abc).not.toContain('portal-scripts');
    expect(html).toContain('id="portal-scripts"');
  });

  it('writes the page in the reader’s language: the French variant’s banner painted, preloaded and drawn, <html lang>, the French content', async () => {
    const { root, app } = scratchWebApp('static-web-fr-', TEMPLATE.replace('<html>', '<html lang="en">'));
    app.get('/api/Config', async () => ({ succeeded: true, message: null, data: { contentBaseUrl: '/content', content: { nbc: { environmentId: 'env-nbc' } } } }));
    const asked: string[] = [];
    app.get('/content/env-nbc/items', async (request, reply) => {
      asked.push(request.url);
      const { language, 'system.type': type } = request.query as Record<string, string>;
      const french = language === 'fr-CA';
      if (type !== 'login') return reply.header('cache-control', 'public, max-age=60').send({ items: [{ elements: {}, system: { language: language ?? 'en' } }], modular_content: {}, pagination: {} });
      const file = french ? 'nbc-banner-fr-CA.svg' : 'nbc-banner.svg';
      return {
        items: [
          {
            elements: {
              banner: { value: [{ url: `/content-assets/env-nbc/${file}`, description: french ? 'Congrès national des affaires 2027' : 'National Business Conference 2027' }] },
              logo: { value: [{ url: '/content-assets/env-nbc/nbc-logo.svg', description: 'Logo' }] },
            },
          },
        ],
      };
    });
    await app.register(staticWebPlugin, { webRoot: root });
    const french = await app.inject({ method: 'GET', url: '/nbc', headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(french.headers.vary).toBe('Accept-Language, Cookie');
    expect(french.body).toContain('<html lang="fr-CA">');
    expect(french.body).toContain('href="/content/env-nbc/items?system.type=login&amp;depth=2&amp;language=fr-CA"');
    expect(french.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="/content-assets/env-nbc/nbc-banner-fr-CA.svg"');
    expect(french.body).toContain('<img src="/content-assets/env-nbc/nbc-banner-fr-CA.svg" alt="Congrès national des affaires 2027"');
    expect(french.body).not.toContain('nbc-banner.svg');
    // The same renditions, the same sizes: only the file differs.
    expect(french.body).toContain(`imagesrcset="${candidates('/content-assets/env-nbc/nbc-banner-fr-CA.svg', [640, 800, 960, 1280, 1600, 2400, 3200])}" imagesizes="100vw"`);
    expect(french.body).toContain('width="1600" height="300" class="event-banner"');

    // Signed in, the welcome page: the French banner preloaded (behind the scripts) and drawn, the French content written in.
    const welcome = (await app.inject({ method: 'GET', url: '/nbc/welcome', headers: { 'accept-language': 'en-US', cookie: 'portal_language=fr-CA' } })).body;
    expect(welcome).toContain('<link rel="preload" as="image" href="/content-assets/env-nbc/nbc-banner-fr-CA.svg"');
    expect(welcome).toContain('<img src="/content-assets/env-nbc/nbc-banner-fr-CA.svg" alt="Congrès national des affaires 2027"');
    expect(welcome).toContain('"/content/env-nbc/items?system.type=welcome_page&depth=2&language=fr-CA"');
    expect(welcome).not.toContain('nbc-banner.svg');

    const english = (await app.inject({ method: 'GET', url: '/nbc', headers: { 'accept-language': 'fr-CA', cookie: 'portal_language=en' } })).body;
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('href="/content-assets/env-nbc/nbc-banner.svg"');
    expect(english).not.toContain('fr-CA');
    expect(asked).toContain('/content/env-nbc/items?system.type=login&depth=2&language=fr-CA');
    // A mailed link names the mail's language: the page starts in it.
    expect((await app.inject({ method: 'GET', url: '/register/abc?lang=fr-CA', headers: { 'accept-language': 'en-US' } })).body).toContain('<html lang="fr-CA">');

    // Both languages' renditions are drawn ahead of the first visitors.
    const renditions: string[] = [];
    const drawer = Fastify();
    drawer.get('/content-assets/:env/:file', async (request) => {
      renditions.push(request.url);
      return 'ok';
    });
    const hints: FirstLoadHints = { ...HEADER_HINTS, eventsIn: { 'fr-CA': { nbc: { ...HEADER_HINTS.events.nbc!, header: { logo: null, banner: { url: '/content-assets/env-nbc/nbc-banner-fr-CA.svg', description: '', width: 1600, height: 300 } } } } } };
    expect(await warmBannerRenditions(drawer, hints)).toBe(14);
    expect(renditions.filter((url) => url.includes('fr-CA'))).toHaveLength(7);
    await drawer.close();
  });

  it('serves the welcome page with the shell’s bar and banner first and its scripts started at once, at low priority', async () => {
    const { root, app } = scratchWebApp('static-web-welcome-');
    app.get('/api/Config', async () => ({ succeeded: true, message: null, data: { contentBaseUrl: '/content', content: { nbc: { environmentId: 'env-nbc' } } } }));
    app.get('/content/env-nbc/items', async () => ({
      items: [{ elements: { banner: { value: [{ url: '/content-assets/env-nbc/nbc-banner.svg', description: 'Banner' }] }, logo: { value: [{ url: '/content-assets/env-nbc/nbc-logo.svg', description: 'Logo' }] } } }],
    }));
    await app.register(staticWebPlugin, { webRoot: root });
    const welcome = (await app.inject({ method: 'GET', url: '/nbc/welcome' })).body;
    expect(welcome).toContain('<div class="first-paint first-paint-shell" id="first-paint" data-path="/nbc/welcome" data-lang="en" aria-hidden="true"><nav class="app-navbar');
    expect(welcome).toContain('<script type="module" fetchpriority="low" src="/assets/index-abc.js"></script>');
    expect(welcome).not.toContain('portal-scripts');
    const login = (await app.inject({ method: 'GET', url: '/nbc' })).body;
    expect(login).toContain('id="portal-scripts"');
    // Pages without a header painted from the HTML keep their scripts at full priority.
    const enrollment = (await app.inject({ method: 'GET', url: '/nbc/enrollment' })).body;
    expect(enrollment).not.toContain('first-paint');
    expect(enrollment).toContain('<script type="module" src="/assets/index-abc.js"></script>');
  });

  it('writes the welcome page’s public content answers into /nbc/welcome, never a restricted one', async () => {
    expect(inlineContentUrls('/nbc/welcome/', { configJson: null, events: { nbc: { contentBase: '/content/env-nbc', loginItemsUrl: '', banner: null } } })).toEqual([
      '/content/env-nbc/items?system.type=page_layout&depth=2',
      '/content/env-nbc/items?system.type=welcome_page&depth=2',
    ]);
    expect(inlineContentUrls('/nbc', { configJson: null, events: { nbc: { contentBase: '/content/env-nbc', loginItemsUrl: '', banner: null } } })).toEqual([]);
    const { root, app } = scratchWebApp('static-web-inline-', TEMPLATE, false);
    const config = { succeeded: true, message: null, data: { contentBaseUrl: '/content', content: { nbc: { environmentId: 'env-nbc' } } } };
    app.get('/api/Config', async () => config);
    const seen: unknown[] = [];
    app.get('/content/env-nbc/items', async (request, reply) => {
      const type = (request.query as Record<string, string>)['system.type'];
      seen.push({ type, authorization: request.headers.authorization });
      if (type === 'welcome_page') return reply.header('cache-control', 'public, max-age=60').send({ items: [{ elements: { letter: { type: 'rich_text', value: '<p>Dear </script><script>x</script></p>' } } }], modular_content: {}, pagination: {} });
      // Restricted content in the answer: private, never written into a page.
      return reply.header('cache-control', 'private, no-cache').send({ items: [{ elements: {} }], modular_content: {}, pagination: {} });
    });
    await app.register(staticWebPlugin, { webRoot: root });
    const html = (await app.inject({ method: 'GET', url: '/nbc/welcome' })).body;
    const block = /<script type="application\/json" id="portal-content">(.*?)<\/script>/.exec(html);
    expect(block?.[1]).toBeDefined();
    const served = JSON.parse(block?.[1] ?? '{}') as Record<string, { items: { elements: { letter: { value: string } } }[] }>;
    expect(Object.keys(served)).toEqual(['/content/env-nbc/items?system.type=welcome_page&depth=2']);
    expect(served['/content/env-nbc/items?system.type=welcome_page&depth=2']?.items[0]?.elements.letter.value).toBe('<p>Dear </script><script>x</script></p>');
    // The entry script, the config and the content: the letter's </script> cannot close the block.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(seen).toContainEqual({ type: 'welcome_page', authorization: undefined });
    // The letter's script tags are not plain text: nothing of it is drawn into the page.
    expect(html).not.toContain('first-paint-content');
    expect((await app.inject({ method: 'GET', url: '/nbc' })).body).not.toContain('portal-content');
  });
});

describe('banner renditions', () => {
  it('are all asked for once the server listens, the narrowest first', async () => {
    const app = Fastify();
    const asked: string[] = [];
    app.get('/content-assets/:env/:file', async (request) => {
      asked.push(request.url);
      return 'ok';
    });
    const hints = HEADER_HINTS;
    expect(await warmBannerRenditions(app, hints)).toBe(7);
    expect(asked[0]).toBe('/content-assets/env-nbc/nbc-banner.svg?w=640&fm=avif');
    expect(asked.at(-1)).toBe('/content-assets/env-nbc/nbc-banner.svg?w=3200&fm=avif');
    expect(new Set(asked).size).toBe(7);
    expect(asked.some((url) => url.includes('logo'))).toBe(false);
    await app.close();
  });
});
