/**
 * Offline check of a badge code (docs/checkin-app.md): the code's Ed25519 signature against the
 * public keys of the device's config (WebCrypto; `Ed25519` is in Chromium since 137, Firefox 129
 * and Safari 17), and the event inside it. No network: the door decides from what it holds.
 */
import { base64urlDecode, parseBadgeCode, type BadgePayload } from '@portal/contracts/checkin';
import type { CheckInConfig } from './api.ts';

export type BadgeCheck = { ok: true; payload: BadgePayload } | { ok: false; reason: 'invalid' | 'wrong_event'; payload?: BadgePayload };

/** Imported keys by kid, for the public keys of one config (importing costs more than verifying). */
export class BadgeVerifier {
  private readonly keys = new Map<string, Promise<CryptoKey | null>>();

  constructor(
    publicKeys: CheckInConfig['publicKeys'],
    private readonly event: string,
  ) {
    for (const { kid, spki } of publicKeys) this.keys.set(kid, importKey(spki));
  }

  async check(code: string): Promise<BadgeCheck> {
    const parsed = parseBadgeCode(code);
    if (!parsed) return { ok: false, reason: 'invalid' };
    const key = await this.keys.get(parsed.payload.kid);
    if (!key) return { ok: false, reason: 'invalid' };
    const valid = await crypto.subtle.verify('Ed25519', key, parsed.signature, parsed.signed);
    if (!valid) return { ok: false, reason: 'invalid' };
    if (parsed.payload.eventId !== this.event) return { ok: false, reason: 'wrong_event', payload: parsed.payload };
    return { ok: true, payload: parsed.payload };
  }
}

async function importKey(spki: string): Promise<CryptoKey | null> {
  const der = base64urlDecode(spki);
  if (!der) return null;
  try {
    return await crypto.subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return null;
  }
}

/** Whether this browser verifies Ed25519 (the door app says so on its start screen when not). */
export async function ed25519Supported(): Promise<boolean> {
  try {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    return pair.publicKey.algorithm.name === 'Ed25519';
  } catch {
    return false;
  }
}
