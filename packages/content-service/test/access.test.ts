/** Items restricted by access codes exist only for callers holding one of their codes. */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { unauthorizedToken } from '../src/index.ts';
import { bearer, codenamesOf, getJson, resolveFromBearer, startServer, useFixtureServer, valueOf } from './helpers.ts';

const resolver = vi.fn(resolveFromBearer);
const fixture = useFixtureServer({ resolveAccessCodes: (request: FastifyRequest) => resolver(request) });

const RESTRICTED = ['header_layout_detail', 'tab_welcome', 'tab_linktoexpo', 'tab_reporting', 'report_types_item', 'report_type_1', 'report_type_4'];
const ALL_CODES = 'navigatingcorp,retailers,field,corporate';

async function list(query: string, token?: string): Promise<string[]> {
  const { status, body } = await getJson(`${fixture.server.content()}/items?${query}`, token ? bearer(token) : {});
  expect(status).toBe(200);
  return codenamesOf(body.items);
}

async function item(codename: string, token?: string, query = 'depth=2'): ReturnType<typeof getJson> {
  return getJson(`${fixture.server.content()}/items/${codename}?${query}`, token ? bearer(token) : {});
}

describe.each([undefined, 'nonsense'])('without a valid token (%s)', (token) => {
  it('lists no restricted item, whatever the filter', async () => {
    const everything = await list('depth=0&includeTotalCount=true', token);
    expect(everything.filter((c) => RESTRICTED.includes(c))).toEqual([]);
    expect(await list('system.type=header_layout_detail', token)).toEqual([]);
    expect(await list('system.type=report_types', token)).toEqual([]);
    expect(await list(`system.type=header_layout_detail&elements.access_codes[any]=${ALL_CODES}`, token)).toEqual([]);
    expect(await list(`elements.access_codes[any]=${ALL_CODES}`, token)).toEqual([]);
    expect(await list('system.codename[in]=tab_reporting,tab_welcome', token)).toEqual([]);
    expect(await list('system.type=header_tab', token)).toEqual([]);
  });

  it('answers 404 for a restricted single item, exactly as for a missing one', async () => {
    const hidden = await item('tab_reporting', token);
    const missing = await item('no_such_tab', token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error_code).toBe(100);
    expect(hidden.body.message).toBe(missing.body.message.replace('no_such_tab', 'tab_reporting'));
  });

  it('drops restricted items from linked values and modular content, and does not count them', async () => {
    const delta = await item('sample_delta', token);
    expect(valueOf(delta.body.item, 'related')).toEqual(['sample_alpha']);
    expect(Object.keys(delta.body.modular_content)).toEqual(['sample_alpha', 'sample_beta']);
    expect(await list('system.type=sample&elements.related[contains]=tab_reporting', token)).toEqual([]);
    const total = await getJson(`${fixture.server.content()}/items?depth=0&limit=1&includeTotalCount=true`, token ? bearer(token) : {});
    expect(total.body.pagination.total_count).toBe(32 - RESTRICTED.length);
  });

  it('leaves them out of the feed', async () => {
    const { body } = await getJson(`${fixture.server.content()}/items-feed`, token ? bearer(token) : {});
    const codenames = codenamesOf(body.items);
    expect(codenames).toHaveLength(32 - RESTRICTED.length);
    expect(codenames.filter((c) => RESTRICTED.includes(c))).toEqual([]);
  });

  it('still serves public content', async () => {
    expect(await list('system.type=welcome_page', token)).toEqual(['welcome_page']);
  });
});

