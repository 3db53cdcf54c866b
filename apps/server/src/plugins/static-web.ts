/**
 * Serves the built web app with the SPA fallback for the spec's client-side routes, and the
 * security headers of every answer. Built assets are served pre-compressed (the web build writes
 * .br and .gz beside each file) and cached for a year (their names carry a content hash).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SERVED_CONTENT } from '@portal/contracts/rules';
import { bannerSources } from '@portal/contracts/images';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts';
import { pageLanguage } from '../lib/i18n/i18n.ts';
import { letterLead } from './first-paint-letter.ts';

const API_PREFIXES = ['/api/', '/User/', '/content/', '/content-assets/'];

/** Frames the demo content embeds: the welcome video and the event-area map. */
export const DEFAULT_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://www.openstreetmap.org'];

/**
 * Only what the app needs: its own scripts, styles and API; images from itself plus the data: URIs
 * of Bootstrap's icons; frames only from the video and map hosts; no plugins, no framing, no
 * <base> tricks. Scripts and styles allow no inline code (React sets styles through the CSSOM,
 * which CSP does not restrict).
 */
export function contentSecurityPolicy(frameSources: readonly string[] = DEFAULT_FRAME_SOURCES): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameSources.length > 0 ? frameSources.join(' ') : "'none'"}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * The door app's pages (/checkin, docs/checkin-app.md): the same policy, plus `'wasm-unsafe-eval'`
 * so the QR decoder (ZXing as WebAssembly, served from /assets) may compile there, and no frames.
 * Nothing else of the portal gets it.
 */
export function checkinContentSecurityPolicy(): string {
  return contentSecurityPolicy([]).replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");
}

/** The door app: /checkin, anything below it, and its page file itself. */
export function isCheckinPath(pathname: string): boolean {
  return /^\/checkin(\/.*|\.html)?$/i.test(pathname);
}

interface RoutePreload {
  /** A path, or a prefix when it ends with `*`; matched case-insensitively like the router. */
  path: string;
  files: string[];
}

/** dist/route-preloads.json from the web build; anything unreadable means no hints, not an error. */
function readRoutePreloads(file: string): RoutePreload[] {
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (r): r is RoutePreload =>
        typeof r === 'object' && r !== null && typeof r.path === 'string' && Array.isArray(r.files) && r.files.every((f: unknown) => typeof f === 'string' && /^\/assets\/[\w.-]+\.js$/.test(f)),
    );
  } catch {
    return [];
  }
}

/**
 * index.html with `<link rel="modulepreload">` for the chunks of the page asked for: they download
 * together with the main script instead of after it has run.
 */
export function indexHtmlFor(pathname: string, template: string, preloads: readonly RoutePreload[], options: { scriptsLowPriority?: boolean } = {}): string {
  // With the header in the page itself, the first paint needs only the stylesheet and the images:
  // the scripts (entry, its imports and the page's chunks) are asked for at low priority, behind them.
  const priority = options.scriptsLowPriority ? ' fetchpriority="low"' : '';
  if (priority) template = template.replace(/<(script type="module"|link rel="modulepreload")/g, `<$1${priority}`);
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  const route = preloads.find((r) => {
    const pattern = r.path.toLowerCase();
    return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
  });
  if (!route || route.files.length === 0) return template;
  const links = route.files.map((file) => `<link rel="modulepreload"${priority} crossorigin href="${file}">`).join('');
  return template.replace('</head>', `${links}</head>`);
}

/** What an event page's first paint needs, found by asking the app's own routes. */
export interface FirstLoadHints {
  /** The `GET /api/Config` envelope, as JSON; the web app reads it instead of asking. */
  configJson: string | null;
  /** Per event: the login content's URL (what the Delivery SDK asks first) and its banner image. */
  events: Record<string, EventHints | undefined>;
  /**
   * The same per event for the other languages, from their language variant (`language=fr-CA`):
   * the banner's drawn text is in the reader's language, so each variant names its own file.
   */
  eventsIn?: Partial<Record<Language, Record<string, EventHints | undefined>>>;
}

