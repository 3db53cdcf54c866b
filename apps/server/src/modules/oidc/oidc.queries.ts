/**
 * Company sign-in's statements (oidc.service.ts): the provider's subjects linked to organizer
 * accounts, the organizer accounts it finds or creates, a report user's state and the one-time codes
 * the browser trades for the portal token.
 */
import { and, arrayContains, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { schema, type DbOrTx, type Tx } from '@portal/db';
import { firstRow } from '../../lib/rows.ts';

const { accessCodes, events, oidcHandoverCodes, oidcIdentities, organizers, people, reportUsers } = schema;

export type OidcGrantRecord = (typeof oidcHandoverCodes.$inferSelect)['grant'];
export type OrganizerRow = typeof organizers.$inferSelect;

/** Whether the report user is active; undefined when the e-mail has no report user yet. */
export async function findReportUserActive(db: DbOrTx, email: string): Promise<{ active: boolean } | undefined> {
  return firstRow(db.select({ active: reportUsers.active }).from(reportUsers).where(eq(reportUsers.email, email)));
}

// ---------------------------------------------------------------------------------------------
// One-time codes

/** Stores a grant behind a code's hash, after deleting the codes expired at `at`. */
export async function storeHandoverCode(db: DbOrTx, codeHash: string, grant: OidcGrantRecord, at: Date, expiresAt: Date): Promise<void> {
  await db.delete(oidcHandoverCodes).where(lt(oidcHandoverCodes.expiresAt, at));
  await db.insert(oidcHandoverCodes).values({ codeHash, grant, expiresAt });
}

/**
 * Deletes the code if it has not expired at `now` and was handed to the browser whose cookie hashes
 * to `browserHash`, and answers its grant: a code is traded once, and only by that browser.
 */
export async function takeHandoverCode(db: DbOrTx, codeHash: string, browserHash: string, now: Date): Promise<OidcGrantRecord | undefined> {
  const [row] = await db
    .delete(oidcHandoverCodes)
    .where(and(eq(oidcHandoverCodes.codeHash, codeHash), gt(oidcHandoverCodes.expiresAt, now), sql`${oidcHandoverCodes.grant}->>'browser' = ${browserHash}`))
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
  return firstRow(db.select().from(organizers).where(eq(organizers.email, email)));
}

export async function findOrganizer(db: DbOrTx, id: number): Promise<OrganizerRow | undefined> {
  return firstRow(db.select().from(organizers).where(eq(organizers.id, id)));
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

// ---------------------------------------------------------------------------------------------
// The event target: the event's access code of a policy, and the person signing in

/**
 * The event's active access code that admits `category` people with `policy` (the Field or Corporate
 * code), not bound to a store and not expired at `at`: what the company sign-in gives, as that code
 * would. The oldest such code when there are several.
 */
export async function findPolicyCode(db: DbOrTx, eventId: string, policy: 'field' | 'corporate', at: Date) {
  return firstRow(
    db
      .select({
        id: accessCodes.id,
        label: accessCodes.label,
        policies: accessCodes.policies,
        regType: accessCodes.regType,
        agendaGroup: accessCodes.agendaGroup,
        conferenceGroup: accessCodes.conferenceGroup,
        faqGroup: accessCodes.faqGroup,
        sessionVersion: accessCodes.sessionVersion,
        active: accessCodes.active,
        isVirtual: events.isVirtual,
      })
      .from(accessCodes)
      .innerJoin(events, eq(events.id, accessCodes.eventId))
      .where(
        and(
          eq(accessCodes.eventId, eventId),
          eq(accessCodes.active, true),
          eq(accessCodes.personCategory, policy),
          arrayContains(accessCodes.policies, [policy]),
          isNull(accessCodes.storeDlrnum),
          eq(accessCodes.requiresRoster, false),
          or(isNull(accessCodes.expiresAt), gt(accessCodes.expiresAt, at)),
        ),
      )
      .orderBy(asc(accessCodes.id)),
  );
}

export async function findAccessCode(db: DbOrTx, id: number) {
  return firstRow(db.select().from(accessCodes).where(eq(accessCodes.id, id)));
}

export async function findPersonByEmail(db: DbOrTx, email: string) {
  return firstRow(
    db
      .select({ id: people.id, category: people.category, firstName: people.firstName, lastName: people.lastName })
      .from(people)
      .where(eq(people.email, email)),
  );
}

export async function findPerson(db: DbOrTx, id: number) {
  return firstRow(db.select({ id: people.id, email: people.email, firstName: people.firstName, lastName: people.lastName, language: people.language }).from(people).where(eq(people.id, id)));
}

export async function findEventVirtual(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db.select({ isVirtual: events.isVirtual }).from(events).where(eq(events.id, eventId)).limit(1);
  return row?.isVirtual ?? false;
}
