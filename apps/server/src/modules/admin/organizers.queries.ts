/** Organizer accounts in the database (the only file of the organizer part that touches it). */
import { and, asc, count, eq, isNotNull, isNull, like, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrganizer } from '@portal/contracts';
import { schema, type DbOrTx, type Tx } from '@portal/db';
import { containsPattern } from './admin.queries.ts';

const { organizers } = schema;
export type OrganizerRow = typeof organizers.$inferSelect;

export function adminOrganizerView(row: OrganizerRow): AdminOrganizer {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    totpEnabled: row.totpEnabled,
    mustChangePassword: row.mustChangePassword,
    active: row.active,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface OrganizerFilter {
  q?: string | undefined;
  active?: boolean | undefined;
  page: number;
  pageSize: number;
}

export async function listOrganizers(db: DbOrTx, f: OrganizerFilter): Promise<{ rows: AdminOrganizer[]; total: number }> {
  const conditions: SQL[] = [];
  if (f.q) {
    const pattern = containsPattern(f.q);
    conditions.push(or(sql`${organizers.email} ilike ${pattern}`, sql`coalesce(${organizers.name}, '') ilike ${pattern}`)!);
  }
  if (f.active !== undefined) conditions.push(eq(organizers.active, f.active));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(organizers).where(where).orderBy(asc(organizers.email)).limit(f.pageSize).offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(organizers).where(where),
  ]);
  return { rows: rows.map(adminOrganizerView), total: total?.n ?? 0 };
}

/** Inserts an organizer; undefined when the e-mail has an account already. */
export async function insertOrganizer(
  db: DbOrTx,
  values: { email: string; name: string | null; passwordHash: string; mustChangePassword: boolean },
): Promise<{ id: number; email: string } | undefined> {
  const rows = await db.insert(organizers).values(values).onConflictDoNothing().returning({ id: organizers.id, email: organizers.email });
  return rows[0];
}

export async function findOrganizerByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(organizers).where(eq(organizers.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findOrganizer(db: DbOrTx, id: number) {
  const [row] = await db.select().from(organizers).where(eq(organizers.id, id)).limit(1);
  return row;
}

/** The organizer, locked for the rest of the transaction. */
export async function lockOrganizer(tx: Tx, id: number): Promise<OrganizerRow | undefined> {
  const [row] = await tx.select().from(organizers).where(eq(organizers.id, id)).for('update').limit(1);
  return row;
}

/** Enables, or disables and ends the tokens issued until `at`. */
export async function setOrganizerActive(tx: Tx, id: number, active: boolean, at: Date): Promise<OrganizerRow> {
  const [updated] = await tx
    .update(organizers)
    .set(active ? { active: true } : { active: false, tokensValidFrom: at })
    .where(eq(organizers.id, id))
    .returning();
  return updated!;
}

/** Sets the organizer's columns; answers the row as it is then. */
export async function updateOrganizer(tx: DbOrTx, id: number, values: Partial<typeof organizers.$inferInsert>): Promise<OrganizerRow | undefined> {
  const [row] = await tx.update(organizers).set(values).where(eq(organizers.id, id)).returning();
  return row;
}

/** TOTP secrets still stored in plain text (written before encryption existed). */
export async function plainTotpSecrets(db: DbOrTx): Promise<{ id: number; totpSecret: string }[]> {
  const rows = await db
    .select({ id: organizers.id, totpSecret: organizers.totpSecret })
    .from(organizers)
    .where(and(isNotNull(organizers.totpSecret), not(like(organizers.totpSecret, 'v%:%'))));
  return rows.map((r) => ({ id: r.id, totpSecret: r.totpSecret! }));
}

/** Replaces the secret only if it is still the one read: false when it changed meanwhile. */
export async function replaceTotpSecret(db: DbOrTx, id: number, was: string, secret: string): Promise<boolean> {
  const updated = await db
    .update(organizers)
    .set({ totpSecret: secret })
    .where(and(eq(organizers.id, id), eq(organizers.totpSecret, was)))
    .returning({ id: organizers.id });
  return updated.length > 0;
}

export async function signInCodeHashOf(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ hash: organizers.signInCodeHash }).from(organizers).where(eq(organizers.id, id)).limit(1);
  return row?.hash ?? null;
}

/** Takes the mailed sign-in code once (compare-and-set): false when it is wrong, used or expired. */
export async function takeSignInCode(db: DbOrTx, id: number, hash: string, at: Date): Promise<boolean> {
  const taken = await db
    .update(organizers)
    .set({ signInCodeHash: null, signInCodeExpiresAt: null })
    .where(and(eq(organizers.id, id), eq(organizers.signInCodeHash, hash), sql`${organizers.signInCodeExpiresAt} > ${at.toISOString()}`))
    .returning({ id: organizers.id });
  return taken.length === 1;
}

/**
 * Records a sign-in; with a TOTP step, only if the step is newer than the last one used (one code
 * signs in once). Undefined when the step was taken already.
 */
export async function recordOrganizerSignIn(tx: Tx, id: number, input: { at: Date; totpStep: number | null; totpSecret?: string }): Promise<OrganizerRow | undefined> {
  const [row] = await tx
    .update(organizers)
    .set({ lastLoginAt: input.at, ...(input.totpStep !== null ? { totpLastStep: input.totpStep } : {}), ...(input.totpSecret ? { totpSecret: input.totpSecret } : {}) })
    .where(input.totpStep !== null ? and(eq(organizers.id, id), or(isNull(organizers.totpLastStep), lt(organizers.totpLastStep, input.totpStep))) : eq(organizers.id, id))
    .returning();
  return row;
}
