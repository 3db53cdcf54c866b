import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { en } from './messages/en.ts';
import { frCA } from './messages/fr-CA.ts';

const NBSP = '\u00a0';

describe('the message catalogs', () => {
  it('the French catalog has every key of the English one, and no other', () => {
    const missing = Object.keys(en).filter((id) => !(id in frCA));
    const extra = Object.keys(frCA).filter((id) => !(id in en));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it('every French message is written (not empty, not left in English) and parses as ICU', () => {
    for (const [id, message] of Object.entries(frCA)) {
      expect(message.trim(), id).not.toBe('');
      expect(() => new IntlMessageFormat(message, 'fr-CA'), id).not.toThrow();
      expect(() => new IntlMessageFormat(en[id as keyof typeof en], 'en'), id).not.toThrow();
    }
    // A few words are the same in both languages; a long sentence equal to the English one was forgotten.
    const untranslated = Object.entries(frCA).filter(([id, message]) => message.length > 12 && message === en[id as keyof typeof en]);
    expect(untranslated).toEqual([]);
  });

  it('French typography: a non-breaking space before : ; ? ! and %, inside « guillemets », straight quotes only in ICU', () => {
    for (const [id, message] of Object.entries(frCA)) {
      expect(message, id).not.toMatch(/ [:;?!%»]/);
      expect(message, id).not.toMatch(/« /);
      expect(message, id).not.toMatch(/\S[?!;%»]/u);
      expect(message.includes('"'), id).toBe(false);
    }
    expect(frCA['shell.erasure.title'].endsWith(`${NBSP}?`)).toBe(true);
  });
});
