/**
 * Image renditions of assets, asked for as Kontent.ai's image transformation API asks for them:
 * `?w=800&fm=avif&q=60` on the asset's URL. The web app asks for raster renditions of the event
 * banner, an SVG: a browser builds a whole document for every SVG image on the page's main
 * thread (25-70 ms at 4x CPU for the banner), while a raster is decoded off it.
 *
 * Renditions are drawn by sharp (libvips; SVG through librsvg, which loads nothing outside the
 * file without a base URL, and none is given) on libuv's thread pool, never on the event loop, at
 * most two at a time, and kept by asset version and parameters, oldest out first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type SharpConstructor from 'sharp';
import type { Sharp } from 'sharp';
import { DeliveryHttpError, ErrorCode } from './delivery-error.ts';
import { FirstRequestCache } from './first-request-cache.ts';

export type ImageFormat = 'avif' | 'webp' | 'png' | 'jpg';

export interface ImageTransform {
  width: number;
  format: ImageFormat;
  quality: number;
}

/**
 * What renditions are drawn: before, any width 1-4096 in four formats at any
 * quality was drawn on demand for anyone, about a CPU-second each. Now only the widths and the
 * format the web app asks for (`@portal/contracts/images`: the banner's AVIF candidates), at one
 * quality: another width snaps to the nearest allowed one (the next wider, or the widest), so a
 * client cannot make the service draw more than `widths.length + 1` renditions of an asset (the
 * `+ 1`: `fm` alone, the asset's own width); another format or quality is a 400.
 */
export interface RenditionPolicy {
  /** Allowed widths, ascending. */
  widths: readonly number[];
  format: ImageFormat;
  quality: number;
}

export const DEFAULT_RENDITION_POLICY: RenditionPolicy = { widths: [640, 800, 960, 1280, 1600, 2400, 3200], format: 'avif', quality: 60 };

const FORMATS: Readonly<Record<ImageFormat, string>> = { avif: 'image/avif', webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };
/** The media types a rendition can be made from. */
const TRANSFORMABLE = new Set(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp']);
/** The parameters this service transforms by (Kontent.ai's names). */
const PARAMETERS = new Set(['w', 'fm', 'q']);

function invalid(message: string): DeliveryHttpError {
  return new DeliveryHttpError(400, ErrorCode.request, message);
}

/** The allowed width nearest `width`: the narrowest at least as wide, or the widest. */
export function snapWidth(width: number, widths: readonly number[]): number {
  return widths.find((allowed) => allowed >= width) ?? widths[widths.length - 1] ?? width;
}

/**
 * The transform a query asks for: null for none (the asset as it is), a 400 for a parameter this
 * service does not transform by, a format or quality it does not serve, or a malformed value.
 * `w` snaps to an allowed width; `fm` alone keeps the asset's width.
 */
export function imageTransformOf(query: Record<string, unknown>, mimeType: string, policy: RenditionPolicy = DEFAULT_RENDITION_POLICY): ImageTransform | null {
  const names = Object.keys(query);
  if (names.length === 0) return null;
  const unknown = names.find((name) => !PARAMETERS.has(name));
  if (unknown !== undefined) throw invalid(`The parameter '${unknown}' is not supported: assets are transformed by w (width), fm (${policy.format}) and q (${policy.quality}).`);
  const single = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalid(`The parameter '${name}' is given more than once.`);
    return value;
  };
  const whole = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const number = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!(number >= 1)) throw invalid(`The parameter '${name}' must be a whole number from 1 to 99999.`);
    return number;
  };
  const width = whole('w', single('w'));
  const quality = whole('q', single('q'));
  const fm = single('fm');
  if (fm !== undefined && fm !== policy.format) throw invalid(`The parameter 'fm' must be ${policy.format}: renditions are served in ${policy.format} only.`);
  if (quality !== undefined && quality !== policy.quality) throw invalid(`The parameter 'q' must be ${policy.quality}: renditions are served at one quality.`);
  if (!TRANSFORMABLE.has(mimeType)) throw invalid('Only SVG, PNG, JPEG and WebP images can be transformed.');
  return { width: width === undefined ? 0 : snapWidth(width, policy.widths), format: policy.format, quality: policy.quality };
}

export function mimeTypeOfFormat(format: ImageFormat): string {
  return FORMATS[format];
}

/** The rendition's ETag from the asset's: a distinct entity per parameters. */
export function transformEtag(assetEtag: string, transform: ImageTransform): string {
  return `${assetEtag.slice(0, -1)}-${transform.width || 'o'}.${transform.format}.${transform.quality}"`;
}

/** sharp (native, 20 MB) is loaded on the first rendition, not at start. */
let sharpModule: Promise<{ default: typeof SharpConstructor }> | undefined;

