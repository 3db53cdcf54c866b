/**
 * Reporting journeys: the corporate drill-down with every export read back, the field report filters,
 * and the reports a field user may not open. Each export is opened with exceljs and compared with the
 * table on screen (or, for the store lists, with the counts the tables show).
 */
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, loginAs, seriousA11yViolations, snap, test } from './fixtures.ts';

type Matrix = string[][];

const numberText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A workbook value as the table shows it (numbers grouped, percent columns with one decimal and %). */
function shown(header: string, value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return header.startsWith('%') ? `${value.toFixed(1)}%` : numberText.format(value);
  return String(value);
}

interface Sheet {
  fileName: string;
  sheetName: string;
  header: string[];
  rows: Matrix;
}

async function readExport(download: Download): Promise<Sheet> {
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const header = Array.from({ length: width }, (_, c) => String(sheet.getRow(1).getCell(c + 1).value ?? ''));
  const rows: Matrix = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    rows.push(header.map((h, c) => shown(h, row.getCell(c + 1).value)));
  }
  return { fileName: download.suggestedFilename(), sheetName: sheet.name, header, rows };
}

async function download(page: Page, button: Locator): Promise<Sheet> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readExport(file);
}

/** The table's header and body (and footer) cells as text. */
async function tableOf(table: Locator): Promise<{ header: string[]; rows: Matrix }> {
  return table.evaluate((el) => {
    // A region or zone cell reads "North 010" on screen; its value (what the export keeps) is the code.
    const cells = (tr: Element) => [...tr.querySelectorAll('th, td')].map((c) => (c.querySelector('.cell-code')?.textContent ?? c.textContent ?? '').trim());
    return {
      header: cells(el.querySelector('thead tr')!),
      rows: [...el.querySelectorAll('tbody tr, tfoot tr')].map(cells),
    };
  });
}

async function expectExportEqualsTable(page: Page, table: Locator, fileName: string) {
  const onScreen = await tableOf(table);
  const sheet = await download(page, page.getByRole('button', { name: 'Export to Excel' }));
  expect(sheet.fileName).toBe(fileName);
  expect(sheet.sheetName).toBe('Sheet1');
  expect(sheet.header).toEqual(onScreen.header);
  expect(sheet.rows).toEqual(onScreen.rows);
  return onScreen;
}

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Report drill-down' }).getByRole('listitem');

