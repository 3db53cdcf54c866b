/**
 * The web app's queries (docs/design/web-rules.md, section 7, docs/content-model.md) through the official SDK, configured
 * as the portal does, against the plugin on a real port.
 */
import { DeliveryError, type IContentItem, type IDeliveryClient, createDeliveryClient } from '@kontent-ai/delivery-sdk';
import { describe, expect, it, vi } from 'vitest';
import { ABC, NBC, linkedItemsOf, useFixtureServer } from './helpers.ts';

const fixture = useFixtureServer();

/** The configuration of the brief: preview mode, a placeholder preview key, the token in globalHeaders. */
function previewClient(environmentId = NBC, token?: string): IDeliveryClient {
  return createDeliveryClient({
    environmentId,
    previewApiKey: 'portal',
    defaultQueryConfig: { usePreviewMode: true },
    proxy: { basePreviewUrl: `${fixture.server.url}/content` },
    globalHeaders: () => (token ? [{ header: 'Authorization', value: `Bearer ${token}` }] : []),
    retryStrategy: { maxAttempts: 0 },
  });
}

/**
 * In preview mode the SDK adds `authorization: bearer <previewApiKey>` after the global headers, so
 * the key replaces a token given in globalHeaders. A portal token reaches the service either as the
 * preview key or, outside preview mode, in globalHeaders (what apps/web does).
 */
function tokenClient(token: string, mode: 'preview-key' | 'global-header'): IDeliveryClient {
  return mode === 'preview-key'
    ? createDeliveryClient({
        environmentId: NBC,
        previewApiKey: token,
        defaultQueryConfig: { usePreviewMode: true },
        proxy: { basePreviewUrl: `${fixture.server.url}/content` },
        retryStrategy: { maxAttempts: 0 },
      })
    : createDeliveryClient({
        environmentId: NBC,
        proxy: { baseUrl: `${fixture.server.url}/content` },
        globalHeaders: () => [{ header: 'Authorization', value: `Bearer ${token}` }],
        retryStrategy: { maxAttempts: 0 },
      });
}

const linked = linkedItemsOf;
const codenames = (items: readonly IContentItem[]): string[] => items.map((i) => i.system.codename);

describe('items by system type, depth 2', () => {
  it.each(['welcome_page', 'attire_page'])('%s', async (type) => {
    const { data } = await previewClient().items().type(type).depthParameter(2).toPromise();
    expect(data.items).toHaveLength(1);
    expect(data.items[0]?.system.type).toBe(type);
  });

  it('welcome_page carries its letter and video URL', async () => {
    const { data } = await previewClient().items().type('welcome_page').depthParameter(2).toPromise();
    expect(data.items[0]?.elements.letter?.value).toContain('welcome to the national conference');
    expect(data.items[0]?.elements.video_url?.value).toBe('https://video.example.com/nbc');
  });

  it('attire_page resolves its heading_content items', async () => {
    const { data } = await previewClient().items().type('attire_page').depthParameter(2).toPromise();
    const sections = linked(data.items[0], 'headings_and_content');
    expect(sections.map((s) => s.elements.header?.value)).toEqual(['Business sessions', 'Evening events']);
  });

  it('answers the other environment with its own content', async () => {
    const { data } = await previewClient(ABC).items().type('welcome_page').depthParameter(2).toPromise();
    expect(data.items[0]?.elements.letter?.value).toBe('<p>Welcome to the annual conference.</p>');
  });
});

describe('single items, depth 2', () => {
  it('agenda_page_item resolves links and their dates (two levels)', async () => {
    const { data } = await previewClient().item('agenda_page_item').depthParameter(2).toPromise();
    const links = linked(data.item, 'links_and_pdfs');
    expect(codenames(links)).toEqual(['agenda_link_day1']);
    expect(codenames(linked(links[0], 'datewise_agenda'))).toEqual(['agenda_date_1', 'agenda_date_2']);
    const pdf = (links[0]?.elements.pdf?.value as { url: string; type: string }[])[0];
    expect(pdf).toMatchObject({ url: `/content-assets/${NBC}/agenda.pdf`, type: 'application/pdf' });
  });

  it('depth 1 stops after the first level', async () => {
    const { data } = await previewClient().item('agenda_page_item').depthParameter(1).toPromise();
    const links = linked(data.item, 'links_and_pdfs');
    expect(codenames(links)).toEqual(['agenda_link_day1']);
    expect(linked(links[0], 'datewise_agenda')).toEqual([]);
  });

  it.each([
    ['agenda_page_item_dealer', 'Dealer agenda', 'title'],
    ['enrollment_reg_type_item', 'Physical', 'first_radio_btn_txt'],
    ['enrolment_item', 'Continue', 'button_text'],
  ])('%s', async (codename, expected, element) => {
    const { data } = await previewClient().item(codename).depthParameter(2).toPromise();
    expect(data.item.system.codename).toBe(codename);
    expect(data.item.elements[element]?.value).toBe(expected);
  });

  it('an unknown item is a DeliveryError with error code 100', async () => {
    // The SDK logs every failed request; this failure is the point of the test.
    vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    const error = await previewClient().item('no_such_item').toPromise().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ errorCode: 100, specificCode: 0, requestId: expect.any(String) });
  });
});

