/**
 * The statements of the token service (tokens.service.ts): revocations, the session versions of the
 * principals a token names, and the organizer's state the admin guard checks. The reads run on every
 * authenticated request, so they are named statements straight on the driver (`namedStatement`), or
 * a prepared drizzle select.
 */
import { eq, lt, sql } from 'drizzle-orm';
import { namedStatement, schema, type Db } from '@portal/db';

/** A principal's state as its session-version lookup answers it. */
export interface VersionRow {
  active: boolean;
  v: number;
}

/** What the admin guard reads of an organizer on every request. */
export interface OrganizerGuardRow {
  active: boolean;
  mustChangePassword: boolean;
  tokensValidFrom: Date | null;
  sessionVersion: number;
}

export function prepareTokenQueries(db: Db) {
  // A logged-out token, or one of a person who was erased since (docs/privacy.md): one round trip.
  const revokedOrErased = namedStatement<{ jti: string }>(
    db,
    'revoked_token_or_erased',
    'select jti from revoked_tokens where jti = $1 union all select $1 from person_erasures where person_id = $2::int limit 1',
  );
  const codeVersion = namedStatement<VersionRow>(db, 'session_version_code', 'select active, session_version as v from access_codes where id = $1');
  const reportUserVersion = namedStatement<VersionRow>(db, 'session_version_report_user', 'select active, session_version as v from report_users where email = $1');
  const organizerGuard = db
    .select({
      active: schema.organizers.active,
      mustChangePassword: schema.organizers.mustChangePassword,
      tokensValidFrom: schema.organizers.tokensValidFrom,
      sessionVersion: schema.organizers.sessionVersion,
    })
    .from(schema.organizers)
    .where(eq(schema.organizers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('organizer_guard');

  return {
    /** Whether the token id was revoked or the person behind it erased (null: no person). */
    async isRevokedOrErased(jti: string, personId: number | null): Promise<boolean> {
      return (await revokedOrErased([jti, personId])).length > 0;
    },
    accessCodeVersion: async (id: number): Promise<VersionRow | undefined> => (await codeVersion([id]))[0],
    reportUserVersion: async (email: string): Promise<VersionRow | undefined> => (await reportUserVersion([email]))[0],
    async organizerGuard(id: number): Promise<OrganizerGuardRow | undefined> {
      const [row] = await organizerGuard.execute({ id });
      return row;
    },
    async insertRevocation(jti: string, expiresAt: Date): Promise<void> {
      await db.insert(schema.revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
    },
    async deleteRevocationsExpiredBefore(now: Date): Promise<void> {
      await db.delete(schema.revokedTokens).where(lt(schema.revokedTokens.expiresAt, now));
    },
  };
}

export type TokenQueries = ReturnType<typeof prepareTokenQueries>;
