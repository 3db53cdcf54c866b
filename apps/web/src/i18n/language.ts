/**
 * The reader's language: the stored choice, else the browser's languages (what it sends as
 * Accept-Language), else English. One value for the whole page, readable outside React (the API
 * client sends it as Accept-Language, the content client asks for that language variant) and
 * subscribed to inside React. Setting it stores it and updates `<html lang>`.
 */
import { useSyncExternalStore } from 'react';
import type { Language } from '@portal/contracts';

export type { Language };

/**
 * The cookie the choice is mirrored into for the server (`LANGUAGE_COOKIE` of @portal/contracts/rules;
 * a test keeps the two equal). Spelled here so the message runtime's first-load chunk imports no
 * other chunk: a chunk cycle leaves the catalogs uninitialized when the app starts.
 */
export const LANGUAGE_COOKIE = 'portal_language';

/** The query parameter of a mailed link with the mail's language (`LINK_LANGUAGE_PARAM` of @portal/contracts/rules, kept equal by a test). */
export const LINK_LANGUAGE_PARAM = 'lang';

/** The portal's languages, the default first (the same list as the server's). */
export const WEB_LANGUAGES: readonly Language[] = ['en', 'fr-CA'];
/** Each language's own name, as the switch shows it. */
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', 'fr-CA': 'Français' };

/** The web app's storage key; the door app keeps its own choice under another (setLanguageStorageKey). */
const DEFAULT_STORAGE_KEY = 'portal.language';
let storageKey = DEFAULT_STORAGE_KEY;

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr-CA';
}

/** The first of the browser's language tags the portal speaks: any `fr*` reads French, any `en*` English. */
export function matchLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lower = tag.trim().toLowerCase();
    if (lower === 'fr' || lower.startsWith('fr-')) return 'fr-CA';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return 'en';
}

function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(storageKey);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * The language a mailed link names (`?lang=fr-CA`): the mail was written in the person's language,
 * so the page behind it opens in that language, not the browser's. Not stored: it is the mail's
 * language, not a choice the reader made.
 */
function linkLanguage(): Language | null {
  if (typeof window === 'undefined') return null;
  const value = new URLSearchParams(window.location.search).get(LINK_LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/** The language a page starts in: the stored choice, else a mailed link's, else the browser's. */
export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (stored) mirrorToCookie(stored);
  return stored ?? linkLanguage() ?? matchLanguage(browserLanguages());
}

/**
 * The portal's choice (not the door's) also goes into a cookie for the server: the pages it writes
 * (the header painted before the scripts, its banner preload, `<html lang>`) then come in this
 * language, not the browser's. A year, the whole site, never sent from another site.
 */
function mirrorToCookie(language: Language): void {
  if (storageKey !== DEFAULT_STORAGE_KEY || typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

let current: Language | null = null;
const listeners = new Set<() => void>();

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The page's language now. */
export function currentLanguage(): Language {
  if (current === null) {
    current = initialLanguage();
    applyToDocument(current);
  }
  return current;
}

/** Chooses a language: kept in this browser (a logout keeps it) and shown at once. */
export function setLanguage(language: Language): void {
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
  mirrorToCookie(language);
  if (language === current) return;
  current = language;
  applyToDocument(language);
  for (const listener of listeners) listener();
}

/** The door app keeps the device's language apart from the portal's (one browser may run both). */
export function setLanguageStorageKey(key: string): void {
  storageKey = key;
  current = null;
}

/** The stored choice, for code that clears the browser's storage and puts it back. */
export function languageStorageEntry(): [key: string, value: Language] | null {
  const value = storedLanguage();
  return value ? [storageKey, value] : null;
}

/** Tests: forget the page's language (the next read starts from storage and the browser again). */
export function resetLanguageForTests(): void {
  current = null;
  storageKey = DEFAULT_STORAGE_KEY;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's language, re-rendering on a change. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
