/**
 * The shell around the signed-in pages (docs/design/web-rules.md, section 2): navigation bar with the brand logo and the
 * tabs the content service gives this login, the banner (not on reporting), the page, the footer.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { EventType } from '@portal/contracts';
import { paths, PATHS_WITHOUT_LOGOUT } from '../../../config/paths.ts';
import { ContentImage } from '../../../components/ui/content-image.tsx';
import { ActiveTabProvider } from '../../../lib/active-tab.tsx';
import { releaseFirstPaintAfter } from '../../../lib/first-paint.ts';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, firstAsset, text, type LoginContent, type PageLayout } from '../../../lib/content-models.ts';
import { useUserDetail } from '../../../lib/user-storage.ts';
import { useHeaderLayout } from '../hooks/use-header-layout.ts';
import { pageTab } from '../utils/tabs.ts';
import { AppFooter } from './app-footer.tsx';
import { AppNavbar } from './app-navbar.tsx';
import { useT } from '../../../i18n/use-t.ts';

export interface ShellLayoutProps {
  /** Whose content (logo, tabs, footer) to show; the abc event page passes 'abc'. */
  eventType?: EventType;
  /** The page; default the matched child route. */
  children?: ReactNode;
}

export function ShellLayout({ eventType = 'nbc', children }: ShellLayoutProps) {
  const t = useT();
  const user = useUserDetail();
  const { pathname } = useLocation();
  const { header, tabs, isLoading: headerLoading } = useHeaderLayout(eventType);
  const pageLayout = useContentItemOfType<PageLayout>(CONTENT_TYPES.pageLayout, [], { eventType });
  // A report user has no header layout (no access code); the brand is the public login page's logo.
  // It links to welcome, as everyone's does (docs/design/web-rules.md, section 2: "The brand logo links to welcome").
  const reportUser = user?.data.authorizationPolicy.includes('reporting') ?? false;
  const loginContent = useContentItemOfType<LoginContent>(CONTENT_TYPES.login, [], { eventType, enabled: reportUser });
  const shellRef = useRef<HTMLDivElement>(null);
  const headerSettled = !headerLoading && !(reportUser && loginContent.isPending);
  // The server's copy of the bar and banner (the welcome page, plugins/static-web.ts) lies over them
  // until this shell's own images are decoded; without images (no header for this login) at once.
  useLayoutEffect(() => {
    if (headerSettled) releaseFirstPaintAfter([...(shellRef.current?.querySelectorAll<HTMLImageElement>('img.brand-logo, img.event-banner') ?? [])]);
  }, [headerSettled]);

  if (!user) return <Navigate to={paths.landing} replace />;

  const onContentPage = [paths.welcome, paths.abcLogin].some((path) => pathname.toLowerCase() === path.toLowerCase());
  const showBanner = pageTab(pathname) !== 'reporting';
  // The shell frames signed-in pages only: the abc event page shares /abc with the login, but it is
  // the event's welcome page, so it has the Logout footer like every other signed-in page.
  const normalized = pathname.replace(/\/+$/, '') || '/';
  const showLogout = eventType === 'abc' || !PATHS_WITHOUT_LOGOUT.some((path) => path.toLowerCase() === normalized.toLowerCase());
  const banner = firstAsset(header?.elements.banner);

  return (
    <ActiveTabProvider tabs={tabs}>
      <div ref={shellRef} className="app-shell d-flex flex-column min-vh-100">
        <a href="#main-content" className="visually-hidden-focusable skip-link">
          {t('shell.skipToContent')}
        </a>
        <AppNavbar
          eventType={eventType}
          logo={reportUser ? firstAsset(loginContent.data?.elements.logo) : firstAsset(header?.elements.logo)}
          logoLoading={reportUser ? loginContent.isPending : headerLoading}
          brandTo={eventType === 'abc' ? paths.abcLogin : paths.welcome}
          tabs={tabs}
          siteTitle={text(pageLayout.data?.elements.site_title)}
          onContentPage={onContentPage}
        />
        {showBanner && (banner || headerLoading) && (
          // While the header loads, its space is kept so the page does not jump when it arrives.
          <div className="event-banner-wrap">
            {banner ? <ContentImage asset={banner} width={1600} height={300} className="event-banner" banner priority /> : <div className="event-banner event-banner-placeholder" />}
          </div>
        )}
        <main id="main-content" tabIndex={-1} className="flex-grow-1">
          {children ?? <Outlet />}
        </main>
        <AppFooter pageLayout={pageLayout.data} showLogout={showLogout} eventType={eventType} />
      </div>
    </ActiveTabProvider>
  );
}
