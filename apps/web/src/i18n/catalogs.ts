/**
 * The base part of each language's catalog (landing, login, shell, the API client's own errors):
 * English is bundled; French is its own chunk, fetched only for a French reader (and started as soon
 * as the page knows its language, alongside the app's chunks). Areas add their parts (area.tsx).
 */
import { baseEn } from './messages/en/base.ts';
import type { Language } from './language.ts';
import type { Messages } from './messages/types.ts';

/** The base part's own ids (the messages outside React may use). */
export type BaseMessageId = keyof typeof baseEn;

const loaded = new Map<Language, Messages>([['en', baseEn]]);
const loading = new Map<Language, Promise<Messages>>();

/** The base part when it is already here (English always), else undefined. */
export function loadedCatalog(language: Language): Messages | undefined {
  return loaded.get(language);
}

/** The base part of a language, fetched once. */
export function loadCatalog(language: Language): Promise<Messages> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    pending = import('./messages/fr-CA/base.ts').then(({ baseFrCA }) => {
      loaded.set(language, baseFrCA);
      return baseFrCA;
    });
    // A failed fetch (offline) may be retried by the next switch.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/**
 * A base message outside React (the API client's own errors, toasts): the page's part when it is
 * here, else English. Plain messages only (no ICU arguments).
 */
export function translate(id: BaseMessageId, language: Language): string {
  const message: unknown = (loaded.get(language) ?? baseEn)[id];
  // The built catalogs hold syntax trees (vite.config.ts, precompileMessages): a plain message is its literals.
  return Array.isArray(message) ? message.map((part: { value?: unknown }) => String(part.value ?? '')).join('') : String(message);
}
