/**
 * The server's compression engine for `@portal/xlsx`: Node's native zlib instead of fflate's
 * JavaScript deflate (about 40% of the CPU of a large workbook). Node only: the browser build
 * imports `@portal/xlsx`, never this entry, so `node:zlib` stays out of the web bundle.
 *
 *   createXlsxStream({ ..., compression: nodeCompression })
 *
 * The writer is synchronous, and Node's zlib streams are not, so each piece is compressed with
 * `deflateRawSync` and a sync flush (it ends on a byte boundary and is not the final block); the
 * pieces of one entry, concatenated, are one valid raw DEFLATE stream, and the last piece ends it.
 * Each piece is primed with the last 32 KiB before it as the preset dictionary, the window the
 * reader holds at that point (as pigz does), so matches reach across pieces and the file is barely
 * larger than a single stream's.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { DeflateLevel, XlsxCompression, XlsxDeflater } from './writer.ts';

/** DEFLATE's window: the most a match may reach back. */
const WINDOW = 32 * 1024;
const EMPTY = new Uint8Array(0);

class NodeDeflater implements XlsxDeflater {
  /** The last up to 32 KiB of input: the dictionary of the next piece. */
  private window: Uint8Array = EMPTY;
  private ended = false;

  constructor(private readonly level: DeflateLevel) {}

  push(data: Uint8Array, final: boolean): Uint8Array {
    if (this.ended) throw new Error('push after the final piece');
    if (!data.length && !final) return EMPTY;
    const compressed = deflateRawSync(data, {
      level: this.level,
      finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(this.window.length ? { dictionary: this.window } : {}),
    });
    if (final) {
      this.ended = true;
      this.window = EMPTY;
    } else {
      this.window = lastWindow(this.window, data);
    }
    return compressed;
  }
}

/** The last WINDOW bytes of `previous` followed by `data` (a copy: callers may reuse their arrays). */
function lastWindow(previous: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length >= WINDOW) return data.slice(data.length - WINDOW);
  const keep = Math.min(previous.length, WINDOW - data.length);
  const next = new Uint8Array(keep + data.length);
  next.set(previous.subarray(previous.length - keep), 0);
  next.set(data, keep);
  return next;
}

export const nodeCompression: XlsxCompression = {
  createDeflater: (level) => new NodeDeflater(level),
  crc32: (data, crc) => crc32(data, crc),
};
