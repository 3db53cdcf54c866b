import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import type { Elements } from '@kontent-ai/delivery-sdk';
import type { EventType } from '@portal/contracts';
import { paths, welcomeSection } from '../../../config/paths.ts';
import { ContentImage } from '../../../components/ui/content-image.tsx';
import { useActiveTab } from '../../../lib/active-tab.tsx';
import { openLinkWindow } from '../../../lib/link-window.ts';
import { getUserDetail } from '../../../lib/user-storage.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { LanguageSwitch } from '../../../i18n/language-switch.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { Language } from '../../../i18n/language.ts';
import { getRevisitUrl } from '../api/get-revisit-url.ts';
import { isScrollTab, pageTab, scrollTabTarget, type NavTab } from '../utils/tabs.ts';

export interface AppNavbarProps {
  eventType: EventType;
  /** The brand logo (the header's, or for a report user the login page's). */
  logo: Elements.AssetsElement['value'][number] | undefined;
  /** Where the brand leads: the user's home page. */
  brandTo: string;
  logoLoading: boolean;
  tabs: readonly NavTab[];
  siteTitle: string;
  /** The page the scroll tabs scroll (the welcome page, or the abc event page). */
  onContentPage: boolean;
}

const NAV_ID = 'app-navigation';
/** The router state that shows the abc event page at /abc (routes/abc.tsx). */
const ABC_EVENT_STATE = { view: 'event' } as const;

/** A signed-in person's new language, kept on them for their mails, badges and exports (best effort: the page has changed already). */
function keepLanguage(language: Language): void {
  if (!getUserDetail()) return;
  apiFetch('/api/Me/Language', { method: 'PUT', body: { language } }).catch(() => undefined);
}