test.describe('reporting', () => {
  test('corporate drills down region → zone → district → store detail and back, exporting every table', async ({ page }) => {
    test.setTimeout(180_000);
    const excelRequests: string[] = [];
    page.on('request', (request) => {
      if (/export\.worker|export-runner/.test(request.url())) excelRequests.push(request.url());
    });

    await loginAs(page, 'corporate');
    await page.getByRole('navigation').getByRole('link', { name: 'Reporting' }).click();
    await expect(page).toHaveURL(/\/nbc\/reporting$/);
    const menu = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Store Enrollment Report' }) });
    await expect(menu.getByRole('link')).toHaveText([
      'Store Enrollment Report',
      'Candidate Report',
      'Field Report',
      'Corporate Report',
      'Distributor and Vendor Report',
      'SBR Report',
      'Traveler Report',
    ]);
    await snap(page, 'reporting-menu-corporate');

    // Level 1: regions.
    await menu.getByRole('link', { name: 'Store Enrollment Report' }).click();
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT REPORT BY REGION' })).toBeVisible();
    await expect(crumbs(page)).toHaveText(['Report menu', 'Region']);
    const regionTable = page.getByRole('table', { name: 'Store enrollment by region' });
    await expect(regionTable.getByRole('link').first()).toBeVisible();
    const lastRegionRow = regionTable.locator('tbody tr').last();
    await expect(lastRegionRow.locator('td').first()).toHaveText('Grand Total');
    await expect(lastRegionRow.getByRole('link')).toHaveCount(0);
    expect(excelRequests).toEqual([]); // no Excel code before the first export
    await snap(page, 'reporting-region');
    const regions = await expectExportEqualsTable(page, regionTable, 'Store Enrollment by Region_Sheet1.xlsx');
    expect(excelRequests.length).toBeGreaterThan(0);
    expect(regions.rows.at(-1)![0]).toBe('Grand Total');

    // Level 2: zones of the first region.
    const regionName = regions.rows[0]![0]!;
    await regionTable.getByRole('link', { name: regionName, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT REPORT BY ZONE' })).toBeVisible();
    await expect(crumbs(page)).toHaveText(['Report menu', 'Region', regionName]);
    const zoneTable = page.getByRole('table', { name: 'Store enrollment by zone' });
    await expect(zoneTable.getByRole('link').first()).toBeVisible();
    await snap(page, 'reporting-zone');
    const zones = await expectExportEqualsTable(page, zoneTable, 'Store Enrollment by Zone_Sheet1.xlsx');
    const [, zoneTotal, zoneEnrolled, , zoneNotEnrolled] = zones.rows.at(-1)!;
    const storeCount = (text: string | undefined) => Number((text ?? '').replace(/,/g, ''));

    // The three store lists of the region: their sizes are the Grand Total's counts.
    const all = await download(page, page.getByRole('button', { name: 'Export all stores' }));
    expect(all.fileName).toBe('Store Enrollment by Zone_all.xlsx');
    expect(all.sheetName).toBe('all');
    expect(all.rows).toHaveLength(storeCount(zoneTotal));
    const statusColumn = all.header.indexOf('Enrollment Status');
    const enrolled = await download(page, page.getByRole('button', { name: 'Export enrolled stores' }));
    expect(enrolled.fileName).toBe('Store Enrollment by Zone_enrolled.xlsx');
    expect(enrolled.rows).toHaveLength(storeCount(zoneEnrolled));
    expect(new Set(enrolled.rows.map((r) => r[statusColumn]))).toEqual(new Set(['Enrolled']));
    const notEnrolled = await download(page, page.getByRole('button', { name: 'Export not enrolled stores' }));
    expect(notEnrolled.fileName).toBe('Store Enrollment by Zone_not_enrolled.xlsx');
    expect(notEnrolled.rows).toHaveLength(storeCount(zoneNotEnrolled));
    expect(notEnrolled.rows.every((r) => r[statusColumn] !== 'Enrolled')).toBe(true);
    const codes = (sheet: Sheet) => sheet.rows.map((r) => r[sheet.header.indexOf('Store Code')]).sort();
    expect([...codes(enrolled), ...codes(notEnrolled)].sort()).toEqual(codes(all));

    // Level 3: districts of the first zone.
    const zoneName = zones.rows[0]![0]!;
    await zoneTable.getByRole('link', { name: zoneName, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeVisible();
    await expect(crumbs(page)).toHaveText(['Report menu', 'Region', regionName, zoneName]);
    const districtTable = page.getByRole('table', { name: 'Store enrollment by district' });
    await expect(districtTable.getByRole('link').first()).toBeVisible();
    const districts = await expectExportEqualsTable(page, districtTable, 'Store Enrollment by District_Sheet1.xlsx');
    const zoneStores = await download(page, page.getByRole('button', { name: 'Export all stores' }));
    expect(zoneStores.fileName).toBe('Store Enrollment by District_all.xlsx');
    expect(zoneStores.rows).toHaveLength(storeCount(districts.rows.at(-1)![1]));
    await snap(page, 'reporting-district');

    // Level 4: the store detail of the first district.
    const districtName = districts.rows[0]![0]!;
    await districtTable.getByRole('link', { name: districtName, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT DETAIL' })).toBeVisible();
    await expect(crumbs(page)).toHaveText(['Report menu', 'Region', regionName, zoneName, districtName]);
    const detailTable = page.getByRole('table', { name: 'Store enrollment detail' });
    const filter = page.getByRole('combobox', { name: 'Show' });
    await expect(filter).toHaveValue('ALL');
    await expect(detailTable.locator('tbody tr').first()).not.toContainText('Loading');
    await expect(page.getByRole('region', { name: 'District totals' })).toBeVisible();
    await snap(page, 'reporting-store-detail');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expectExportEqualsTable(page, detailTable, 'Store Enrollment Detail_Sheet1.xlsx');

    await filter.selectOption('N');
    await expect(page).toHaveURL(/select=N/);
    await expect(detailTable.locator('tbody tr').first()).not.toContainText('Loading');
    const notEnrolledDetail = await tableOf(detailTable);
    const status = notEnrolledDetail.header.indexOf('Enrollment Status');
    expect(notEnrolledDetail.rows.every((r) => r[status] !== 'Enrolled' || r.length === 1)).toBe(true);

    // A reload keeps the place and the filter.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT DETAIL' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('N');
    await expect(crumbs(page)).toHaveText(['Report menu', 'Region', regionName, zoneName, districtName]);

    // Back goes one level up; coming back starts at ALL again.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeVisible();
    await districtTable.getByRole('link', { name: districtName, exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('ALL');

    // The browser's back button walks the drill-down too.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeVisible();
    await expect(crumbs(page)).toHaveText(['Report menu', 'Region', regionName, zoneName]);
    await crumbs(page).getByRole('link', { name: 'Region' }).click();
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT REPORT BY REGION' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/nbc\/reporting$/);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('corporate attendee reports show their columns and totals and export what they show', async ({ page }) => {
    await loginAs(page, 'corporate');
    const reports = [
      ['candidate', 'Candidate Report', 'Store City/State'],
      ['corporate', 'Corporate Report', 'Departure Date'],
      ['distributor', 'Distributor and Vendor Report', 'Company Name'],
      ['sbr', 'SBR Report', 'Departure Date'],
    ] as const;
    for (const [slug, name, column] of reports) {
      await page.goto(`/nbc/reporting/${slug}`);
      await expect(page.getByRole('heading', { name })).toBeVisible();
      const table = page.getByRole('table', { name });
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
      // nbc is a virtual program: the virtual column and total show.
      await expect(table.getByRole('columnheader', { name: 'Virtual Attendee' })).toBeVisible();
      await expect(table.locator('tfoot')).toContainText(/Total Attendees:\d+/);
      await expect(table.locator('tfoot')).toContainText(/Total Virtual Attendees:\d+/);
      await expectExportEqualsTable(page, table, `${name}_Sheet1.xlsx`);
      await snap(page, `reporting-${slug}`);
    }
    await page.goto('/nbc/reporting/traveller');
    const travellers = page.getByRole('table', { name: 'Traveler Report' });
    await expect(travellers.getByRole('columnheader')).toHaveText(['Traveler Type', 'Total Enrollments']);
    await expect(travellers.locator('tbody tr').first()).not.toContainText('Loading');
    await expectExportEqualsTable(page, travellers, 'Traveler Report_Sheet1.xlsx');
    await snap(page, 'reporting-traveller');
  });

  test('field report: region and zone filters, Clear, and the filters kept in the URL', async ({ page }) => {
    await loginAs(page, 'field');
    await page.goto('/nbc/reporting/field');
    await expect(page.getByRole('heading', { name: 'Field Report' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Field Report' });
    const region = page.getByRole('combobox', { name: 'Region' });
    const zone = page.getByRole('combobox', { name: 'Zone' });
    await expect(region).toHaveValue('ALL');
    await expect(zone).toHaveValue('ALL');
    await expect(table.locator('tfoot')).toContainText(/Total Attendees:\d+/);
    const totalOf = async () => Number(/Total Attendees:(\d+)/.exec((await table.locator('tfoot').textContent()) ?? '')?.[1]);
    const everyone = await totalOf();
    const allZones = await zone.locator('option').count();

    const firstRegion = await region.locator('option').nth(1).getAttribute('value');
    await region.selectOption(firstRegion!);
    await expect(page).toHaveURL(new RegExp(`region=${firstRegion}$`));
    await expect.poll(() => zone.locator('option').count()).toBeLessThan(allZones);
    await expect(table.locator('tbody tr').first()).not.toContainText('Loading');
    const regionColumn = (await tableOf(table)).header.indexOf('Region');
    const inRegion = await tableOf(table);
    const dataRows = inRegion.rows.filter((r) => r.length > 1 && !r[0]!.startsWith('Total Attendees') && r.some(Boolean));
    expect(dataRows.every((r) => r[regionColumn] === firstRegion)).toBe(true);
    expect(await totalOf()).toBeLessThanOrEqual(everyone);

    const firstZone = await zone.locator('option').nth(1).getAttribute('value');
    await zone.selectOption(firstZone!);
    await expect(page).toHaveURL(new RegExp(`region=${firstRegion}&zone=${firstZone}$`));
    await expect(table.locator('tbody tr').first()).not.toContainText('Loading');
    await snap(page, 'reporting-field-filtered');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expectExportEqualsTable(page, table, 'Field Report_Sheet1.xlsx');

    // Reload keeps both filters.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue(firstRegion!);
    await expect(page.getByRole('combobox', { name: 'Zone' })).toHaveValue(firstZone!);

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/nbc\/reporting\/field$/);
    await expect(region).toHaveValue('ALL');
    await expect(zone).toHaveValue('ALL');
    await expect.poll(totalOf).toBe(everyone);
    await snap(page, 'reporting-field-cleared');
  });

  test('a field user sees only the field reports and is refused the corporate ones', async ({ page }) => {
    await loginAs(page, 'field');
    await page.getByRole('navigation').getByRole('link', { name: 'Reporting' }).click();
    const menu = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Store Enrollment Report' }) });
    await expect(menu.getByRole('link')).toHaveText(['Store Enrollment Report', 'Candidate Report', 'Field Report']);
    await snap(page, 'reporting-menu-field');
    for (const slug of ['corporate', 'distributor', 'sbr', 'traveller']) {
      await page.goto(`/nbc/reporting/${slug}`);
      await expect(page).toHaveURL(/\/$/);
    }
    // The API agrees: the corporate report types answer 403 to a field token.
    const token = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('userdetail') ?? '{}') as { data?: { accessToken?: string } }).data?.accessToken);
    const refused = await page.request.get('/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=2', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
  });

  test('a dealer has no reporting routes at all', async ({ page }) => {
    await loginAs(page, 'dealer');
    await page.goto('/nbc/reporting/region');
    await expect(page).toHaveURL(/\/$/);
  });
});