/** One rendition; an SVG is drawn at the density that gives the width (librsvg's default is 72 dpi). */
async function draw(bytes: Buffer, mimeType: string, transform: ImageTransform): Promise<Buffer> {
  sharpModule ??= import('sharp');
  const sharp = (await sharpModule).default;
  let image: Sharp;
  if (mimeType === 'image/svg+xml' && transform.width > 0) {
    // Drawn at the density that gives the asked width, not drawn small and scaled up.
    const { width = 0 } = await sharp(bytes).metadata();
    const density = width > 0 ? Math.min(Math.max((72 * transform.width) / width, 1), 100_000) : 72;
    image = sharp(bytes, { density }).resize({ width: transform.width });
  } else {
    // A raster is never made larger than it is.
    image = sharp(bytes);
    if (transform.width > 0) image = image.resize({ width: transform.width, withoutEnlargement: true });
  }
  switch (transform.format) {
    case 'avif':
      // Full colour resolution (4:4:4): thin coloured text keeps its edges, which 4:2:0 (and WebP) blur.
      return image.avif({ quality: transform.quality, effort: 2, chromaSubsampling: '4:4:4' }).toBuffer();
    case 'webp':
      return image.webp({ quality: transform.quality, effort: 5 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'jpg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: transform.quality, mozjpeg: true }).toBuffer();
  }
}

const MAX_RENDITIONS = 64;

export interface RenditionCacheOptions {
  /** Renditions drawn at once (each on libuv's thread pool). Default 2. */
  maxDrawing?: number;
  /** Renditions waiting for a turn; past it a request answers 503 with Retry-After. Default 8. */
  maxQueued?: number;
  /** A directory that keeps drawn renditions across restarts, bounded by `maxBytes` (oldest out). */
  dir?: string | undefined;
  /** Default 256 MiB. */
  maxBytes?: number;
}

/** Seconds a client is asked to wait when the queue is full. */
export const RENDITION_RETRY_AFTER_SECONDS = 2;

/**
 * Renditions by asset version and parameters: the most recent 64 in memory, all of them (up to a
 * size) on disk, at most `maxDrawing` drawn at a time and `maxQueued` waiting; a request past that
 * answers 503 with Retry-After (the queue was unbounded).
 */
export class RenditionCache {
  private readonly renditions = new FirstRequestCache<Buffer>(MAX_RENDITIONS);
  private drawing = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly maxDrawing: number;
  private readonly maxQueued: number;
  private readonly disk: DiskCache | undefined;

  constructor(options: RenditionCacheOptions = {}) {
    this.maxDrawing = options.maxDrawing ?? 2;
    this.maxQueued = options.maxQueued ?? 8;
    this.disk = options.dir ? new DiskCache(options.dir, options.maxBytes ?? 256 * 1024 * 1024) : undefined;
  }

  rendition(etag: string, bytes: Buffer, mimeType: string, transform: ImageTransform): Promise<Buffer> {
    const key = transformEtag(etag, transform);
    return this.renditions.get(key, async () => {
      const kept = await this.disk?.read(key);
      if (kept) return kept;
      const drawn = await this.limited(() => draw(bytes, mimeType, transform)).catch((error: unknown) => {
        if (error instanceof DeliveryHttpError) throw error;
        throw new DeliveryHttpError(400, ErrorCode.request, `The image could not be transformed: ${error instanceof Error ? error.message : String(error)}`);
      });
      await this.disk?.write(key, drawn);
      return drawn;
    });
  }

  /** Renditions being drawn and waiting (tests, logs). */
  get load(): { drawing: number; queued: number } {
    return { drawing: this.drawing, queued: this.waiting.length };
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.drawing >= this.maxDrawing && this.waiting.length >= this.maxQueued) {
      throw new DeliveryHttpError(503, ErrorCode.busy, 'Too many image renditions are being drawn; try again shortly.', { 'retry-after': String(RENDITION_RETRY_AFTER_SECONDS) });
    }
    while (this.drawing >= this.maxDrawing) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.drawing++;
    try {
      return await work();
    } finally {
      this.drawing--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Renditions as files named by a hash of their key, written whole (a temporary file renamed), and
 * bounded by size: past `maxBytes` the oldest files (by modification time) are removed. The index of
 * sizes is read from the directory on first use; files another instance writes to a shared directory
 * are found on read and counted at the next start.
 */
class DiskCache {
  private index: Promise<Map<string, { size: number; mtimeMs: number }>> | undefined;
  private total = 0;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  private fileOf(key: string): string {
    return join(this.dir, `${createHash('sha256').update(key).digest('hex')}.rendition`);
  }

  private entries(): Promise<Map<string, { size: number; mtimeMs: number }>> {
    this.index ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const entries = new Map<string, { size: number; mtimeMs: number }>();
      for (const name of await readdir(this.dir)) {
        if (!name.endsWith('.rendition')) continue;
        const file = join(this.dir, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) continue;
        entries.set(file, { size: info.size, mtimeMs: info.mtimeMs });
        this.total += info.size;
      }
      return entries;
    })();
    return this.index;
  }

  async read(key: string): Promise<Buffer | null> {
    await this.entries();
    return readFile(this.fileOf(key)).catch(() => null);
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    if (bytes.length > this.maxBytes) return;
    const entries = await this.entries();
    const file = this.fileOf(key);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch {
      await rm(temporary, { force: true });
      return; // a rendition not kept on disk is drawn again later; the answer still goes out
    }
    const previous = entries.get(file);
    if (previous) this.total -= previous.size;
    entries.delete(file);
    entries.set(file, { size: bytes.length, mtimeMs: Date.now() });
    this.total += bytes.length;
    if (this.total > this.maxBytes) await this.evict(entries);
  }

  /** Oldest out (insertion order is write order; files found at start come first, by mtime). */
  private async evict(entries: Map<string, { size: number; mtimeMs: number }>): Promise<void> {
    const oldestFirst = [...entries].sort((a, b) => a[1].mtimeMs - b[1].mtimeMs);
    for (const [file, { size }] of oldestFirst) {
      if (this.total <= this.maxBytes) break;
      entries.delete(file);
      this.total -= size;
      await rm(file, { force: true });
    }
  }

  /** Bytes kept (tests). */
  async size(): Promise<number> {
    await this.entries();
    return this.total;
  }
}