export function AppNavbar({ eventType, logo, brandTo, logoLoading, tabs, siteTitle, onContentPage }: AppNavbarProps) {
  const navigate = useNavigate();
  const t = useT();
  const location = useLocation();
  const { activeTab, scrollToSection } = useActiveTab();
  const [expanded, setExpanded] = useState(false);
  const [blockedLink, setBlockedLink] = useState<{ href: string; revisit: boolean } | null>(null);
  /** A scroll tab chosen in the open collapsed menu: scrolled to once the menu has closed. */
  const pendingScroll = useRef<string | null>(null);
  const current = pageTab(location.pathname) ?? activeTab;

  // The abc event page lives at /abc (its router state says so); its brand and tabs lead there, also
  // from the enrollment page.
  const brandState: unknown = eventType === 'abc' ? ABC_EVENT_STATE : undefined;

  function hrefOf(tab: NavTab): string {
    if (tab.kind === 'reporting') return paths.reporting.root;
    if (tab.kind === 'enrollment') return paths.enrollment;
    if (tab.kind === 'sessions') return eventType === 'abc' ? paths.abcSessions : paths.sessions;
    return eventType === 'abc' ? `#${tab.id}` : welcomeSection(tab.id);
  }

  /**
   * section 7 of docs/design/web-rules.md: GetRevisitURL is "called on enrollment tab click", its URL, "fallback
   * /nbc/enrollment", "opens in new window". The window is opened within the click, before
   * GetRevisitURL answers (a pop-up blocker, Safari especially, refuses one opened after an await),
   * and pointed at the revisit link or, without one, at the enrollment page; it is never closed again
   * in favour of the enrollment page in this tab. Blocked: the link is shown instead.
   * A 401 on the call ends the session (api-client): the empty window closes.
   */
  async function openEnrollment(): Promise<void> {
    setBlockedLink(null);
    const linkWindow = openLinkWindow();
    const revisit = await getRevisitUrl();
    if (!getUserDetail()) {
      linkWindow.abandon();
      return;
    }
    const link = revisit ?? new URL(paths.enrollment, window.location.origin).href;
    if (!linkWindow.show(link)) setBlockedLink({ href: link, revisit: Boolean(revisit) });
  }

  function scrollToTab(sectionId: string) {
    scrollToSection(sectionId);
    void navigate({ hash: `#${sectionId}` }, { replace: true, state: location.state });
  }

  function onTab(event: MouseEvent<HTMLAnchorElement>, tab: NavTab) {
    // Let the browser handle new-tab and new-window clicks.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const menuOpen = expanded;
    setExpanded(false);
    if (tab.kind === 'reporting') {
      void navigate(paths.reporting.root);
    } else if (tab.kind === 'enrollment') {
      void openEnrollment();
    } else if (tab.kind === 'sessions') {
      void navigate(hrefOf(tab));
    } else if (isScrollTab(tab.id)) {
      if (!onContentPage) {
        if (eventType === 'abc') void navigate({ pathname: paths.abcLogin, hash: `#${tab.id}` }, { state: ABC_EVENT_STATE });
        else void navigate(scrollTabTarget(tab.id, tabs));
      } else if (menuOpen) {
        // Below 992 px the open menu is part of the sticky bar: scrolled now, the section would end
        // up the menu's height (about 280 px) past its place once the menu has closed.
        // The scroll is measured once the menu has closed (onExited below).
        pendingScroll.current = tab.id;
      } else {
        scrollToTab(tab.id);
      }
    }
  }

  function onMenuClosed() {
    const sectionId = pendingScroll.current;
    pendingScroll.current = null;
    if (sectionId) scrollToTab(sectionId);
  }

  return (
    <>
      <Navbar expand="lg" sticky="top" className="app-navbar bg-body border-bottom shadow-sm" expanded={expanded} onToggle={setExpanded}>
        <Container>
          <Navbar.Brand as={Link} to={brandTo} state={brandState} className="py-0">
            {logo ? (
              <ContentImage asset={logo} width={225} height={60} className="brand-logo" priority />
            ) : logoLoading ? (
              <span className="brand-logo d-block" aria-hidden="true" />
            ) : (
              <span className="fw-semibold">{siteTitle}</span>
            )}
          </Navbar.Brand>
          {tabs.length > 0 && (
            <>
              <Navbar.Toggle aria-controls={NAV_ID} aria-expanded={expanded} label={t('shell.menu')}>
                {/* Bootstrap's icon drawn in the page: as its CSS background (a data: SVG) the
                    browser built an SVG document for it inside a style pass, 11-14 ms at 4x CPU. */}
                <svg className="navbar-toggler-svg" viewBox="0 0 30 30" aria-hidden="true" focusable="false">
                  <path d="M4 7h22M4 15h22M4 23h22" />
                </svg>
              </Navbar.Toggle>
              <Navbar.Collapse id={NAV_ID} onExited={onMenuClosed}>
                <ul className="navbar-nav ms-auto">
                  {tabs.map((tab) => {
                    const active = tab.id === current;
                    return (
                      <li key={tab.id} className="nav-item">
                        <a
                          href={hrefOf(tab)}
                          className={`nav-link${active ? ' active' : ''}`}
                          aria-current={active ? (tab.kind === 'scroll' ? 'location' : 'page') : undefined}
                          onClick={(event) => onTab(event, tab)}
                        >
                          {/* Content tabs come in the page's language from the content service; the sessions tab is the portal's own. */}
                          {tab.kind === 'sessions' ? t('shell.tab.sessions') : tab.title}
                        </a>
                      </li>
                    );
                  })}
                </ul>
                <LanguageSwitch className="navbar-language d-flex align-items-center gap-1 ms-lg-3 py-2 py-lg-0" onChange={keepLanguage} />
              </Navbar.Collapse>
            </>
          )}
          {tabs.length === 0 && <LanguageSwitch className="navbar-language d-flex align-items-center gap-1 ms-auto" onChange={keepLanguage} />}
        </Container>
      </Navbar>
      {blockedLink && (
        <div className="container mt-3">
          <div role="alert" className="alert alert-warning alert-dismissible mb-0">
            <FormattedMessage
              id="shell.blockedWindow"
              values={{
                target: t(blockedLink.revisit ? 'shell.blockedWindow.registration' : 'shell.blockedWindow.enrollment'),
                link: (chunks: ReactNode[]) => (
                  <a href={blockedLink.href} target="_blank" rel="noopener noreferrer">
                    {chunks}
                  </a>
                ),
              }}
            />
            <button type="button" className="btn-close" aria-label={t('shell.close')} onClick={() => setBlockedLink(null)} />
          </div>
        </div>
      )}
    </>
  );
}
