/**
 * Organizer failure budgets that no stranger can spend for the organizer,
 * the current password on the password-change and TOTP set-up forms, and one TOTP code signing in once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { ADMIN_PATHS, type AdminLoginData } from '@portal/contracts';
import { schema } from '@portal/db';
import { bearer, buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  ADMIN_FAILURES_BEFORE_SECOND_PROOF_EVERYWHERE,
  ADMIN_FAILURES_PER_ACCOUNT_HOUR,
  ADMIN_FAILURES_PER_EMAIL_HOUR,
  ADMIN_LOGIN_FAILED_MESSAGE,
  EMAIL_CODE_REQUIRED_MESSAGE,
  TOTP_REQUIRED_MESSAGE,
} from './admin-auth.service.ts';
import { createOrganizer } from './organizers.service.ts';

const { organizers, outbox } = schema;
const FAILED = { succeeded: false, message: ADMIN_LOGIN_FAILED_MESSAGE, data: null };
const EMAIL_CODE = { succeeded: false, message: EMAIL_CODE_REQUIRED_MESSAGE, data: null, errors: [{ field: 'emailCode', message: EMAIL_CODE_REQUIRED_MESSAGE }] };
const TOTP = { succeeded: false, message: TOTP_REQUIRED_MESSAGE, data: null, errors: [{ field: 'totp', message: TOTP_REQUIRED_MESSAGE }] };

describe('organizer failure budgets and TOTP', () => {
  let t: TestApp;
  let clock = Date.UTC(2027, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await buildTestApp({ stores: 5, now: () => clock });
  });
  afterAll(async () => t?.close());

  const signIn = (email: string, password: string, remoteAddress: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email, password, ...extra }, remoteAddress });
  const tokenOf = async (email: string, password: string, remoteAddress = '10.1.0.1') => {
    const res = await signIn(email, password, remoteAddress);
    const body = res.json() as { succeeded: boolean; data: AdminLoginData };
    if (!body.succeeded) throw new Error(res.body);
    return body.data.accessToken;
  };
  const codesMailedTo = async (email: string) =>
    (await t.database.db.select().from(outbox).where(and(eq(outbox.toEmail, email), eq(outbox.kind, 'organizer-sign-in-code'))).orderBy(desc(outbox.id))).map(
      (r) => String((r.data as { code: string }).code),
    );

  it('after 60 wrong passwords from 60 other addresses, the right password from a new address still signs in directly', async () => {
    const email = 'targeted.organizer@corp.example.com';
    await createOrganizer(t.database.db, { email, password: 'Targeted-password-1', mustChangePassword: false });
    for (let i = 0; i < 60; i++) expect((await signIn(email, `wrong-password-${i}`, `198.51.100.${i + 1}`)).json()).toEqual(FAILED);
    const res = await signIn(email, 'Targeted-password-1', '203.0.113.10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: true, data: { organizer: { email } } });
  });

  it('past the account budget, an address with its own failures is asked for a second proof (a mailed code), whatever the password', async () => {
    const email = 'second.proof@corp.example.com';
    await createOrganizer(t.database.db, { email, password: 'Second-proof-pass-1', mustChangePassword: false });
    // The organizer mistyped once from their office; strangers then spent the account's budget.
    expect((await signIn(email, 'typo-password-1', '203.0.113.20')).json()).toEqual(FAILED);
    for (let i = 0; i < ADMIN_FAILURES_PER_ACCOUNT_HOUR; i++) await signIn(email, `wrong-password-${i}`, `198.51.101.${i + 1}`);
    // A wrong and the right password get the same answer; only the right one mails a code.
    const wrong = await signIn(email, 'typo-password-2', '203.0.113.20');
    expect(wrong.json()).toEqual(EMAIL_CODE);
    expect(await codesMailedTo(email)).toEqual([]);
    const right = await signIn(email, 'Second-proof-pass-1', '203.0.113.20');
    expect(right.statusCode).toBe(wrong.statusCode);
    expect(right.body).toBe(wrong.body);
    const [code] = await codesMailedTo(email);
    expect(code).toMatch(/^\d{6}$/);
    // The code with a wrong password, or a wrong code with the right password: refused.
    expect((await signIn(email, 'typo-password-3', '203.0.113.20', { emailCode: code! })).json()).toEqual(FAILED);
    const other = code === '000000' ? '111111' : '000000';
    expect((await signIn(email, 'Second-proof-pass-1', '203.0.113.20', { emailCode: other })).json()).toEqual(FAILED);
    const ok = await signIn(email, 'Second-proof-pass-1', '203.0.113.20', { emailCode: code! });
    expect(ok.json()).toMatchObject({ succeeded: true, data: { organizer: { email } } });
    // Once only.
    expect((await signIn(email, 'Second-proof-pass-1', '203.0.113.20', { emailCode: code! })).json()).toEqual(FAILED);
    // An unknown e-mail past its budget answers the same.
    for (let i = 0; i <= ADMIN_FAILURES_PER_ACCOUNT_HOUR; i++) await signIn('nobody.here@corp.example.com', `wrong-${i}`, `198.51.102.${i % 2 ? 1 : i + 2}`);
    expect((await signIn('nobody.here@corp.example.com', 'whatever-password', '198.51.102.1')).json()).toEqual(EMAIL_CODE);
  });

  it('past the larger account budget every address is asked for the second proof; never a hard lock', async () => {
    const email = 'botnet.target@corp.example.com';
    await createOrganizer(t.database.db, { email, password: 'Botnet-target-pass-1', mustChangePassword: false });
    const batch = 25;
    for (let i = 0; i < ADMIN_FAILURES_BEFORE_SECOND_PROOF_EVERYWHERE; i += batch) {
      await Promise.all(Array.from({ length: batch }, (_, j) => signIn(email, `wrong-password-${i + j}`, `198.18.${i}.${j + 1}`)));
    }
    const fresh = await signIn(email, 'Botnet-target-pass-1', '203.0.113.30');
    expect(fresh.json()).toEqual(EMAIL_CODE);
    const [code] = await codesMailedTo(email);
    expect((await signIn(email, 'Botnet-target-pass-1', '203.0.113.30', { emailCode: code! })).json()).toMatchObject({ succeeded: true });
  });

  it('limits guessing the current password on the password-change form like sign-in failures (429 from that address)', async () => {
    const email = 'change.guess@corp.example.com';
    await createOrganizer(t.database.db, { email, password: 'Change-guess-pass-1', mustChangePassword: false });
    const token = await tokenOf(email, 'Change-guess-pass-1');
    const change = (currentPassword: string, remoteAddress = '198.51.103.1') =>
      t.app.inject({ method: 'POST', url: ADMIN_PATHS.password, headers: bearer(token), remoteAddress, payload: { currentPassword, newPassword: 'Change-guess-pass-2' } });
    for (let i = 0; i < ADMIN_FAILURES_PER_EMAIL_HOUR; i++) expect((await change(`wrong-current-${i}`)).statusCode).toBe(400);
    const limited = await change('Change-guess-pass-1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The guesses count as sign-in failures of the account from that address, too.
    expect((await signIn(email, 'Change-guess-pass-1', '198.51.103.1')).statusCode).toBe(429);
    expect((await change('Change-guess-pass-1', '203.0.113.40')).statusCode).toBe(200);
  });

  it('enrolling TOTP asks for the current password', async () => {
    const email = 'totp.enrol@corp.example.com';
    await createOrganizer(t.database.db, { email, password: 'Totp-enrol-pass-1', mustChangePassword: false });
    const token = await tokenOf(email, 'Totp-enrol-pass-1');
    const setup = (payload?: Record<string, string>) => t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpSetup, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
    expect((await setup()).statusCode).toBe(400);
    expect((await setup({})).statusCode).toBe(400);
    const wrong = await setup({ password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: [{ field: 'password' }] });
    const [row] = await t.database.db.select().from(organizers).where(eq(organizers.email, email));
    expect(row!.totpSecret).toBeNull();
    const ok = await setup({ password: 'Totp-enrol-pass-1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { data: { secret: string } }).data.secret).toMatch(/^[A-Z2-7]+$/);
  });

  /** A new organizer with TOTP on; returns its secret. */
  async function totpOrganizer(email: string, password: string): Promise<string> {
    await createOrganizer(t.database.db, { email, password, mustChangePassword: false });
    const token = await tokenOf(email, password);
    const setup = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpSetup, headers: bearer(token), payload: { password } });
    const { secret } = (setup.json() as { data: { secret: string } }).data;
    const confirm = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpConfirm, headers: bearer(token), payload: { code: await generate({ secret, epoch: Math.floor(clock / 1000) }) } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    clock += 30_000;
    return secret;
  }

  it('six parallel sign-ins with one TOTP code give one session', async () => {
    const email = 'totp.race@corp.example.com';
    const secret = await totpOrganizer(email, 'Totp-race-password-1');
    const code = await generate({ secret, epoch: Math.floor(clock / 1000) });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(email, 'Totp-race-password-1', `10.2.0.${i + 1}`, { totp: code })));
    const succeeded = answers.filter((r) => (r.json() as { succeeded: boolean }).succeeded);
    expect(succeeded).toHaveLength(1);
    for (const r of answers.filter((x) => !(x.json() as { succeeded: boolean }).succeeded)) expect(r.json()).toEqual(FAILED);
  });

  it('with TOTP on, a right password with a wrong code is answered exactly like a wrong password', async () => {
    const email = 'totp.same@corp.example.com';
    const secret = await totpOrganizer(email, 'Totp-same-password-1');
    const code = await generate({ secret, epoch: Math.floor(clock / 1000) });
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = [
      await signIn(email, 'Totp-same-password-1', '10.3.0.1', { totp: wrongCode }),
      await signIn(email, 'not-the-password', '10.3.0.2', { totp: wrongCode }),
      await signIn(email, 'not-the-password', '10.3.0.3', { totp: code }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(FAILED);
      expect(res.headers['content-length']).toBe(answers[0]!.headers['content-length']);
    }
    // The right code was not spent by the wrong password.
    expect((await signIn(email, 'Totp-same-password-1', '10.3.0.4', { totp: code })).json()).toMatchObject({ succeeded: true });
    // Past the budget, a TOTP account's sign-in without a code asks for it whatever the password.
    for (let i = 0; i < ADMIN_FAILURES_PER_ACCOUNT_HOUR; i++) await signIn(email, `wrong-${i}`, `198.51.104.${i + 1}`);
    await signIn(email, 'wrong-again', '10.3.0.9');
    const right = await signIn(email, 'Totp-same-password-1', '10.3.0.9');
    const wrong = await signIn(email, 'wrong-again-2', '10.3.0.9');
    expect(right.json()).toEqual(TOTP);
    expect(wrong.body).toBe(right.body);
  });
});
