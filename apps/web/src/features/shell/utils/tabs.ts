/**
 * Navigation tabs (docs/design/web-rules.md, section 2, shell): which to show and where each leads. The content service
 * already serves only the tabs of the login's access codes; the same rule is applied here too, so a
 * cached or misconfigured answer cannot show a tab to the wrong user.
 */
import { paths, welcomeSection } from '../../../config/paths.ts';
import { text, type HeaderTab } from '../../../lib/content-models.ts';

/** Tabs that scroll the welcome page, in page order. */
export const SCROLL_TAB_IDS = ['welcome', 'confinfo', 'agenda', 'attire', 'faq', 'eventarea', 'linktoexpo'] as const;
export type ScrollTabId = (typeof SCROLL_TAB_IDS)[number];

export interface NavTab {
  id: string;
  title: string;
  kind: 'scroll' | 'enrollment' | 'reporting' | 'sessions';
}

/** The sessions page's tab (docs/sessions.md): a page of the portal, shown right after the Agenda tab (its title shown from the catalog). */
export const SESSIONS_TAB: NavTab = { id: 'sessions', title: 'Sessions', kind: 'sessions' };

export function isScrollTab(id: string): id is ScrollTabId {
  return (SCROLL_TAB_IDS as readonly string[]).includes(id);
}

/** The tabs a user with these access codes may see, in content order; unknown ids are dropped. */
export function visibleTabs(tabs: readonly HeaderTab[], accessCodes: readonly string[]): NavTab[] {
  const codes = new Set(accessCodes);
  const seen = new Set<string>();
  const result: NavTab[] = [];
  for (const tab of tabs) {
    const id = text(tab.elements.id).trim();
    const allowed = tab.elements.access_codes?.value.some((option) => codes.has(option.codename)) ?? false;
    if (!allowed || seen.has(id)) continue;
    const kind = isScrollTab(id) ? 'scroll' : id === 'enrollment' ? 'enrollment' : id === 'reporting' ? 'reporting' : null;
    if (!kind) continue;
    seen.add(id);
    result.push({ id, title: text(tab.elements.title) || id, kind });
    if (id === 'agenda') result.push(SESSIONS_TAB);
  }
  return result;
}

/**
 * Where a scroll tab leads from a page other than welcome. The spec's rule: when the bar has
 * neither the reporting nor the enrollment tab, any scroll tab leads to the attire section.
 */
export function scrollTabTarget(tabId: ScrollTabId, tabs: readonly NavTab[]): string {
  const hasPageTabs = tabs.some((tab) => tab.kind === 'reporting' || tab.kind === 'enrollment');
  return welcomeSection(hasPageTabs ? tabId : 'attire');
}

/** The tab a page itself stands for (reporting pages), else undefined (the page or scroll decides). */
export function pageTab(pathname: string): string | undefined {
  const lower = pathname.toLowerCase();
  if (lower === paths.reporting.root.toLowerCase() || lower.startsWith(`${paths.reporting.root.toLowerCase()}/`)) return 'reporting';
  if (lower === paths.sessions.toLowerCase() || lower === paths.abcSessions.toLowerCase()) return 'sessions';
  return undefined;
}
