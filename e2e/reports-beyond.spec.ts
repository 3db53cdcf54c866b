/**
 * Reports beyond the seed, as the zone manager of zone 011 sees them: coverage of the zone with a
 * reminder sent, the hierarchy workbook downloaded and read back (only zone 011, outline levels and
 * subtotals), and the timeline chart drawn with a table that matches the API.
 */
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import type { CoverageAnswer, TimelineAnswer } from '@portal/contracts';
import { expect, seriousA11yViolations, signInToNbc, snap, test } from './fixtures.ts';

const ZONE_MANAGER = { userName: 'zone.manager@corp.example.com', password: 'FIELD27', zone: '011' };

async function loginAsZoneManager(page: Page): Promise<void> {
  await signInToNbc(page, ZONE_MANAGER.userName, ZONE_MANAGER.password);
}

/** Calls the API with the page's stored token, as the web app does. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userdetail') ?? '{}') as { data?: { accessToken?: string } }).data?.accessToken ?? '');
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test.describe('reports beyond the seed: zone manager of zone 011', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsZoneManager(page);
    await page.goto('/nbc/reporting');
  });

  test('opens coverage, sends a reminder and downloads the hierarchy workbook of the zone only', async ({ page }) => {
    await page.getByRole('link', { name: 'Coverage Gaps' }).click();
    await expect(page).toHaveURL(/\/nbc\/reporting\/coverage/);
    const table = page.getByRole('table', { name: /Coverage Gaps \(nbc\)/ });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.getByText('Loading…')).toHaveCount(0);

    const expected = await api<CoverageAnswer>(page, '/api/Report/Coverage?event=nbc');
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.rows.every((r) => r.zone === ZONE_MANAGER.zone)).toBe(true);
    // One page of the gaps (the API's first page); the export holds all of them.
    const zones = await table.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(zones.length).toBe(expected.rows.length);
    expect(expected.rows.length).toBe(Math.min(expected.total, expected.limit));
    expect(new Set(zones)).toEqual(new Set([ZONE_MANAGER.zone]));
    if (expected.total > expected.limit) {
      const pager = page.getByRole('navigation', { name: 'Coverage Gaps pages' });
      await pager.getByRole('button', { name: 'Next' }).press('Enter');
      await expect(pager.getByRole('status')).toContainText(`rows ${expected.limit + 1}–`);
      await pager.getByRole('button', { name: 'First' }).click();
      await expect(pager.getByRole('status')).toContainText('rows 1–');
    }
    const [coverageFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(coverageFile.suggestedFilename()).toBe('Coverage Gaps_nbc.xlsx');
    const coverageBook = new ExcelJS.Workbook();
    await coverageBook.xlsx.readFile(await coverageFile.path());
    const coverageSheet = coverageBook.worksheets[0]!;
    expect(coverageSheet.rowCount).toBe(expected.total + 1);
    for (let n = 2; n <= coverageSheet.rowCount; n++) expect(coverageSheet.getRow(n).getCell(4).value).toBe(ZONE_MANAGER.zone);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'reports-beyond-coverage');

    const remind = page.getByRole('button', { name: /^Remind \d+ managers?$/ });
    await expect(remind).toBeEnabled();
    await remind.click();
    await expect(page.getByRole('status').getByText(/reminders? queued\.|already reminded/)).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download hierarchy workbook' }).click()]);
    expect(download.suggestedFilename()).toBe('Enrollment by Hierarchy_nbc.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const storeRows: ExcelJS.Row[] = [];
    for (let n = 2; n <= sheet.rowCount; n++) if (sheet.getRow(n).outlineLevel === 4) storeRows.push(sheet.getRow(n));
    expect(storeRows.length).toBeGreaterThan(0);
    expect(new Set(storeRows.map((r) => String(r.getCell(2).value)))).toEqual(new Set([ZONE_MANAGER.zone]));
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Grand Total');
    expect((last.getCell(7).value as { result: number }).result).toBe(storeRows.length);
    const notEnrolled = storeRows.filter((r) => r.getCell(8).value === 0).length;
    expect(notEnrolled).toBe(expected.total);
  });

  test('draws the timeline chart, and its table matches the API', async ({ page }) => {
    await page.getByRole('link', { name: 'Registration Timeline' }).click();
    const expected = await api<TimelineAnswer>(page, '/api/Report/Timeline?event=nbc');
    expect(expected.days.length).toBeGreaterThan(0);

    const chart = page.getByTestId('timeline-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart).toHaveAttribute('role', 'img');
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`${expected.days.at(-1)!.cumulative} enrolled at the end`));

    const table = page.getByRole('table', { name: /Registration Timeline \(nbc\), by day/ });
    await expect(table.locator('tbody tr')).toHaveCount(expected.days.length);
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
    const format = new Intl.NumberFormat('en-US');
    expect(rows).toEqual(expected.days.map((d) => [d.date, format.format(d.registrations), format.format(d.cancellations), format.format(d.cumulative)]));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'reports-beyond-timeline');
  });
});
