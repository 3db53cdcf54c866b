/**
 * The hierarchy workbook (docs/report-insights.md): one sheet of the caller's scope, a row
 * per store under row outline levels region (1) > zone (2) > district (3) > store (4), a subtotal
 * row below each group as Excel's Subtotal command writes it, and the grand total last (level 0).
 *
 * Count cells of subtotal rows are `SUBTOTAL(9, range)` formulas over the group's rows (SUBTOTAL
 * skips the nested subtotal rows in the range), stored with their computed results; "Enrolled %" is
 * a formula over the row's own counts. Store rows hold plain values.
 *
 * Built while it is sent: the scope's districts (a few thousand rows at most) are read first, then
 * their stores in pages of about PAGE_STORES, the next page fetched while the current one is written;
 * only one page and the writer's small buffer are held, whatever the network's size.
 */
import type { Db } from '@portal/db';
import type { EventType, Language } from '@portal/contracts';
import { columnsIn, t, type MessageId } from '../../lib/i18n/i18n.ts';
import { createXlsxStream, type CellValue, type XlsxFormula, type XlsxRowOptions } from '@portal/xlsx';
import { nodeCompression } from '@portal/xlsx/node';
import { workbookDistricts, workbookStores, type WorkbookDistrict, type WorkbookStore } from './report-insights.queries.ts';
import type { SQL } from 'drizzle-orm';

/** The sheet's columns: each header's message and width. */
const HIERARCHY_COLUMNS = [
  { id: 'export.retailer.Region', width: 24 },
  { id: 'export.retailer.Zone', width: 24 },
  { id: 'export.retailer.District', width: 28 },
  { id: 'export.retailer.Store Code', width: 12 },
  { id: 'export.retailer.Store Name', width: 32 },
  { id: 'export.retailer.City/State', width: 24 },
  { id: 'export.hierarchy.stores', width: 10 },
  { id: 'export.hierarchy.enrolledStores', width: 16 },
  { id: 'export.hierarchy.notEnrolledStores', width: 20 },
  { id: 'export.hierarchy.enrolledPct', width: 12 },
  { id: 'export.hierarchy.enrolledAttendees', width: 19 },
] as const satisfies ReadonlyArray<{ id: MessageId; width: number }>;

/** The sheet's name and headers in `language` (English: Enrollment by Hierarchy, Region … Enrolled Attendees). */
export function hierarchySheetHead(language: Language = 'en') {
  return { sheetName: t(language, 'export.hierarchy.sheet'), columns: columnsIn(language, HIERARCHY_COLUMNS) };
}
/**
 * Outline levels of the rows: a group's subtotal row sits at the group's level, its member rows one
 * deeper (stores 4), the grand total at none; Excel then offers the buttons 1 (grand total) to 5 (stores).
 */
export const OUTLINE = { region: 1, zone: 2, district: 3, store: 4 } as const;
export const PAGE_STORES = 5_000;
/** Districts per page at most, so the page query's parameter list stays short. */
const PAGE_DISTRICTS = 500;

interface Totals {
  stores: number;
  enrolledStores: number;
  attendees: number;
}

interface OpenGroup extends Totals {
  /** First sheet row of the group. */
  firstRow: number;
}

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);
const subtotal = (column: string, from: number, to: number, result: number): XlsxFormula => ({ formula: `SUBTOTAL(9,${column}${from}:${column}${to})`, result });

/** Pages of consecutive districts holding about `PAGE_STORES` stores (one district at least). */
export function pageDistricts(districts: readonly WorkbookDistrict[], pageStores = PAGE_STORES): WorkbookDistrict[][] {
  const pages: WorkbookDistrict[][] = [];
  let page: WorkbookDistrict[] = [];
  let stores = 0;
  for (const district of districts) {
    if (page.length && (stores + district.stores > pageStores || page.length >= PAGE_DISTRICTS)) {
      pages.push(page);
      page = [];
      stores = 0;
    }
    page.push(district);
    stores += district.stores;
  }
  if (page.length) pages.push(page);
  return pages;
}

export interface HierarchyWorkbook {
  stores: number;
  districts: number;
  /** The file's bytes, produced as they are read. */
  chunks: AsyncIterable<Uint8Array>;
}

/**
 * Reads the scope's districts (so a failing database answers before any byte is sent) and returns
 * the workbook as a lazily produced stream of chunks.
 */
export async function prepareHierarchyWorkbook(
  db: Db,
  eventId: EventType,
  scope: SQL,
  options: { pageStores?: number; modifiedAt?: Date; language?: Language } = {},
): Promise<HierarchyWorkbook> {
  const districts = await workbookDistricts(db, scope);
  const pages = pageDistricts(districts, options.pageStores);
  return {
    stores: districts.reduce((n, d) => n + d.stores, 0),
    districts: districts.length,
    chunks: writeWorkbook(db, eventId, pages, options.modifiedAt, options.language ?? 'en'),
  };
}

