/**
 * A JSON answer serialized once and compressed at most once per encoding, for answers served many
 * times from the report answer cache (answer-cache.ts): a district report of 80 districts is 25 kB
 * of JSON, and compressing it again for every reader cost more than the cached read itself. It is
 * sent as plugins/compression would send it: br or gzip as the client accepts (br first), with the
 * plugin's settings, none below the plugin's threshold or when the client accepts neither.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES, GZIP_OPTIONS } from '../../plugins/compression.ts';

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: br, then gzip, when `Accept-Encoding` accepts it (q > 0, or `*`). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
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

export class EncodedAnswer {
  private readonly body: Buffer;
  private readonly encoded = new Map<Encoding, Buffer>();

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

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    void reply.type('application/json; charset=utf-8');
    const encoding = this.body.length >= COMPRESS_THRESHOLD_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(this.body);
    // Set before send: the compression plugin leaves an answer that has an encoding alone.
    void reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return reply.send(this.encode(encoding));
  }
}
