/**
 * Issuing a badge (docs/event-days.md, "Badge codes"). Registration, the console, the confirmation
 * mail and the event days all answer a registration's badge from here; this module imports no other
 * module, so each of them may call it.
 */
import type { Badge } from '@portal/contracts';
import type { DbOrTx } from '@portal/db';
import type { BadgeKeys } from './badge-code.ts';
import * as q from './badges.queries.ts';

/**
 * The badge of a registration while it is Enrolled: null otherwise. The one place a badge is
 * issued: the badges row is kept by the database (migration 0023's trigger) on every path that
 * enrols (submit, provider callback, waiting-list claim, walk-in); this makes sure it exists and
 * signs its current version.
 */
export async function issueBadge(db: DbOrTx, keys: BadgeKeys, registrationId: number): Promise<Badge | null> {
  const row = await q.badgeOfRegistration(db, registrationId);
  if (!row || row.status !== 'Enrolled') return null;
  const version = row.version === null ? await q.ensureBadgeRow(db, registrationId, row.eventId) : row.version;
  return { code: keys.sign({ registrationId, eventId: row.eventId, version }) };
}

/** A registration's state at the door (checked in, where, the badge's version), read in the caller's transaction. */
export async function checkInState(db: DbOrTx, registrationId: number): ReturnType<typeof q.checkInState> {
  return q.checkInState(db, registrationId);
}
