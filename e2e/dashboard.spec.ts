/** The retailer report page: report login, a download by event code read back, and the error toasts. */
import ExcelJS from 'exceljs';
import { expect, loginAs, seriousA11yViolations, snap, test } from './fixtures.ts';
import { RETAILER_REPORT_HEADERS } from '@portal/contracts';

test.describe('retailer report page', () => {
  test('report login, then the retailer report downloads as report name + time stamp and reads back', async ({ page }) => {
    await loginAs(page, 'reports');
    await expect(page.getByRole('heading', { name: 'Retailer Enrollment Report' })).toBeVisible();
    const code = page.getByLabel('Event Code');
    await expect(code).toHaveAttribute('placeholder', 'Enter the event code');
    const button = page.getByRole('button', { name: 'Download Retailer Report' });

    // Validation toast, no call.
    await button.click();
    const validation = page.getByRole('alert').filter({ hasText: 'Please enter an Event Code.' });
    await expect(validation).toBeVisible();
    // Gone (3 s) before the next toast, so that the accessibility check below never meets it fading out.
    await expect(validation).toBeHidden({ timeout: 10_000 });

    await code.fill('NBC27');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const generated = page.getByRole('alert').filter({ hasText: 'Report Generated Successfully' });
    await expect(generated).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^RetailerReport_NBC27_\d{8}_\d{6}\.xlsx$/);
    await snap(page, 'dashboard-downloaded');
    // The pointer on the toast holds it (react-toastify pauses on hover): a slow check on a loaded
    // machine must not meet it fading out after its 3 s, which axe would measure as low contrast.
    await generated.hover();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    // The demo content's report_dashboard lists every column of the contract, in its order.
    expect(header).toEqual([...RETAILER_REPORT_HEADERS]);
    expect(sheet.rowCount).toBeGreaterThan(1);
    await expect(button).toBeEnabled();

    await code.fill('NOPE27');
    await button.click();
    await expect(page.getByRole('alert').filter({ hasText: 'No data found' })).toBeVisible();
    await snap(page, 'dashboard-no-data');
  });
});
