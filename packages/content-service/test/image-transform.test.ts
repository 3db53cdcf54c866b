import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { RenditionCache, imageTransformOf, transformEtag } from '../src/image-transform.ts';

const dir = mkdtempSync(join(tmpdir(), 'rendition-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('image renditions', () => {
  it('loads nothing an SVG points to outside itself (a file on the server stays unread)', async () => {
    const red = join(dir, 'red.png');
    writeFileSync(red, await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer());
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8">` +
        `<image width="8" height="8" xlink:href="file://${red}"/><image width="8" height="8" href="${red}"/></svg>`,
    );
    const transform = imageTransformOf({ w: '8', fm: 'png' }, 'image/svg+xml');
    expect(transform).toEqual({ width: 8, format: 'png', quality: 100 });
    const png = await new RenditionCache().rendition('"svg"', svg, 'image/svg+xml', transform!);
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
  });

  it('makes a rendition once for concurrent requests, and does not keep a failure', async () => {
    const cache = new RenditionCache();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="#0b2545"/></svg>');
    const transform = imageTransformOf({ w: '400' }, 'image/svg+xml')!;
    expect(transform.format).toBe('webp');
    const [a, b] = await Promise.all([cache.rendition('"a"', svg, 'image/svg+xml', transform), cache.rendition('"a"', svg, 'image/svg+xml', transform)]);
    expect(a).toBe(b);
    expect(await sharp(a).metadata()).toMatchObject({ width: 400, height: 200 });
    const broken = Buffer.from('<svg');
    await expect(cache.rendition('"b"', broken, 'image/svg+xml', transform)).rejects.toMatchObject({ statusCode: 400 });
    // The next request tries again (and here the asset has been mended).
    expect(await sharp(await cache.rendition('"b"', svg, 'image/svg+xml', transform)).metadata()).toMatchObject({ width: 400 });
  });

  it('names each rendition apart from its asset', () => {
    expect(transformEtag('"abc"', { width: 800, format: 'webp', quality: 80 })).toBe('"abc-800.webp.80"');
    expect(imageTransformOf({}, 'image/svg+xml')).toBeNull();
    // Each format's own default quality; `q` overrides it.
    expect(imageTransformOf({ w: '800', fm: 'avif' }, 'image/svg+xml')).toEqual({ width: 800, format: 'avif', quality: 60 });
    expect(imageTransformOf({ fm: 'webp', q: '70' }, 'image/png')).toEqual({ width: 0, format: 'webp', quality: 70 });
  });
});
