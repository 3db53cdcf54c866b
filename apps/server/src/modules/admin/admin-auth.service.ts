/**
 * Organizer sign-in (design organizer-and-mail.md, section 4): e-mail + password (argon2id), an
 * optional TOTP code, failures counted per e-mail and per client address with the login rate
 * limiter. Every refusal answers the same message, so the answer never tells whether an e-mail is
 * an organizer's.
 */
import { and, eq, isNotNull, not, like } from 'drizzle-orm';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { AdminLoginData, Organizer } from '@portal/contracts';
import { schema, type Db, type DbOrTx } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { decryptSecret, encryptSecret, SecretBoxError } from '../../lib/secret-box.ts';
import type { AuthUser, TokenService } from '../../plugins/auth.ts';
import { burnPasswordCheck, findOrganizer, findOrganizerByEmail, hashPassword, verifyPassword } from './organizer-accounts.ts';

export const ADMIN_LOGIN_FAILED_MESSAGE = 'The e-mail address, password or code is not valid.';
export const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code of your authenticator app.';
const HOUR = 3600;
/** Organizer accounts open the whole back office: far fewer guesses than an attendee login. */
export const ADMIN_FAILURES_PER_EMAIL_HOUR = 10;
const TOTP_ISSUER = 'Event portal';

export interface AdminAuthDeps {
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  failuresPerIpHour: number;
  /** AES-256-GCM key of the TOTP secrets at rest (config.totpEncryptionKey). */
  totpKey: Uint8Array;
  now?: () => Date;
}

/** Wrong passwords or codes when turning TOTP off, per organizer and hour (as many as sign-in failures). */
export const TOTP_DISABLE_FAILURES_PER_HOUR = ADMIN_FAILURES_PER_EMAIL_HOUR;

export type AdminLoginOutcome = { ok: true; data: AdminLoginData } | { ok: false; message: string; totpRequired: boolean };

type OrganizerRow = typeof schema.organizers.$inferSelect;

export function organizerView(row: OrganizerRow): Organizer {
  return { id: row.id, email: row.email, name: row.name, totpEnabled: row.totpEnabled, mustChangePassword: row.mustChangePassword };
}

/** The additional authenticated data of an organizer's TOTP secret: a ciphertext is bound to its row. */
const totpContext = (organizerId: number) => `organizer:${organizerId}`;

export function encryptTotpSecret(secret: string, organizerId: number, key: Uint8Array): string {
  return encryptSecret(secret, key, totpContext(organizerId));
}

