/**
 * One person per mailbox: a login's e-mail is compared lower-cased, and a
 * plus-alias (`local+tag@domain`) is the same person as `local@domain`, unless the alias itself is
 * on file (a roster or report-user list imported with it). So `Zone.Manager+x@corp.example.com` is
 * the zone manager, with the zone manager's scope, and `guest+1@…`, `guest+2@…` with an any-e-mail
 * code are one new person (`guest@…`), never a new person per alias.
 */
import type { DbOrTx } from '@portal/db';
import { emailOnFile } from './auth.queries.ts';

/** The address lower-cased and without a `+tag` in its local part (kept when nothing would be left before the `+`). */
export function withoutPlusTag(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf('@');
  const plus = lower.indexOf('+');
  if (at <= 0 || plus <= 0 || plus > at) return lower;
  return lower.slice(0, plus) + lower.slice(at);
}

/** The address a login stands for: as typed (lower-cased) when it is on file or has no tag, else its untagged form. */
export async function loginIdentity(db: DbOrTx, typed: string): Promise<string> {
  const lower = typed.toLowerCase();
  const base = withoutPlusTag(lower);
  if (base === lower) return lower;
  return (await emailOnFile(db, lower)) ? lower : base;
}
