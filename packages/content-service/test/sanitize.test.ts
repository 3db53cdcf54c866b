/**
 * Rich text is sanitized by the content service (decision 009): by the sanitizer itself, at import,
 * when a stored item written before that is read, and on every upstream answer before it is cached.
 * The payloads are the ones the web app's RichText test used when the browser sanitized.
 */
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, schema } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import type { DeliveryItem } from '../src/delivery-types.ts';
import { importContentBundle } from '../src/index.ts';
import { sanitizeRichText, sanitizeRichTextIn } from '../src/rich-text/sanitize.ts';
import { NBC, type TestServer, getJson, startServer, useFixtureContent, valueOf } from './helpers.ts';

const HOSTILE = [
  '<p>Hello <strong>attendee</strong></p>',
  '<script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '<a href="javascript:window.__pwned = 3">click</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<svg><script>window.__pwned = 4</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<div onclick="window.__pwned = 5" style="position:fixed">div</div>',
  '<form action="https://evil.example"><input name="x"></form>',
  '<a href="https://example.com/page" target="_blank">safe link</a>',
].join('');

/** What the browser would build from the HTML: checked as a DOM, not as text. */
function expectSafe(html: string): void {
  const { document } = new JSDOM(`<!DOCTYPE html><body><div id="root">${html}</div>`).window;
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  expect(root.querySelector('strong')?.textContent).toBe('attendee');
  expect(root.querySelector('script')).toBeNull();
  expect(root.querySelector('iframe')).toBeNull();
  expect(root.querySelector('form, input')).toBeNull();
  expect(root.innerHTML).not.toMatch(/onerror|onclick|javascript:/i);
  expect(root.innerHTML).not.toMatch(/style=/i);
  for (const link of root.querySelectorAll('a')) {
    const href = link.getAttribute('href');
    if (href !== null) expect(href).toMatch(/^https:/);
  }
  expect(root.querySelector('a[target="_blank"]')?.getAttribute('rel')).toBe('noopener noreferrer');
}

describe('sanitizeRichText', () => {
  it('removes scripts, handlers, javascript: links, frames, forms and styles', () => {
    expectSafe(sanitizeRichText(HOSTILE));
  });

  it('makes links that open a new window unable to reach back (rel noopener), and drops other targets', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.com" target="_top">x</a>')).toBe('<a href="https://example.com">x</a>');
    expect(sanitizeRichText('<p target="_blank">x</p>')).toBe('<p>x</p>');
  });

  it('keeps authored markup as it is, and gives nothing for nothing', () => {
    const authored = '<p>Dear colleague,</p>\n<p>welcome to the <a href="https://example.com/a">national</a> <em>conference</em>.</p><ul><li>one</li></ul>';
    expect(sanitizeRichText(authored)).toBe(authored);
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText('<script>x</script>')).toBe('');
  });

  it('is the same when applied again (a stored value read back is unchanged)', () => {
    const once = sanitizeRichText(HOSTILE);
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('cleans every rich-text value in a Delivery body, and nothing else', () => {
    const body = {
      item: { system: { codename: 'a' }, elements: { letter: { type: 'rich_text', name: 'L', value: HOSTILE }, title: { type: 'text', name: 'T', value: '<script>' } } },
      modular_content: { b: { system: { codename: 'b' }, elements: { answer: { type: 'rich_text', name: 'A', value: '<img src=x onerror=alert(1)>' } } } },
      items: [{ change_type: 'changed_item', data: { system: { codename: 'c' }, elements: { note: { type: 'rich_text', name: 'N', value: '<p>fine</p>' } } } }],
    };
    expect(sanitizeRichTextIn(body)).toBe(2);
    expectSafe(body.item.elements.letter.value);
    expect(body.item.elements.title.value).toBe('<script>');
    expect(body.modular_content.b.elements.answer.value).toBe('<img src="x">');
    expect(body.items[0]?.data.elements.note.value).toBe('<p>fine</p>');
  });
});

