/**
 * Personal data (docs/privacy.md): an attendee downloads their own data from the footer of their
 * pages and asks for erasure, both through links mailed to them; an organizer finds the request in the console and erases the person,
 * whose session then ends. A person of their own (a fresh expo login), so no other journey's demo
 * account is touched.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, ORGANIZER, seriousA11yViolations, signInToNbc, snap, test } from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

const EMAIL = `privacy.journey.${Date.now().toString(36)}@example.com`;

async function otherPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test.describe('personal data', () => {
  test('an attendee downloads their data and asks for erasure; an organizer erases them from the console', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signInToNbc(page, EMAIL, 'EXPO27');

    // The download goes through the attendee's mailbox: the page says where the link went (masked),
    // and the link opens a page whose button downloads the file once.
    await page.getByRole('button', { name: 'Download my data' }).click();
    await expect(page.getByText(/We have mailed a link to download your data to p\*\*\*@e\*\*\*\.com/)).toBeVisible();
    const exportMail = await waitForMail(EMAIL, /download your data/);
    const mailbox = await page.context().newPage();
    await mailbox.goto(new URL(linkIn(exportMail, /^\/my-data\//)).pathname);
    const downloading = mailbox.waitForEvent('download');
    await mailbox.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('my-data-nbc.json');
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { person: { email: string }; registrations: unknown[]; checkIns: unknown[]; activity: Array<{ action: string }> };
    expect(data.person.email).toBe(EMAIL);
    expect(data.checkIns).toEqual([]);
    expect(data.activity.map((a) => a.action)).toContain('login');

    await page.getByRole('button', { name: 'Ask to erase my data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask to erase your data?' });
    await expect(dialog).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    // Filed only once confirmed through the link mailed to the attendee.
    await expect(page.getByText(/To confirm your request, open the link we have mailed to p\*\*\*@e\*\*\*\.com/)).toBeVisible();
    const erasureMail = await waitForMail(EMAIL, /confirm your erasure request/);
    await mailbox.goto(new URL(linkIn(erasureMail, /^\/confirm-erasure\//)).pathname);
    await mailbox.getByRole('button', { name: 'Send my erasure request' }).click();
    await expect(mailbox.getByText('Your request has been sent to the event team.')).toBeVisible();
    await snap(mailbox, 'privacy-erasure-requested');
    await mailbox.close();

    // The organizer, at another browser.
    const console = await otherPerson(browser);
    await console.goto('/admin');
    await console.getByLabel('E-mail').fill(ORGANIZER.email);
    await console.getByLabel('Password').fill(ORGANIZER.password);
    await console.getByRole('button', { name: 'Sign in' }).click();
    await expect(console.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
    await console.goto('/admin/people');
    await expect(console.getByRole('heading', { name: 'People and network', level: 1 })).toBeVisible();
    const requests = console.getByRole('table', { name: 'Open erasure requests' });
    await expect(requests).toContainText(EMAIL);
    await requests.getByRole('row', { name: new RegExp(EMAIL.replace(/\./g, '\\.')) }).getByRole('button', { name: 'Show' }).click();
    const people = console.getByRole('table', { name: 'People' });
    await expect(people).toContainText(EMAIL);
    expect(await seriousA11yViolations(console)).toEqual([]);

    await people.getByRole('button', { name: /^Erase / }).click();
    const confirm = console.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Erase for good' }).click();
    await expect(confirm.getByText(/Say why/)).toBeVisible();
    await confirm.getByLabel(/Reason/).fill('Asked in the portal (e2e journey)');
    await confirm.getByRole('button', { name: 'Erase for good' }).click();
    await expect(confirm).toBeHidden();
    // Searched by the old address, nobody is left; the request is answered.
    await expect(console.getByText('Nobody matches this search.')).toBeVisible();
    await expect(console.getByRole('table', { name: 'Open erasure requests' })).toHaveCount(0);
    await snap(console, 'privacy-erased');

    // The attendee's session has ended: the next call answers 401 and the app leaves for the start page.
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await console.context().close();
  });
});
