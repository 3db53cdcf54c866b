/**
 * The frame of an event's public pages outside the shell (the hosted registration page): the event's
 * brand bar (its logo, leading to the event's login) above the page and its footer below, so a page
 * opened from a mail or in a new window still reads as the event's own.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventType } from '@portal/contracts';
import { paths } from '../../../config/paths.ts';
import { ContentImage } from '../../../components/ui/content-image.tsx';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, firstAsset, text, type LoginContent, type PageLayout } from '../../../lib/content-models.ts';
import { useUserDetail } from '../../../lib/user-storage.ts';
import { AppFooter } from './app-footer.tsx';

const EVENT_LOGIN: Record<EventType, string> = { nbc: paths.nbcLogin, abc: paths.abcLogin };

export interface EventFrameProps {
  /** Whose brand; undefined while it is not known yet (the bar keeps its height meanwhile). */
  eventType: EventType | undefined;
  children: ReactNode;
}

export function EventFrame({ eventType, children }: EventFrameProps) {
  const known = eventType !== undefined;
  const login = useContentItemOfType<LoginContent>(CONTENT_TYPES.login, [], { eventType: eventType ?? 'nbc', enabled: known });
  const pageLayout = useContentItemOfType<PageLayout>(CONTENT_TYPES.pageLayout, [], { eventType: eventType ?? 'nbc', enabled: known });
  // Logout where there is a session to end (the page opened from the portal's Enrollment tab).
  const signedIn = useUserDetail() !== null;
  const logo = known ? firstAsset(login.data?.elements.logo) : undefined;
  const siteTitle = known ? text(pageLayout.data?.elements.site_title) : '';
  return (
    <div className="event-frame d-flex flex-column min-vh-100">
      <header className="app-navbar navbar bg-body border-bottom shadow-sm">
        <div className="container">
          {known ? (
            <Link to={EVENT_LOGIN[eventType]} className="navbar-brand py-0">
              {logo ? <ContentImage asset={logo} width={225} height={60} className="brand-logo" priority /> : <span className="brand-logo d-flex align-items-center fw-semibold">{siteTitle}</span>}
            </Link>
          ) : (
            <span className="navbar-brand py-0">
              <span className="brand-logo d-block" aria-hidden="true" />
            </span>
          )}
        </div>
      </header>
      <div className="flex-grow-1">{children}</div>
      <AppFooter pageLayout={known ? pageLayout.data : undefined} showLogout={signedIn} />
    </div>
  );
}
