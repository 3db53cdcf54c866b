/**
 * The shell's active tab (welcome, confinfo, …, enrollment, reporting). The content page moves it
 * as sections scroll into view; other pages set it once (the enrollment page sets 'enrollment').
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type TabId = string;

export const DEFAULT_TAB: TabId = 'welcome';

interface ActiveTabState {
  activeTab: TabId;
  setActiveTab: (tab: TabId) => void;
}

const ActiveTabContext = createContext<ActiveTabState | null>(null);

export function ActiveTabProvider({ children, initialTab = DEFAULT_TAB }: { children: ReactNode; initialTab?: TabId }) {
  const [activeTab, setActiveTab] = useState<TabId>(initialTab);
  const value = useMemo(() => ({ activeTab, setActiveTab }), [activeTab]);
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
