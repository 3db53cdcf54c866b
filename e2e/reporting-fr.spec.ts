/**
 * The report pages as a French reader: French headings, headers and numbers, and at 360, 768 and
 * 1280 px no button, tab or column header of the report whose label runs out of its box, nor a button or tab whose
 * label breaks onto a second line (French words are longer than English ones).
 */
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures.ts';

const WIDTHS = [360, 768, 1280] as const;

/** Labels that overflow their box, and buttons or tabs whose label takes more than one line. */
async function badLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const lines = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top)));
      return tops.size;
    };
    // The report pages' own controls; the shell around them (header, footer) has its own checks.
    for (const element of document.querySelectorAll('.reporting button, .reporting a.btn, .reporting [role="tab"], .reporting th')) {
      const box = element as HTMLElement;
      if (box.offsetParent === null || !box.textContent?.trim()) continue;
      const name = `${element.tagName.toLowerCase()} “${box.textContent.trim()}”`;
      if (box.scrollWidth > box.clientWidth + 1) bad.push(`${name} overflows`);
      else if (element.tagName !== 'TH' && lines(element) > 1) bad.push(`${name} wraps`);
    }
    return bad;
  });
}

test('report pages in French: French words and numbers, and labels that hold at 360, 768 and 1280 px', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await loginAs(page, 'corporate');
  await page.evaluate(() => window.localStorage.setItem('portal.language', 'fr-CA'));

  await page.goto('/nbc/reporting/region');
  await expect(page.getByRole('heading', { name: 'RAPPORT D’INSCRIPTION DES MAGASINS PAR RÉGION' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Total des magasins' })).toBeVisible();
  // Percentages the French way: a comma and a no-break space before the sign.
  await expect(page.locator('td').filter({ hasText: /^\d+,\d\u00a0%$/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Total général' })).toBeVisible();
  // A totals row too: the arrivals' footer groups thousands the French way.
  await page.goto('/nbc/reporting/arrivals');
  await expect(page.locator('tfoot td').nth(1)).toHaveText(/^\d{1,3}(\u00a0\d{3})*$/);

  for (const [name, path, heading] of [
    ['menu', '/nbc/reporting', 'Couverture et tendances'],
    ['region', '/nbc/reporting/region', 'RAPPORT D’INSCRIPTION DES MAGASINS PAR RÉGION'],
    ['district', '/nbc/reporting/region/010/zone/011/district', 'RAPPORT D’INSCRIPTION DES MAGASINS PAR DISTRICT'],
    ['detail', '/nbc/reporting/region/010/zone/011/district/011001/', 'DÉTAIL DES INSCRIPTIONS DES MAGASINS'],
    ['field', '/nbc/reporting/field', /personnel régional/i],
    ['coverage', '/nbc/reporting/coverage', 'Magasins non couverts'],
    ['timeline', '/nbc/reporting/timeline', 'Chronologie des inscriptions'],
    ['comparison', '/nbc/reporting/comparison', 'nbc et abc par magasin'],
    ['arrivals', '/nbc/reporting/arrivals', 'Arrivées'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expect(page.getByText('Chargement…')).toHaveCount(0);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`report-fr-${name}-${width}.png`), fullPage: true });
      expect(await badLabels(page), `${name} at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});
