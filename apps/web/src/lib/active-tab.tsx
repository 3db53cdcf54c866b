/**
 * The shell's tab state, shared by the shell and the pages inside it:
 * - `activeTab` (welcome, confinfo, …, enrollment, reporting), starting at welcome;
 * - `tabs`, the tabs the navigation bar shows for this login (id and title);
 * - `scrollToSection(id)`, what choosing a scroll tab on the welcome page does: mark it active and
 *   scroll smoothly to its section, while the scroll tracker holds still until the scroll is done;
 *   a section not on the page yet is scrolled to when the page calls `scrollToPendingSection()`;
 *   then the chosen section is kept in place while the page around it still loads (sections and
 *   content arriving above or below change its position or let it reach its place), until the user
 *   scrolls, types, touches or clicks (docs/design/web-rules.md, "Tabs");
 * - `reportVisibleSection(id)`, what the content page's scroll tracker calls; while a chosen tab's
 *   scroll runs it declines and answers how many ms to wait before measuring again (the user's own
 *   scroll input ends that at once).
 * Other pages mark their tab with `useSetActiveTab('enrollment')`.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type TabId = string;

export const DEFAULT_TAB: TabId = 'welcome';

/** How long a chosen tab wins over the scroll tracker while the smooth scroll runs. */
export const TAB_SCROLL_LOCK_MS = 1200;

export interface ShellTab {
  id: TabId;
  title: string;
}

export interface ActiveTabState {
  activeTab: TabId;
  setActiveTab: (tab: TabId) => void;
  tabs: readonly ShellTab[];
  scrollToSection: (sectionId: TabId) => void;
  /** Scrolls to a section asked for before it was on the page, once it is; true when it did. */
  scrollToPendingSection: () => boolean;
  /** Marks the section the user scrolled to; returns 0, or the ms until it will accept again. */
  reportVisibleSection: (sectionId: TabId) => number;
}

const ActiveTabContext = createContext<ActiveTabState | null>(null);

/** What ends the hold on a chosen section: the user taking over the scrolling (scroll-hold.ts). */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Calls `callback` once, on the user's first scroll input (USER_SCROLL_EVENTS); answers the function
 * that stops watching (safe to call again).
 */
function onFirstUserInput(callback: () => void): () => void {
  const stop = () => {
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, onInput, true);
  };
  const onInput = () => {
    stop();
    callback();
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  return stop;
}

/**
 * Starts holding `section` in place (scroll-hold.ts, loaded on the first tab choice so the first
 * load carries none of it); answers the function that ends the hold, also before it has started.
 * Input from the user while the module loads means the hold never starts; once loaded, holdInPlace
 * watches the same input itself.
 */
function startHold(section: HTMLElement, behavior: ScrollBehavior, smoothUntil: number): () => void {
  let release: (() => void) | null = null;
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
    stopWatching();
    release?.();
  };
  const stopWatching = onFirstUserInput(cancel);
  void import('./scroll-hold.ts').then(({ holdInPlace }) => {
    stopWatching();
    if (!cancelled) release = holdInPlace(section, behavior, smoothUntil, onFirstUserInput);
  });
  return cancel;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface ActiveTabProviderProps {
  children: ReactNode;
  tabs?: readonly ShellTab[];
  initialTab?: TabId;
}

const NO_TABS: readonly ShellTab[] = [];

export function ActiveTabProvider({ children, tabs = NO_TABS, initialTab = DEFAULT_TAB }: ActiveTabProviderProps) {
  const [activeTab, setActiveTab] = useState<TabId>(initialTab);
  const lockedUntil = useRef(0);
  const pendingSection = useRef<TabId | null>(null);
  const releaseHold = useRef<(() => void) | null>(null);
  const stopLockWatch = useRef<(() => void) | null>(null);

  const scrollToSection = useCallback((sectionId: TabId) => {
    setActiveTab(sectionId);
    lockedUntil.current = Date.now() + TAB_SCROLL_LOCK_MS;
    stopLockWatch.current?.();
    // The user's own scroll input ends the lock at once: a report declined under the lock is dropped,
    // not repeated, so Home pressed during the tab's scroll would otherwise leave this tab marked at
    // the top of the page.
    stopLockWatch.current = onFirstUserInput(() => {
      lockedUntil.current = 0;
    });
    releaseHold.current?.();
    releaseHold.current = null;
    const section = document.getElementById(sectionId);
    pendingSection.current = section ? null : sectionId;
    if (!section) return;
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
    section.scrollIntoView({ behavior, block: 'start' });
    // Keyboard and screen-reader users continue reading from the section they chose.
    section.focus({ preventScroll: true });
    releaseHold.current = startHold(section, behavior, lockedUntil.current);
  }, []);

  useEffect(
    () => () => {
      releaseHold.current?.();
      stopLockWatch.current?.();
    },
    [],
  );

  const scrollToPendingSection = useCallback(() => {
    const sectionId = pendingSection.current;
    if (!sectionId || !document.getElementById(sectionId)) return false;
    scrollToSection(sectionId);
    return true;
  }, [scrollToSection]);

  const reportVisibleSection = useCallback((sectionId: TabId) => {
    const wait = lockedUntil.current - Date.now();
    if (wait > 0) return wait;
    setActiveTab(sectionId);
    return 0;
  }, []);

  const value = useMemo(
    () => ({ activeTab, setActiveTab, tabs, scrollToSection, scrollToPendingSection, reportVisibleSection }),
    [activeTab, tabs, scrollToSection, scrollToPendingSection, reportVisibleSection],
  );
  return <ActiveTabContext.Provider value={value}>{children}</ActiveTabContext.Provider>;
}

export function useActiveTab(): ActiveTabState {
  const state = useContext(ActiveTabContext);
  if (!state) throw new Error('useActiveTab must be used inside the shell (ActiveTabProvider).');
  return state;
}

/** Marks a tab active while the calling page is shown, e.g. `useSetActiveTab('enrollment')`. */
export function useSetActiveTab(tab: TabId): void {
  const { setActiveTab } = useActiveTab();
  useEffect(() => {
    setActiveTab(tab);
  }, [setActiveTab, tab]);
}
