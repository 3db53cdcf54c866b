import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';
import { BADGE_CODE_MAX, base64urlDecode, base64urlEncode, encodeBadgePayload, formatBadgeCode, parseBadgeCode } from '@portal/contracts/checkin';
import { BadgeVerifier, ed25519Supported } from './verify.ts';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const spki = base64urlEncode(new Uint8Array(publicKey.export({ type: 'spki', format: 'der' })));

const KID = base64urlEncode(new Uint8Array(createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest().subarray(0, 4)));

function badge(registrationId: number, event = 'nbc', kid = KID, version = 1) {
  const signed = encodeBadgePayload({ registrationId, version, kid, eventId: event });
  return formatBadgeCode(signed, sign(null, signed, privateKey));
}

describe('badge code', () => {
  it('round-trips the payload and stays within a version 7 QR at level M', () => {
    const code = badge(4_000_000_000, 'nbc', KID, 65535);
    expect(code.length).toBe(110);
    expect(code.length).toBeLessThanOrEqual(BADGE_CODE_MAX);
    expect(code).toMatch(/^EP1\.[\w-]{19}\.[\w-]{86}$/);
    expect(parseBadgeCode(code)?.payload).toEqual({ registrationId: 4_000_000_000, version: 65535, kid: KID, eventId: 'nbc' });
  });

  it('encodes base64url like node does, and refuses what is not base64url', () => {
    for (const length of [0, 1, 2, 3, 4, 31, 64]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 37 + length) & 0xff);
      expect(base64urlEncode(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      expect(base64urlDecode(base64urlEncode(bytes))).toEqual(bytes);
    }
    expect(base64urlDecode('ab+c')).toBeNull();
    expect(base64urlDecode('abcde')).toBeNull();
    // A non-zero leftover bit: another spelling of the same bytes is refused.
    expect(base64urlDecode('AB')).toBeNull();
  });

  it('is not a badge: wrong prefix, parts, length, format or short signature', () => {
    const code = badge(7);
    const [, payload, signature] = code.split('.');
    for (const text of ['', 'EP1', `EP2.${payload}.${signature}`, `EP1.${payload}`, `EP1.${payload}.${signature}.x`, `EP1.${payload}.${signature?.slice(0, 40)}`, `EP1.AQID.${signature}`, `${code}${'A'.repeat(40)}`]) {
      expect(parseBadgeCode(text), text).toBeNull();
    }
  });

  it('refuses out-of-range payload fields when signing', () => {
    expect(() => encodeBadgePayload({ registrationId: -1, version: 1, kid: KID, eventId: 'nbc' })).toThrow(RangeError);
    expect(() => encodeBadgePayload({ registrationId: 1, version: 70000, kid: KID, eventId: 'nbc' })).toThrow(RangeError);
    expect(() => encodeBadgePayload({ registrationId: 1, version: 1, kid: 'AAAA', eventId: 'nbc' })).toThrow(RangeError);
    expect(() => encodeBadgePayload({ registrationId: 1, version: 1, kid: KID, eventId: 'NBC' })).toThrow(RangeError);
  });
});

describe('offline signature check (WebCrypto Ed25519)', () => {
  it('is supported here', async () => {
    expect(await ed25519Supported()).toBe(true);
  });

  it('accepts the signed badge of its event and refuses the rest', async () => {
    const verifier = new BadgeVerifier([{ kid: KID, spki }], 'nbc');
    expect(await verifier.check(badge(7))).toEqual({ ok: true, payload: { registrationId: 7, version: 1, kid: KID, eventId: 'nbc' } });
    expect(await verifier.check(badge(7, 'abc'))).toMatchObject({ ok: false, reason: 'wrong_event' });
    expect(await verifier.check(badge(7, 'nbc', 'AAAAAA'))).toEqual({ ok: false, reason: 'invalid' });
    // The payload changed after signing (another registration id, same signature).
    const [prefix, , signature] = badge(7).split('.');
    const forged = `${prefix}.${base64urlEncode(encodeBadgePayload({ registrationId: 8, version: 1, kid: KID, eventId: 'nbc' }))}.${signature}`;
    expect(await verifier.check(forged)).toEqual({ ok: false, reason: 'invalid' });
    // A key that is not a key refuses everything instead of throwing.
    expect(await new BadgeVerifier([{ kid: KID, spki: 'AAAA' }], 'nbc').check(badge(7))).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('the WebAssembly decoder', () => {
  it('is the .wasm the barcode-detector build expects (zxing-wasm pinned to its version)', () => {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    expect(createHash('sha256').update(wasm).digest('hex')).toBe(ZXING_WASM_SHA256);
  });
});
