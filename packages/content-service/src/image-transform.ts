/**
 * Image renditions of assets, asked for as Kontent.ai's image transformation API asks for them:
 * `?w=800&fm=avif&q=60` on the asset's URL. The web app asks for raster renditions of the event
 * banner, an SVG: a browser builds a whole document for every SVG image on the page's main
 * thread (25-70 ms at 4x CPU for the banner; issue 15), while a raster is decoded off it.
 *
 * Renditions are drawn by sharp (libvips; SVG through librsvg, which loads nothing outside the
 * file without a base URL, and none is given) on libuv's thread pool, never on the event loop, at
 * most two at a time, and kept by asset version and parameters, oldest out first.
 */
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

const FORMATS: Readonly<Record<ImageFormat, string>> = { avif: 'image/avif', webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };
/** The media types a rendition can be made from. */
const TRANSFORMABLE = new Set(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp']);
const MAX_WIDTH = 4_096;
/** AVIF keeps the same detail at a lower quality number than WebP or JPEG. */
const DEFAULT_QUALITY: Readonly<Record<ImageFormat, number>> = { avif: 60, webp: 80, png: 100, jpg: 80 };
/** The parameters this service transforms by (Kontent.ai's names). */
const PARAMETERS = new Set(['w', 'fm', 'q']);

function invalid(message: string): DeliveryHttpError {
  return new DeliveryHttpError(400, ErrorCode.request, message);
}

/**
 * The transform a query asks for: null for none (the asset as it is), a 400 for a parameter this
 * service does not transform by or a value out of range. `fm` alone keeps the width; `w` alone
 * keeps an image's format (an SVG becomes a WebP: a width only means something to a raster).
 */
export function imageTransformOf(query: Record<string, unknown>, mimeType: string): ImageTransform | null {
  const names = Object.keys(query);
  if (names.length === 0) return null;
  const unknown = names.find((name) => !PARAMETERS.has(name));
  if (unknown !== undefined) throw invalid(`The parameter '${unknown}' is not supported: assets are transformed by w (width), fm (avif, webp, png or jpg) and q (quality).`);
  const single = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalid(`The parameter '${name}' is given more than once.`);
    return value;
  };
  const whole = (name: string, text: string | undefined, max: number): number | undefined => {
    if (text === undefined) return undefined;
    const number = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!(number >= 1 && number <= max)) throw invalid(`The parameter '${name}' must be a whole number from 1 to ${max}.`);
    return number;
  };
  const width = whole('w', single('w'), MAX_WIDTH);
  const quality = whole('q', single('q'), 100);
  const fm = single('fm');
  if (fm !== undefined && !Object.hasOwn(FORMATS, fm)) throw invalid(`The parameter 'fm' must be avif, webp, png or jpg.`);
  if (!TRANSFORMABLE.has(mimeType)) throw invalid('Only SVG, PNG, JPEG and WebP images can be transformed.');
  const sameFormat = Object.entries(FORMATS).find(([, type]) => type === mimeType)?.[0] as ImageFormat | undefined;
  const format = (fm as ImageFormat | undefined) ?? sameFormat ?? 'webp';
  return { width: width ?? 0, format, quality: quality ?? DEFAULT_QUALITY[format] };
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
const MAX_DRAWING = 2;

/** Renditions by asset version and parameters, at most two drawn at a time. */
export class RenditionCache {
  private readonly renditions = new FirstRequestCache<Buffer>(MAX_RENDITIONS);
  private drawing = 0;
  private readonly waiting: (() => void)[] = [];

  rendition(etag: string, bytes: Buffer, mimeType: string, transform: ImageTransform): Promise<Buffer> {
    return this.renditions.get(transformEtag(etag, transform), () =>
      this.limited(() => draw(bytes, mimeType, transform)).catch((error: unknown) => {
        throw new DeliveryHttpError(400, ErrorCode.request, `The image could not be transformed: ${error instanceof Error ? error.message : String(error)}`);
      }),
    );
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    while (this.drawing >= MAX_DRAWING) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.drawing++;
    try {
      return await work();
    } finally {
      this.drawing--;
      this.waiting.shift()?.();
    }
  }
}
