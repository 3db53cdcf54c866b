import { createHash } from 'node:crypto';

/** A finished answer: the body is serialised once, so cached answers cost only a map lookup. */
export interface Answer {
  status: number;
  body: string;
  etag: string;
  /** Items counted against the 2,000-item cap (main items plus modular content), `X-Request-Charge`. */
  charge: number;
  /** False when the answer depends on the caller's access codes (sent as `Cache-Control: private`). */
  shared: boolean;
  continuation?: string | undefined;
  stale?: boolean;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function jsonAnswer(payload: unknown, charge: number, shared: boolean, extra: Pick<Answer, 'continuation' | 'stale'> = {}): Answer {
  const body = JSON.stringify(payload);
  return { status: 200, body, etag: etagOf(body), charge, shared, ...extra };
}

/** Answers computed for one snapshot, keyed by route and query, split by access where needed. */
export class AnswerCache {
  private readonly entries = new Map<string, { shared?: Answer; byAccess?: Map<string, Answer> }>();

  constructor(private readonly maxEntries = 2_000) {}

  /** The answer every caller shares, if this request's answer is known not to depend on access. */
  shared(key: string): Answer | undefined {
    return this.entries.get(key)?.shared;
  }

  forAccess(key: string, accessKey: string): Answer | undefined {
    return this.entries.get(key)?.byAccess?.get(accessKey);
  }

  store(key: string, accessKey: string, answer: Answer): void {
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      entry = {};
      this.entries.set(key, entry);
    }
    if (answer.shared) entry.shared = answer;
    else {
      entry.byAccess ??= new Map();
      if (entry.byAccess.size < 64) entry.byAccess.set(accessKey, answer);
    }
  }
}
