/**
 * Language variants as Kontent.ai serves them: `language=fr-CA` answers each item's French variant,
 * the default language's where an item has none, and `system.language` says which was served; read
 * through the official SDK. Also the authoring checks of variants and the per-language sync.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDeliveryClient, type IDeliveryClient } from '@kontent-ai/delivery-sdk';
import { describe, expect, it } from 'vitest';
import { BundleValidationError, importContentBundle } from '../src/index.ts';
import { getJson, linkedItemsOf, NBC, useFixtureContent, useFixtureServer, type FixtureBundle } from './helpers.ts';

async function withFrench(bundle: FixtureBundle): Promise<void> {
  await bundle.edit<Record<string, unknown>>('nbc/environment.json', (env) => ({
    ...env,
    languages: [
      { codename: 'en', name: 'English' },
      { codename: 'fr-CA', name: 'Français (Canada)' },
    ],
  }));
  await mkdir(join(bundle.root, 'nbc/variants/fr-CA'), { recursive: true });
  await writeFile(
    join(bundle.root, 'nbc/variants/fr-CA/pages.json'),
    JSON.stringify([
      { codename: 'welcome_page', name: 'Bienvenue', elements: { letter: ['<p>Chère collègue, cher collègue,</p>', '<p>bienvenue au congrès national.</p>'] } },
      { codename: 'attire_page', elements: { title: 'Tenue vestimentaire' } },
      { codename: 'attire_business', elements: { header: 'Séances d’affaires', content: '<p>Tenue de ville décontractée.</p>' } },
    ]),
  );
}

describe('language variants', () => {
  const fixture = useFixtureServer({}, { prepare: withFrench, environments: ['nbc'] });

  const client = (defaultLanguage?: string): IDeliveryClient =>
    createDeliveryClient({ environmentId: NBC, proxy: { baseUrl: `${fixture.server.url}/content` }, retryStrategy: { maxAttempts: 0 }, ...(defaultLanguage ? { defaultLanguage } : {}) });

  it('answers the French variant with system.language fr-CA, read through the SDK', async () => {
    const { data } = await client().item('welcome_page').languageParameter('fr-CA').toPromise();
    expect(data.item.system.language).toBe('fr-CA');
    expect(data.item.system.name).toBe('Bienvenue');
    expect(data.item.elements.letter?.value).toContain('bienvenue au congrès national');
    // Elements the variant does not write keep the default language's value (non-localizable).
    expect(data.item.elements.video_url?.value).toBe('https://video.example.com/nbc');
  });

  it('falls back to the default language (en) for an item without a French variant, and says so', async () => {
    const { data } = await client().items().type('enrolment').languageParameter('fr-CA').toPromise();
    expect(data.items).toHaveLength(1);
    expect(data.items[0]?.system.language).toBe('en');
    expect(data.items[0]?.elements.title?.value).toBe('Enrol');
  });

  it('resolves linked items in the requested language, each with its own system.language', async () => {
    const { data } = await client('fr-CA').items().type('attire_page').depthParameter(2).toPromise();
    const page = data.items[0];
    expect(page?.system.language).toBe('fr-CA');
    expect(page?.elements.title?.value).toBe('Tenue vestimentaire');
    const sections = linkedItemsOf(page, 'headings_and_content');
    expect(sections.map((s) => [s.system.codename, s.system.language, s.elements.header?.value])).toEqual([
      ['attire_business', 'fr-CA', 'Séances d’affaires'],
      ['attire_evening', 'en', 'Evening events'],
    ]);
  });

  it('answers the default language without a language parameter and with language=en', async () => {
    for (const request of [client().item('welcome_page'), client().item('welcome_page').languageParameter('en')]) {
      const { data } = await request.toPromise();
      expect(data.item.system.language).toBe('en');
      expect(data.item.elements.letter?.value).toContain('welcome to the national conference');
    }
  });

  it('filters on system.language to leave out fallbacks, as Kontent.ai does', async () => {
    const { data } = await client().items().languageParameter('fr-CA').equalsFilter('system.language', 'fr-CA').toPromise();
    expect(data.items.map((i) => i.system.codename).sort()).toEqual(['attire_business', 'attire_page', 'welcome_page']);
  });

  it('lists both languages, the default one with Kontent.ai\'s default-language id', async () => {
    const { data } = await client().languages().toPromise();
    expect(data.items.map((l) => [l.system.codename, l.system.name])).toEqual([
      ['en', 'English'],
      ['fr-CA', 'Français (Canada)'],
    ]);
    expect(data.items[0]?.system.id).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('refuses a language the environment does not have (400)', async () => {
    const res = await getJson(`${fixture.server.content()}/items?language=fr-FR`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("'fr-FR'");
  });

  it('syncs one language per sync/init: the default one, or the one asked for', async () => {
    const init = async (query: string) => {
      const res = await fetch(`${fixture.server.content()}/sync/init${query}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      return res.headers.get('x-continuation') ?? '';
    };
    // A token from before the import: rewind its position to the start of the change log.
    const rewind = (token: string) => Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(token, 'base64url').toString()), s: 0 })).toString('base64url');
    const changes = async (token: string) => {
      const res = await fetch(`${fixture.server.content()}/sync`, { headers: { 'x-continuation': rewind(token) } });
      return ((await res.json()) as { items: { data: { system: { codename: string; language: string } } }[] }).items.map((i) => `${i.data.system.codename}:${i.data.system.language}`);
    };
    const english = await changes(await init(''));
    expect(english).toContain('welcome_page:en');
    expect(english.every((entry) => entry.endsWith(':en'))).toBe(true);
    const french = await changes(await init('?language=fr-CA'));
    expect(french.sort()).toEqual(['attire_business:fr-CA', 'attire_page:fr-CA', 'welcome_page:fr-CA']);
  });
});

describe('variant checks', () => {
  const fixture = useFixtureContent();

  it('refuses a variant of a missing item, an element not in the type, and a folder of an undeclared language', async () => {
    const { database, bundle } = fixture;
    await withFrench(bundle);
    await writeFile(
      join(bundle.root, 'nbc/variants/fr-CA/bad.json'),
      JSON.stringify([
        { codename: 'no_such_item', elements: {} },
        { codename: 'enrolment_item', elements: { subtitle: 'Sous-titre' } },
      ]),
    );
    await mkdir(join(bundle.root, 'nbc/variants/de'), { recursive: true });
    const error = await importContentBundle(database.db, bundle.root, { environments: ['nbc'] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BundleValidationError);
    const messages = (error as BundleValidationError).issues.map((i) => `${i.file}: ${i.item ?? ''}.${i.element ?? ''}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^nbc\/variants\/fr-CA\/bad\.json: no_such_item\.: no item no_such_item in the default language \(en\)/),
        expect.stringMatching(/^nbc\/variants\/fr-CA\/bad\.json: enrolment_item\.subtitle: not an element of type enrolment/),
        expect.stringMatching(/^nbc\/variants\/de: \.: not a language of this environment/),
      ]),
    );
  });
});
