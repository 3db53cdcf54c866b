/** The real bundles in content/: they import, re-import as no-ops, and answer every product query. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type IDeliveryClient, createDeliveryClient } from '@kontent-ai/delivery-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { importContentBundle } from '../src/index.ts';
import { type TestServer, linkedItemsOf, startServer } from './helpers.ts';

const CONTENT_ROOT = fileURLToPath(new URL('../../../content', import.meta.url));
const EVENTS = ['nbc', 'abc'] as const;
const present = EVENTS.every((event) => existsSync(`${CONTENT_ROOT}/${event}/environment.json`));
const environmentId = (event: string): string => (JSON.parse(readFileSync(`${CONTENT_ROOT}/${event}/environment.json`, 'utf8')) as { id: string }).id;

let database: Database;
let server: TestServer;

describe.skipIf(!present)('the real content bundles', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await importContentBundle(database.db, CONTENT_ROOT);
    server = await startServer(database.db);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('re-import changes nothing', async () => {
    const report = await importContentBundle(database.db, CONTENT_ROOT);
    for (const environment of report.environments) {
      expect(environment.items.created + environment.items.changed + environment.items.deleted, environment.codename).toBe(0);
      expect(environment.items.unchanged).toBeGreaterThan(50);
    }
  });

  /** As apps/web configures it: the portal token in globalHeaders, outside preview mode. */
  function client(event: string, token?: string): IDeliveryClient {
    return createDeliveryClient({
      environmentId: environmentId(event),
      proxy: { baseUrl: `${server.url}/content` },
      globalHeaders: () => (token ? [{ header: 'Authorization', value: `Bearer ${token}` }] : []),
      retryStrategy: { maxAttempts: 0 },
    });
  }
  const linked = linkedItemsOf;

  describe.each(EVENTS)('%s', (event) => {
    it('serves every item in Canadian French with language=fr-CA, linked items too', async () => {
      const { data } = await client(event).items().languageParameter('fr-CA').depthParameter(3).toPromise();
      expect(data.items.length).toBeGreaterThan(50);
      const english = [...data.items, ...Object.values(data.linkedItems)].flatMap((item) => (item && item.system.language !== 'fr-CA' ? [item.system.codename] : []));
      expect(english).toEqual([]);
      const { data: welcome } = await client(event).item('welcome_page').languageParameter('fr-CA').toPromise();
      expect(welcome.item.elements.letter?.value).toMatch(/^<p>Ch[eè]r/);
      const { data: login } = await client(event).item('login').languageParameter('fr-CA').toPromise();
      expect(login.item.elements.username_placeholder?.value).toBe('Adresse courriel');
      const { data: en } = await client(event).item('login').toPromise();
      expect(en.item.system.language).toBe('en');
      expect(en.item.elements.username_placeholder?.value).toBe('E-mail address');
    });

    it('serves the French banner artwork (its drawn text in French) to French readers (the signed-in header’s, restricted, is checked by content/tools/check-bundle.mjs)', async () => {
      for (const codename of ['login']) {
        const { data: fr } = await client(event).item(codename).languageParameter('fr-CA').toPromise();
        const { data: en } = await client(event).item(codename).toPromise();
        const [frBanner] = fr.item.elements.banner?.value ?? [];
        const [enBanner] = en.item.elements.banner?.value ?? [];
        expect(frBanner?.url, codename).toMatch(new RegExp(`/${event}-banner-fr-CA\\.svg$`));
        expect(enBanner?.url, codename).toMatch(new RegExp(`/${event}-banner\\.svg$`));
        expect(frBanner?.description).toMatch(/^Congrès (national|annuel) des affaires 2027, du 1/);
        // Same size and type as the English one: the page's layout, renditions and preloads stay as they are.
        expect([frBanner?.width, frBanner?.height, frBanner?.type]).toEqual([enBanner?.width, enBanner?.height, enBanner?.type]);
        const svg = await (await fetch(`${server.url}${frBanner?.url ?? ''}`)).text();
        expect(svg).toContain('<title id="title">Congrès');
        expect(svg).not.toContain('<text');
      }
    });

    it.each(['welcome_page', 'attire_page', 'tourism_page', 'link_to_expo_page', 'login', 'page_layout'])('items of type %s', async (type) => {
      const { data } = await client(event).items().type(type).depthParameter(2).toPromise();
      expect(data.items).toHaveLength(1);
      expect(data.items[0]?.system.type).toBe(type);
    });

    it('attire_page resolves its sections at depth 2', async () => {
      const { data } = await client(event).items().type('attire_page').depthParameter(2).toPromise();
      expect(linked(data.items[0], 'headings_and_content').length).toBeGreaterThan(0);
    });

    it.each(['agenda_page_item', 'agenda_page_item_dealer', 'enrollment_reg_type_item', 'enrolment_item'])('single item %s', async (codename) => {
      const { data } = await client(event).item(codename).depthParameter(2).toPromise();
      expect(data.item.system.codename).toBe(codename);
    });

    it('agenda links carry their PDFs and dates, and the PDFs are served', async () => {
      const { data } = await client(event).item('agenda_page_item').depthParameter(2).toPromise();
      const links = linked(data.item, 'links_and_pdfs');
      expect(links.length).toBeGreaterThan(0);
      expect(linked(links[0], 'datewise_agenda').length).toBeGreaterThan(0);
      const pdf = (links[0]?.elements.pdf?.value as { url: string }[])[0];
      const response = await fetch(`${server.url}${pdf?.url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
    });

    it.each(['general', 'corporatesub', 'inddist', 'vendordistributor'])('conference_information for reggroup %s', async (group) => {
      const { data } = await client(event).items().type('conference_information').containsFilter('elements.reggroup', [group]).depthParameter(2).toPromise();
      expect(data.items.map((i) => i.system.codename)).toEqual([`conference_information_${group}`]);
    });

    it.each(['general', 'corporate'])('faq_page for reggroupfaq %s', async (group) => {
      const { data } = await client(event).items().type('faq_page').containsFilter('elements.reggroupfaq', [group]).depthParameter(2).toPromise();
      expect(data.items.map((i) => i.system.codename)).toEqual([`faq_page_${group}`]);
      expect(linked(data.items[0], 'queanswers').length).toBeGreaterThan(0);
    });

    const common = ['tab_welcome', 'tab_confinfo', 'tab_agenda', 'tab_attire', 'tab_faq', 'tab_eventarea'];
    it.each([
      ['general', 'navigatingcorp', [...common, 'tab_enrollment']],
      ['expo', 'retailers', [...common, 'tab_linktoexpo', 'tab_enrollment']],
      ['field', 'field', [...common, 'tab_enrollment', 'tab_reporting']],
      ['corporate', 'corporate', [...common, 'tab_linktoexpo', 'tab_enrollment', 'tab_reporting']],
    ])('header tabs for a %s token', async (token, code, tabs) => {
      const { data } = await client(event, token).items().type('header_layout_detail').anyFilter('elements.access_codes', [code]).depthParameter(2).toPromise();
      expect(data.items).toHaveLength(1);
      expect(linked(data.items[0], 'tablist').map((t) => t.system.codename)).toEqual(tabs);
      const logo = (data.items[0]?.elements.logo?.value as { url: string; type: string }[])[0];
      expect(logo?.type).toBe('image/svg+xml');
      expect((await fetch(`${server.url}${logo?.url}`)).status).toBe(200);
    });

    it('no header without a token', async () => {
      const { data } = await client(event).items().type('header_layout_detail').anyFilter('elements.access_codes', ['navigatingcorp', 'retailers', 'field', 'corporate']).toPromise();
      expect(data.items).toEqual([]);
    });

    it.each([
      ['general', 'navigatingcorp', null],
      ['field', 'field', [1, 2, 3]],
      ['corporate', 'corporate', [1, 2, 3, 4, 5, 6, 7]],
    ])('report types for a %s token', async (token, code, ids) => {
      const { data } = await client(event, token).items().type('report_types').anyFilter('elements.access_codes', [code]).depthParameter(2).toPromise();
      if (ids === null) {
        expect(data.items).toEqual([]);
        return;
      }
      expect(linked(data.items[0], 'report_list').map((r) => r.elements.id?.value)).toEqual(ids);
    });
  });
});