/** An event's hints in a language: that language's own, never another's (its banner says other words). */
function eventHints(hints: FirstLoadHints, eventType: string, language: Language): EventHints | undefined {
  return language === DEFAULT_LANGUAGE ? hints.events[eventType] : hints.eventsIn?.[language]?.[eventType];
}

/** An image asset of the login content item, as the page renders it. */
export interface FirstPaintImage {
  url: string;
  description: string;
  width: number;
  height: number;
}

export interface EventHints {
  /** The event's Delivery API base, `/content/{environmentId}`. */
  contentBase?: string;
  loginItemsUrl: string;
  banner: string | null;
  /** The login page's header images (logo 225 by 60, banner 1600 by 300 unless the asset tells). */
  header?: { logo: FirstPaintImage | null; banner: FirstPaintImage | null };
}

/** The event whose banner a page shows first: its login and its signed-in pages, not reports. */
export function eventOfPage(pathname: string): 'nbc' | 'abc' | null {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  if (path === '/abc') return 'abc';
  if (path === '/nbc' || path === '/nbc/welcome' || path === '/nbc/enrollment') return 'nbc';
  return null;
}

/** JSON inside a `<script type="application/json">`: nothing in it can close the element. */
function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const SAME_ORIGIN_PATH = /^\/[\w\-./%?=&]*$/;

/**
 * The hints as head elements: the runtime config as a JSON data block (not a script: the CSP's
 * script-src does not apply, nothing runs), the login content as a fetch preload on the login pages
 * (the SDK's request then finds it in the preload cache) and the banner as a high-priority image
 * preload, so the largest element is not waiting for scripts, config and content in turn.
 */
export function firstLoadHead(pathname: string, hints: FirstLoadHints, language: Language = DEFAULT_LANGUAGE): string {
  const parts: string[] = [];
  if (hints.configJson) parts.push(`<script type="application/json" id="portal-config">${scriptSafeJson(hints.configJson)}</script>`);
  const eventType = eventOfPage(pathname);
  const event = eventType ? eventHints(hints, eventType, language) : undefined;
  if (event) {
    const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
    const login = path === '/nbc' || path === '/abc';
    if (login && SAME_ORIGIN_PATH.test(event.loginItemsUrl)) {
      parts.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${event.loginItemsUrl.replace(/&/g, '&amp;')}">`);
    }
    // On the login pages the banner is the largest element; on the signed-in pages it is not (the
    // welcome letter is), and there it must not take the line from the scripts that render it.
    // The same candidates as the page's <img> (ContentImage), so the page's image is this one.
    if (event.banner && SAME_ORIGIN_PATH.test(event.banner)) {
      const sources = bannerSources(event.banner);
      const candidates = sources ? ` type="${sources.type}" imagesrcset="${escapeAttribute(sources.srcSet)}" imagesizes="${sources.sizes}"` : '';
      parts.push(`<link rel="preload" as="image"${login ? ' fetchpriority="high"' : ''} href="${escapeAttribute(event.banner)}"${candidates}>`);
    }
  }
  return parts.join('');
}

interface DeliveryAsset {
  url?: unknown;
  description?: unknown;
  width?: unknown;
  height?: unknown;
}

interface DeliveryAnswer {
  items?: { elements?: { banner?: { value?: DeliveryAsset[] }; logo?: { value?: DeliveryAsset[] } } }[];
}

