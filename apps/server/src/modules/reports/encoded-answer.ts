/**
 * A JSON answer serialized once and compressed at most once per encoding, for answers served many
 * times from the report answer cache (answer-cache.ts): a district report of 80 districts is 25 kB
 * of JSON, and compressing it again for every reader cost more than the cached read itself. It is
 * sent as plugins/compression would send it: br or gzip as the client accepts (br first), with the
 * plugin's settings, none below the plugin's threshold or when the client accepts neither.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { remembered } from '../../lib/remembered.ts';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES, GZIP_OPTIONS } from '../../plugins/compression.ts';

type Encoding = 'br' | 'gzip';

/** The encoding per `Accept-Encoding` value, kept for the values seen last: a client sends the same one every time. */
const negotiated = remembered(negotiate, 100);

/** The encoding to answer with: br, then gzip, when `Accept-Encoding` accepts it (q > 0, or `*`). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  return negotiated(Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? ''));
}

function negotiate(header: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

type Representation = Encoding | 'identity';

export class EncodedAnswer {
  private readonly body: Buffer;
  private readonly encoded = new Map<Encoding, Buffer>();
  /** Each representation's own headers as `writeHead` takes them (name, value, ...), made once. */
  private readonly headerLists = new Map<Representation, readonly string[]>();

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
  }

  /** Bytes it may hold: the JSON, and room for its compressed copies (a tenth of it or less each). */
  get bytes(): number {
    return Math.ceil(this.body.length * 1.25);
  }

  private encode(encoding: Encoding): Buffer {
    let buffer = this.encoded.get(encoding);
    if (!buffer) {
      buffer = encoding === 'br' ? brotliCompressSync(this.body, BROTLI_OPTIONS) : gzipSync(this.body, GZIP_OPTIONS);
      this.encoded.set(encoding, buffer);
    }
    return buffer;
  }

  /**
   * The answer's headers besides those set as the request arrived, as a reply through Fastify carries
   * them on `/api/`: the type, the encoding (and `vary`) when compressed, and `no-store` (what
   * plugins/security-headers.ts sets on every API answer as it leaves), then the length.
   */
  private headerList(representation: Representation, length: number): readonly string[] {
    let list = this.headerLists.get(representation);
    if (!list) {
      list = [
        'content-type',
        'application/json; charset=utf-8',
        ...(representation === 'identity' ? [] : ['content-encoding', representation, 'vary', 'accept-encoding']),
        'cache-control',
        'no-store',
        'content-length',
        String(length),
      ];
      this.headerLists.set(representation, list);
    }
    return list;
  }

  /**
   * Writes the answer straight to the socket: the status line and every header in one `writeHead`,
   * then the body. Fastify's reply (its onSend hooks: compression, header merging, payload checks) is
   * skipped (`reply.hijack()`; onResponse hooks, logging and metrics still run), so the headers set
   * when the request arrived (request id, nosniff, referrer policy, HSTS) are copied from the reply,
   * as the content service's cached answers do.
   */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const encoding = this.body.length >= COMPRESS_THRESHOLD_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    const body = encoding ? this.encode(encoding) : this.body;
    const headers: string[] = [];
    const early = reply.getHeaders();
    for (const name in early) {
      const value = early[name];
      if (Array.isArray(value)) for (const one of value) headers.push(name, one);
      else if (value !== undefined) headers.push(name, String(value));
    }
    for (const item of this.headerList(encoding ?? 'identity', body.length)) headers.push(item);
    reply.hijack();
    reply.raw.writeHead(200, headers);
    reply.raw.end(body);
    return reply;
  }
}
