/**
 * Organizer sign-in (docs/organizer-console.md): e-mail + password (argon2id), an
 * optional TOTP code, failures counted with the login rate limiter. Every refusal answers the same
 * message, so the answer never tells whether an e-mail is an organizer's.
 *
 * Failure budgets that no stranger can spend for the organizer (docs/security.md,
 * "Lockout trade-off"): per (account, address) and per address the limits are hard (429). Across
 * addresses there is no hard lock: past the account-wide budget, an address that has failed for
 * this account itself needs a second proof, and past a larger one every address does. The second
 * proof is the TOTP code where enrolled, else a one-time code mailed to the organizer. While a
 * second proof is asked, the answer without one is the same whether the password was right or not
 * (the mail goes out only for the right one), so it confirms no password.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { AdminLoginData, Organizer } from '@portal/contracts';
import type { Db, DbOrTx } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { decryptSecret, encryptSecret, SecretBoxError } from '../../lib/secret-box.ts';
import type { AuthUser, TokenService } from '../../lib/tokens/tokens.service.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import * as q from './organizers.queries.ts';

export const ADMIN_LOGIN_FAILED_MESSAGE = 'The e-mail address, password or code is not valid.';
export const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code of your authenticator app.';
export const EMAIL_CODE_REQUIRED_MESSAGE =
  'For your protection this sign-in needs a second proof: if the password was right, we have sent a 6-digit code to your e-mail address. Enter it with your password.';
const HOUR = 3600;
/** Organizer accounts open the whole back office: far fewer guesses than an attendee login. Per account and address: hard. */
export const ADMIN_FAILURES_PER_EMAIL_HOUR = 10;
/** Failures of an account from all addresses past which an address with failures of its own needs a second proof. */
export const ADMIN_FAILURES_PER_ACCOUNT_HOUR = 10;
/** Failures of an account from all addresses past which every address needs a second proof. */
export const ADMIN_FAILURES_BEFORE_SECOND_PROOF_EVERYWHERE = 100;
/** How long a mailed sign-in code is valid. */
export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
const TOTP_ISSUER = 'Event portal';

export interface AdminAuthDeps {
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  failuresPerIpHour: number;
  /** AES-256-GCM key of the TOTP secrets at rest (config.totpEncryptionKey). */
  totpKey: Uint8Array;
  now?: () => Date;
  /** Overrides of the account-wide budgets (tests). */
  failuresPerAccountHour?: number;
  failuresBeforeSecondProofEverywhere?: number;
}

/** Wrong passwords or codes when turning TOTP off, per organizer and hour (as many as sign-in failures). */
export const TOTP_DISABLE_FAILURES_PER_HOUR = ADMIN_FAILURES_PER_EMAIL_HOUR;

/** `proof`: which second proof the console must ask for (the failure's `errors[0].field`), or none. */
export type AdminLoginOutcome = { ok: true; data: AdminLoginData } | { ok: false; message: string; proof: 'totp' | 'emailCode' | null };

type OrganizerRow = q.OrganizerRow;

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
  let done = 0;
  for (const row of await q.plainTotpSecrets(db)) {
    // Only the value read is replaced: a secret changed meanwhile (a new set-up) is left alone.
    if (await q.replaceTotpSecret(db, row.id, row.totpSecret, encryptTotpSecret(row.totpSecret, row.id, key))) done++;
  }
  return done;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** A TOTP code of the secret, within one step of clock drift, newer than the last one used. */
async function checkTotp(secret: string, code: string, lastStep: number | null, now: Date): Promise<number | null> {
  const result = await verifyTotp({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30, ...(lastStep !== null ? { afterTimeStep: lastStep } : {}) });
  return result.valid && 'epoch' in result ? Math.floor(result.epoch / 30) : null;
}

