/**
 * The door app reads badge codes with @portal/contracts/checkin and checks them with WebCrypto
 * (docs/checkin-app.md); this server signs them (badge-code.ts). Both sides must agree byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { sign } from 'node:crypto';
import { base64urlDecode, encodeBadgePayload, formatBadgeCode, parseBadgeCode } from '@portal/contracts/checkin';
import { BadgeKeys, badgeSignerFromSecret, signBadge, verifyBadge } from './badge-code.ts';

describe('badge codes as the door app reads them', () => {
  it('parses the server payload and verifies its signature with WebCrypto Ed25519', async () => {
    const signer = badgeSignerFromSecret('door test secret');
    const code = signBadge(signer, { registrationId: 123456, eventId: 'nbc', version: 3 });
    const parsed = parseBadgeCode(code);
    expect(parsed?.payload).toEqual({ registrationId: 123456, eventId: 'nbc', version: 3, kid: signer.kid });
    const spki = base64urlDecode(signer.spki);
    if (!parsed || !spki) throw new Error('unparsed');
    const key = await crypto.subtle.importKey('spki', spki, { name: 'Ed25519' }, false, ['verify']);
    expect(await crypto.subtle.verify('Ed25519', key, parsed.signature, parsed.signed)).toBe(true);
    // One flipped byte of the payload: the signature no longer holds.
    const altered = parsed.signed.slice();
    altered[3] = (altered[3] ?? 0) ^ 1;
    expect(await crypto.subtle.verify('Ed25519', key, parsed.signature, altered)).toBe(false);
  });

  it('the server signs and verifies through the contracts codec: one layout, one spelling', () => {
    const signer = badgeSignerFromSecret('door test secret');
    const keys = new Map([[signer.kid, signer]]);
    // Made by hand from the contracts' encoder: the server's verify takes it.
    const payload = encodeBadgePayload({ registrationId: 77, eventId: 'abc', version: 2, kid: signer.kid });
    const code = formatBadgeCode(payload, sign(null, payload, signer.privateKey));
    expect(code).toBe(signBadge(signer, { registrationId: 77, eventId: 'abc', version: 2 }));
    expect(verifyBadge(code, keys)).toEqual({ registrationId: 77, eventId: 'abc', version: 2, kid: signer.kid });
    // Another spelling of the same bytes (a stray bit in the last character) is refused on both sides.
    const [prefix, body, signature] = code.split('.') as [string, string, string];
    const last = body.at(-1)!;
    const stray = `${prefix}.${body.slice(0, -1)}${String.fromCharCode(last.charCodeAt(0) + 1)}.${signature}`;
    expect(parseBadgeCode(stray)).toBeNull();
    expect(verifyBadge(stray, keys)).toBeNull();
  });

  it('a batch is checked by signing and comparing for the current key, by verifying for a retired one: the same answers as verify', async () => {
    const old = new BadgeKeys('the retired badge key 0123456789abcdefghij');
    const keys = new BadgeKeys('the current badge key 0123456789abcdefghij', [old.signer.spki]);
    const current = keys.sign({ registrationId: 5, eventId: 'nbc', version: 1 });
    const retired = old.sign({ registrationId: 6, eventId: 'nbc', version: 1 });
    const foreign = new BadgeKeys('a key nobody trusts 0123456789abcdefghijkl').sign({ registrationId: 7, eventId: 'nbc', version: 1 });
    const [prefix, body, signature] = current.split('.') as [string, string, string];
    const flipped = Buffer.from(signature, 'base64url');
    flipped[0]! ^= 1;
    const badSignature = `${prefix}.${body}.${flipped.toString('base64url')}`;
    // The signature of another payload (registration 6 under the current key) on this payload.
    const swapped = `${prefix}.${body}.${keys.sign({ registrationId: 6, eventId: 'nbc', version: 1 }).split('.')[2]}`;
    const codes = [current, retired, foreign, badSignature, swapped, '', 'EP1.x.y', current];
    const many = await keys.verifyMany(codes);
    expect(many).toEqual(codes.map((code) => keys.verify(code)));
    expect(many.map((p) => p?.registrationId ?? null)).toEqual([5, 6, null, null, null, null, null, 5]);
  });
});