/** The first asset of an element as the web app's ContentImage renders it (same fallbacks for size). */
function firstPaintImage(asset: DeliveryAsset | undefined, width: number, height: number): FirstPaintImage | null {
  if (!asset || typeof asset.url !== 'string' || !SAME_ORIGIN_PATH.test(asset.url)) return null;
  const size = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback);
  return { url: asset.url, description: typeof asset.description === 'string' ? asset.description : '', width: size(asset.width, width), height: size(asset.height, height) };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function imageTag(image: FirstPaintImage, className: string, banner = false): string {
  const tag = `<img src="${escapeAttribute(image.url)}" alt="${escapeAttribute(image.description)}" width="${image.width}" height="${image.height}" class="${className}" fetchpriority="high">`;
  const sources = banner ? bannerSources(image.url) : null;
  if (!sources) return tag;
  return `<picture class="header-picture"><source type="${sources.type}" srcset="${escapeAttribute(sources.srcSet)}" sizes="${sources.sizes}">${tag}</picture>`;
}

/**
 * The login page's header (logo and banner, the largest element) as plain HTML, so it paints as soon
 * as the stylesheet is there instead of after the scripts, the config and the content in turn. It is
 * the same markup the login page renders (event-login-page.tsx), laid over the top of the page
 * (`.first-paint` in app.css); the page removes it once its own header's images are decoded
 * (lib/first-paint.ts), so nothing moves or flashes.
 *
 * On the signed-in welcome page the same public logo and banner are drawn as the shell draws its
 * own (app-navbar.tsx, shell-layout.tsx): the bar with the brand, then the banner. The shell's
 * header is the one the login's access codes may see; the server does not know the login, so it
 * draws the public one, which the shell replaces with its own once that is decoded (the same files
 * for every demo login). The letter below still waits for the scripts; the page's first paint does
 * not (docs/decisions/004-web-first-load.md: Lighthouse FCP on a phone 2.0 s without it). Hidden from assistive technology: the
 * shell's own header follows at once.
 */
export function firstPaintBody(pathname: string, hints: FirstLoadHints, language: Language = DEFAULT_LANGUAGE, lead: WelcomeLead | null = null): string {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  if (path === '/nbc' || path === '/abc') {
    const header = eventHints(hints, path.slice(1), language)?.header;
    if (!header?.banner) return '';
    const logo = header.logo ? imageTag(header.logo, 'brand-logo') : '';
    return `<div class="first-paint" id="first-paint" data-path="${path}"><header class="login-header"><div class="container py-2">${logo}</div>${imageTag(header.banner, 'event-banner', true)}</header></div>`;
  }
  if (path === SERVED_CONTENT.path) {
    const header = eventHints(hints, SERVED_CONTENT.eventType, language)?.header;
    if (!header?.banner || !header.logo) return '';
    const bar = `<nav class="app-navbar bg-body border-bottom shadow-sm navbar navbar-expand-lg navbar-light"><div class="container"><span class="py-0 navbar-brand">${imageTag(header.logo, 'brand-logo')}</span></div></nav>`;
    const top = `${bar}<div class="event-banner-wrap">${imageTag(header.banner, 'event-banner', true)}</div>`;
    const shell = `<div class="first-paint first-paint-shell" id="first-paint" data-path="${path}" data-lang="${language}" aria-hidden="true">${top}</div>`;
    if (!lead?.html) return shell;
    // The letter's opening, where the content page puts it (content-page.tsx, welcome-section.tsx):
    // below an unseen copy of the bar and banner, in the section's container and grid.
    const layout = lead.video ? 'welcome-layout welcome-layout--video' : 'welcome-layout';
    const letter = `<div class="content-page"><section class="content-section py-5"><div class="container"><div class="${layout}"><div><div class="welcome-letter"><div class="letter-text">${lead.html}</div></div></div></div></div></section></div>`;
    return `${shell}<div class="first-paint first-paint-content" id="first-paint-content" aria-hidden="true"><div class="first-paint-spacer">${top}</div>${letter}</div>`;
  }
  return '';
}

interface ConfigAnswer {
  succeeded?: boolean;
  data?: { contentBaseUrl?: unknown; content?: Record<string, { environmentId?: unknown } | undefined> };
}

const HINTS_TTL_MS = 30_000;

/**
 * Asks for every rendition the login pages' banners name (in process), the narrowest first
 * (phones), one at a time: the content service keeps them (image-transform.ts).
 */
