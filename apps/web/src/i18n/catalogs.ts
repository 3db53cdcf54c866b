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
    const started: Promise<Messages> = import('./messages/fr-CA/base.ts').then(({ baseFrCA }) => {
      // Kept unless the catalogs were forgotten meanwhile (resetCatalogsForTests).
      if (loading.get(language) === started) loaded.set(language, baseFrCA);
      return baseFrCA;
    });
    pending = started;
    // A failed fetch (offline) may be retried by the next switch.
    pending.catch(() => {
      if (loading.get(language) === started) loading.delete(language);
    });
    loading.set(language, pending);
  }
  return pending;
}

/**
 * Tests that share one module graph (testing/shared-worker.ts): forget every fetched catalog, as a
 * new page has only English. A French catalog kept from an earlier file makes the provider's first
 * render French at once, so an area's French part is first suspended on inside the synchronous
 * `act` of testing-library's `render`; React then drops the root's pending work when that `act`
 * ends and never renders the page (see shared-worker.ts).
 */
export function resetCatalogsForTests(): void {
  loaded.clear();
  loaded.set('en', baseEn);
  loading.clear();
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
