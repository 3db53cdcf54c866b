// Writes the tab icon and the home-screen icon as PNG from public/favicon.svg, drawn by Chromium.
// The page links the PNG, not the SVG: Chrome downloads a page's icon through the page's own
// renderer and builds a whole SVG document for an SVG icon on the page's main thread while the
// page loads (10-25 ms at 4x CPU, once over 50 ms, bench/lighthouse/RESULTS.md). A 32 px
// PNG is decoded in well under a millisecond.
//   npx tsx apps/web/render-icons.ts      (after editing public/favicon.svg; commit the PNGs)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright';

const publicDir = join(import.meta.dirname, 'public');
const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
/** The icon's background colour (its first fill): iOS shows a home-screen icon's transparent corners black. */
const background = /fill="(#[\da-f]{3,6})"/i.exec(svg)?.[1] ?? '#ffffff';
/** Output file, size in pixels and whether the corners are filled: the tab icon (16 px at 2x) and iOS's home-screen icon, which iOS rounds itself. */
const ICONS: [string, number, boolean][] = [
  ['favicon-32.png', 32, false],
  ['apple-touch-icon.png', 180, true],
  // The door app's install icons (public/checkin.webmanifest, docs/checkin-app.md).
  ['checkin-icon-192.png', 192, true],
  ['checkin-icon-512.png', 512, true],
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [file, size, filled] of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const markup = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:${filled ? background : 'transparent'}}svg{display:block}</style>${markup}`);
    await page.screenshot({ path: join(publicDir, file), omitBackground: !filled, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`wrote public/${file} (${size} x ${size})`);
  }
} finally {
  await browser.close();
}