export async function warmBannerRenditions(app: FastifyInstance, hints: FirstLoadHints): Promise<number> {
  const events = [hints.events, ...Object.values(hints.eventsIn ?? {})].flatMap((byEvent) => Object.values(byEvent ?? {}));
  const all = events.flatMap((event) => (event?.header?.banner ? (bannerSources(event.header.banner.url)?.candidates ?? []) : []));
  // A language variant without artwork of its own names the default's file: drawn once.
  const candidates = [...new Map(all.map((c) => [c.url, c])).values()];
  let drawn = 0;
  for (const { url } of candidates.sort((a, b) => a.width - b.width)) {
    const answer = await app.inject({ method: 'GET', url }).catch(() => null);
    if (answer?.statusCode === 200) drawn++;
  }
  return drawn;
}

/** Asks the app's own config and content routes (in process, no socket); cached for 30 s. */
function firstLoadHintsSource(app: FastifyInstance): () => Promise<FirstLoadHints> {
  let cached: { at: number; hints: Promise<FirstLoadHints> } | undefined;
  const load = async (): Promise<FirstLoadHints> => {
    const hints: FirstLoadHints = { configJson: null, events: {} };
    const config = await app.inject({ method: 'GET', url: '/api/Config' });
    if (config.statusCode !== 200) return hints;
    const answer = config.json<ConfigAnswer>();
    if (!answer.succeeded || typeof answer.data?.contentBaseUrl !== 'string') return hints;
    hints.configJson = config.body;
    const base = answer.data.contentBaseUrl.replace(/\/+$/, '');
    for (const eventType of ['nbc', 'abc']) {
      const environmentId = answer.data.content?.[eventType]?.environmentId;
      if (typeof environmentId !== 'string' || !/^[\w-]+$/.test(environmentId) || !base.startsWith('/')) continue;
      for (const language of LANGUAGES) {
        // The SDK's own query for the login screen (content-client.ts: items by type, depth 2, and
        // the language variant for any language but the default).
        const loginItemsUrl = `${base}/${environmentId}/items?system.type=login&depth=2${language === DEFAULT_LANGUAGE ? '' : `&language=${language}`}`;
        const login = await app.inject({ method: 'GET', url: loginItemsUrl });
        const elements = login.statusCode === 200 ? login.json<DeliveryAnswer>().items?.[0]?.elements : undefined;
        const banner = elements?.banner?.value?.[0]?.url;
        const event: EventHints = {
          contentBase: `${base}/${environmentId}`,
          loginItemsUrl,
          banner: typeof banner === 'string' ? banner : null,
          header: { logo: firstPaintImage(elements?.logo?.value?.[0], 225, 60), banner: firstPaintImage(elements?.banner?.value?.[0], 1600, 300) },
        };
        if (language === DEFAULT_LANGUAGE) hints.events[eventType] = event;
        else ((hints.eventsIn ??= {})[language] ??= {})[eventType] = event;
      }
    }
    return hints;
  };
  let last: FirstLoadHints | undefined;
  return () => {
    if (!cached || Date.now() - cached.at > HINTS_TTL_MS) {
      const hints = load().catch((): FirstLoadHints => ({ configJson: null, events: {} }));
      void hints.then((value) => {
        last = value;
      });
      cached = { at: Date.now(), hints };
    }
    // Once known, a page never waits for the refresh (the page's time to first byte is on its
    // critical path); the refreshed hints serve the next page.
    return last ? Promise.resolve(last) : cached.hints;
  };
}

/**
 * The public content queries a signed-in page makes first, in the Delivery SDK's own URL form
 * (content-client.ts: items by type, depth 2): the page layout (site title, footer) and the
 * welcome item (the letter, the welcome page's largest element).
 */
export function inlineContentUrls(pathname: string, hints: FirstLoadHints, language: Language = DEFAULT_LANGUAGE): string[] {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  const base = hints.events[SERVED_CONTENT.eventType]?.contentBase;
  if (path !== SERVED_CONTENT.path || !base) return [];
  const variant = language === DEFAULT_LANGUAGE ? '' : `&language=${language}`;
  return SERVED_CONTENT.types.map((type) => `${base}/items?system.type=${type}&depth=2${variant}`);
}

