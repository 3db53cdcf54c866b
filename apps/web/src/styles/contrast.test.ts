/**
 * Non-text contrast (WCAG 1.4.11) of the portal's own control colours in app.css: the keyboard focus
 * ring and the radio/checkbox outline need 3:1 against the backgrounds they sit on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(import.meta.dirname, 'app.css'), 'utf8');

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The colour a declaration resolves to: a hex value, or the custom property it names. */
function colourOf(pattern: RegExp): string {
  const value = pattern.exec(css)?.[1]?.trim() ?? '';
  const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  const resolved = variable ? new RegExp(`${variable}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1] : value;
  if (!resolved || !/^#[0-9a-f]{6}$/i.test(resolved)) throw new Error(`no colour for ${pattern}`);
  return resolved;
}

// White pages and cards, the login page's grey, the footer's and alternate sections' greys.
const BACKGROUNDS = ['#ffffff', '#f3f5f8', '#f8f9fa', '#f6f8fb'];

describe('control contrast', () => {
  it('the focus ring stands out 3:1 from every page background', () => {
    const ring = colourOf(/:focus-visible\s*\{\s*outline:\s*3px solid ([^;]+);/);
    for (const background of BACKGROUNDS) expect(contrast(ring, background), `${ring} on ${background}`).toBeGreaterThanOrEqual(3);
  });

  it('an unchecked radio button or checkbox is outlined at 3:1 or more', () => {
    const border = colourOf(/\.form-check-input\s*\{\s*border-color:\s*([^;]+);/);
    for (const background of BACKGROUNDS) expect(contrast(border, background), `${border} on ${background}`).toBeGreaterThanOrEqual(3);
  });
});
