import { describe, expect, it } from 'vitest';
import { warmFonts } from './warm-fonts.ts';

describe('warmFonts', () => {
  it('lays out one hidden sample per face, one face per task, and removes them', async () => {
    const done = warmFonts();
    const host = document.body.querySelector('.font-warmup');
    expect(host).not.toBeNull();
    expect(host).toHaveAttribute('aria-hidden', 'true');
    // The calling task adds no sample: its layout is the page's own.
    expect(host?.children).toHaveLength(0);
    const seen: string[][] = [];
    const observer = new MutationObserver(() => seen.push([...(host?.children ?? [])].map((child) => child.className)));
    if (host) observer.observe(host, { childList: true });
    await done;
    observer.disconnect();
    expect(seen.at(-1)).toEqual(['', 'fw-medium', 'fw-bold', 'small', 'h1', 'h2', 'h3', 'fs-5']);
    // One sample at a time: each mutation record batch saw exactly one more.
    expect(seen.map((classes) => classes.length)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(document.body.querySelector('.font-warmup')).toBeNull();
  });
});
