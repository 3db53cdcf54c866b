/**
 * The organizer's sign-in, kept apart from the attendee's 'userdetail': its own key, and in
 * sessionStorage so a privileged token does not outlive the tab it was typed into. An attendee
 * login or logout in another tab never signs the organizer in or out, and the reverse.
 */
import { useSyncExternalStore } from 'react';

export const ADMIN_SESSION_KEY = 'portal-admin-session';

export interface AdminSession {
  accessToken: string;
  email: string;
  /** ISO time the token stops working, when the server said so. */
  expiresAt: string | null;
  /** An account made with a one-time password changes it before anything else. */
  mustChangePassword: boolean;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: AdminSession | null = null;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Storage is outside input: anything that is not a session with a token counts as none. */
export function parseAdminSession(raw: string | null, now = Date.now()): AdminSession | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { accessToken, email, expiresAt, mustChangePassword } = value as Record<string, unknown>;
    if (typeof accessToken !== 'string' || accessToken === '' || typeof email !== 'string') return null;
    const expiry = typeof expiresAt === 'string' ? expiresAt : null;
    if (expiry && Number.isFinite(Date.parse(expiry)) && Date.parse(expiry) <= now) return null;
    return { accessToken, email, expiresAt: expiry, mustChangePassword: mustChangePassword === true };
  } catch {
    return null;
  }
}

export function getAdminSession(): AdminSession | null {
  const raw = storage()?.getItem(ADMIN_SESSION_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parseAdminSession(raw);
  }
  return cachedValue;
}

export function getAdminToken(): string | null {
  return getAdminSession()?.accessToken ?? null;
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function setAdminSession(session: AdminSession): void {
  storage()?.setItem(ADMIN_SESSION_KEY, JSON.stringify(session));
  emit();
}

export function clearAdminSession(): void {
  storage()?.removeItem(ADMIN_SESSION_KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The organizer's session, re-rendering when it starts or ends. */
export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, getAdminSession, () => null);
}
