import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = join(import.meta.dirname, '../..');
const indexHtml = readFileSync(join(webRoot, 'index.html'), 'utf8');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(join(webRoot, 'public', file));
  expect(bytes.readUInt32BE(0), `${file} is a PNG`).toBe(0x89504e47);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('page icons (render-icons.ts)', () => {
  it('links PNG icons only: Chrome would build an SVG icon document on the page’s main thread while it loads', () => {
    const links = [...indexHtml.matchAll(/<link rel="(icon|apple-touch-icon)"[^>]*href="([^"]+)"/g)].map((match) => [match[1], match[2]]);
    expect(links).toEqual([
      ['icon', '/favicon-32.png'],
      ['apple-touch-icon', '/apple-touch-icon.png'],
    ]);
    expect(indexHtml).not.toMatch(/rel="icon"[^>]*\.svg/);
  });

  it('has the PNGs in public/ at the sizes the links name', () => {
    expect(existsSync(join(webRoot, 'public', 'favicon.svg'))).toBe(true);
    expect(indexHtml).toContain('sizes="32x32"');
    expect(pngSize('favicon-32.png')).toEqual([32, 32]);
    expect(pngSize('apple-touch-icon.png')).toEqual([180, 180]);
  });
});
