#!/usr/bin/env node
// Writes the banner and logo artwork of each content environment from its source in
// content/tools/svg-sources/<env>/, with every <text> element turned into a <path> of its glyph
// outlines. A browser builds a document for every SVG image and lays its text out on the main
// thread; for the banner that was the page's first text shaping, 45-95 ms at 4x CPU in one task
// (issue 15, bench/lighthouse/RESULTS.md). Outlines draw the same letters with no text layout.
// The glyphs come from Liberation Sans, the face Chromium on Debian picks for the sources'
// font-family list ('Segoe UI', 'Helvetica Neue', Helvetica, Arial, sans-serif): weight 600 and
// over is the bold face, as Chromium picks it when the family has no semibold.
//   node content/tools/outline-svg-text.mjs            write content/{nbc,abc}/assets/*.svg
//   node content/tools/outline-svg-text.mjs --check    exit 1 if an asset is missing or out of date
// Edit the sources, not the assets. Output is deterministic: the same sources give the same bytes.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import opentype from 'opentype.js';

const contentDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const sourcesDir = join(contentDir, 'tools', 'svg-sources');
const FONT_DIR = '/usr/share/fonts/truetype/liberation';
const FACES = { regular: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf' };
/** Path coordinates keep one decimal: a tenth of a user unit is at most 0.3 device pixels at 3x. */
const DECIMALS = 1;

const fonts = new Map();
function face(weight) {
  const file = FACES[Number(weight ?? 400) >= 600 ? 'bold' : 'regular'];
  if (!fonts.has(file)) {
    const path = join(FONT_DIR, file);
    if (!existsSync(path)) throw new Error(`${path} is missing (Debian package fonts-liberation)`);
    const bytes = readFileSync(path);
    fonts.set(file, opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
  }
  return fonts.get(file);
}

const attribute = (attrs, name) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];
const decodeText = (text) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[\da-f]+);/gi, (_, entity) => {
    const named = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[entity.toLowerCase()];
    if (named) return named;
    return String.fromCodePoint(entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
  });

const round = (n) => Math.round(n * 10 ** DECIMALS) / 10 ** DECIMALS;
/** Numbers as short as SVG path syntax allows: no leading zero, no separator before a minus sign. */
function numbers(values) {
  let out = '';
  for (const value of values) {
    const text = String(round(value) || 0).replace(/^(-?)0\./, '$1.');
    out += out === '' || text.startsWith('-') || (text.startsWith('.') && /\.\d*$/.test(out)) ? text : ` ${text}`;
  }
  return out;
}

/**
 * A glyph path in relative commands from rounded absolute points (so rounding does not add up
 * along the outline): about half the bytes of opentype.js's absolute path data. A quadratic curve
 * whose control point is the previous one's mirrored through the joint (TrueType's implied
 * on-curve points, three in four of the curves) is written as `t`, the end point only: a third
 * fewer numbers for the browser to parse when it builds the image's document. The mirrored point
 * may differ from the rounded control by one step (a tenth of a unit), as much as rounding moves it.
 */
function compactPath(commands) {
  let out = '';
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The control point the browser will use for the last curve, when the last command was one.
  let control = null;
  const STEP = 10 ** -DECIMALS;
  for (const c of commands) {
    const previousControl = control;
    control = null;
    if (c.type === 'Z') {
      out += 'z';
      [x, y] = [startX, startY];
      continue;
    }
    const [ex, ey] = [round(c.x), round(c.y)];
    if (c.type === 'M') {
      out += `m${numbers([ex - x, ey - y])}`;
      [startX, startY] = [ex, ey];
    } else if (c.type === 'L') {
      if (ex === x && ey === y) continue;
      out += ex === x ? `v${numbers([ey - y])}` : ey === y ? `h${numbers([ex - x])}` : `l${numbers([ex - x, ey - y])}`;
    } else if (c.type === 'Q') {
      const [cx, cy] = [round(c.x1), round(c.y1)];
      const mirrored = previousControl && [round(2 * x - previousControl[0]), round(2 * y - previousControl[1])];
      if (mirrored && Math.abs(mirrored[0] - cx) <= STEP * 1.01 && Math.abs(mirrored[1] - cy) <= STEP * 1.01) {
        out += `t${numbers([ex - x, ey - y])}`;
        control = mirrored;
      } else {
        out += `q${numbers([cx - x, cy - y, ex - x, ey - y])}`;
        control = [cx, cy];
      }
    } else if (c.type === 'C') {
      out += `c${numbers([round(c.x1) - x, round(c.y1) - y, round(c.x2) - x, round(c.y2) - y, ex - x, ey - y])}`;
    } else {
      throw new Error(`unexpected path command ${c.type}`);
    }
    [x, y] = [ex, ey];
  }
  return out;
}

/** One <text> element (single line, start-anchored, no nested tspans) as a <path>. */
function outline(attrs, content) {
  if (/<\w/.test(content)) throw new Error(`nested elements in <text> are not supported: ${content}`);
  const anchor = attribute(attrs, 'text-anchor');
  if (anchor && anchor !== 'start') throw new Error(`text-anchor="${anchor}" is not supported`);
  const font = face(attribute(attrs, 'font-weight'));
  const size = Number(attribute(attrs, 'font-size') ?? 16);
  const spacing = Number(attribute(attrs, 'letter-spacing') ?? 0);
  const y = Number(attribute(attrs, 'y') ?? 0);
  let x = Number(attribute(attrs, 'x') ?? 0);
  const scale = size / font.unitsPerEm;
  const glyphs = font.stringToGlyphs(decodeText(content));
  const commands = [];
  glyphs.forEach((glyph, i) => {
    commands.push(...glyph.getPath(x, y, size).commands);
    const next = glyphs[i + 1];
    x += glyph.advanceWidth * scale + spacing + (next ? font.getKerningValue(glyph, next) * scale : 0);
  });
  const paint = ['fill', 'fill-opacity', 'opacity']
    .map((name) => [name, attribute(attrs, name)])
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return `<path${paint} d="${compactPath(commands).replace(/^m/, 'M')}"/>`;
}

function outlineSvg(source) {
  return source.replace(/<text\b([^>]*)>([\s\S]*?)<\/text>/g, (_, attrs, content) => outline(attrs, content));
}

const check = process.argv.includes('--check');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
let stale = 0;
for (const env of readdirSync(sourcesDir)) {
  if (only.length > 0 && !only.includes(env)) continue;
  for (const file of readdirSync(join(sourcesDir, env)).filter((f) => f.endsWith('.svg'))) {
    const target = join(contentDir, env, 'assets', file);
    const output = outlineSvg(readFileSync(join(sourcesDir, env, file), 'utf8'));
    const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    if (current === output) continue;
    if (check) {
      console.error(`${env}/assets/${file} is ${current === undefined ? 'missing' : 'out of date'}: run node content/tools/outline-svg-text.mjs`);
      stale++;
    } else {
      writeFileSync(target, output);
      console.log(`wrote ${env}/assets/${file} (${output.length} bytes)`);
    }
  }
}
if (stale > 0) process.exit(1);
