import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, schema } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import type { AuthoredType } from '../src/bundle/authoring-schema.ts';
import type { DeliveryItem } from '../src/delivery-types.ts';
import { BundleValidationError, type BundleIssue, importContentBundle } from '../src/index.ts';
import { editConferenceFaqs, NBC, useFixtureContent, valueOf } from './helpers.ts';

const { contentAssets, contentChanges, contentEnvironments, contentItems, contentTypes } = schema;

const content = useFixtureContent();

async function countRows(): Promise<Record<string, number>> {
  const rows = rowsOf<{ name: string; n: number }>(
    await content.database.db.execute(sql`
      select 'environments' as name, count(*)::int as n from content_environments
      union all select 'items', count(*)::int from content_items
      union all select 'types', count(*)::int from content_types
      union all select 'assets', count(*)::int from content_assets
      union all select 'changes', count(*)::int from content_changes`),
  );
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

async function itemData(codename: string): Promise<{ data: DeliveryItem; accessCodes: string[] | null } | undefined> {
  const [row] = await content.database.db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.environmentId, NBC), eq(contentItems.codename, codename)));
  return row ? { data: row.data as DeliveryItem, accessCodes: row.accessCodes } : undefined;
}

async function issuesOf(promise: Promise<unknown>): Promise<BundleIssue[]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BundleValidationError);
  return [...(error as BundleValidationError).issues];
}

