/**
 * The stored login ('userdetail', docs/design/web-rules.md, section 9): the whole ProcessLogin answer, kept in
 * localStorage so a reload or a second tab stays signed in. Components subscribe with
 * `useUserDetail()`; everything else calls `getUserDetail()`.
 */
import { useSyncExternalStore } from 'react';
import type { Envelope, LoginData } from '@portal/contracts';
import { languageStorageEntry } from '../i18n/language.ts';

export const USER_DETAIL_KEY = 'userdetail';

/** The login envelope as stored: always a successful answer with its data. */
export type StoredUserDetail = Envelope<LoginData> & { data: LoginData };

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: StoredUserDetail | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Storage is outside input: anything that is not a login with a token counts as no login. */
function parseUserDetail(raw: string | null): StoredUserDetail | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || parsed.succeeded !== true || !isRecord(parsed.data)) return null;
    const data = parsed.data;
    if (typeof data.accessToken !== 'string' || data.accessToken === '') return null;
    if (data.eventType !== 'nbc' && data.eventType !== 'abc') return null;
    if (!Array.isArray(data.authorizationPolicy)) return null;
    return parsed as unknown as StoredUserDetail;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(USER_DETAIL_KEY);
  } catch {
    return null;
  }
}

export function getUserDetail(): StoredUserDetail | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parseUserDetail(raw);
  }
  return cachedValue;
}

/**
 * Whether the login holds a granted report scope (`LoginData.reportScope`, docs/reports.md): without
 * one the server answers 403 on every report, so the app shows no reports. An answer without the
 * field (stored before the server sent it) counts as no grant; logging in again brings it.
 */
export function hasReportGrant(detail: StoredUserDetail | null | undefined): boolean {
  const scope = detail?.data.reportScope;
  return typeof scope === 'object' && scope !== null && typeof scope.level === 'string';
}

export function getAccessToken(): string | null {
  return getUserDetail()?.data.accessToken ?? null;
}

export function setUserDetail(detail: StoredUserDetail): void {
  window.localStorage.setItem(USER_DETAIL_KEY, JSON.stringify(detail));
  emit();
}

/** Drops the stored login only (a 401 answer). */
export function removeUserDetail(): void {
  try {
    window.localStorage.removeItem(USER_DETAIL_KEY);
  } catch {
    // Storage disabled: nothing was stored.
  }
  emit();
}

/** Logout and login-page entry: clears local and session storage (docs/design/web-rules.md, section 4). */
export function clearSession(): void {
  try {
    // The language choice is the browser's, not the session's: it outlives a logout.
    const language = languageStorageEntry();
    window.localStorage.clear();
    window.sessionStorage.clear();
    if (language) window.localStorage.setItem(...language);
  } catch {
    // Storage disabled: nothing was stored.
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_DETAIL_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored login, re-rendering when it changes (also from another tab). */
export function useUserDetail(): StoredUserDetail | null {
  return useSyncExternalStore(subscribe, getUserDetail, () => null);
}