/** The plain secret of a row (null: none or unreadable, e.g. under another key); `legacy` when stored in plain text. */
export function readTotpSecret(row: Pick<OrganizerRow, 'id' | 'totpSecret'>, key: Uint8Array): { plain: string; legacy: boolean } | null {
  if (!row.totpSecret) return null;
  try {
    return decryptSecret(row.totpSecret, key, totpContext(row.id));
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}

/**
 * Encrypts the TOTP secrets still stored in plain text (written before encryption existed). Run at
 * every start (startup.ts); sign-in and confirmation also encrypt a plain secret they read. Returns
 * how many rows were encrypted.
 */
export async function encryptPlainTotpSecrets(db: DbOrTx, key: Uint8Array): Promise<number> {
  const rows = await db
    .select({ id: schema.organizers.id, totpSecret: schema.organizers.totpSecret })
    .from(schema.organizers)
    .where(and(isNotNull(schema.organizers.totpSecret), not(like(schema.organizers.totpSecret, 'v%:%'))));
  let done = 0;
  for (const row of rows) {
    // Only the value read is replaced: a secret changed meanwhile (a new set-up) is left alone.
    const updated = await db
      .update(schema.organizers)
      .set({ totpSecret: encryptTotpSecret(row.totpSecret!, row.id, key) })
      .where(and(eq(schema.organizers.id, row.id), eq(schema.organizers.totpSecret, row.totpSecret!)))
      .returning({ id: schema.organizers.id });
    done += updated.length;
  }
  return done;
}

/** A TOTP code of the secret, within one step of clock drift, newer than the last one used. */
async function checkTotp(secret: string, code: string, lastStep: number | null, now: Date): Promise<number | null> {
  const result = await verifyTotp({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30, ...(lastStep !== null ? { afterTimeStep: lastStep } : {}) });
  return result.valid && 'epoch' in result ? Math.floor(result.epoch / 30) : null;
}

export function createAdminAuthService(deps: AdminAuthDeps) {
  const { db, tokens, limiter, totpKey } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async login(input: { email: string; password: string; totp?: string | undefined }, ip: string): Promise<AdminLoginOutcome> {
      const email = input.email.toLowerCase();
      const keys = [`admin-login:email:${email}`, `admin-login:ip:${ip}`];
      // Counted first (atomic), given back when it was no failure: parallel guesses cannot all pass.
      const [byEmail, byIp] = await limiter.hit(keys, HOUR);
      if (byEmail!.count > ADMIN_FAILURES_PER_EMAIL_HOUR || byIp!.count > deps.failuresPerIpHour) {
        throw tooManyRequests(Math.max(byEmail!.resetIn, byIp!.resetIn, 1));
      }
      const refuse = async (reason: string, totpRequired = false): Promise<AdminLoginOutcome> => {
        await audit(db, { action: 'admin-login', success: false, actorEmail: email, ip, detail: { reason } });
        return { ok: false, message: totpRequired ? TOTP_REQUIRED_MESSAGE : ADMIN_LOGIN_FAILED_MESSAGE, totpRequired };
      };

      const organizer = await findOrganizerByEmail(db, email);
      if (!organizer) {
        await burnPasswordCheck(input.password);
        return refuse('unknown e-mail');
      }
      if (!(await verifyPassword(organizer.passwordHash, input.password))) return refuse('wrong password');
      if (!organizer.active) return refuse('organizer disabled');
      let totpStep: number | null = null;
      let reEncrypted: string | null = null;
      if (organizer.totpEnabled) {
        if (!input.totp) {
          // The password was right: asking for the code is no failure to count.
          await limiter.release(keys);
          return refuse('TOTP code missing', true);
        }
        const secret = readTotpSecret(organizer, totpKey);
        // A secret that does not decrypt (TOTP_ENCRYPTION_KEY changed) cannot check any code.
        if (!secret) return refuse('TOTP secret unreadable (TOTP_ENCRYPTION_KEY changed?)');
        totpStep = await checkTotp(secret.plain, input.totp, organizer.totpLastStep, now());
        if (totpStep === null) return refuse('wrong TOTP code');
        if (secret.legacy) reEncrypted = encryptTotpSecret(secret.plain, organizer.id, totpKey);
      }
      await limiter.release(keys);

      const signed = await tokens.sign({
        organizerId: organizer.id,
        personId: null,
        email,
        eventType: 'nbc',
        policies: ['admin'],
        regType: 'ORG',
        isDealer: false,
        storeCode: null,
      });
      await db.transaction(async (tx) => {
        await tx
          .update(schema.organizers)
          .set({ lastLoginAt: now(), ...(totpStep !== null ? { totpLastStep: totpStep } : {}), ...(reEncrypted ? { totpSecret: reEncrypted } : {}) })
          .where(eq(schema.organizers.id, organizer.id));
        await audit(tx, { action: 'admin-login', success: true, actorEmail: email, ip, organizerId: organizer.id });
      });
      return {
        ok: true,
        data: { accessToken: signed.token, expiresAt: signed.expiresAt.toISOString(), authorizationPolicy: ['admin'], organizer: organizerView(organizer) },
      };
    },

    async logout(user: AuthUser, ip: string): Promise<void> {
      await tokens.revoke(user);
      await audit(db, { action: 'admin-logout', success: true, actorEmail: user.email, ip, organizerId: user.organizerId });
    },

    async me(organizerId: number): Promise<Organizer> {
      const row = await findOrganizer(db, organizerId);
      if (!row) throw notFound('This organizer account no longer exists.');
      return organizerView(row);
    },

    async changePassword(user: AuthUser, input: { currentPassword: string; newPassword: string }, ip: string): Promise<void> {
      const row = await findOrganizer(db, user.organizerId!);
      if (!row) throw notFound('This organizer account no longer exists.');
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
        const message = 'The current password is not right.';
        throw badRequest(message, [{ field: 'currentPassword', message }]);
      }
      if (input.newPassword === input.currentPassword) {
        const message = 'The new password must differ from the current one.';
        throw badRequest(message, [{ field: 'newPassword', message }]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(schema.organizers).set({ passwordHash, mustChangePassword: false }).where(eq(schema.organizers.id, row.id));
        await audit(tx, { action: 'admin-password-change', success: true, actorEmail: user.email, ip, organizerId: row.id });
      });
    },

    /** A new secret, stored but not enabled until a code of it is confirmed. */
    async startTotp(user: AuthUser, ip: string): Promise<{ secret: string; otpauthUrl: string }> {
      const row = await findOrganizer(db, user.organizerId!);
      if (!row) throw notFound('This organizer account no longer exists.');
      if (row.totpEnabled) throw conflict('Two-factor sign-in is already on for this account.');
      const secret = generateSecret();
      await db.transaction(async (tx) => {
        await tx
          .update(schema.organizers)
          .set({ totpSecret: encryptTotpSecret(secret, row.id, totpKey), totpLastStep: null })
          .where(eq(schema.organizers.id, row.id));
        await audit(tx, { action: 'admin-totp-setup', success: true, actorEmail: user.email, ip, organizerId: row.id });
      });
      return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: row.email, secret }) };
    },

    async confirmTotp(user: AuthUser, code: string, ip: string): Promise<Organizer> {
      const row = await findOrganizer(db, user.organizerId!);
      if (!row) throw notFound('This organizer account no longer exists.');
      if (row.totpEnabled) throw conflict('Two-factor sign-in is already on for this account.');
      if (!row.totpSecret) throw conflict('Start the two-factor set-up first.');
      const secret = readTotpSecret(row, totpKey);
      if (!secret) throw conflict('This set-up can no longer be read: start the two-factor set-up again.');
      const step = await checkTotp(secret.plain, code, row.totpLastStep, now());
      if (step === null) {
        const message = 'This code is not right. Check the time on your device and try the next code.';
        throw badRequest(message, [{ field: 'code', message }]);
      }
      const [updated] = await db.transaction(async (tx) => {
        const rows = await tx
          .update(schema.organizers)
          .set({ totpEnabled: true, totpLastStep: step, ...(secret.legacy ? { totpSecret: encryptTotpSecret(secret.plain, row.id, totpKey) } : {}) })
          .where(eq(schema.organizers.id, row.id))
          .returning();
        await audit(tx, { action: 'admin-totp-enable', success: true, actorEmail: user.email, ip, organizerId: row.id });
        return rows;
      });
      return organizerView(updated!);
    },

    /**
     * Turns TOTP off with the account's password or a current code (not replayed). Wrong answers are
     * 400 with nothing written, and limited per organizer (429 past TOTP_DISABLE_FAILURES_PER_HOUR).
     */
    async disableTotp(user: AuthUser, input: { password?: string | undefined; code?: string | undefined }, ip: string): Promise<Organizer> {
      const row = await findOrganizer(db, user.organizerId!);
      if (!row) throw notFound('This organizer account no longer exists.');
      if (!row.totpEnabled) throw conflict('Two-factor sign-in is not on for this account.');
      const keys = [`admin-totp-disable:${row.id}`];
      const [hit] = await limiter.hit(keys, HOUR);
      if (hit!.count > TOTP_DISABLE_FAILURES_PER_HOUR) throw tooManyRequests(Math.max(hit!.resetIn, 1));
      let step: number | null = null;
      if (input.password !== undefined) {
        if (!(await verifyPassword(row.passwordHash, input.password))) {
          const message = 'The password is not right.';
          throw badRequest(message, [{ field: 'password', message }]);
        }
      } else {
        const secret = readTotpSecret(row, totpKey);
        step = secret ? await checkTotp(secret.plain, input.code ?? '', row.totpLastStep, now()) : null;
        if (step === null) {
          const message = 'This code is not right. Check the time on your device and try the next code, or use your password.';
          throw badRequest(message, [{ field: 'code', message }]);
        }
      }
      await limiter.release(keys);
      const [updated] = await db.transaction(async (tx) => {
        const rows = await tx
          .update(schema.organizers)
          .set({ totpEnabled: false, totpSecret: null, totpLastStep: null })
          .where(eq(schema.organizers.id, row.id))
          .returning();
        await audit(tx, { action: 'admin-totp-disable', success: true, actorEmail: user.email, ip, organizerId: row.id, detail: { with: step === null ? 'password' : 'code' } });
        return rows;
      });
      return organizerView(updated!);
    },
  };
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
