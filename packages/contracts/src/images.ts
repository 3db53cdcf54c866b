/**
 * The event banner's renditions, shared by the web app's ContentImage and the server's first-load
 * HTML (preload and first paint), which must name the same URLs or the browser fetches the banner
 * twice, and by the server's warm-up. Each is an AVIF asked for with Kontent.ai's image
 * transformation parameters (`?w=&fm=avif`), which the content service draws (image-transform.ts):
 * a browser builds a document for every SVG image on the page's main thread, a raster it decodes
 * off it. They go in a `<picture>`'s `<source>`, so a browser without AVIF shows the
 * asset itself. (An 800 px banner: 7-8 kB of AVIF at full colour resolution, against 10-11 kB of
 * WebP whose 4:2:0 colour blurs the thin orange text.) Only the banner: the logo's SVG is 1.7 kB in
 * brotli against 4.3 kB of AVIF at 450 px, and its document stays under 50 ms (8-26 ms at 4x CPU in
 * 29 of 30 runs, 43 ms once; bench/lighthouse/RESULTS.md, seventh pass).
 */

export interface BannerSources {
  /** The media type of the candidates, for `<source type>` and the preload's `type`. */
  type: string;
  /** The candidates, narrowest first. */
  candidates: { url: string; width: number }[];
  srcSet: string;
  sizes: string;
}

/**
 * The banner spans the page (`.event-banner`: 100% wide, at most 300 px high, cropped to cover),
 * so from a phone's 360 px at 2x to a wide screen.
 */
const WIDTHS = [640, 800, 960, 1280, 1600, 2400, 3200] as const;

/**
 * The renditions the content service draws: only the banner's widths, in AVIF,
 * at one quality. Another width snaps to the nearest of these (image-transform.ts).
 */
export const RENDITION_WIDTHS: readonly number[] = WIDTHS;
export const RENDITION_FORMAT = 'avif';
export const RENDITION_QUALITY = 60;

/** Asset files a rendition can be made from. */
const RENDERABLE = /\.(svg|png|jpe?g|webp)$/i;

/**
 * The banner's AVIF candidates with their `srcset` and `sizes`, or null when its URL is not an
 * image file or already carries transformation parameters (it is then used as it is).
 */
export function bannerSources(url: string): BannerSources | null {
  const [path = '', query = ''] = url.split('?', 2);
  if (!RENDERABLE.test(path) || /(^|&)(w|h|fm|q)=/.test(query)) return null;
  const joiner = query ? '&' : '?';
  const candidates = WIDTHS.map((width) => ({ url: `${url}${joiner}w=${width}&fm=avif`, width }));
  return { type: 'image/avif', candidates, srcSet: candidates.map((c) => `${c.url} ${c.width}w`).join(', '), sizes: '100vw' };
}
