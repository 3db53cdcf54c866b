import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DeliveryHttpError } from '../src/delivery-error.ts';
import { DEFAULT_RENDITION_POLICY, RenditionCache, imageTransformOf, snapWidth, transformEtag } from '../src/image-transform.ts';

const dir = mkdtempSync(join(tmpdir(), 'rendition-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PNG_POLICY = { widths: [8, 16], format: 'png' as const, quality: 100 };
const svgOf = (fill: string, width = 100, height = 50) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${fill}"/><circle cx="20" cy="20" r="15" fill="#fff"/></svg>`);

describe('image renditions', () => {
  it('loads nothing an SVG points to outside itself (a file on the server stays unread)', async () => {
    const red = join(dir, 'red.png');
    writeFileSync(red, await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer());
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8">` +
        `<image width="8" height="8" xlink:href="file://${red}"/><image width="8" height="8" href="${red}"/></svg>`,
    );
    const transform = imageTransformOf({ w: '8', fm: 'png' }, 'image/svg+xml', PNG_POLICY);
    expect(transform).toEqual({ width: 8, format: 'png', quality: 100 });
    const png = await new RenditionCache().rendition('"svg"', svg, 'image/svg+xml', transform!);
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
  });

  it('makes a rendition once for concurrent requests, and does not keep a failure', async () => {
    const cache = new RenditionCache();
    const svg = svgOf('#0b2545');
    const transform = imageTransformOf({ w: '400' }, 'image/svg+xml')!;
    expect(transform).toEqual({ width: 640, format: 'avif', quality: 60 });
    const [a, b] = await Promise.all([cache.rendition('"a"', svg, 'image/svg+xml', transform), cache.rendition('"a"', svg, 'image/svg+xml', transform)]);
    expect(a).toBe(b);
    expect(await sharp(a).metadata()).toMatchObject({ width: 640, height: 320 });
    const broken = Buffer.from('<svg');
    await expect(cache.rendition('"b"', broken, 'image/svg+xml', transform)).rejects.toMatchObject({ statusCode: 400 });
    // The next request tries again (and here the asset has been mended).
    expect(await sharp(await cache.rendition('"b"', svg, 'image/svg+xml', transform)).metadata()).toMatchObject({ width: 640 });
  });

  it('names each rendition apart from its asset', () => {
    expect(transformEtag('"abc"', { width: 800, format: 'avif', quality: 60 })).toBe('"abc-800.avif.60"');
    expect(imageTransformOf({}, 'image/svg+xml')).toBeNull();
    expect(imageTransformOf({ w: '800', fm: 'avif' }, 'image/svg+xml')).toEqual({ width: 800, format: 'avif', quality: 60 });
    expect(imageTransformOf({ fm: 'avif', q: '60' }, 'image/png')).toEqual({ width: 0, format: 'avif', quality: 60 });
  });

  it('serves only the allowed widths, format and quality', () => {
    const widths = DEFAULT_RENDITION_POLICY.widths;
    expect(widths).toEqual([640, 800, 960, 1280, 1600, 2400, 3200]);
    expect([1, 640, 641, 700, 1281, 2401, 3200, 4096, 99_999].map((w) => snapWidth(w, widths))).toEqual([640, 640, 800, 800, 1600, 3200, 3200, 3200, 3200]);
    expect(imageTransformOf({ w: '1234', fm: 'avif' }, 'image/svg+xml')).toEqual({ width: 1280, format: 'avif', quality: 60 });
    // Every width and quality a client may name lands on one of 8 renditions per asset.
    const distinct = new Set<string>();
    for (let w = 1; w <= 5_000; w += 7) distinct.add(transformEtag('"x"', imageTransformOf({ w: String(w) }, 'image/svg+xml')!));
    expect(distinct.size).toBe(widths.length);
    for (const query of [{ fm: 'webp' }, { fm: 'png' }, { fm: 'jpg' }, { w: '640', q: '80' }, { w: '640', q: '1' }]) {
      expect(() => imageTransformOf(query, 'image/svg+xml'), JSON.stringify(query)).toThrow(DeliveryHttpError);
    }
  });

  it('keeps renditions on disk across restarts, bounded by size, oldest out', async () => {
    const cacheDir = join(dir, 'disk');
    const transform = imageTransformOf({ w: '8' }, 'image/svg+xml', PNG_POLICY)!;
    const first = new RenditionCache({ dir: cacheDir });
    const drawn = await first.rendition('"disk-a"', svgOf('#123456'), 'image/svg+xml', transform);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.rendition'))).toHaveLength(1);
    // A new process (a new cache on the same directory) serves it without drawing: the asset given
    // now could not be drawn at all.
    const restarted = new RenditionCache({ dir: cacheDir });
    expect((await restarted.rendition('"disk-a"', Buffer.from('<svg'), 'image/svg+xml', transform)).equals(drawn)).toBe(true);

    // Bounded: room for about two renditions; the oldest go first.
    const size = drawn.length;
    const boundedDir = join(dir, 'bounded');
    const bounded = new RenditionCache({ dir: boundedDir, maxBytes: Math.floor(size * 2.5) });
    const colours = ['#111111', '#222222', '#333333', '#444444', '#555555'];
    for (const [i, colour] of colours.entries()) {
      await bounded.rendition(`"b${i}"`, svgOf(colour), 'image/svg+xml', transform);
      await new Promise((r) => setTimeout(r, 20));
    }
    const files = readdirSync(boundedDir).filter((f) => f.endsWith('.rendition'));
    const total = files.reduce((sum, f) => sum + statSync(join(boundedDir, f)).size, 0);
    expect(total).toBeLessThanOrEqual(Math.floor(size * 2.5));
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(files.length).toBeLessThan(colours.length);
    // The newest is kept, the oldest is gone (a restarted cache must draw it: a broken asset fails).
    const again = new RenditionCache({ dir: boundedDir, maxBytes: Math.floor(size * 2.5) });
    await expect(again.rendition('"b4"', Buffer.from('<svg'), 'image/svg+xml', transform)).resolves.toBeInstanceOf(Buffer);
    await expect(again.rendition('"b0"', Buffer.from('<svg'), 'image/svg+xml', transform)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('bounds the work queue: past it, 503 with Retry-After; the queue drains and later requests are drawn', async () => {
    const cache = new RenditionCache({ maxDrawing: 1, maxQueued: 2 });
    const big = svgOf('#0b2545', 2_000, 1_000);
    const asks = Array.from({ length: 8 }, (_, i) => cache.rendition(`"q${i}"`, big, 'image/svg+xml', { width: 3200, format: 'avif', quality: 60 }));
    const outcomes = await Promise.allSettled(asks);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason as DeliveryHttpError);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect(error).toBeInstanceOf(DeliveryHttpError);
      expect(error.statusCode).toBe(503);
      expect(error.headers['retry-after']).toBe('2');
    }
    expect(cache.load).toEqual({ drawing: 0, queued: 0 });
    // A refusal is not kept: asked again once the queue has room, it is drawn.
    expect(await cache.rendition('"q7"', big, 'image/svg+xml', { width: 3200, format: 'avif', quality: 60 })).toBeInstanceOf(Buffer);
  });
});