describe('embedded content', () => {
  const content = useFixtureContent();
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('stores and serves rich text sanitized at import', async () => {
    await content.bundle.edit('nbc/items/pages.json', (items) => items.map((i) => (i.codename === 'welcome_page' ? { ...i, elements: { ...i.elements, letter: HOSTILE } } : i)));
    await importContentBundle(content.database.db, content.bundle.root);
    const [row] = await content.database.db
      .select({ data: schema.contentItems.data })
      .from(schema.contentItems)
      .where(and(eq(schema.contentItems.environmentId, NBC), eq(schema.contentItems.codename, 'welcome_page')));
    expectSafe(valueOf(row?.data as DeliveryItem, 'letter') as string);
    server = await startServer(content.database.db);
    const answer = await getJson(`${server.content()}/items/welcome_page`);
    expectSafe(valueOf(answer.body.item, 'letter') as string);
    const sync = await getJson(`${server.content()}/items-feed?system.type=welcome_page`);
    expectSafe(valueOf(sync.body.items[0], 'letter') as string);
  });

  it('sanitizes an item stored unsanitized by an older version when it is served', async () => {
    await importContentBundle(content.database.db, content.bundle.root);
    const where = and(eq(schema.contentItems.environmentId, NBC), eq(schema.contentItems.codename, 'welcome_page'));
    const [row] = await content.database.db.select({ data: schema.contentItems.data }).from(schema.contentItems).where(where);
    const data = structuredClone(row?.data as DeliveryItem);
    (data.elements.letter as { value: string }).value = HOSTILE;
    await content.database.db.update(schema.contentItems).set({ data }).where(where);
    server = await startServer(content.database.db);
    expectSafe(valueOf((await getJson(`${server.content()}/items/welcome_page`)).body.item, 'letter') as string);
  });
});

describe('upstream content', () => {
  let database: Database;
  let upstream: FastifyInstance;
  let server: TestServer;
  const PORTAL_ENV = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
  const hostileItem = (codename: string): DeliveryItem =>
    ({
      system: { id: 'x', name: codename, codename, language: 'default', type: 'welcome_page', collection: 'default', sitemap_locations: [], last_modified: '2027-01-01T00:00:00Z', workflow: 'default', workflow_step: 'published' },
      elements: {
        letter: { type: 'rich_text', name: 'Letter', images: {}, links: {}, modular_content: [], value: HOSTILE },
        related: { type: 'modular_content', name: 'Related', value: codename === 'linked' ? [] : ['linked'] },
      },
    }) as unknown as DeliveryItem;

  beforeAll(async () => {
    database = await createTestDatabase();
    upstream = Fastify({ forceCloseConnections: true });
    upstream.get('/content/:env/items/:codename', async (request) => ({ item: hostileItem((request.params as { codename: string }).codename), modular_content: { linked: hostileItem('linked') } }));
    upstream.get('/content/:env/items', async () => ({ items: [hostileItem('one')], modular_content: {}, pagination: { skip: 0, limit: 0, count: 1, next_page: '' } }));
    await upstream.listen({ host: '127.0.0.1', port: 0 });
    const address = upstream.server.address();
    const upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/content`;
    server = await startServer(database.db, {
      source: { kind: 'upstream', environments: { [PORTAL_ENV]: { upstreamEnvironmentId: NBC, apiKey: 'k', baseUrl: upstreamUrl } }, cacheTtlMs: 60_000 },
    });
  });
  afterAll(async () => {
    await server.close();
    await upstream.close();
    await database.close();
  });

  it('sanitizes the rich text of every upstream answer, cached ones included', async () => {
    for (let round = 0; round < 2; round++) {
      const single = await getJson(`${server.content(PORTAL_ENV)}/items/welcome_page`);
      expect(single.status).toBe(200);
      expectSafe(valueOf(single.body.item, 'letter') as string);
      expectSafe(valueOf(single.body.modular_content.linked, 'letter') as string);
      const list = await getJson(`${server.content(PORTAL_ENV)}/items?system.type=welcome_page`);
      expectSafe(valueOf(list.body.items[0], 'letter') as string);
    }
  });
});
