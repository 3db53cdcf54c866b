import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Messages } from './messages/types.ts';

const NBSP = '\u00a0';

/** Every part of both catalogs, by file name (messages/en/x.ts beside messages/fr-CA/x.ts). */
function parts(modules: Record<string, unknown>): Map<string, Messages> {
  return new Map(
    Object.entries(modules).map(([path, module]) => {
      const exported = Object.values(module as Record<string, Messages>);
      expect(exported, `${path} exports one catalog part`).toHaveLength(1);
      return [path.replace(/^.*\//, ''), exported[0]!];
    }),
  );
}
const english = parts(import.meta.glob('./messages/en/*.ts', { eager: true }));
const french = parts(import.meta.glob('./messages/fr-CA/*.ts', { eager: true }));

describe('the message catalogs', () => {
  it('each English part has its French part, with every key and no other', () => {
    expect([...french.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [file, en] of english) {
      const fr = french.get(file)!;
      expect(Object.keys(en).filter((id) => !(id in fr)), `${file}: missing in French`).toEqual([]);
      expect(Object.keys(fr).filter((id) => !(id in en)), `${file}: only in French`).toEqual([]);
    }
  });

  it('no id is in two parts (a page may hold several parts at once)', () => {
    const seen = new Map<string, string>();
    for (const [file, en] of english) {
      for (const id of Object.keys(en)) {
        expect(seen.get(id), `${id} in ${file}`).toBeUndefined();
        seen.set(id, file);
      }
    }
  });

  it('every French message is written (not empty, not left in English) and parses as ICU', () => {
    for (const [file, fr] of french) {
      const en = english.get(file)!;
      for (const [id, message] of Object.entries(fr)) {
        expect(message.trim(), id).not.toBe('');
        expect(() => new IntlMessageFormat(message, 'fr-CA'), id).not.toThrow();
        expect(() => new IntlMessageFormat(en[id]!, 'en'), id).not.toThrow();
        // A few words are the same in both languages; a long sentence equal to the English one was
        // forgotten (a message of arguments only, such as '{name} ({code})', has no words to translate).
        const words = message.replace(/\{[^{}]*\}/g, '').replace(/[^\p{L}]/gu, '');
        if (message.length > 12 && words.length > 0) expect(message, `${id} left in English`).not.toBe(en[id]);
      }
    }
  });

  it('French typography: a non-breaking space before : ; ? ! and %, inside « guillemets », straight quotes only in ICU', () => {
    for (const fr of french.values()) {
      for (const [id, message] of Object.entries(fr)) {
        expect(message, id).not.toMatch(/ [:;?!%»]/);
        expect(message, id).not.toMatch(/« /);
        expect(message, id).not.toMatch(/\S[?!;%»]/u);
        expect(message.includes('"'), id).toBe(false);
      }
    }
    expect(french.get('base.ts')!['shell.erasure.title']!.endsWith(`${NBSP}?`)).toBe(true);
  });
});
