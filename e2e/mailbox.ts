/**
 * The journeys' mailbox: the mails the server sent, as e2e/serve-with-mail.mjs stored them. A
 * journey that needs a link only the attendee's mailbox gets reads it here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

export interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Name, type and (for a text attachment such as the calendar file) content. */
  attachments: { filename: string; contentType: string; text: string }[];
}

export const MAIL_DIR = process.env.E2E_MAIL_DIR!;

function mails(): StoredMail[] {
  return readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(MAIL_DIR, f), 'utf8')) as StoredMail);
}

/** How many mails went to an address so far (to wait for the next one). */
export function mailCount(to: string): number {
  return mails().filter((m) => m.to.includes(to.toLowerCase())).length;
}

/** Waits for a mail to `to` (after the first `after` of them) whose subject matches; answers the newest. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect
    .poll(
      () => {
        found = mails()
          .filter((m) => m.to.includes(to.toLowerCase()))
          .slice(after)
          .filter((m) => subject.test(m.subject))
          .pop();
        return found !== undefined;
      },
      { timeout: 30_000, message: `a mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text whose path matches. */
export function linkIn(mail: StoredMail, path: RegExp): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => path.test(new URL(l).pathname));
  if (!link) throw new Error(`no link matching ${path} in "${mail.subject}"`);
  return link;
}