async function* writeWorkbook(db: Db, eventId: EventType, pages: readonly WorkbookDistrict[][], modifiedAt: Date | undefined, language: Language): AsyncGenerator<Uint8Array> {
  const sheet = hierarchySheet(modifiedAt, language);
  let next: Promise<WorkbookStore[]> | null = pages[0] ? workbookStores(db, eventId, pages[0].map((d) => d.district)) : null;
  for (let p = 0; p < pages.length; p++) {
    const stores = await next!;
    const following = pages[p + 1];
    next = following ? workbookStores(db, eventId, following.map((d) => d.district)) : null;
    // If writing throws, the pending page must not become an unhandled rejection.
    next?.catch(() => {});
    // A page is written synchronously and its chunks handed on together: one await per page, not per row.
    for (const chunk of sheet.page(pages[p]!, stores)) yield chunk;
    // An I/O turn per page: on PGlite (in this thread) the page queries resolve as microtasks, so
    // without it the socket was written only after the last page.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  for (const chunk of sheet.finish()) yield chunk;
}

/** The sheet's rows, written page by page; each call returns the zip chunks it produced. */
function hierarchySheet(modifiedAt: Date | undefined, language: Language) {
  const groupTotal = (code: string, name: string) => t(language, 'export.groupTotal', { group: `${code} ${name}` });
  const xlsx = createXlsxStream({
    ...hierarchySheetHead(language),
    outlineLevels: OUTLINE.store,
    // Native zlib: fflate's JavaScript deflate was about 40% of the workbook's CPU time.
    compression: nodeCompression,
    ...(modifiedAt ? { modifiedAt } : {}),
  });
  let out: Uint8Array[] = [];
  const add = (values: readonly CellValue[], options: XlsxRowOptions) => {
    for (const chunk of xlsx.addRow(values, options)) out.push(chunk);
  };
  const take = () => {
    const chunks = out;
    out = [];
    return chunks;
  };
  const grand: OpenGroup = { firstRow: xlsx.nextRowNumber, stores: 0, enrolledStores: 0, attendees: 0 };
  let region: (OpenGroup & { code: string; label: string }) | null = null;
  let zone: (OpenGroup & { code: string; label: string }) | null = null;
  const open = (code: string, label: string) => ({ code, label, firstRow: xlsx.nextRowNumber, stores: 0, enrolledStores: 0, attendees: 0 });

  /** The subtotal row below a group; the caller adds the group's counts to the enclosing groups. */
  const summaryRow = (labels: readonly CellValue[], group: OpenGroup, level: number) => {
    const row = xlsx.nextRowNumber;
    const last = row - 1;
    add(
      [
        ...labels,
        '',
        '',
        '',
        subtotal('G', group.firstRow, last, group.stores),
        subtotal('H', group.firstRow, last, group.enrolledStores),
        subtotal('I', group.firstRow, last, group.stores - group.enrolledStores),
        { formula: `IF(G${row}=0,0,ROUND(H${row}/G${row}*100,1))`, result: pct(group.enrolledStores, group.stores) },
        subtotal('K', group.firstRow, last, group.attendees),
      ],
      { outlineLevel: level, bold: true },
    );
  };
  const closeZone = () => {
    if (!zone || !region) return;
    summaryRow([region.code, zone.label, ''], zone, OUTLINE.zone);
    zone = null;
  };
  const closeRegion = () => {
    closeZone();
    if (!region) return;
    summaryRow([region.label, '', ''], region, OUTLINE.region);
    region = null;
  };

  return {
    page(districts: readonly WorkbookDistrict[], stores: readonly WorkbookStore[]): Uint8Array[] {
      const byDistrict = new Map<string, WorkbookStore[]>();
      for (const store of stores) {
        const list = byDistrict.get(store.district);
        if (list) list.push(store);
        else byDistrict.set(store.district, [store]);
      }
      for (const d of districts) {
        if (region && region.code !== d.region) closeRegion();
        if (zone && zone.code !== d.zone) closeZone();
        region ??= open(d.region, groupTotal(d.region, d.regionName));
        zone ??= open(d.zone, groupTotal(d.zone, d.zoneName));
        const district: OpenGroup = { firstRow: xlsx.nextRowNumber, stores: 0, enrolledStores: 0, attendees: 0 };
        for (const store of byDistrict.get(d.district) ?? []) {
          const enrolled = store.enrolled > 0 ? 1 : 0;
          add([d.region, d.zone, d.district, store.dlrnum, store.name, store.cityState, 1, enrolled, 1 - enrolled, enrolled * 100, store.enrolled], {
            outlineLevel: OUTLINE.store,
          });
          district.stores++;
          district.enrolledStores += enrolled;
          district.attendees += store.enrolled;
        }
        summaryRow([d.region, d.zone, groupTotal(d.district, d.districtName)], district, OUTLINE.district);
        for (const group of [zone, region, grand]) {
          group.stores += district.stores;
          group.enrolledStores += district.enrolledStores;
          group.attendees += district.attendees;
        }
      }
      return take();
    },
    finish(): Uint8Array[] {
      closeRegion();
      const row = xlsx.nextRowNumber;
      const last = row - 1;
      const empty = last < grand.firstRow;
      const total = (column: string, value: number): CellValue => (empty ? 0 : subtotal(column, grand.firstRow, last, value));
      add(
        [
          t(language, 'export.grandTotal'), '', '', '', '', '',
          total('G', grand.stores),
          total('H', grand.enrolledStores),
          total('I', grand.stores - grand.enrolledStores),
          { formula: `IF(G${row}=0,0,ROUND(H${row}/G${row}*100,1))`, result: pct(grand.enrolledStores, grand.stores) },
          total('K', grand.attendees),
        ],
        { bold: true },
      );
      for (const chunk of xlsx.finish()) out.push(chunk);
      return take();
    },
  };
}