describe('filtered product queries', () => {
  it.each([
    ['general', ['conference_information_general'], ['loc_hotel']],
    ['corporatesub', ['conference_information_corporatesub'], ['loc_hotel', 'loc_center']],
    ['inddist', [], []],
  ])('conference_information with reggroup[contains]=%s', async (group, expected, locations) => {
    const { data } = await previewClient().items().type('conference_information').containsFilter('elements.reggroup', [group]).depthParameter(2).toPromise();
    expect(codenames(data.items)).toEqual(expected);
    if (data.items[0]) expect(codenames(linked(data.items[0], 'conference_locations'))).toEqual(locations);
  });

  it.each([
    ['general', 'faq_page_general', ['faq_1']],
    ['corporate', 'faq_page_corporate', ['faq_1', 'faq_2']],
  ])('faq_page with reggroupfaq[contains]=%s', async (group, expected, questions) => {
    const { data } = await previewClient().items().type('faq_page').containsFilter('elements.reggroupfaq', [group]).depthParameter(2).toPromise();
    expect(codenames(data.items)).toEqual([expected]);
    expect(codenames(linked(data.items[0], 'queanswers'))).toEqual(questions);
  });

  describe.each(['preview-key', 'global-header'] as const)('with the portal token (%s)', (mode) => {
    it.each([
      ['general', ['navigatingcorp'], ['tab_welcome']],
      ['expo', ['retailers'], ['tab_welcome', 'tab_linktoexpo']],
      ['field', ['field'], ['tab_welcome', 'tab_reporting']],
      ['corporate', ['corporate'], ['tab_welcome', 'tab_linktoexpo', 'tab_reporting']],
    ])('header_layout_detail for %s shows only its tabs', async (token, codes, tabs) => {
      const { data } = await tokenClient(token, mode).items().type('header_layout_detail').anyFilter('elements.access_codes', codes).depthParameter(2).toPromise();
      expect(codenames(data.items)).toEqual(['header_layout_detail']);
      expect(codenames(linked(data.items[0], 'tablist'))).toEqual(tabs);
    });

    it.each([
      ['general', ['navigatingcorp'], null],
      ['field', ['field'], ['report_type_1']],
      ['corporate', ['corporate'], ['report_type_1', 'report_type_4']],
    ])('report_types for %s', async (token, codes, reports) => {
      const { data } = await tokenClient(token, mode).items().type('report_types').anyFilter('elements.access_codes', codes).depthParameter(2).toPromise();
      if (reports === null) expect(data.items).toEqual([]);
      else expect(codenames(linked(data.items[0], 'report_list'))).toEqual(reports);
    });
  });

  it('a token given in globalHeaders is replaced by the preview key in preview mode', async () => {
    const { data } = await previewClient(NBC, 'corporate').items().type('header_layout_detail').depthParameter(2).toPromise();
    expect(data.items).toEqual([]);
  });
});

describe('paging', () => {
  it('toAllPromise follows next_page to the end', async () => {
    const { data } = await previewClient().items().type('sample').limitParameter(2).depthParameter(0).toAllPromise();
    expect(codenames(data.items)).toEqual(['sample_alpha', 'sample_beta', 'sample_delta', 'sample_epsilon', 'sample_gamma']);
    expect(data.responses).toHaveLength(3);
    expect(data.responses[0]?.data.pagination).toMatchObject({ skip: 0, limit: 2, count: 2 });
    expect(data.responses[2]?.data.pagination).toMatchObject({ skip: 4, limit: 2, count: 1, nextPage: '' });
  });

  it('includeTotalCount reports the total', async () => {
    const { data } = await previewClient().items().type('sample').limitParameter(2).includeTotalCountParameter().toPromise();
    expect(data.pagination.totalCount).toBe(5);
  });

  it('types, taxonomies and languages', async () => {
    const client = previewClient();
    const types = await client.types().toPromise();
    expect(types.data.items.map((t) => t.system.codename)).toContain('faq_page');
    const faq = await client.type('faq_page').toPromise();
    expect(faq.data.type.elements.find((e) => e.codename === 'reggroupfaq')?.options.map((o) => o.codename)).toEqual(['general', 'corporate']);
    const element = await client.element('faq_page', 'reggroupfaq').toPromise();
    expect(element.data).toMatchObject({ codename: 'reggroupfaq', type: 'multiple_choice' });
    const taxonomies = await client.taxonomies().toPromise();
    expect(taxonomies.data.items.map((t) => t.system.codename)).toEqual(['topics']);
    const topics = await client.taxonomy('topics').toPromise();
    expect(topics.data.taxonomy.terms.map((t) => t.codename)).toEqual(['ai', 'cars']);
    const languages = await client.languages().toPromise();
    expect(languages.data.items.map((l) => l.system.codename)).toEqual(['default']);
  });
});
