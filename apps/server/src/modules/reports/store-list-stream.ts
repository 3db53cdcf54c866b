/**
 * GetStoreData as a stream: the envelope written around pages of store rows, each page one query over
 * a few hundred districts (reports.queries.ts, storeListPages) answering the page's JSON text, the
 * next pages read while the current one is written. At 50,000 stores the answer is 16 MB of JSON; built as one string it cost that much
 * memory (and more for the rows behind it) per concurrent export, streamed it costs one page.
 * The bytes are exactly those of `JSON.stringify(ok({ dataSet: { table: rows } }))`.
 */
import { Readable } from 'node:stream';
import type { DbOrTx } from '@portal/db';
import type { StoreFilter } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import * as q from './reports.queries.ts';

/** Stores per page: a few hundred kB of JSON, a query of a few tens of milliseconds. */
export const STORES_PER_PAGE = 2_500;
/**
 * Pages asked for ahead of the one being written. On PostgreSQL they run on separate connections, so
 * the database reads pages on every core while this process turns the current one into JSON (at
 * 50,000 stores: 21 pages; about twice as fast as one page ahead on two cores). Memory stays a few pages.
 */
export const PAGES_AHEAD = 3;

const MARK = '__rows__';
const [BEFORE, AFTER] = JSON.stringify(ok({ dataSet: { table: MARK } })).split(JSON.stringify(MARK)) as [string, string];
const HEAD = `${BEFORE}[`;
const TAIL = `]${AFTER}`;

/**
 * The answer's body. The first page is read before this returns, so a failing query still answers
 * with the error envelope; a failure on a later page ends the stream with an error (the client sees a
 * cut-off answer, never a wrong one).
 */
export async function storeListStream(db: DbOrTx, eventId: string, scope: q.StoreScope, select: StoreFilter, storesPerPage = STORES_PER_PAGE): Promise<Readable> {
  const pages = await q.storeListPages(db, scope, storesPerPage);
  const read = (index: number): Promise<string> | null => {
    const districts = pages[index];
    return districts ? q.storeListPageJson(db, eventId, { ...scope, districts }, select) : null;
  };
  // Pages in flight, in order; a rejected one is awaited in its turn, until then it must not count as unhandled.
  const ahead: Array<Promise<string>> = [];
  let requested = 0;
  const fill = () => {
    while (ahead.length < PAGES_AHEAD + 1 && requested < pages.length) {
      const page = read(requested++)!;
      page.catch(() => undefined);
      ahead.push(page);
    }
  };
  fill();
  const first = await (ahead.shift() ?? Promise.resolve(''));

  async function* body(): AsyncGenerator<string> {
    let page: string | undefined = first;
    let written = false;
    yield HEAD;
    while (page !== undefined) {
      fill();
      if (page) {
        yield (written ? ',' : '') + page;
        written = true;
      }
      const next = ahead.shift();
      page = next ? await next : undefined;
    }
    yield TAIL;
  }
  return Readable.from(body(), { objectMode: false });
}
