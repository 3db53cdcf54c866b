/**
 * The door app reads badge codes with @portal/contracts/checkin and checks them with WebCrypto
 * (docs/checkin-app.md); this server signs them (badge-code.ts). Both sides must agree byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { base64urlDecode, parseBadgeCode } from '@portal/contracts/checkin';
import { badgeSignerFromSecret, signBadge } from './badge-code.ts';

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
});
