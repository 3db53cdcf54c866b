import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPortalContentClient } from './content-client.ts';
import { FetchHttpService } from './content-http.ts';
import { resetInlineContent, takeInlineContent } from './inline-content.ts';

const URL_PATH = '/content/env/items?system.type=welcome_page&depth=2';
const ANSWER = {
  items: [
    {
      system: { id: '1', name: 'Welcome', codename: 'welcome_page', language: 'default', type: 'welcome_page', collection: 'default', last_modified: '2027-01-01T00:00:00Z' },
      elements: { letter: { type: 'rich_text', name: 'Letter', value: '<p>Dear colleague</p>', images: {}, links: {}, modular_content: [] } },
    },
  ],
  modular_content: {},
  pagination: { skip: 0, limit: 0, count: 1, next_page: '' },
};

function serve(body: string): void {
  document.getElementById('portal-content')?.remove();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'portal-content';
  block.textContent = body;
  document.head.append(block);
  resetInlineContent();
}

afterEach(() => {
  document.getElementById('portal-content')?.remove();
  resetInlineContent();
});

describe('content served with the page', () => {
  it('answers the first request for its URL, once; later requests go out', async () => {
    serve(JSON.stringify({ [URL_PATH]: ANSWER }));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(ANSWER), { status: 200, headers: { 'content-type': 'application/json' } }));
    const client = createPortalContentClient({
      baseUrl: `${window.location.origin}/content`,
      environmentId: 'env',
      token: 't',
      httpService: new FetchHttpService({ fetch: fetchMock as unknown as typeof fetch }),
    });
    const first = await client.items().type('welcome_page').depthParameter(2).toPromise();
    expect(first.data.items[0]?.elements.letter?.value).toBe('<p>Dear colleague</p>');
    expect(fetchMock).not.toHaveBeenCalled();
    await client.items().type('welcome_page').depthParameter(2).toPromise();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answers each served request in a task of its own, not in the task that asked', async () => {
    const other = '/content/env/items?system.type=page_layout&depth=2';
    serve(JSON.stringify({ [URL_PATH]: ANSWER, [other]: { ...ANSWER, items: [] } }));
    const http = new FetchHttpService({ fetch: vi.fn() as unknown as typeof fetch });
    const order: string[] = [];
    const first = http.getAsync({ url: `${window.location.origin}${URL_PATH}` }).then(() => order.push('welcome'));
    const second = http.getAsync({ url: `${window.location.origin}${other}` }).then(() => order.push('layout'));
    // Every microtask the asking task would run: none of the answers has arrived.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(order).toEqual([]);
    await Promise.all([first, second]);
    expect(order).toEqual(['welcome', 'layout']);
  });

  it('ignores other origins, other URLs, and a broken block', () => {
    serve(JSON.stringify({ [URL_PATH]: ANSWER }));
    expect(takeInlineContent(`https://elsewhere.example${URL_PATH}`)).toBeUndefined();
    expect(takeInlineContent(`${window.location.origin}/content/env/items?system.type=faq_page&depth=2`)).toBeUndefined();
    expect(takeInlineContent(`${window.location.origin}${URL_PATH}`)).toEqual(ANSWER);
    serve('{not json');
    expect(takeInlineContent(`${window.location.origin}${URL_PATH}`)).toBeUndefined();
  });
});
