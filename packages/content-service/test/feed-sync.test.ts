/** items-feed and sync continuation across re-imports, and several instances converging. */
import { type IDeliveryClient, createDeliveryClient } from '@kontent-ai/delivery-sdk';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { importContentBundle } from '../src/index.ts';
import type { DeliverySyncEntry } from '../src/delivery-types.ts';
import { type AnswerBody, NBC, type TestServer, bearer, codenamesOf, editConferenceFaqs, getJson, startServer, useFixtureContent, valueOf } from './helpers.ts';

const content = useFixtureContent();
let server: TestServer;

beforeAll(() => {
  // The SDK warns on every sync call that Sync API v1 is deprecated.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

beforeEach(async () => {
  await importContentBundle(content.database.db, content.bundle.root);
  server = await startServer(content.database.db, { feedPageSize: 2, syncPageSize: 3 });
});
afterEach(async () => {
  await server.close();
  await content.bundle.remove();
});

function sdk(): IDeliveryClient {
  return createDeliveryClient({
    environmentId: NBC,
    previewApiKey: 'portal',
    defaultQueryConfig: { usePreviewMode: true },
    proxy: { basePreviewUrl: `${server.url}/content` },
    retryStrategy: { maxAttempts: 0 },
  });
}

async function feedPage(continuation?: string, query = 'system.type=sample'): Promise<{ codenames: string[]; next: string | null; body: AnswerBody }> {
  const { status, body, headers } = await getJson(`${server.content()}/items-feed?${query}`, continuation ? { 'x-continuation': continuation } : {});
  expect(status).toBe(200);
  return { codenames: codenamesOf(body.items), next: headers.get('x-continuation'), body };
}

describe('items-feed', () => {
  it('pages with X-Continuation until the last page, which has none', async () => {
    const first = await feedPage();
    expect(first.codenames).toEqual(['sample_alpha', 'sample_beta']);
    expect(first.body.modular_content).toEqual({});
    expect(first.body.pagination).toBeUndefined();
    const second = await feedPage(first.next ?? '');
    expect(second.codenames).toEqual(['sample_delta', 'sample_epsilon']);
    const third = await feedPage(second.next ?? '');
    expect(third.codenames).toEqual(['sample_gamma']);
    expect(third.next).toBeNull();
  });

  it('keeps its order, elements projection and filters across pages', async () => {
    const first = await feedPage(undefined, 'system.type=sample&order=elements.price[desc]&elements=title');
    expect(first.codenames).toEqual(['sample_gamma', 'sample_beta']);
    expect(Object.keys(first.body.items[0]?.elements ?? {})).toEqual(['title']);
    const second = await feedPage(first.next ?? '', 'system.type=sample&order=elements.price[desc]&elements=title');
    expect(second.codenames).toEqual(['sample_alpha', 'sample_epsilon']);
  });

  it('the SDK reads every page with toAllPromise', async () => {
    const { data } = await sdk().itemsFeed().type('sample').toAllPromise();
    expect(data.items.map((i) => i.system.codename)).toEqual(['sample_alpha', 'sample_beta', 'sample_delta', 'sample_epsilon', 'sample_gamma']);
    expect(data.responses).toHaveLength(3);
  });

  it('continues after the last item served when a re-import changes the list between pages', async () => {
    const first = await feedPage();
    expect(first.codenames).toEqual(['sample_alpha', 'sample_beta']);
    await content.bundle.edit('nbc/items/samples.json', (items) => {
      const alpha = items.find((i) => i.codename === 'sample_alpha');
      if (!alpha) throw new Error('fixture changed: sample_alpha missing');
      return [
        ...items.filter((i) => i.codename !== 'sample_delta'),
        { ...alpha, codename: 'sample_aardvark', name: 'Aardvark' },
        { ...alpha, codename: 'sample_charlie', name: 'Charlie', elements: { ...alpha.elements, related: [] } },
      ];
    });
    await importContentBundle(content.database.db, content.bundle.root);
    const second = await feedPage(first.next ?? '');
    // sample_aardvark sorts before the position reached; sample_delta is gone.
    expect(second.codenames).toEqual(['sample_charlie', 'sample_epsilon']);
    const third = await feedPage(second.next ?? '');
    expect(third.codenames).toEqual(['sample_gamma']);
    expect(third.next).toBeNull();
  });
});

interface SyncBody {
  items: DeliverySyncEntry[];
}

async function syncPage(token: string, headers: Record<string, string> = {}): Promise<{ entries: [string, string][]; next: string | null; body: SyncBody }> {
  const { status, body: answer, headers: responseHeaders } = await getJson(`${server.content()}/sync`, { 'x-continuation': token, ...headers });
  expect(status).toBe(200);
  expect(responseHeaders.get('cache-control')).toBe('no-store');
  const body = answer as unknown as SyncBody;
  return { entries: body.items.map((e) => [e.data.system.codename, e.change_type]), next: responseHeaders.get('x-continuation'), body };
}

async function syncInit(query = ''): Promise<string> {
  const response = await fetch(`${server.content()}/sync/init${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ items: [] });
  const token = response.headers.get('x-continuation');
  expect(token).toBeTruthy();
  return token ?? '';
}

async function changeFaqsAndTabs(): Promise<void> {
  await editConferenceFaqs(content.bundle);
  await content.bundle.edit('nbc/items/header.json', (items) =>
    items.map((i) => (i.codename === 'tab_reporting' ? { ...i, elements: { ...i.elements, title: 'Reports' } } : i)),
  );
  await importContentBundle(content.database.db, content.bundle.root);
}

describe('sync', () => {
  it('init gives a token; nothing changed means no items and no new token', async () => {
    const token = await syncInit();
    const page = await syncPage(token);
    expect(page.entries).toEqual([]);
    expect(page.next).toBeNull();
  });

  it('reports changed and deleted items after a re-import, then nothing', async () => {
    const token = await syncInit();
    await changeFaqsAndTabs();
    const first = await syncPage(token);
    // Pages of 3 changes; the restricted tab is invisible without a token.
    expect(first.entries).toEqual([
      ['faq_1', 'changed_item'],
      ['faq_2', 'deleted_item'],
      ['faq_3', 'changed_item'],
    ]);
    expect(first.body.items[0]).toMatchObject({ timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), data: { elements: { question: { value: 'Where exactly?' } } } });
    expect(valueOf(first.body.items[1]?.data, 'question')).toBe('Expenses?');
    expect(first.next).toBeTruthy();
    const second = await syncPage(first.next ?? '');
    expect(second.entries).toEqual([['faq_page_corporate', 'changed_item']]);
    expect(second.next).toBeTruthy();
    const done = await syncPage(second.next ?? '');
    expect(done.entries).toEqual([]);
    expect(done.next).toBeNull();
  });

  it('shows restricted items only to holders of their codes', async () => {
    const token = await syncInit();
    await changeFaqsAndTabs();
    const field = await syncPage(token, bearer('field'));
    const second = await syncPage(field.next ?? '', bearer('field'));
    expect(second.entries).toEqual([
      ['faq_page_corporate', 'changed_item'],
      ['tab_reporting', 'changed_item'],
    ]);
    const general = await syncPage(field.next ?? '', bearer('general'));
    expect(general.entries).toEqual([['faq_page_corporate', 'changed_item']]);
  });

  it('keeps the type filter of sync/init', async () => {
    const token = await syncInit('?system.type=faq_page');
    await changeFaqsAndTabs();
    const first = await syncPage(token);
    expect(first.entries).toEqual([]);
    const second = await syncPage(first.next ?? '');
    expect(second.entries).toEqual([['faq_page_corporate', 'changed_item']]);
  });

  it('the SDK syncs with initializeSync and syncChanges().toAllPromise()', async () => {
    const client = sdk();
    const init = await client.initializeSync().toPromise();
    expect(init.xContinuationToken).toBeTruthy();
    await changeFaqsAndTabs();
    const { data } = await client
      .syncChanges()
      .withContinuationToken(init.xContinuationToken ?? '')
      .toAllPromise();
    expect(data.items.map((d) => [d.data.system.codename, d.changeType])).toEqual([
      ['faq_1', 'changed_item'],
      ['faq_2', 'deleted_item'],
      ['faq_3', 'changed_item'],
      ['faq_page_corporate', 'changed_item'],
    ]);
  });
});

describe('several instances on one database', () => {
  let second: TestServer;
  beforeEach(async () => {
    second = await startServer(content.database.db, { refreshIntervalMs: 300 });
  });
  afterEach(async () => {
    await second.close();
  });

  it('converge on a re-import within the refresh interval; the wait header sees it at once', async () => {
    const url = `${second.content()}/items/faq_1`;
    expect(valueOf((await getJson(url)).body.item, 'question')).toBe('Where?');
    await changeFaqsAndTabs();
    // The wait header makes the instance check the database now, whenever it last did.
    expect(valueOf((await getJson(url, { 'x-kc-wait-for-loading-new-content': 'true' })).body.item, 'question')).toBe('Where exactly?');
    const third = await startServer(content.database.db, { refreshIntervalMs: 300 });
    try {
      expect(valueOf((await getJson(`${third.content()}/items/faq_1`)).body.item, 'question')).toBe('Where exactly?');
      await changeBackFaq();
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(valueOf((await getJson(`${third.content()}/items/faq_1`)).body.item, 'question')).toBe('Where?');
      expect(valueOf((await getJson(url)).body.item, 'question')).toBe('Where?');
    } finally {
      await third.close();
    }
  });
});

async function changeBackFaq(): Promise<void> {
  await content.bundle.edit('nbc/items/conference.json', (items) =>
    items.map((i) => (i.codename === 'faq_1' ? { ...i, elements: { ...i.elements, question: 'Where?' } } : i)),
  );
  await importContentBundle(content.database.db, content.bundle.root);
}
