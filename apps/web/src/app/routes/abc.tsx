import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { EventLoginPage, type AbcEventViewState } from '../../features/auth/pages/event-login-page.tsx';
import { releaseFirstPaint } from '../../lib/first-paint.ts';
import { useUserDetail } from '../../lib/user-storage.ts';
import { lazyPage } from '../lazy-page.tsx';

const AbcEventPage = lazyPage(() => import('./abc-event.tsx'));

function isEventView(state: unknown): state is AbcEventViewState {
  return typeof state === 'object' && state !== null && (state as { view?: unknown }).view === 'event';
}

/**
 * /abc: the abc login, and after a login that got no external registration link, the in-app event
 * page (docs/design/web-rules.md, section 2). Arriving afresh always shows the login, which ends any session.
 */
export default function AbcRoute() {
  const { state } = useLocation();
  const user = useUserDetail();
  const eventView = isEventView(state) && user?.data.eventType === 'abc';
  // The event page has the shell's header, not the login's the server sent.
  useLayoutEffect(() => {
    if (eventView) releaseFirstPaint();
  }, [eventView]);
  if (eventView) return <AbcEventPage />;
  return <EventLoginPage eventType="abc" />;
}