describe('importContentBundle', () => {
  it('imports every environment and reports what it created', async () => {
    const report = await importContentBundle(content.database.db, content.bundle.root, { now: new Date('2027-01-02T03:04:05Z') });
    const nbc = report.environments.find((e) => e.codename === 'nbc');
    expect(nbc).toMatchObject({
      id: NBC,
      items: { created: 32, changed: 0, deleted: 0, unchanged: 0 },
      types: { created: 17 },
      taxonomies: { created: 1 },
      languages: { created: 1 },
      assets: { created: 3 },
    });
    expect(report.environments.find((e) => e.codename === 'abc')?.items.created).toBe(1);
    expect(await countRows()).toEqual({ environments: 2, items: 33, types: 34, assets: 3, changes: 33 });
  });

  it('stores items in Delivery API shape with access codes', async () => {
    await importContentBundle(content.database.db, content.bundle.root, { now: new Date('2027-01-02T03:04:05Z') });
    const header = await itemData('header_layout_detail');
    expect(header?.accessCodes).toEqual(['navigatingcorp', 'retailers', 'field', 'corporate']);
    expect(header?.data.system).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Header',
      codename: 'header_layout_detail',
      language: 'default',
      type: 'header_layout_detail',
      collection: 'default',
      sitemap_locations: [],
      last_modified: '2027-01-02T03:04:05.000Z',
      workflow: 'default',
      workflow_step: 'published',
    });
    // Elements in the type's order, as the Delivery API promises.
    expect(Object.keys(header?.data.elements ?? {})).toEqual(['logo', 'banner', 'tablist', 'access_codes']);
    expect(header?.data.elements.logo).toEqual({
      type: 'asset',
      name: 'Logo',
      value: [{ name: 'logo.svg', description: 'Logo', type: 'image/svg+xml', size: expect.any(Number), url: `/content-assets/${NBC}/logo.svg`, width: 120, height: 40, renditions: {} }],
    });
    expect((valueOf(header?.data, 'banner') as unknown[])[0]).toMatchObject({ type: 'image/png', width: 3, height: 2, size: 73 });
    expect(valueOf(header?.data, 'access_codes')).toEqual([
      { name: 'General', codename: 'navigatingcorp' },
      { name: 'Expo', codename: 'retailers' },
      { name: 'Field', codename: 'field' },
      { name: 'Corporate', codename: 'corporate' },
    ]);

    const welcome = await itemData('welcome_page');
    expect(welcome?.accessCodes).toBeNull();
    expect(welcome?.data.elements.letter).toEqual({
      type: 'rich_text',
      name: 'Letter',
      images: {},
      links: {},
      modular_content: [],
      value: '<p>Dear colleague,</p>\n<p>welcome to the national conference.</p>',
    });

    const beta = await itemData('sample_beta');
    // Selected options follow the type's option order, not the authored order.
    expect(valueOf(beta?.data, 'category')).toEqual([
      { name: 'News', codename: 'news' },
      { name: 'Events', codename: 'events' },
    ]);
    expect(beta?.data.elements.topics).toEqual({
      type: 'taxonomy',
      name: 'Topics',
      taxonomy_group: 'topics',
      value: [
        { name: 'Cars', codename: 'cars' },
        { name: 'Electric vehicles', codename: 'ev' },
      ],
    });
    expect(beta?.data.elements.starts).toEqual({ type: 'date_time', name: 'Starts', value: '2027-03-02T09:00:00Z', display_timezone: null });

    const [type] = await content.database.db.select().from(contentTypes).where(eq(contentTypes.codename, 'faq_page')).limit(1);
    expect(type?.data).toMatchObject({
      system: { codename: 'faq_page', name: 'FAQ page', last_modified: '2027-01-02T03:04:05.000Z' },
      elements: { reggroupfaq: { type: 'multiple_choice', name: 'FAQ group', options: [{ name: 'General', codename: 'general' }, { name: 'Corporate', codename: 'corporate' }] } },
    });
    const [asset] = await content.database.db.select().from(contentAssets).where(eq(contentAssets.fileName, 'agenda.pdf'));
    expect(asset?.mimeType).toBe('application/pdf');
    expect(asset?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('derives the same item ids on every import and in every database', async () => {
    await importContentBundle(content.database.db, content.bundle.root);
    const other = await createTestDatabase();
    try {
      await importContentBundle(other.db, content.bundle.root);
      const [a] = await content.database.db.select().from(contentItems).where(eq(contentItems.codename, 'faq_1'));
      const [b] = await other.db.select().from(contentItems).where(eq(contentItems.codename, 'faq_1'));
      expect((a?.data as DeliveryItem).system.id).toBe((b?.data as DeliveryItem).system.id);
    } finally {
      await other.close();
    }
  });

  it('changes nothing and records nothing when the same bundle is imported again', async () => {
    await importContentBundle(content.database.db, content.bundle.root, { now: new Date('2027-01-01T00:00:00Z') });
    const before = await content.database.db.select().from(contentEnvironments).orderBy(asc(contentEnvironments.codename));
    const report = await importContentBundle(content.database.db, content.bundle.root, { now: new Date('2027-02-01T00:00:00Z') });
    for (const environment of report.environments) {
      for (const counts of [environment.items, environment.types, environment.taxonomies, environment.languages, environment.assets]) {
        expect(counts.created + counts.changed + counts.deleted).toBe(0);
      }
    }
    expect(report.environments.find((e) => e.codename === 'nbc')?.items.unchanged).toBe(32);
    expect((await countRows()).changes).toBe(33);
    expect(await content.database.db.select().from(contentEnvironments).orderBy(asc(contentEnvironments.codename))).toEqual(before);
    expect((await itemData('faq_1'))?.data.system.last_modified).toBe('2027-01-01T00:00:00.000Z');
  });

  it('records created, changed and deleted items, and only those', async () => {
    await importContentBundle(content.database.db, content.bundle.root, { now: new Date('2027-01-01T00:00:00Z') });
    await editConferenceFaqs(content.bundle);
    const report = await importContentBundle(content.database.db, content.bundle.root, { now: new Date('2027-02-01T00:00:00Z') });
    expect(report.environments.find((e) => e.codename === 'nbc')?.items).toEqual({ created: 1, changed: 2, deleted: 1, unchanged: 29 });
    expect(report.environments.find((e) => e.codename === 'abc')?.items).toEqual({ created: 0, changed: 0, deleted: 0, unchanged: 1 });

    const changes = await content.database.db
      .select({ codename: contentChanges.codename, changeType: contentChanges.changeType, data: contentChanges.data })
      .from(contentChanges)
      .where(sql`${contentChanges.seq} > 33`)
      .orderBy(asc(contentChanges.seq));
    expect(changes.map((c) => [c.codename, c.changeType])).toEqual([
      ['faq_1', 'changed_item'],
      ['faq_2', 'deleted_item'],
      ['faq_3', 'changed_item'],
      ['faq_page_corporate', 'changed_item'],
    ]);
    expect(valueOf(changes[1]?.data as DeliveryItem, 'question')).toBe('Expenses?');
    expect((await itemData('faq_1'))?.data.system.last_modified).toBe('2027-02-01T00:00:00.000Z');
    expect((await itemData('faq_page_general'))?.data.system.last_modified).toBe('2027-01-01T00:00:00.000Z');
    expect(await itemData('faq_2')).toBeUndefined();
  });

  it('imports only the environments asked for', async () => {
    const report = await importContentBundle(content.database.db, content.bundle.root, { environments: ['abc'] });
    expect(report.environments.map((e) => e.codename)).toEqual(['abc']);
    expect((await countRows()).items).toBe(1);
  });

  it('lists every problem, naming file, item and element, and imports nothing', async () => {
    await content.bundle.edit('nbc/items/samples.json', (items) => [
      ...items.map((item) => {
        if (item.codename === 'sample_alpha') return { ...item, elements: { ...item.elements, price: 'ten', extra: 1 } };
        if (item.codename === 'sample_beta') return { ...item, elements: { ...item.elements, category: ['news', 'gossip'] } };
        if (item.codename === 'sample_gamma') return { ...item, elements: { ...item.elements, related: ['sample_missing'] } };
        if (item.codename === 'sample_epsilon') return { ...item, elements: { ...item.elements, starts: '2027-13-45' } };
        if (item.codename === 'sample_delta') {
          const { slug: _slug, ...rest } = item.elements;
          return { ...item, elements: rest };
        }
        return item;
      }),
      { codename: 'sample_alpha', type: 'welcome_page', name: 'Again', elements: { letter: '<p>x</p>', video_url: 'https://x' } },
      { codename: 'mystery', type: 'no_such_type', name: 'Mystery', elements: {} },
    ]);
    await content.bundle.edit('nbc/items/agenda.json', (items) =>
      items.map((item) =>
        item.codename === 'agenda_link_day1' ? { ...item, elements: { ...item.elements, pdf: [{ file: 'missing.pdf', description: 'Gone' }] } } : item,
      ),
    );
    await writeFile(join(content.bundle.root, 'abc/items/broken.json'), '{ "codename": ');
    await content.bundle.edit('nbc/items/header.json', (items) =>
      items.map((item) => (item.codename === 'tab_welcome' ? { ...item, elements: { ...item.elements, starts: '2027-13-45' } } : item)),
    );

    const issues = await issuesOf(importContentBundle(content.database.db, content.bundle.root));
    const samples = 'nbc/items/samples.json';
    expect(issues).toEqual(
      expect.arrayContaining([
        { file: samples, item: 'sample_alpha', element: 'price', message: expect.stringContaining('expected a number') },
        { file: samples, item: 'sample_alpha', element: 'extra', message: 'not an element of type sample' },
        { file: samples, item: 'sample_beta', element: 'category', message: expect.stringContaining('unknown option gossip') },
        { file: samples, item: 'sample_gamma', element: 'related', message: 'linked item sample_missing does not exist' },
        { file: samples, item: 'sample_delta', element: 'slug', message: expect.stringContaining('missing') },
        { file: samples, item: 'sample_alpha', message: expect.stringContaining('duplicate codename') },
        { file: samples, item: 'mystery', message: 'unknown type no_such_type' },
        { file: 'nbc/items/agenda.json', item: 'agenda_link_day1', element: 'pdf', message: expect.stringContaining('asset file missing.pdf not found') },
        { file: 'abc/items/broken.json', message: expect.stringContaining('invalid JSON') },
        { file: samples, item: 'sample_epsilon', element: 'starts', message: expect.stringContaining('expected an ISO 8601 date') },
        { file: 'nbc/items/header.json', item: 'tab_welcome', element: 'starts', message: 'not an element of type header_tab' },
      ]),
    );
    expect(issues).toHaveLength(11);
    expect(await countRows()).toEqual({ environments: 0, items: 0, types: 0, assets: 0, changes: 0 });
  });

  it('checks types.json and environment.json', async () => {
    await content.bundle.edit<AuthoredType[]>('types.json', (types) => [
      ...types.map((t) => (t.codename === 'faq_page' ? { ...t, elements: { ...t.elements, reggroupfaq: { type: 'multiple_choice', name: 'No options' } } } : t)),
      { codename: 'welcome_page', name: 'Twice', elements: {} },
      { codename: 'Bad Name', name: 'x', elements: {} },
    ]);
    await content.bundle.edit<Record<string, unknown>>('abc/environment.json', (env) => ({ ...env, id: 'not-a-uuid', languages: [{ codename: 'en', name: 'English' }, { codename: 'en', name: 'Again' }] }));
    const issues = await issuesOf(importContentBundle(content.database.db, content.bundle.root));
    const messages = issues.map((i) => `${i.file}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^types\.json: .*options: options belong to/),
        expect.stringMatching(/^types\.json: .*duplicate type welcome_page/),
        expect.stringMatching(/^types\.json: .*codename: must be a codename/),
        expect.stringMatching(/^abc\/environment\.json: id: must be a UUID/),
        expect.stringMatching(/^abc\/environment\.json: languages: must not repeat a language/),
      ]),
    );
    expect((await countRows()).environments).toBe(0);
  });

  it('refuses a folder with items but no environment.json', async () => {
    await mkdir(join(content.bundle.root, 'xyz/items'), { recursive: true });
    const issues = await issuesOf(importContentBundle(content.database.db, content.bundle.root));
    expect(issues).toEqual([{ file: 'xyz/environment.json', message: expect.stringContaining('missing') }]);
    await rm(join(content.bundle.root, 'xyz'), { recursive: true });
  });

  it('leaves the database as it was when a later import is invalid', async () => {
    await importContentBundle(content.database.db, content.bundle.root);
    const before = await countRows();
    await content.bundle.edit('nbc/items/pages.json', (items) => items.map((i) => (i.codename === 'enrolment_item' ? { ...i, elements: { title: 42 } } : i)));
    await expect(importContentBundle(content.database.db, content.bundle.root)).rejects.toBeInstanceOf(BundleValidationError);
    expect(await countRows()).toEqual(before);
  });

  it('refuses an environment whose codename belongs to another id in the database', async () => {
    await importContentBundle(content.database.db, content.bundle.root);
    await content.bundle.edit<Record<string, unknown>>('abc/environment.json', (env) => ({ ...env, id: '33333333-3333-4333-8333-333333333333' }));
    const issues = await issuesOf(importContentBundle(content.database.db, content.bundle.root));
    expect(issues).toEqual([{ file: 'abc/environment.json', message: expect.stringContaining('already belongs to environment 22222222') }]);
  });
});
