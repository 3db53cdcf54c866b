/**
 * The attendee's sessions page (`/nbc/sessions`, `/abc/sessions`; docs/sessions.md): the program by
 * day with seats left, join and leave, the waiting list, and "My agenda" with its mail and feed.
 * A lazy chunk: only its own route loads it. Its words come from the sessions part of the catalogs.
 */
import { useState } from 'react';
import type { CalendarFeedData } from '@portal/contracts';
import { SESSIONS_PATHS } from '@portal/contracts';
import { SessionProgram } from '../../../components/sessions/session-program.tsx';
import { inMessagesArea } from '../../../i18n/area.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useSetActiveTab } from '../../../lib/active-tab.tsx';
import { ApiError, apiPost } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { sessionsMessages } from '../messages.ts';

function Sessions() {
  const t = useT();
  useSetActiveTab('sessions');
  useDocumentTitle(t('sessions.documentTitle'));
  const [feed, setFeed] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function mailAgenda() {
    setMessage(null);
    try {
      await apiPost(SESSIONS_PATHS.agendaMail);
      setMessage(t('sessions.calendar.mailed'));
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : t('sessions.calendar.mailFailed'));
    }
  }

  async function newFeed() {
    setMessage(null);
    try {
      const envelope = await apiPost<CalendarFeedData>(SESSIONS_PATHS.calendar);
      setFeed(envelope.data?.url ?? null);
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : t('sessions.calendar.feedFailed'));
    }
  }

  return (
    <div className="container py-4 sessions-page">
      <h1 className="h3 mb-3">{t('sessions.title')}</h1>
      <SessionProgram base={SESSIONS_PATHS.sessions} />
      <section aria-labelledby="calendar-heading" className="mt-4">
        <h2 id="calendar-heading" className="h5">
          {t('sessions.calendar.title')}
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void mailAgenda()}>
            {t('sessions.calendar.mail')}
          </button>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void newFeed()}>
            {t(feed ? 'sessions.calendar.renew' : 'sessions.calendar.subscribe')}
          </button>
        </div>
        <div aria-live="polite">
          {message && (
            <p className="mt-2" role="status">
              {message}
            </p>
          )}
          {feed && (
            <p className="mt-2">
              <label htmlFor="calendar-feed" className="form-label small">
                {t('sessions.calendar.feedLabel')}
              </label>
              <input id="calendar-feed" className="form-control form-control-sm" readOnly value={feed} onFocus={(e) => e.currentTarget.select()} />
            </p>
          )}
        </div>
      </section>
    </div>
  );
}

export default inMessagesArea(sessionsMessages, Sessions);
