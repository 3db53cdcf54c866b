/**
 * The server sends the login pages' header (logo and banner), and on the welcome page the shell's
 * bar and banner, as plain HTML (`#first-paint`, see apps/server/src/plugins/static-web.ts), so the
 * page paints before any script runs. It lies over the page; the page (the login page, the shell)
 * removes it once its own header is in place.
 */

const ID = 'first-paint';
/** The welcome page's copy of the letter's opening, laid over the page apart from the header's copy. */
const CONTENT_ID = 'first-paint-content';

/** Removes the server's header (and letter) now (a page that does not show it, or another path). */
export function releaseFirstPaint(): void {
  document.getElementById(ID)?.remove();
  releaseFirstPaintContent();
}

/** Removes the server's copy of the welcome letter's opening: the page has its own letter, or none. */
export function releaseFirstPaintContent(): void {
  document.getElementById(CONTENT_ID)?.remove();
}

/**
 * Removes the server's header once the given images (the page's own logo and banner, same files,
 * same places) are decoded, so the swap shows no empty frame; at once if they fail.
 */
export function releaseFirstPaintAfter(images: readonly (HTMLImageElement | null)[]): void {
  const overlay = document.getElementById(ID);
  if (!overlay) return;
  const decoded = images.filter((image): image is HTMLImageElement => image !== null).map((image) => (typeof image.decode === 'function' ? image.decode() : Promise.resolve()));
  void Promise.all(decoded)
    .catch(() => undefined)
    .then(() => overlay.remove());
}

/** The path the server's header was made for; anything else removes it (e.g. after a redirect). */
export function firstPaintPath(): string | null {
  return document.getElementById(ID)?.dataset.path ?? null;
}

/** The language the server drew the page's first paint in (its text and images), when it says. */
export function firstPaintLanguage(): string | null {
  return document.getElementById(ID)?.dataset.lang ?? null;
}
