import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** A finished answer: the body is serialised (and compressed) once, so cached answers cost only a map lookup. */
export interface Answer {
  status: number;
  body: Buffer;
  etag: string;
  /** Items counted against the 2,000-item cap (main items plus modular content), `X-Request-Charge`. */
  charge: number;
  /** False when the answer depends on the caller's access codes (sent as `Cache-Control: private`). */
  shared: boolean;
  continuation?: string | undefined;
  stale?: boolean;
  /** Compressed bodies, made on first demand; null when compressing does not pay. */
  encoded?: Partial<Record<Encoding, Buffer | null>>;
  /** The response headers of each representation, made on first demand (plugin.ts). */
  headers?: Partial<Record<Encoding | 'identity', Readonly<Record<string, string>>>>;
  /** The same as flat name, value lists for `writeHead` (plugin.ts). */
  headerList?: Partial<Record<Encoding | 'identity', readonly string[]>>;
}

export type Encoding = 'br' | 'gzip';

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function jsonAnswer(payload: unknown, charge: number, shared: boolean, extra: Pick<Answer, 'continuation' | 'stale'> = {}): Answer {
  const body = Buffer.from(JSON.stringify(payload));
  return { status: 200, body, etag: etagOf(body), charge, shared, ...extra };
}

/** Smaller bodies gain too little to be worth a Content-Encoding. */
const MIN_COMPRESSIBLE = 1_024;

/** The last Accept-Encoding values seen and their choice: browsers send one of a handful. */
const chosenEncodings = new Map<string, Encoding | undefined>();
const MAX_CHOSEN_ENCODINGS = 32;

/** The encoding to send for an `Accept-Encoding` header: brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (chosenEncodings.has(acceptEncoding)) return chosenEncodings.get(acceptEncoding);
  const chosen = parseAcceptEncoding(acceptEncoding);
  if (chosenEncodings.size >= MAX_CHOSEN_ENCODINGS) chosenEncodings.clear();
  chosenEncodings.set(acceptEncoding, chosen);
  return chosen;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding | undefined {
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/** The answer's body in `encoding`, compressed once and kept with the answer. */
export function encodedBody(answer: Answer, encoding: Encoding): Buffer | null {
  answer.encoded ??= {};
  let body = answer.encoded[encoding];
  if (body === undefined) {
    body = null;
    if (answer.body.length >= MIN_COMPRESSIBLE) {
      // Moderate levels: the first caller of each distinct answer pays for this, everyone else reuses it.
      const compressed =
        encoding === 'br'
          ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length } })
          : gzipSync(answer.body, { level: 6 });
      if (pays(compressed, answer.body)) body = compressed;
    }
    answer.encoded[encoding] = body;
  }
  return body;
}

/** Whether a compressed copy is enough smaller to be sent instead of the body. */
const pays = (compressed: Buffer, body: Buffer) => compressed.length < body.length * 0.9;

const brotliOnPool = promisify(brotliCompress);
const gzipOnPool = promisify(gzip);

/**
 * `body` in `encoding` at the highest level, compressed on the thread pool so a large body does not
 * hold the event loop, or null when that does not pay: for bodies that never change (assets), whose
 * compressed copy is made once and kept.
 */
export async function compressedOnPool(body: Buffer, encoding: Encoding): Promise<Buffer | null> {
  if (body.length < MIN_COMPRESSIBLE) return null;
  const compressed =
    encoding === 'br'
      ? await brotliOnPool(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : await gzipOnPool(body, { level: constants.Z_BEST_COMPRESSION });
  return pays(compressed, body) ? compressed : null;
}

/** The strong ETag of a body's `encoding` representation: each representation has its own. */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return `${etag.slice(0, -1)}-${encoding}"`;
}

/**
 * Answers computed for one snapshot, keyed by route and query, split by access where needed. Bounded
 * by entry count and by bytes, oldest out first, so varied or huge queries cannot exhaust memory.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { shared?: Answer; byAccess?: Map<string, Answer>; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The answer every caller shares, if this request's answer is known not to depend on access. */
  shared(key: string): Answer | undefined {
    return this.entries.get(key)?.shared;
  }

  forAccess(key: string, accessKey: string): Answer | undefined {
    return this.entries.get(key)?.byAccess?.get(accessKey);
  }

  store(key: string, accessKey: string, answer: Answer): void {
    // Room for the compressed copies made later, roughly a third more.
    const size = Math.ceil(answer.body.length * 1.34);
    if (size > this.maxBytes / 16) return;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { bytes: 0 };
      this.entries.set(key, entry);
    }
    if (answer.shared) entry.shared = answer;
    else {
      entry.byAccess ??= new Map();
      if (entry.byAccess.size >= 64) return;
      entry.byAccess.set(accessKey, answer);
    }
    entry.bytes += size;
    this.bytes += size;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      if (oldestKey === key) continue;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.bytes;
    }
  }
}
