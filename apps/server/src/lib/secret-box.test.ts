import { describe, expect, it } from 'vitest';
import { decryptSecret, deriveSecretBoxKey, encryptSecret, isEncryptedSecret, SecretBoxError } from './secret-box.ts';

const key = deriveSecretBoxKey('a-test-key-of-more-than-32-characters-0123', 'totp-secrets v1');

describe('secret box (AES-256-GCM)', () => {
  it('round-trips with a fresh iv each time and never holds the plain text', () => {
    const a = encryptSecret('JBSWY3DPEHPK3PXP', key, 'organizer:1');
    const b = encryptSecret('JBSWY3DPEHPK3PXP', key, 'organizer:1');
    expect(a).toMatch(/^v1:[\w-]{16}:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(isEncryptedSecret(a)).toBe(true);
    expect(decryptSecret(a, key, 'organizer:1')).toEqual({ plain: 'JBSWY3DPEHPK3PXP', legacy: false });
  });

  it('derives 32-byte keys that differ by secret and by label', () => {
    expect(key).toHaveLength(32);
    expect(deriveSecretBoxKey('a-test-key-of-more-than-32-characters-0123', 'other')).not.toEqual(key);
    expect(deriveSecretBoxKey('b-test-key-of-more-than-32-characters-0123', 'totp-secrets v1')).not.toEqual(key);
  });

  it('refuses another key, another context, a changed byte or an unknown version', () => {
    const stored = encryptSecret('JBSWY3DPEHPK3PXP', key, 'organizer:1');
    expect(() => decryptSecret(stored, deriveSecretBoxKey('x'.repeat(40), 'totp-secrets v1'), 'organizer:1')).toThrow(SecretBoxError);
    expect(() => decryptSecret(stored, key, 'organizer:2')).toThrow(SecretBoxError);
    const body = stored.split(':')[2]!;
    const flipped = `${stored.slice(0, stored.length - body.length)}${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => decryptSecret(flipped, key, 'organizer:1')).toThrow(SecretBoxError);
    expect(() => decryptSecret('v1:short:abc', key, 'organizer:1')).toThrow(SecretBoxError);
    expect(() => decryptSecret('v2:AAAA:BBBB', key, 'organizer:1')).toThrow(/unknown secret format version/);
  });

  it('reads a plain secret of an older version as legacy', () => {
    expect(decryptSecret('JBSWY3DPEHPK3PXP', key, 'organizer:1')).toEqual({ plain: 'JBSWY3DPEHPK3PXP', legacy: true });
  });
});
