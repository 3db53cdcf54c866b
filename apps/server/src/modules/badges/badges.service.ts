/**
 * Badges (docs/event-days.md, "Badge codes"): built once in app.ts with the badge keys and handed to
 * registration, the console, the confirmation mail's delivery and the event days, which all answer a
 * registration's badge from here. Each call runs in the caller's transaction (or on the database
 * handle it passes when it has none); this module imports no other module, so each of them may call it.
 */
import type { Badge } from '@portal/contracts';
import type { DbOrTx } from '@portal/db';
import type { BadgeKeys } from './badge-code.ts';
import * as q from './badges.queries.ts';

export type BadgesService = ReturnType<typeof createBadgesService>;

/** Takes no database handle: every call runs on the one its caller passes (a transaction or the handle). */
export function createBadgesService(deps: { keys: BadgeKeys }) {
  const { keys } = deps;
  return {
    /** The keys badges are signed with (the badge sheets' PDF signs each badge it draws). */
    keys,

    /**
     * The badge of a registration while it is Enrolled: null otherwise. The one place a badge is
     * issued: the badges row is kept by the database (migration 0023's trigger) on every path that
     * enrols (submit, provider callback, waiting-list claim, walk-in); this makes sure it exists and
     * signs its current version.
     */
    async issue(tx: DbOrTx, registrationId: number): Promise<Badge | null> {
      const row = await q.badgeOfRegistration(tx, registrationId);
      if (!row || row.status !== 'Enrolled') return null;
      const version = row.version === null ? await q.ensureBadgeRow(tx, registrationId, row.eventId) : row.version;
      return { code: keys.sign({ registrationId, eventId: row.eventId, version }) };
    },

    /** A registration's state at the door (checked in, where, the badge's version), read in the caller's transaction. */
    checkInState: (tx: DbOrTx, registrationId: number): ReturnType<typeof q.checkInState> => q.checkInState(tx, registrationId),
  };
}
