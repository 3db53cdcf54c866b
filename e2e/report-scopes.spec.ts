/**
 * Report scopes (docs/reports.md, "Report scopes"): the demo zone manager (zone 011 of region 010)
 * opens the store report on the district table of their zone with the breadcrumb above it greyed,
 * sees only their zone in every table, list and export, and is refused another zone. The zone's
 * figures are compared with what a corporate (whole network) user sees for the same zone.
 */
import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { expect, seriousA11yViolations, signInToNbc, snap, test } from './fixtures.ts';

const ZONE_MANAGER = { userName: 'zone.manager@corp.example.com', password: 'FIELD27' };
const CORPORATE = { userName: 'corp.user@corp.example.com', password: 'CORP27' };

async function signIn(page: Page, account: { userName: string; password: string }) {
  await signInToNbc(page, account.userName, account.password);
}

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Report drill-down' }).getByRole('listitem');

/** The table's body rows as text, the Grand Total row last. */
async function bodyRows(table: Locator): Promise<string[][]> {
  await expect(table.getByRole('link').first()).toBeVisible();
  return table.evaluate((el) => [...el.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
}

test.describe('report scopes', () => {
  test('a zone-scoped manager sees only their zone', async ({ page, browser }) => {
    test.setTimeout(150_000);
    await signIn(page, ZONE_MANAGER);
    await page.getByRole('navigation').getByRole('link', { name: 'Reporting' }).click();
    await expect(page).toHaveURL(/\/nbc\/reporting$/);
    await page.getByRole('link', { name: 'Store Enrollment Report' }).click();

    // The drill-down opens on the district table of zone 011; Region and the region are greyed.
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeVisible();
    await expect(page).toHaveURL(/\/nbc\/reporting\/region\/010\/zone\/011\/district\?/);
    await expect(crumbs(page)).toHaveCount(4);
    const [menuCrumb, regionCrumb, regionNameCrumb, zoneCrumb] = [0, 1, 2, 3].map((i) => crumbs(page).nth(i));
    await expect(menuCrumb!.getByRole('link', { name: 'Report menu' })).toBeVisible();
    for (const greyed of [regionCrumb!, regionNameCrumb!]) {
      await expect(greyed).toHaveAttribute('aria-disabled', 'true');
      await expect(greyed.getByRole('link')).toHaveCount(0);
    }
    await expect(zoneCrumb!).toHaveAttribute('aria-current', 'page');
    const zoneName = (await zoneCrumb!.textContent())!.trim();

    const table = page.getByRole('table', { name: 'Store enrollment by district' });
    const rows = await bodyRows(table);
    const districtLinks = await table.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(districtLinks.length).toBeGreaterThan(0);
    for (const href of districtLinks) expect(href).toMatch(/\/region\/010\/zone\/011\/district\/011\d{3}\//);
    await snap(page, 'report-scopes-zone-manager');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The zone's store list holds the zone's stores only, as many as the Grand Total counts.
    const totalStores = Number(rows.at(-1)![1]!.replace(/,/g, ''));
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export all stores' }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const zoneColumn = header.indexOf('Zone');
    const zones = new Set<string>();
    for (let r = 2; r <= sheet.rowCount; r += 1) zones.add(String(sheet.getRow(r).getCell(zoneColumn).value ?? ''));
    expect(sheet.rowCount - 1).toBe(totalStores);
    expect([...zones]).toEqual([zoneName]);

    // The region table sends them back to their zone; another zone is refused by the server.
    await page.goto('/nbc/reporting/region');
    await expect(page).toHaveURL(/\/nbc\/reporting\/region\/010\/zone\/011\/district\?/);
    await page.goto('/nbc/reporting/region/020/zone/021/district');
    await expect(page.getByText(/outside your report scope/)).toBeVisible();

    // The field report's filters offer only region 010 and zone 011.
    await page.goto('/nbc/reporting/field');
    await expect(page.getByRole('heading', { name: 'Field Report' })).toBeVisible();
    const regionOptions = page.getByRole('combobox', { name: 'Region' }).locator('option');
    await expect.poll(() => regionOptions.evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(['ALL', '010']);
    const zoneOptions = page.getByRole('combobox', { name: 'Zone' }).locator('option');
    await expect.poll(() => zoneOptions.evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(['ALL', '011']);

    // A corporate user (the whole network) sees the same figures for zone 011.
    const corporate = await browser.newPage();
    try {
      await signIn(corporate, CORPORATE);
      await corporate.goto('/nbc/reporting/region/010/zone/011/district');
      await expect(corporate.getByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeVisible();
      expect(await bodyRows(corporate.getByRole('table', { name: 'Store enrollment by district' }))).toEqual(rows);
      await expect(crumbs(corporate).nth(1).getByRole('link', { name: 'Region' })).toBeVisible();
    } finally {
      await corporate.close();
    }
  });
});
