/**
 * Company sign-in's statements (oidc.service.ts): the provider's subjects linked to organizer
 * accounts, the organizer accounts it finds or creates, a report user's state and the one-time codes
 * the browser trades for the portal token.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { schema, type DbOrTx, type Tx } from '@portal/db';

const { oidcHandoverCodes, oidcIdentities, organizers, reportUsers } = schema;

export type OidcGrantRecord = (typeof oidcHandoverCodes.$inferSelect)['grant'];
export type OrganizerRow = typeof organizers.$inferSelect;

/** Whether the report user is active; undefined when the e-mail has no report user yet. */
export async function findReportUserActive(db: DbOrTx, email: string): Promise<{ active: boolean } | undefined> {
  const [row] = await db.select({ active: reportUsers.active }).from(reportUsers).where(eq(reportUsers.email, email)).limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// One-time codes

/** Stores a grant behind a code's hash, after deleting the codes expired at `at`. */
export async function storeHandoverCode(db: DbOrTx, codeHash: string, grant: OidcGrantRecord, at: Date, expiresAt: Date): Promise<void> {
  await db.delete(oidcHandoverCodes).where(lt(oidcHandoverCodes.expiresAt, at));
  await db.insert(oidcHandoverCodes).values({ codeHash, grant, expiresAt });
}

/** Deletes the code if it has not expired at `now` and answers its grant: a code is traded once. */
export async function takeHandoverCode(db: DbOrTx, codeHash: string, now: Date): Promise<OidcGrantRecord | undefined> {
  const [row] = await db
    .delete(oidcHandoverCodes)
    .where(and(eq(oidcHandoverCodes.codeHash, codeHash), gt(oidcHandoverCodes.expiresAt, now)))
    .returning({ grant: oidcHandoverCodes.grant });
  return row?.grant;
}

// ---------------------------------------------------------------------------------------------
// Organizers and their linked subjects

/** The organizer account linked to the provider's subject. */
export async function findLinkedOrganizer(db: DbOrTx, issuer: string, subject: string): Promise<{ id: number; active: boolean } | undefined> {
  const [row] = await db
    .select({ id: organizers.id, active: organizers.active })
    .from(oidcIdentities)
    .innerJoin(organizers, eq(organizers.id, oidcIdentities.organizerId))
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
  return row;
}

/** A sign-in through a linked subject: the link's and the account's last login. */
export async function recordLinkedLogin(db: DbOrTx, issuer: string, subject: string, organizerId: number, at: Date): Promise<void> {
  await db.update(oidcIdentities).set({ lastLoginAt: at }).where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
  await db.update(organizers).set({ lastLoginAt: at }).where(eq(organizers.id, organizerId));
}

export async function findOrganizerByEmail(db: DbOrTx, email: string): Promise<OrganizerRow | undefined> {
  const [row] = await db.select().from(organizers).where(eq(organizers.email, email));
  return row;
}

export async function findOrganizer(db: DbOrTx, id: number): Promise<OrganizerRow | undefined> {
  const [row] = await db.select().from(organizers).where(eq(organizers.id, id));
  return row;
}

/** Links the subject to an existing account and records the login. */
export async function linkOrganizer(tx: Tx, issuer: string, subject: string, organizerId: number, at: Date): Promise<void> {
  await tx.insert(oidcIdentities).values({ issuer, subject, organizerId, lastLoginAt: at });
  await tx.update(organizers).set({ lastLoginAt: at }).where(eq(organizers.id, organizerId));
}

/** A new account (with the given password hash) linked to the subject: its id. */
export async function createLinkedOrganizer(
  tx: Tx,
  account: { issuer: string; subject: string; email: string; name: string | null; passwordHash: string },
  at: Date,
): Promise<number> {
  const { issuer, subject, email, name, passwordHash } = account;
  const [created] = await tx.insert(organizers).values({ email, name, passwordHash, lastLoginAt: at }).returning({ id: organizers.id });
  await tx.insert(oidcIdentities).values({ issuer, subject, organizerId: created!.id, lastLoginAt: at });
  return created!.id;
}
