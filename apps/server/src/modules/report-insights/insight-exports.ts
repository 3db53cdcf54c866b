/**
 * The coverage and nbc-vs-abc exports: every row of the caller's area (the JSON answers are paged),
 * read in keyset pages and written straight into the streaming xlsx writer with native zlib. The
 * columns are those of the web pages' tables; the comparison ends with its totals row.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '@portal/db';
import type { CoverageRow, EventType } from '@portal/contracts';
import { createXlsxStream, type CellValue } from '@portal/xlsx';
import { nodeCompression } from '@portal/xlsx/node';
import { comparisonRows, coverageRows, EXPORT_PAGE_ROWS } from './report-insights.service.ts';
import { eventComparisonTotals } from './report-insights.queries.ts';

export const COVERAGE_SHEET = 'Coverage';
export const COVERAGE_COLUMNS = ['Store Code', 'Store Name', 'Region', 'Zone', 'District', 'Managers', 'Managers Not Enrolled'] as const;
export const COMPARISON_SHEET = 'Stores';
export const COMPARISON_COLUMNS = ['Store Code', 'Store Name', 'Region', 'Zone', 'District', 'nbc Enrolled', 'abc Enrolled'] as const;

/** A store's managers as one cell, as the web table shows them: "Name <e-mail> (enrolled|not enrolled)", "; " between. */
export function managersText(row: CoverageRow): string {
  return row.managers.map((m) => `${m.name || m.email} <${m.email}> (${m.enrolled ? 'enrolled' : 'not enrolled'})`).join('; ');
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

export async function prepareCoverageExport(db: Db, event: EventType, area: SQL, options: { pageRows?: number } = {}): Promise<PreparedExport> {
  return prepare(coverageRows(db, event, area, options.pageRows ?? EXPORT_PAGE_ROWS), async function* (pages, first) {
    const xlsx = createXlsxStream({ sheetName: COVERAGE_SHEET, columns: [...COVERAGE_COLUMNS], compression: nodeCompression });
    for (let page = first; !page.done; page = await pages.next()) {
      const out: Uint8Array[] = [];
      for (const row of page.value) {
        const values: CellValue[] = [row.dlrnum, row.storeName, row.region, row.zone, row.district, managersText(row), row.managers.filter((m) => !m.enrolled).length];
        for (const chunk of xlsx.addRow(values)) out.push(chunk);
      }
      yield* out;
    }
    yield* xlsx.finish();
  });
}

export async function prepareComparisonExport(db: Db, area: SQL, options: { pageRows?: number } = {}): Promise<PreparedExport> {
  const totals = await eventComparisonTotals(db, area);
  return prepare(comparisonRows(db, area, options.pageRows ?? EXPORT_PAGE_ROWS), async function* (pages, first) {
    const xlsx = createXlsxStream({ sheetName: COMPARISON_SHEET, columns: [...COMPARISON_COLUMNS], compression: nodeCompression });
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
          `Total (${totals.total} stores)`,
          `${totals.nbcStores} stores at nbc, ${totals.abcStores} at abc, ${totals.bothStores} at both`,
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