export function createAdminAuthService(deps: AdminAuthDeps) {
  const { db, tokens, limiter, totpKey } = deps;
  const now = deps.now ?? (() => new Date());
  const failuresPerAccount = deps.failuresPerAccountHour ?? ADMIN_FAILURES_PER_ACCOUNT_HOUR;
  const failuresEverywhere = deps.failuresBeforeSecondProofEverywhere ?? ADMIN_FAILURES_BEFORE_SECOND_PROOF_EVERYWHERE;

  /** The organizer's console token: the admin policy only, bound to the account's session version. */
  const signOrganizerToken = (row: OrganizerRow, email: string) =>
    tokens.sign({ organizerId: row.id, personId: null, email, eventType: 'nbc', policies: ['admin'], regType: 'ORG', isDealer: false, storeCode: null, sessionVersion: row.sessionVersion });

  /** A new one-time sign-in code (replacing any earlier one), stored hashed and mailed through the outbox. */
  async function mailSignInCode(organizer: OrganizerRow, at: Date): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(at.getTime() + SIGN_IN_CODE_TTL_MS);
    await db.transaction(async (tx) => {
      await q.updateOrganizer(tx, organizer.id, { signInCodeHash: sha256(code).toString('hex'), signInCodeExpiresAt: expiresAt });
      await enqueueMail(tx, { kind: 'organizer-sign-in-code', to: organizer.email, event: null, data: { code, expiresAt: expiresAt.toISOString() } }, at);
    });
  }

  /** Takes the mailed code once (compare-and-set): right, unexpired and not used before. */
  async function consumeSignInCode(organizerId: number, code: string, at: Date): Promise<boolean> {
    const hash = sha256(code.trim()).toString('hex');
    const stored = await q.signInCodeHashOf(db, organizerId);
    if (!stored || !timingSafeEqual(Buffer.from(stored), Buffer.from(hash))) return false;
    return q.takeSignInCode(db, organizerId, hash, at);
  }

  /**
   * The password-change and TOTP set-up forms check the current password: wrong ones count as
   * sign-in failures of the account from this address, with the same hard limits (per account
   * and address, per address), and past the account-wide budget an address with failures of its
   * own is refused (those forms have no second-proof step; a clean address still can).
   */
  async function checkCurrentPassword(user: AuthUser, row: OrganizerRow, password: string, ip: string, field: string): Promise<void> {
    const email = row.email;
    const keys = [`admin-login:email-ip:${email}:${ip}`, `admin-login:ip:${ip}`, `admin-login:email:${email}`];
    const [own, byIp, account] = await limiter.hit(keys, HOUR);
    if (own!.count > ADMIN_FAILURES_PER_EMAIL_HOUR || byIp!.count > deps.failuresPerIpHour || (account!.count > failuresPerAccount && own!.count > 1)) {
      throw tooManyRequests(Math.max(own!.resetIn, byIp!.resetIn, 1));
    }
    if (!(await verifyPassword(row.passwordHash, password))) {
      await audit(db, { action: 'admin-password-check', success: false, actorEmail: user.email, ip, organizerId: row.id, detail: { field } });
      const message = field === 'currentPassword' ? 'The current password is not right.' : 'The password is not right.';
      throw badRequest(message, [{ field, message }]);
    }
    await limiter.release(keys);
  }

  return {
    async login(input: { email: string; password: string; totp?: string | undefined; emailCode?: string | undefined }, ip: string): Promise<AdminLoginOutcome> {
      const email = input.email.toLowerCase();
      const keys = [`admin-login:email-ip:${email}:${ip}`, `admin-login:ip:${ip}`, `admin-login:email:${email}`];
      // Counted first (atomic), given back when it was no failure: parallel guesses cannot all pass.
      const [own, byIp, account] = await limiter.hit(keys, HOUR);
      if (own!.count > ADMIN_FAILURES_PER_EMAIL_HOUR || byIp!.count > deps.failuresPerIpHour) {
        throw tooManyRequests(Math.max(own!.resetIn, byIp!.resetIn, 1));
      }
      // Never a hard lock across addresses: past the account's budgets a second proof is asked.
      const secondProof = (account!.count > failuresPerAccount && own!.count > 1) || account!.count > failuresEverywhere;
      const refuse = async (reason: string, proof: 'totp' | 'emailCode' | null = null): Promise<AdminLoginOutcome> => {
        await audit(db, { action: 'admin-login', success: false, actorEmail: email, ip, detail: { reason, ...(secondProof ? { secondProof: true } : {}) } });
        const message = proof === 'totp' ? TOTP_REQUIRED_MESSAGE : proof === 'emailCode' ? EMAIL_CODE_REQUIRED_MESSAGE : ADMIN_LOGIN_FAILED_MESSAGE;
        return { ok: false, message, proof };
      };

      const organizer = await q.findOrganizerByEmail(db, email);
      const passwordRight = organizer ? await verifyPassword(organizer.passwordHash, input.password) : await burnPasswordCheck(input.password).then(() => false);
      const usable = passwordRight && organizer!.active;
      const at = now();
      let totpStep: number | null = null;
      let reEncrypted: string | null = null;
      if (organizer?.totpEnabled) {
        if (!input.totp) {
          if (usable && !secondProof) {
            // The password was right: asking for the code is no failure to count.
            await limiter.release(keys);
            return refuse('TOTP code missing', 'totp');
          }
          // Past the budget, the code is asked whatever the password: the answer confirms none.
          return secondProof ? refuse(usable ? 'TOTP code missing' : 'wrong password', 'totp') : refuse('wrong password');
        }
        // A right password with a wrong code is answered as a wrong password:
        // the code is checked either way, and the one answer is the same.
        const secret = readTotpSecret(organizer, totpKey);
        totpStep = secret ? await checkTotp(secret.plain, input.totp, organizer.totpLastStep, at) : null;
        if (!passwordRight) return refuse('wrong password');
        if (!organizer.active) return refuse('organizer disabled');
        // A secret that does not decrypt (TOTP_ENCRYPTION_KEY changed) cannot check any code.
        if (!secret) return refuse('TOTP secret unreadable (TOTP_ENCRYPTION_KEY changed?)');
        if (totpStep === null) return refuse('wrong TOTP code');
        if (secret.legacy) reEncrypted = encryptTotpSecret(secret.plain, organizer.id, totpKey);
      } else if (secondProof) {
        if (!input.emailCode) {
          if (usable) await mailSignInCode(organizer!, at);
          return refuse(usable ? 'second proof sent by mail' : organizer ? 'wrong password' : 'unknown e-mail', 'emailCode');
        }
        if (!usable) return refuse(organizer ? (passwordRight ? 'organizer disabled' : 'wrong password') : 'unknown e-mail');
        if (!(await consumeSignInCode(organizer!.id, input.emailCode, at))) return refuse('wrong or expired e-mail code');
      } else {
        if (!organizer) return refuse('unknown e-mail');
        if (!passwordRight) return refuse('wrong password');
        if (!organizer.active) return refuse('organizer disabled');
      }
      const signedIn = organizer!;

      // One TOTP code signs in once: the step is taken with one compare-and-set, so of parallel
      // sign-ins with one code exactly one passes (the step was read and written apart before).
      const updated = await db.transaction(async (tx) => {
        const row = await q.recordOrganizerSignIn(tx, signedIn.id, { at, totpStep, ...(reEncrypted ? { totpSecret: reEncrypted } : {}) });
        if (row) await audit(tx, { action: 'admin-login', success: true, actorEmail: email, ip, organizerId: signedIn.id });
        return row;
      });
      if (!updated) return refuse('TOTP code already used');
      await limiter.release(keys);

      const signed = await signOrganizerToken(updated, email);
      return {
        ok: true,
        data: { accessToken: signed.token, expiresAt: signed.expiresAt.toISOString(), authorizationPolicy: ['admin'], organizer: organizerView(updated) },
      };
    },

    async logout(user: AuthUser, ip: string): Promise<void> {
      await tokens.revoke(user);
      await audit(db, { action: 'admin-logout', success: true, actorEmail: user.email, ip, organizerId: user.organizerId });
    },

    async me(organizerId: number): Promise<Organizer> {
      const row = await q.findOrganizer(db, organizerId);
      if (!row) throw notFound('This organizer account no longer exists.');
      return organizerView(row);
    },

    /**
     * Changes the password. Every other session of the account ends (the session version moves on,
     * migration session_version_triggers); the session that changed it gets a fresh token in the
     * answer, and its old token ends too.
     */
    async changePassword(user: AuthUser, input: { currentPassword: string; newPassword: string }, ip: string): Promise<{ accessToken: string; expiresAt: string }> {
      const row = await q.findOrganizer(db, user.organizerId!);
      if (!row) throw notFound('This organizer account no longer exists.');
      await checkCurrentPassword(user, row, input.currentPassword, ip, 'currentPassword');
      if (input.newPassword === input.currentPassword) {
        const message = 'The new password must differ from the current one.';
        throw badRequest(message, [{ field: 'newPassword', message }]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      const updated = await db.transaction(async (tx) => {
        const changed = await q.updateOrganizer(tx, row.id, { passwordHash, mustChangePassword: false });
        await audit(tx, { action: 'admin-password-change', success: true, actorEmail: user.email, ip, organizerId: row.id });
        return changed!;
      });
      const signed = await signOrganizerToken(updated, updated.email);
      return { accessToken: signed.token, expiresAt: signed.expiresAt.toISOString() };
    },

    /**
     * A new secret, stored but not enabled until a code of it is confirmed. Asks for the current
     * password (a left-open console alone cannot enrol an attacker's authenticator).
     */
    async startTotp(user: AuthUser, input: { password: string }, ip: string): Promise<{ secret: string; otpauthUrl: string }> {
      const row = await q.findOrganizer(db, user.organizerId!);
      if (!row) throw notFound('This organizer account no longer exists.');
      if (row.totpEnabled) throw conflict('Two-factor sign-in is already on for this account.');
      await checkCurrentPassword(user, row, input.password, ip, 'password');
      const secret = generateSecret();
      await db.transaction(async (tx) => {
        await q.updateOrganizer(tx, row.id, { totpSecret: encryptTotpSecret(secret, row.id, totpKey), totpLastStep: null });
        await audit(tx, { action: 'admin-totp-setup', success: true, actorEmail: user.email, ip, organizerId: row.id });
      });
      return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: row.email, secret }) };
    },

    async confirmTotp(user: AuthUser, code: string, ip: string): Promise<Organizer> {
      const row = await q.findOrganizer(db, user.organizerId!);
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
      const updated = await db.transaction(async (tx) => {
        const changed = await q.updateOrganizer(tx, row.id, { totpEnabled: true, totpLastStep: step, ...(secret.legacy ? { totpSecret: encryptTotpSecret(secret.plain, row.id, totpKey) } : {}) });
        await audit(tx, { action: 'admin-totp-enable', success: true, actorEmail: user.email, ip, organizerId: row.id });
        return changed;
      });
      return organizerView(updated!);
    },

    /**
     * Turns TOTP off with the account's password or a current code (not replayed). Wrong answers are
     * 400 with nothing written, and limited per organizer (429 past TOTP_DISABLE_FAILURES_PER_HOUR).
     */
    async disableTotp(user: AuthUser, input: { password?: string | undefined; code?: string | undefined }, ip: string): Promise<Organizer> {
      const row = await q.findOrganizer(db, user.organizerId!);
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
      const updated = await db.transaction(async (tx) => {
        const changed = await q.updateOrganizer(tx, row.id, { totpEnabled: false, totpSecret: null, totpLastStep: null });
        await audit(tx, { action: 'admin-totp-disable', success: true, actorEmail: user.email, ip, organizerId: row.id, detail: { with: step === null ? 'password' : 'code' } });
        return changed;
      });
      return organizerView(updated!);
    },
  };
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
