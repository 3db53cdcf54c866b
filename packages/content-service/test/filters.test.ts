/** Every filter operator of the Delivery API on system properties and on each element type. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { stableUuid } from '../src/bundle/stable-id.ts';
import { importContentBundle } from '../src/index.ts';
import { FIXTURE_ROOT, NBC, type TestServer, codenamesOf, getJson, startServer } from './helpers.ts';

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  await importContentBundle(database.db, FIXTURE_ROOT, { now: new Date('2027-01-15T12:00:00Z') });
  server = await startServer(database.db);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const ALL = ['alpha', 'beta', 'delta', 'epsilon', 'gamma'];

// Sample items (test/fixtures/bundle/nbc/items/samples.json), "sample_" left off:
//   alpha   price 10    starts 2027-03-01T09:00:00Z  category news         topics ai      related beta          data ["x","y"]
//   beta    price 20.5  starts 2027-03-02T09:00:00Z  category news,events  topics cars,ev  related -             body <p><br></p>
//   gamma   price 30    starts 2027-03-03T00:00:00Z  category events       topics -       related alpha,beta    data null, body ""
//   delta   price null  starts null                  category -            topics ev      related tab_reporting (hidden), alpha
//   epsilon price 5     starts 2026-12-31T23:59:59Z  category offers       topics ai,cars  title "Hello World"   data ["y"]
const cases: [filter: string, expected: string[]][] = [
  ['elements.title=Alpha', ['alpha']],
  ['elements.title[eq]=Hello%20World', ['epsilon']],
  ['elements.title[neq]=Alpha', ['beta', 'delta', 'epsilon', 'gamma']],
  ['elements.price[eq]=20.5', ['beta']],
  ['elements.price[neq]=20.5', ['alpha', 'delta', 'epsilon', 'gamma']],
  ['elements.price[empty]', ['delta']],
  ['elements.price[nempty]', ['alpha', 'beta', 'epsilon', 'gamma']],
  ['elements.body[empty]', ['beta', 'gamma']],
  ['elements.category[empty]', ['delta']],
  ['elements.related[empty]', ['beta', 'epsilon']],
  ['elements.data[nempty]', ['alpha', 'beta', 'epsilon']],
  ['elements.no_such_element[empty]', ALL],
  ['elements.no_such_element[nempty]', []],
  ['elements.price[lt]=20.5', ['alpha', 'epsilon']],
  ['elements.price[lte]=20.5', ['alpha', 'beta', 'epsilon']],
  ['elements.price[gt]=10', ['beta', 'gamma']],
  ['elements.price[gte]=10', ['alpha', 'beta', 'gamma']],
  ['elements.price[gt]=ten', []],
  ['elements.price[range]=5,20.5', ['alpha', 'beta', 'epsilon']],
  ['elements.starts[lt]=2027-03-02', ['alpha', 'epsilon']],
  ['elements.starts[gte]=2027-03-02', ['beta', 'gamma']],
  ['elements.starts[range]=2027-03-01,2027-03-03T00:00:00Z', ['alpha', 'beta', 'gamma']],
  ['elements.slug[in]=alpha,gamma,nope', ['alpha', 'gamma']],
  ['elements.slug[nin]=alpha,gamma', ['beta', 'delta', 'epsilon']],
  ['elements.category=news', ['alpha', 'beta']],
  ['elements.category[neq]=news', ['delta', 'epsilon', 'gamma']],
  ['elements.category[contains]=news', ['alpha', 'beta']],
  ['elements.category[any]=events,offers', ['beta', 'epsilon', 'gamma']],
  ['elements.category[all]=news,events', ['beta']],
  ['elements.category[in]=offers,events', ['beta', 'epsilon', 'gamma']],
  ['elements.category[nin]=news', ['delta', 'epsilon', 'gamma']],
  ['elements.topics[contains]=ev', ['beta', 'delta']],
  ['elements.topics[any]=ai', ['alpha', 'epsilon']],
  ['elements.topics[all]=ai,cars', ['epsilon']],
  ['elements.related[contains]=sample_beta', ['alpha', 'gamma']],
  ['elements.related[all]=sample_alpha,sample_beta', ['gamma']],
  ['elements.related[contains]=tab_reporting', []],
  ['elements.data[contains]=y', ['alpha', 'epsilon']],
  ['elements.data[any]=x,z', ['alpha']],
  ['elements.title[contains]=Alpha', []],
  ['system.codename=sample_beta', ['beta']],
  ['system.codename[in]=sample_beta,sample_gamma', ['beta', 'gamma']],
  ['system.name[in]=Alpha,Gamma', ['alpha', 'gamma']],
  ['system.name[nin]=Alpha,Gamma', ['beta', 'delta', 'epsilon']],
  ['system.name[neq]=Alpha', ['beta', 'delta', 'epsilon', 'gamma']],
  ['system.name[range]=B,E', ['beta', 'delta']],
  ['system.name[gt]=Delta', ['epsilon', 'gamma']],
  ['system.name[empty]', []],
  ['system.name[nempty]', ALL],
  ['system.name[any]=Alpha', []],
  ['system.last_modified[lte]=2027-01-15T12:00:00.000Z', ALL],
  ['system.last_modified[gt]=2027-01-15T12:00:00.000Z', []],
  ['system.language=default', ALL],
  ['system.collection=default', ALL],
  ['system.workflow=default', ALL],
  ['system.workflow_step[neq]=archived', ALL],
  ['system.workflow_step=archived', []],
  ['elements.category[contains]=news&elements.price[gt]=15', ['beta']],
];

describe('filters on /items (system.type=sample)', () => {
  it.each(cases)('%s', async (filter, expected) => {
    const { status, body } = await getJson(`${server.content()}/items?system.type=sample&${filter}&depth=0`);
    expect(status).toBe(200);
    expect(codenamesOf(body.items).map((c) => c.replace('sample_', ''))).toEqual(expected);
  });

  it('system.id', async () => {
    const { body } = await getJson(`${server.content()}/items?system.id=${stableUuid(NBC, 'sample_alpha')}`);
    expect(codenamesOf(body.items)).toEqual(['sample_alpha']);
  });

  it.each([
    ['system.type=sample', 5],
    ['system.type[in]=sample,welcome_page', 6],
    // 32 items, 5 samples, 7 restricted ones invisible without a token.
    ['system.type[nin]=sample', 20],
    ['system.type[neq]=sample', 20],
  ])('%s', async (filter, count) => {
    const { body } = await getJson(`${server.content()}/items?${filter}&depth=0`);
    expect(body.items).toHaveLength(count);
  });

  it('filters apply to items-feed too', async () => {
    const { body } = await getJson(`${server.content()}/items-feed?system.type=sample&elements.price[gte]=20`);
    expect(codenamesOf(body.items)).toEqual(['sample_beta', 'sample_gamma']);
  });

  it('filters do not touch modular_content', async () => {
    const { body } = await getJson(`${server.content()}/items?system.type=sample&elements.slug=gamma&depth=1`);
    expect(Object.keys(body.modular_content).sort()).toEqual(['sample_alpha', 'sample_beta']);
  });
});