/**
 * Those answers, as an inert JSON block (`#portal-content`: URL to Delivery answer) the web app's
 * content client answers the same requests from (lib/inline-content.ts), so the welcome letter
 * does not wait for scripts and then a round trip in turn. Only answers that are the same for
 * every reader are written (the content service marks them `Cache-Control: public`: no
 * access-code restricted item took part), asked for in process with no token.
 */
export async function inlineContentAnswers(app: FastifyInstance, urls: readonly string[]): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const url of urls) {
    const answer = await app.inject({ method: 'GET', url });
    if (answer.statusCode !== 200 || !String(answer.headers['cache-control'] ?? '').startsWith('public')) continue;
    answers.set(url, answer.body);
  }
  return answers;
}

/** The answers as the page's `#portal-content` block; '' without any. */
export function inlineContentBlock(answers: ReadonlyMap<string, string>): string {
  if (answers.size === 0) return '';
  const entries = [...answers].map(([url, body]) => `${JSON.stringify(url)}:${body}`);
  return `<script type="application/json" id="portal-content">${scriptSafeJson(`{${entries.join(',')}}`)}</script>`;
}

/** The welcome letter's paragraphs the preview shows whole (first-paint-letter.ts), and whether a video sits beside them. */
export interface WelcomeLead {
  html: string;
  video: boolean;
}

interface WelcomeAnswer {
  items?: { elements?: { letter?: { value?: unknown }; video_url?: { value?: unknown } } }[];
}

/** The welcome letter's opening from the inlined `welcome_page` answer; null without a letter. */
export function welcomeLeadOf(answerBody: string | undefined): WelcomeLead | null {
  if (!answerBody) return null;
  let answer: WelcomeAnswer;
  try {
    answer = JSON.parse(answerBody) as WelcomeAnswer;
  } catch {
    return null;
  }
  const elements = answer.items?.[0]?.elements;
  const letter = elements?.letter?.value;
  if (typeof letter !== 'string') return null;
  const html = letterLead(letter);
  if (!html) return null;
  // The page shows a video only from an https address (the web's safeFrameUrl).
  const video = elements?.video_url?.value;
  return { html, video: typeof video === 'string' && /^https:\/\/\S+$/i.test(video.trim()) };
}

/** The web build's public/start-after-paint.js. */
const STARTER_SCRIPT = 'start-after-paint.js';

/**
 * The page's module script and module preloads, taken out of <head> and listed as inert JSON for
 * start-after-paint.js, which asks for them once the server-sent header has painted. Lighthouse
 * (and a phone on a slow line) then spends the first second on the stylesheet and the banner, not
 * on 150 kB of scripts the first paint does not need.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const entry = /<script type="module"[^>]*\ssrc="(\/assets\/[\w.-]+\.js)"[^>]*><\/script>/.exec(html);
  if (!entry?.[1]) return html;
  const preload: string[] = [];
  const rest = html.replace(entry[0], '').replace(/<link rel="modulepreload"[^>]*\shref="(\/assets\/[\w.-]+\.js)"[^>]*>/g, (_link, href: string) => {
    preload.push(href);
    return '';
  });
  const list = scriptSafeJson(JSON.stringify({ entry: entry[1], preload }));
  return rest.replace('</head>', `<script type="application/json" id="portal-scripts">${list}</script><script src="/${STARTER_SCRIPT}" defer></script></head>`);
}

export interface StaticWebOptions {
  webRoot: string;
  /** Hosts the content may embed in frames; default DEFAULT_FRAME_SOURCES. */
  frameSources?: readonly string[];
}