describe('with a general token (navigatingcorp)', () => {
  it('sees the header and the tabs for its code only', async () => {
    const header = await item('header_layout_detail', 'general');
    expect(header.status).toBe(200);
    expect(valueOf(header.body.item, 'tablist')).toEqual(['tab_welcome']);
    expect(Object.keys(header.body.modular_content)).toEqual(['tab_welcome']);
    expect(await list('system.type=header_tab', 'general')).toEqual(['tab_welcome']);
    expect((await item('tab_reporting', 'general')).status).toBe(404);
  });

  it('cannot find hidden tabs through a filter on the visible header', async () => {
    expect(await list('system.type=header_layout_detail&elements.tablist[contains]=tab_reporting', 'general')).toEqual([]);
    expect(await list('system.type=header_layout_detail&elements.tablist[all]=tab_welcome,tab_linktoexpo', 'general')).toEqual([]);
    expect(await list('system.type=header_layout_detail&elements.tablist[any]=tab_reporting,tab_welcome', 'general')).toEqual(['header_layout_detail']);
    expect(await list('system.type=header_tab&elements.access_codes[any]=corporate', 'general')).toEqual(['tab_welcome']);
    expect(await list('system.type=header_tab&elements.id=reporting', 'general')).toEqual([]);
  });

  it('sees no report types', async () => {
    expect(await list(`system.type=report_types&elements.access_codes[any]=navigatingcorp`, 'general')).toEqual([]);
    expect((await item('report_types_item', 'general')).status).toBe(404);
  });
});

describe('with field and corporate tokens', () => {
  it('field sees reporting but not the expo tab, and report types 1 only', async () => {
    const header = await item('header_layout_detail', 'field');
    expect(valueOf(header.body.item, 'tablist')).toEqual(['tab_welcome', 'tab_reporting']);
    const reports = await item('report_types_item', 'field');
    expect(valueOf(reports.body.item, 'report_list')).toEqual(['report_type_1']);
    expect(Object.keys(reports.body.modular_content)).toEqual(['report_type_1']);
  });

  it('corporate sees everything', async () => {
    const header = await item('header_layout_detail', 'corporate');
    expect(valueOf(header.body.item, 'tablist')).toEqual(['tab_welcome', 'tab_linktoexpo', 'tab_reporting']);
    const reports = await item('report_types_item', 'corporate');
    expect(Object.keys(reports.body.modular_content)).toEqual(['report_type_1', 'report_type_4']);
    expect(await list('system.type=sample&elements.related[contains]=tab_reporting', 'corporate')).toEqual(['sample_delta']);
    const delta = await item('sample_delta', 'corporate');
    expect(valueOf(delta.body.item, 'related')).toEqual(['tab_reporting', 'sample_alpha']);
  });
});

describe('cost of access checks', () => {
  it('asks for the caller codes only for answers that depend on them', async () => {
    resolver.mockClear();
    const url = `${fixture.server.content()}/items?system.type=enrolment&depth=2`;
    await getJson(url, bearer('corporate'));
    await getJson(url, bearer('general'));
    await getJson(url);
    // Computed once (who the caller is had to be known then), shared afterwards.
    expect(resolver).toHaveBeenCalledTimes(1);
    resolver.mockClear();
    const restricted = `${fixture.server.content()}/items?system.type=header_layout_detail&depth=2`;
    await getJson(restricted, bearer('corporate'));
    await getJson(restricted, bearer('corporate'));
    expect(resolver).toHaveBeenCalledTimes(2);
  });
});

describe('a presented token that is not valid', () => {
  it('answers 401 with the Delivery error body when the resolver rejects it; without a token public content is served', async () => {
    const strict = await startServer(fixture.database.db, {
      resolveAccessCodes: async (request: FastifyRequest) => {
        if (request.headers.authorization === 'Bearer revoked') throw unauthorizedToken('This session has ended.');
        return resolveFromBearer(request);
      },
    });
    try {
      const restricted = await getJson(`${strict.content()}/items?system.type=header_layout_detail&depth=2`, bearer('revoked'));
      expect(restricted.status).toBe(401);
      expect(restricted.body).toMatchObject({ message: 'This session has ended.', error_code: 401, request_id: expect.any(String) });
      const open = await getJson(`${strict.content()}/items?system.type=enrolment&depth=2`);
      expect(open.status).toBe(200);
      expect(codenamesOf(open.body.items)).toEqual(['enrolment_item']);
    } finally {
      await strict.close();
    }
  });

  it('fails closed (public content only) when the codes cannot be resolved for another reason', async () => {
    const broken = await startServer(fixture.database.db, {
      resolveAccessCodes: async () => {
        throw new Error('database unavailable');
      },
    });
    try {
      const res = await getJson(`${broken.content()}/items?system.type=header_layout_detail&depth=2`, bearer('corporate'));
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
