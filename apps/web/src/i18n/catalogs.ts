/**
 * The catalog of each language: English is bundled; French is its own chunk, fetched only for a
 * French reader (and started as soon as the page knows its language, alongside the app's chunks).
 */
import { en, type Catalog } from './messages/en.ts';
import type { Language } from './language.ts';

const loaded = new Map<Language, Catalog>([['en', en]]);
const loading = new Map<Language, Promise<Catalog>>();

/** The catalog when it is already here (English always), else undefined. */
export function loadedCatalog(language: Language): Catalog | undefined {
  return loaded.get(language);
}

/** The catalog of a language, fetched once. */
export function loadCatalog(language: Language): Promise<Catalog> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    pending = import('./messages/fr-CA.ts').then(({ frCA }) => {
      loaded.set(language, frCA);
      return frCA;
    });
    // A failed fetch (offline) may be retried by the next switch.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/**
 * A message outside React (the API client's own errors, toasts): the page's catalog when it is
 * here, else English. Plain messages only (no ICU arguments).
 */
export function translate(id: keyof Catalog, language: Language): string {
  const message: unknown = (loaded.get(language) ?? en)[id];
  // The built catalogs hold syntax trees (vite.config.ts, precompileMessages): a plain message is its literals.
  return Array.isArray(message) ? message.map((part: { value?: unknown }) => String(part.value ?? '')).join('') : String(message);
}