export default fp<StaticWebOptions>(async (app, { webRoot, frameSources }) => {
  const csp = frameSources ? contentSecurityPolicy(frameSources) : CONTENT_SECURITY_POLICY;
  const checkinCsp = checkinContentSecurityPolicy();
  // The page policies depend on the answer's type, known only when it is sent; the headers of every
  // answer are security-headers.ts's.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      // A page with a policy of its own (the mail links' pages, the sign-in refusals) keeps it: it is stricter.
      if (!reply.hasHeader('content-security-policy')) {
        void reply.header('content-security-policy', isCheckinPath(request.url.split('?')[0] ?? '') ? checkinCsp : csp);
      }
      void reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });

  const indexHtml = join(webRoot, 'index.html');
  const hasWeb = existsSync(indexHtml);
  const hasStarter = existsSync(join(webRoot, STARTER_SCRIPT));
  const template = hasWeb ? readFileSync(indexHtml, 'utf8') : '';
  // The door app's page (its own build, apps/web/vite.checkin.config.ts): served as it is, no hints.
  const checkinHtml = join(webRoot, 'checkin.html');
  const checkinTemplate = hasWeb && existsSync(checkinHtml) ? readFileSync(checkinHtml, 'utf8') : null;
  const preloads = hasWeb ? readRoutePreloads(join(webRoot, 'route-preloads.json')) : [];
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed build assets never change; index.html must always be revalidated.
        void reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const firstLoadHints = firstLoadHintsSource(app);
  // Made before the first page is asked for, not while it waits.
  if (hasWeb) app.addHook('onReady', async () => void firstLoadHints());
  // Once serving, the banners' renditions are drawn in the background, so the first visitor
  // after a start does not wait for them (an 800 px AVIF banner is about 0.1 s of CPU, 3200 px 0.7 s).
  if (hasWeb) app.addHook('onListen', async () => void firstLoadHints().then((hints) => warmBannerRenditions(app, hints)));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p);
    if (!isApi && checkinTemplate !== null && (request.method === 'GET' || request.method === 'HEAD') && isCheckinPath(path) && !path.endsWith('.html')) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(checkinTemplate);
    }
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{1,5}$/i.test(path)) {
      const hints = await firstLoadHints();
      // The header, its preloads and the content written into the page in the reader's language.
      const language = pageLanguage(request);
      void reply.header('vary', 'Accept-Language, Cookie');
      const answers = await inlineContentAnswers(app, inlineContentUrls(path, hints, language)).catch(() => new Map<string, string>());
      const welcomeAnswer = [...answers].find(([url]) => url.includes('system.type=welcome_page'))?.[1];
      const firstPaint = firstPaintBody(path, hints, language, welcomeLeadOf(welcomeAnswer));
      const inlineContent = inlineContentBlock(answers);
      // With a header painted from the HTML, the scripts go behind the stylesheet and the images:
      // - on /nbc they are asked for once the banner (the largest element) has painted;
      // - on the welcome page at once, at low priority: the largest element is the letter, which
      //   the app renders (Lighthouse on a phone, docs/decisions/004-web-first-load.md: FCP 2.0 -> 1.0 s, LCP unchanged);
      // - on /abc at once, at full priority: its largest element is the login note, which the app
      //   renders, and holding its scripts only delays it (LCP 2.2 s against 1.9 s simulated).
      const event = eventOfPage(path);
      const afterPaint = firstPaint !== '' && event === 'nbc' && (path.replace(/\/+$/, '') || '/').toLowerCase() === '/nbc';
      let html = indexHtmlFor(path, template, preloads, { scriptsLowPriority: firstPaint !== '' && event === 'nbc' })
        .replace('</head>', `${firstLoadHead(path, hints, language)}${inlineContent}</head>`)
        .replace('<div id="root">', `${firstPaint}<div id="root">`)
        .replace(/<html(?: lang="[^"]*")?/, `<html lang="${language}"`);
      if (afterPaint && hasStarter) html = scriptsAfterFirstPaint(html);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.code(404).send({ succeeded: false, message: `Not found: ${request.method} ${path}`, data: null });
  });
});
