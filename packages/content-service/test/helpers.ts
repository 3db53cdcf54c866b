import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Elements, IContentItem } from '@kontent-ai/delivery-sdk';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Database, Db } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import type { DeliveryItem, DeliveryLanguage, DeliveryTaxonomy, DeliveryType } from '../src/delivery-types.ts';
import contentService, { importContentBundle, type ContentServiceOptions } from '../src/index.ts';

export const FIXTURE_ROOT = fileURLToPath(new URL('./fixtures/bundle', import.meta.url));
export const NBC = '11111111-1111-4111-8111-111111111111';
export const ABC = '22222222-2222-4222-8222-222222222222';

/** Fake portal tokens: the bearer value names the policy, as the server's resolver would decode it. */
export const TOKEN_CODES: Readonly<Record<string, readonly string[]>> = {
  general: ['navigatingcorp'],
  expo: ['retailers'],
  field: ['field'],
  corporate: ['corporate'],
};

export async function resolveFromBearer(request: FastifyRequest): Promise<readonly string[]> {
  const match = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return (match?.[1] && Object.hasOwn(TOKEN_CODES, match[1]) ? TOKEN_CODES[match[1]] : undefined) ?? [];
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  /** `${url}/content/${env}` */
  content(env?: string): string;
  close(): Promise<void>;
}

/** The plugin plus /healthz on a real loopback port, as the SDK needs one. */
export async function startServer(db: Db, options: Partial<ContentServiceOptions> = {}): Promise<TestServer> {
  const app = Fastify({ logger: false });
  await app.register(contentService, { db, source: { kind: 'embedded' }, resolveAccessCodes: resolveFromBearer, refreshIntervalMs: 0, ...options });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return { app, url, content: (env = NBC) => `${url}/content/${env}`, close: () => app.close() };
}

/** A scratch copy of the fixture bundle that a test may edit. */
export async function copyFixture(): Promise<{ root: string; edit: EditBundle; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'content-bundle-'));
  await cp(FIXTURE_ROOT, root, { recursive: true });
  const edit: EditBundle = async <T,>(file: string, change: (value: T) => unknown) => {
    const path = join(root, file);
    const value = JSON.parse(await readFile(path, 'utf8')) as T;
    await writeFile(path, JSON.stringify(change(value), null, 2));
  };
  return { root, edit, remove: () => rm(root, { recursive: true, force: true }) };
}

export type FixtureBundle = Awaited<ReturnType<typeof copyFixture>>;

/**
 * The edit of the nbc conference items that the change records and the sync feed are tested with:
 * faq_1 reworded ("Where exactly?"), faq_2 deleted, a new faq_3, and the corporate FAQ page listing
 * faq_1 and faq_3.
 */
export function editConferenceFaqs(bundle: FixtureBundle): Promise<void> {
  return bundle.edit('nbc/items/conference.json', (items) => [
    ...items
      .filter((i) => i.codename !== 'faq_2')
      .map((i) => (i.codename === 'faq_1' ? { ...i, elements: { ...i.elements, question: 'Where exactly?' } } : i))
      .map((i) => (i.codename === 'faq_page_corporate' ? { ...i, elements: { ...i.elements, queanswers: ['faq_1', 'faq_3'] } } : i)),
    { codename: 'faq_3', type: 'faq_item', name: 'FAQ 3', elements: { question: 'New?', answer: '<p>Yes.</p>' } },
  ]);
}

/** A value a hook sets, read by a test: throws `message` when the hook has not run. */
function ready<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new Error(message);
  return value;
}

/**
 * The hooks most content tests share, registered in the calling file or describe block: one test
 * database for it; before each test the content tables emptied and a fresh scratch copy of the
 * fixture bundle; after each test the copy removed (after the caller's own afterEach hooks, which
 * vitest runs first). Read `database` and `bundle` inside hooks and tests.
 */
export function useFixtureContent(): { readonly database: Database; readonly bundle: FixtureBundle } {
  let database: Database | undefined;
  let bundle: FixtureBundle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    await resetContent(database!.db);
    bundle = await copyFixture();
  });
  afterEach(async () => {
    await bundle?.remove();
    bundle = undefined;
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get database() {
      return ready(database, 'useFixtureContent: the database is opened in beforeAll');
    },
    get bundle() {
      return ready(bundle, 'useFixtureContent: the bundle is copied in beforeEach');
    },
  };
}

/** What `useFixtureServer` imports: by default the fixture bundle as it is. */
export interface FixtureSource {
  /** Changes a scratch copy of the fixture before it is imported (the copy is removed in afterAll). */
  prepare?: (bundle: FixtureBundle) => Promise<void>;
  /** Imports only these environments. */
  environments?: string[];
}

/**
 * The hooks of the tests that read the fixture bundle through the plugin: one test database with the
 * bundle imported and the plugin on a real port (with `options`), for the calling file or describe
 * block. Read `database` and `server` inside hooks and tests.
 */
export function useFixtureServer(options: Partial<ContentServiceOptions> = {}, source: FixtureSource = {}): { readonly database: Database; readonly server: TestServer } {
  let database: Database | undefined;
  let server: TestServer | undefined;
  let bundle: FixtureBundle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    if (source.prepare) {
      bundle = await copyFixture();
      await source.prepare(bundle);
    }
    await importContentBundle(database.db, bundle?.root ?? FIXTURE_ROOT, source.environments ? { environments: source.environments } : {});
    server = await startServer(database.db, options);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await bundle?.remove();
  });
  return {
    get database() {
      return ready(database, 'useFixtureServer: the database is opened in beforeAll');
    },
    get server() {
      return ready(server, 'useFixtureServer: the server is started in beforeAll');
    },
  };
}

/** An item as authored in a bundle's items/*.json. */
export interface AuthoredItem {
  codename: string;
  type: string;
  name: string;
  elements: Record<string, unknown>;
}

/** Rewrites a JSON file of the scratch bundle; the file holds `T` (item files: an array of items). */
export type EditBundle = <T = AuthoredItem[]>(file: string, change: (value: T) => unknown) => Promise<void>;

/**
 * Every field a test reads from a Delivery answer. Which ones an answer has depends on the route;
 * the assertions check that.
 */
export interface AnswerBody {
  items: DeliveryItem[];
  item: DeliveryItem;
  modular_content: Record<string, DeliveryItem>;
  pagination: { skip: number; limit: number; count: number; next_page: string; total_count?: number };
  types: DeliveryType[];
  taxonomies: DeliveryTaxonomy[];
  languages: DeliveryLanguage[];
  message: string;
  request_id: string;
  error_code: number;
  specific_code: number;
}

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: AnswerBody }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as AnswerBody };
}

/** An element's value, or undefined when the item or element is missing. */
export function valueOf(item: DeliveryItem | undefined, element: string): unknown {
  return item?.elements[element]?.value;
}

export const codenamesOf = (items: readonly { system: { codename: string } }[]): string[] => items.map((i) => i.system.codename);

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** Empties the content tables, so one database can serve several tests of a file. */
export async function resetContent(db: Db): Promise<void> {
  await db.execute(
    sql`truncate content_changes, content_items, content_assets, content_types, content_taxonomies, content_languages, content_environments restart identity`,
  );
}

/** The linked items the SDK resolved for a linked-items element ([] when none). */
export function linkedItemsOf(item: IContentItem | undefined, element: string): IContentItem[] {
  return (item?.elements[element] as Elements.LinkedItemsElement | undefined)?.linkedItems ?? [];
}
