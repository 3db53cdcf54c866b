/**
 * The roster rows' `emailHash` (docs/event-days.md, "Search by e-mail"): a door finds someone by
 * the exact address they give without holding addresses. Per event a 32-byte key derived from
 * CODE_HASH_KEY (so every instance derives the same, and one event's hashes say nothing of
 * another's); the door gets it in `GET /api/CheckIn/Config` and hashes what is typed with
 * `emailHashOf` of `@portal/contracts/checkin` (WebCrypto), which computes what `emailHash` here does.
 */
import { createHmac } from 'node:crypto';
import { EMAIL_HASH_BYTES, normaliseEmailForHash } from '@portal/contracts/checkin';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';

export class EmailHasher {
  private readonly keys = new Map<string, Buffer>();

  constructor(private readonly codeHashKey: Uint8Array) {}

  keyOf(eventId: string): Buffer {
    let key = this.keys.get(eventId);
    if (!key) {
      key = createHmac('sha256', this.codeHashKey).update(`checkin-email-hash v1|${eventId}`).digest();
      this.keys.set(eventId, key);
    }
    return key;
  }

  /** The key as the door gets it (base64url). */
  keyText(eventId: string): string {
    return this.keyOf(eventId).toString('base64url');
  }

  /** Undefined for a placeholder address (a person enrolled by name only): nothing to find them by. */
  hash(eventId: string, email: string | null): string | undefined {
    if (!email || isPlaceholderEmail(normaliseEmailForHash(email))) return undefined;
    return createHmac('sha256', this.keyOf(eventId)).update(normaliseEmailForHash(email)).digest().subarray(0, EMAIL_HASH_BYTES).toString('base64url');
  }
}
