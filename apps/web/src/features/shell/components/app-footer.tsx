import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { EventType } from '@portal/contracts';
import { logoutTarget } from '../../../config/paths.ts';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, text, type PageLayout } from '../../../lib/content-models.ts';
import { logout } from '../../../lib/session.ts';
import { useUserDetail } from '../../../lib/user-storage.ts';
import { MyDataActions } from './my-data-actions.tsx';
import { useT } from '../../../i18n/use-t.ts';

export interface AppFooterProps {
  pageLayout: PageLayout | null | undefined;
  showLogout: boolean;
  /** The event of the page; with it, a signed-in attendee also gets their data buttons. */
  eventType?: EventType;
}

/** Footer text and, on every page but the landing and event logins, the Logout button. */
export function AppFooter({ pageLayout, showLogout, eventType }: AppFooterProps) {
  const navigate = useNavigate();
  const t = useT();
  const user = useUserDetail();
  // Report logins hold no attendee record (their data is the event team's to answer).
  const attendee = user !== null && !user.data.authorizationPolicy.includes('reporting');
  const queryClient = useQueryClient();
  const { pathname } = useLocation();

  async function onLogout() {
    const target = logoutTarget(pathname);
    await logout(queryClient);
    void navigate(target, { replace: true });
  }

  return (
    <footer className="app-footer border-top mt-auto py-4 bg-body-tertiary">
      <div className="container d-flex flex-column flex-md-row align-items-md-center justify-content-between gap-3">
        <RichText html={pageLayout?.elements.footer_text.value} className="small text-body-secondary footer-text" />
        {showLogout && eventType && attendee && <MyDataActions />}
        {showLogout && (
          <button type="button" className="btn btn-outline-primary text-nowrap flex-shrink-0" onClick={() => void onLogout()}>
            {text(pageLayout?.elements.logout_button_text) || t('shell.logout')}
          </button>
        )}
      </div>
    </footer>
  );
}

/**
 * The footer of a page outside the shell: its own page layout, Logout included (the report login)
 * or not (the landing page, left without one: docs/design/web-rules.md).
 */
export function PageFooter({ eventType = 'nbc', showLogout = true }: { eventType?: EventType; showLogout?: boolean }) {
  const pageLayout = useContentItemOfType<PageLayout>(CONTENT_TYPES.pageLayout, [], { eventType });
  return <AppFooter pageLayout={pageLayout.data} showLogout={showLogout} />;
}
