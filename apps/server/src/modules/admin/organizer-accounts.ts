/**
 * Organizer passwords and accounts. Passwords are hashed with argon2id at the OWASP ASVS minimum
 * (19 MiB, 2 passes, 1 lane); the PHC string keeps the parameters, so they can be raised later and
 * old hashes still verify.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { ORGANIZER_PASSWORD_MIN } from '@portal/contracts';
import { schema, type DbOrTx } from '@portal/db';

/** `Algorithm.Argon2id` (a const enum, which this build cannot import as a value). */
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a refusal, not an error page.
    return false;
  }
}

/** Verified against when the e-mail is unknown, so the answer takes as long as for a known one. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash.then((h) => verifyPassword(h, password));
}

/** 20 characters from an unambiguous alphabet (~115 bits), drawn without modulo bias. */
export function generateOneTimePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Only bytes below the largest multiple of the alphabet size keep every character equally likely.
      if (byte < Math.floor(256 / alphabet.length) * alphabet.length && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

export interface CreateOrganizerInput {
  email: string;
  password: string;
  name?: string | null;
  mustChangePassword: boolean;
}

export class OrganizerExistsError extends Error {
  constructor(email: string) {
    super(`An organizer with the e-mail ${email} already exists.`);
  }
}

/** Creates an organizer; refuses a second account for one e-mail. */
export async function createOrganizer(db: DbOrTx, input: CreateOrganizerInput): Promise<{ id: number; email: string }> {
  if (input.password.length < ORGANIZER_PASSWORD_MIN) throw new Error(`An organizer password has at least ${ORGANIZER_PASSWORD_MIN} characters.`);
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const rows = await db
    .insert(schema.organizers)
    .values({ email, name: input.name ?? null, passwordHash, mustChangePassword: input.mustChangePassword })
    .onConflictDoNothing()
    .returning({ id: schema.organizers.id, email: schema.organizers.email });
  if (!rows[0]) throw new OrganizerExistsError(email);
  return rows[0];
}

export async function findOrganizerByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(schema.organizers).where(eq(schema.organizers.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findOrganizer(db: DbOrTx, id: number) {
  const [row] = await db.select().from(schema.organizers).where(eq(schema.organizers.id, id)).limit(1);
  return row;
}

/** Whether an active organizer with this e-mail still signs in with this (published) password. */
export async function stillHasPassword(db: DbOrTx, email: string, password: string): Promise<boolean> {
  const row = await findOrganizerByEmail(db, email);
  return Boolean(row?.active) && (await verifyPassword(row!.passwordHash, password));
}
