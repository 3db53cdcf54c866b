import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify } from 'jose';
import { Hs256, JwtError } from './jwt-hs256.ts';

const secret = new TextEncoder().encode('k'.repeat(40));
const other = new TextEncoder().encode('x'.repeat(40));
const NOW = 1_800_000_000;
const hs = new Hs256(secret);
const check = (token: string, nowSeconds = NOW) => hs.verify(token, { issuer: 'event-portal', nowSeconds });
const claims = { sub: '42', jti: 'abc', iss: 'event-portal', iat: NOW - 10, exp: NOW + 3600 };

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A token with any header and payload, signed with `key`. */
function forge(header: unknown, payload: unknown, key: Uint8Array = secret): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}
const reason = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof JwtError) return error.reason;
    throw error;
  }
  return 'accepted';
};

describe('Hs256', () => {
  it('reads back what it signs, and jose agrees both ways', async () => {
    const token = hs.sign(claims);
    expect(check(token)).toEqual(claims);
    const byJose = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: 'event-portal', currentDate: new Date(NOW * 1000) });
    expect(byJose.payload).toEqual(claims);
    const joseToken = await new SignJWT({ email: 'a@b.c' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('7').setIssuer('event-portal').setIssuedAt(NOW).setExpirationTime(NOW + 60).sign(secret);
    expect(check(joseToken)).toMatchObject({ sub: '7', email: 'a@b.c' });
  });

  it('refuses a token signed with another key, or changed after signing', () => {
    expect(reason(() => check(forge({ alg: 'HS256', typ: 'JWT' }, claims, other)))).toBe('invalid');
    const [h, , s] = hs.sign(claims).split('.');
    expect(reason(() => check(`${h}.${b64({ ...claims, sub: '1' })}.${s}`))).toBe('invalid');
    expect(reason(() => check(`${h}.${b64(claims)}.${s!.slice(0, -2)}`))).toBe('invalid');
  });

  it('refuses other algorithms and headers it does not understand, even when correctly signed', () => {
    expect(reason(() => check(forge({ alg: 'none' }, claims)))).toBe('invalid');
    expect(reason(() => check(forge({ alg: 'HS512', typ: 'JWT' }, claims)))).toBe('invalid');
    expect(reason(() => check(forge({ alg: 'HS256', crit: ['b64'] }, claims)))).toBe('invalid');
    expect(reason(() => check(forge({ alg: 'HS256', typ: 'at+jwt' }, claims)))).toBe('invalid');
    expect(reason(() => check(forge({ alg: 'HS256' }, claims)))).toBe('accepted');
  });

  it('checks issuer, expiry and not-before', () => {
    expect(reason(() => check(forge({ alg: 'HS256' }, { ...claims, iss: 'someone-else' })))).toBe('invalid');
    expect(reason(() => check(forge({ alg: 'HS256' }, { sub: '1', exp: NOW + 60 })))).toBe('invalid');
    expect(reason(() => check(forge({ alg: 'HS256' }, { ...claims, exp: undefined })))).toBe('invalid');
    expect(reason(() => check(forge({ alg: 'HS256' }, { ...claims, exp: String(NOW + 60) })))).toBe('invalid');
    expect(reason(() => check(hs.sign(claims), NOW + 3600))).toBe('expired');
    expect(reason(() => check(hs.sign(claims), NOW + 3599))).toBe('accepted');
    expect(reason(() => check(forge({ alg: 'HS256' }, { ...claims, nbf: NOW + 5 })))).toBe('invalid');
    expect(reason(() => check(forge({ alg: 'HS256' }, { ...claims, iat: 'yesterday' })))).toBe('invalid');
  });

  it('checks the issuer and the times of a token it verified before on every call', () => {
    const token = hs.sign({ ...claims, jti: 'again' });
    expect(reason(() => check(token))).toBe('accepted');
    expect(reason(() => check(token, NOW + 3600))).toBe('expired');
    expect(reason(() => check(token))).toBe('accepted');
    expect(reason(() => hs.verify(token, { issuer: 'someone-else', nowSeconds: NOW }))).toBe('invalid');
    const notYet = forge({ alg: 'HS256' }, { ...claims, nbf: NOW + 5 });
    expect(reason(() => check(notYet))).toBe('invalid');
    expect(reason(() => check(notYet, NOW + 5))).toBe('accepted');
    const forged = forge({ alg: 'HS256', typ: 'JWT' }, claims, other);
    for (let i = 0; i < 2; i++) expect(reason(() => check(forged))).toBe('invalid');
  });

  it('refuses malformed tokens with a JwtError, never another error', () => {
    const malformed = ['', 'a', 'a.b', 'a.b.c.d', '...', 'a b.c.d', forge({ alg: 'HS256' }, 'not json'), forge({ alg: 'HS256' }, [1, 2]), forge({ alg: 'HS256' }, null), forge('x', claims), 'e'.repeat(5000)];
    for (const token of malformed) expect(reason(() => check(token))).toBe('invalid');
  });

  it('needs a secret of at least 32 bytes', () => {
    expect(() => new Hs256(new Uint8Array(31))).toThrow();
  });
});
