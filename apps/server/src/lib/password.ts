/**
 * Passwords, hashed with argon2id at the OWASP ASVS minimum (19 MiB, 2 passes, 1 lane); the PHC
 * string keeps the parameters, so they can be raised later and old hashes still verify.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

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
