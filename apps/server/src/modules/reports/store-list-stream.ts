/**
 * GetStoreData as a stream: the envelope written around pages of store rows, each page one query over
 * a few hundred districts (reports.queries.ts, storeListPages), the next page read while the current one
 * is written. At 50,000 stores the answer is 16 MB of JSON; built as one string it cost that much
 * memory (and more for the rows behind it) per concurrent export, streamed it costs one page.
 * The bytes are exactly those of `JSON.stringify(ok({ dataSet: { table: rows } }))`.
 */
import { Readable } from 'node:stream';
import type { DbOrTx } from '@portal/db';
import type { StoreFilter, StoreRow } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import * as q from './reports.queries.ts';

/** Stores per page: a few hundred kB of JSON, a query of a few milliseconds. */
export const STORES_PER_PAGE = 2_500;

const MARK = '__rows__';
const [BEFORE, AFTER] = JSON.stringify(ok({ dataSet: { table: MARK } })).split(JSON.stringify(MARK)) as [string, string];
const HEAD = `${BEFORE}[`;
const TAIL = `]${AFTER}`;

function rowsJson(rows: StoreRow[]): string {
  return rows.map((row) => JSON.stringify(row)).join(',');
}

/**
 * The answer's body. The first page is read before this returns, so a failing query still answers
 * with the error envelope; a failure on a later page ends the stream with an error (the client sees a
 * cut-off answer, never a wrong one).
 */
export async function storeListStream(db: DbOrTx, eventId: string, scope: q.StoreScope, select: StoreFilter, storesPerPage = STORES_PER_PAGE): Promise<Readable> {
  const pages = await q.storeListPages(db, scope, storesPerPage);
  const read = (index: number): Promise<StoreRow[]> | null => {
    const districts = pages[index];
    return districts ? q.storeListPage(db, eventId, { ...scope, districts }, select) : null;
  };
  const first = await (read(0) ?? Promise.resolve([]));

  async function* body(): AsyncGenerator<string> {
    let rows = first;
    let written = 0;
    yield HEAD;
    for (let index = 0; ; index++) {
      const next = read(index + 1);
      // A rejected prefetch is awaited on the next turn; until then it must not count as unhandled.
      next?.catch(() => undefined);
      if (rows.length) {
        yield (written ? ',' : '') + rowsJson(rows);
        written += rows.length;
      }
      if (!next) break;
      rows = await next;
    }
    yield TAIL;
  }
  return Readable.from(body(), { objectMode: false });
}
