/**
 * Small secrets kept in the database encrypted at rest (organizers' TOTP secrets): AES-256-GCM
 * (node:crypto) under a key from the configuration (TOTP_ENCRYPTION_KEY, config.ts).
 *
 * Stored form: `v1:<iv>:<ciphertext><tag>` (base64url; 12-byte random iv, 16-byte tag). The
 * version prefix leaves room for a new key or algorithm later. `context` (e.g. `organizer:7`) is
 * the additional authenticated data: a value copied into another row does not decrypt there.
 * A stored value without a version prefix is a plain secret written before encryption existed.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The 32-byte AES key derived from the configured secret text (HKDF-SHA256, its own label). */
export function deriveSecretBoxKey(secret: string | Uint8Array, label: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), `event-portal ${label}`, 32));
}

export function isEncryptedSecret(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function encryptSecret(plain: string, key: Uint8Array, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString('base64url')}:${body.toString('base64url')}`;
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * The plain secret of a stored value; `legacy` when it was stored in plain text (to be encrypted).
 * Throws SecretBoxError when the value is damaged or was encrypted under another key or context.
 */
export function decryptSecret(stored: string, key: Uint8Array, context: string): { plain: string; legacy: boolean } {
  if (!isEncryptedSecret(stored)) {
    if (/^v\d+:/.test(stored)) throw new SecretBoxError('unknown secret format version');
    return { plain: stored, legacy: true };
  }
  const [ivText, bodyText, ...rest] = stored.slice(PREFIX.length).split(':');
  const iv = Buffer.from(ivText ?? '', 'base64url');
  const body = Buffer.from(bodyText ?? '', 'base64url');
  if (rest.length || iv.length !== IV_BYTES || body.length <= TAG_BYTES) throw new SecretBoxError('malformed encrypted secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
    return { plain: plain.toString('utf8'), legacy: false };
  } catch {
    throw new SecretBoxError('the secret does not decrypt with this key (was TOTP_ENCRYPTION_KEY changed?)');
  }
}
