import { describe, expect, it } from 'vitest';
import { cutIndex, cutLetterHtml, LETTER_PREVIEW_CHARS } from './cut-letter.ts';

describe('cutIndex', () => {
  it('keeps a text of at most 600 characters whole', () => {
    expect(LETTER_PREVIEW_CHARS).toBe(600);
    expect(cutIndex('a'.repeat(600))).toBe(600);
    expect(cutIndex('short text')).toBe(10);
  });

  it('cuts at the last space before 600 characters', () => {
    const text = `${'word '.repeat(119)}wordy${' tail'.repeat(10)}`; // spaces at 4, 9, …, 594; 595-599 'wordy'
    expect(text.length).toBeGreaterThan(600);
    expect(cutIndex(text)).toBe(594);
    expect(text.slice(0, cutIndex(text)).endsWith('word')).toBe(true);
  });

  it('uses a space at index 599 (the 600th character) and not one at index 600', () => {
    const at599 = `${'x'.repeat(599)} ${'y'.repeat(50)}`;
    expect(cutIndex(at599)).toBe(599);
    const at600 = `${'x'.repeat(300)} ${'x'.repeat(299)} ${'y'.repeat(50)}`;
    expect(cutIndex(at600)).toBe(300);
  });

  it('cuts hard at 600 when there is no space', () => {
    expect(cutIndex('x'.repeat(700))).toBe(600);
  });
});

describe('cutLetterHtml', () => {
  it('returns a short letter unchanged and not truncated', () => {
    expect(cutLetterHtml('<p>Dear <strong>colleague</strong>,</p>')).toEqual({ previewHtml: '<p>Dear <strong>colleague</strong>,</p>', truncated: false });
  });

  it('counts visible text, not markup, and keeps the markup valid', () => {
    const para = (n: number) => `<p><strong>Paragraph ${n}.</strong> ${'lorem ipsum '.repeat(10)}</p>`;
    const html = Array.from({ length: 8 }, (_, i) => para(i + 1)).join('');
    const { previewHtml, truncated } = cutLetterHtml(html);
    expect(truncated).toBe(true);
    const preview = document.createElement('div');
    preview.innerHTML = previewHtml;
    const full = document.createElement('div');
    full.innerHTML = html;
    const previewText = preview.textContent ?? '';
    expect(previewText.endsWith('…')).toBe(true);
    const kept = previewText.slice(0, -1);
    expect(kept.length).toBeLessThan(600);
    expect(full.textContent?.startsWith(kept)).toBe(true);
    // The cut is at a word break: the next character of the full text is whitespace.
    expect(full.textContent?.charAt(kept.length)).toMatch(/\s/);
    expect(full.textContent?.lastIndexOf(' ', 599)).toBe(kept.length);
    expect(preview.querySelectorAll('p').length).toBeLessThan(8);
    expect(previewHtml).not.toContain('Paragraph 8');
  });
});
