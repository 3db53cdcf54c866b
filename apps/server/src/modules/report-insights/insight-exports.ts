/**
 * The coverage and nbc-vs-abc exports: every row of the caller's area (the JSON answers are paged),
 * read in keyset pages and written straight into the streaming xlsx writer with native zlib. The
 * columns are those of the web pages' tables; the comparison ends with its totals row.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '@portal/db';
import type { CoverageRow, EventType, Language } from '@portal/contracts';
import { createXlsxStream, type CellValue } from '@portal/xlsx';
import { nodeCompression } from '@portal/xlsx/node';
import { comparisonRows, coverageRows, EXPORT_PAGE_ROWS } from './insights.ts';
import { eventComparisonTotals } from './report-insights.queries.ts';
import { headersIn, t, type MessageId } from '../../lib/i18n/i18n.ts';

const STORE_COLUMNS = ['export.retailer.Store Code', 'export.retailer.Store Name', 'export.retailer.Region', 'export.retailer.Zone', 'export.retailer.District'] as const satisfies readonly MessageId[];
const storeColumns = (language: Language) => headersIn(language, STORE_COLUMNS);

/** The coverage sheet's name and headers in `language` (English: Coverage, Store Code … Managers Not Enrolled). */
export function coverageSheet(language: Language = 'en') {
  return { sheetName: t(language, 'export.insights.coverageSheet'), columns: [...storeColumns(language), t(language, 'export.insights.managers'), t(language, 'export.insights.managersNotEnrolled')] };
}

/** The nbc-vs-abc sheet's name and headers in `language`. */
export function comparisonSheet(language: Language = 'en') {
  const enrolled = (event: EventType) => t(language, 'export.insights.eventEnrolled', { event });
  return { sheetName: t(language, 'export.insights.storesSheet'), columns: [...storeColumns(language), enrolled('nbc'), enrolled('abc')] };
}

/** A store's managers as one cell, as the web table shows them: "Name <e-mail> (enrolled|not enrolled)", "; " between. */
export function managersText(row: CoverageRow, language: Language = 'en'): string {
  return row.managers.map((m) => t(language, 'export.insights.manager', { name: m.name || m.email, email: m.email, enrolled: m.enrolled ? 'yes' : 'no' })).join('; ');
}

/**
 * An export whose first page is read before anything is sent: a failing database answers an error,
 * not a broken file. The chunks continue with the rest.
 */
export interface PreparedExport {
  chunks: AsyncIterable<Uint8Array>;
}

async function prepare<Page>(pages: AsyncGenerator<Page>, write: (pages: AsyncIterator<Page>, first: IteratorResult<Page>) => AsyncGenerator<Uint8Array>): Promise<PreparedExport> {
  const first = await pages.next();
  return { chunks: write(pages, first) };
}

export async function prepareCoverageExport(db: Db, event: EventType, area: SQL, options: { pageRows?: number; language?: Language } = {}): Promise<PreparedExport> {
  const language = options.language ?? 'en';
  return prepare(coverageRows(db, event, area, options.pageRows ?? EXPORT_PAGE_ROWS), async function* (pages, first) {
    const xlsx = createXlsxStream({ ...coverageSheet(language), compression: nodeCompression });
    for (let page = first; !page.done; page = await pages.next()) {
      const out: Uint8Array[] = [];
      for (const row of page.value) {
        const values: CellValue[] = [row.dlrnum, row.storeName, row.region, row.zone, row.district, managersText(row, language), row.managers.filter((m) => !m.enrolled).length];
        for (const chunk of xlsx.addRow(values)) out.push(chunk);
      }
      yield* out;
    }
    yield* xlsx.finish();
  });
}

export async function prepareComparisonExport(db: Db, area: SQL, options: { pageRows?: number; language?: Language } = {}): Promise<PreparedExport> {
  const language = options.language ?? 'en';
  const totals = await eventComparisonTotals(db, area);
  return prepare(comparisonRows(db, area, options.pageRows ?? EXPORT_PAGE_ROWS), async function* (pages, first) {
    const xlsx = createXlsxStream({ ...comparisonSheet(language), compression: nodeCompression });
    for (let page = first; !page.done; page = await pages.next()) {
      const out: Uint8Array[] = [];
      for (const row of page.value) {
        for (const chunk of xlsx.addRow([row.dlrnum, row.storeName, row.region, row.zone, row.district, row.nbcEnrolled, row.abcEnrolled])) out.push(chunk);
      }
      yield* out;
    }
    if (totals.total) {
      yield* xlsx.addRow(
        [
          t(language, 'export.insights.comparisonTotal', { total: totals.total }),
          t(language, 'export.insights.comparisonStores', { nbc: totals.nbcStores, abc: totals.abcStores, both: totals.bothStores }),
          '',
          '',
          '',
          totals.nbcEnrolled,
          totals.abcEnrolled,
        ],
        { bold: true },
      );
    }
    yield* xlsx.finish();
  });
}
