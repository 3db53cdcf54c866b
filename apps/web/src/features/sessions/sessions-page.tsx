/**
 * The attendee's sessions page (`/nbc/sessions`, `/abc/sessions`; docs/sessions.md): the program by
 * day with seats left, join and leave, the waiting list, and "My agenda" with its mail and feed.
 * A lazy chunk: only its own route loads it.
 */
import { useState } from 'react';
import type { CalendarFeedData } from '@portal/contracts';
import { SESSIONS_PATHS } from '@portal/contracts';
import { SessionProgram } from '../../components/sessions/session-program.tsx';
import { useSetActiveTab } from '../../lib/active-tab.tsx';
import { ApiError, apiPost } from '../../lib/api-client.ts';

export default function SessionsPage() {
  useSetActiveTab('sessions');
  const [feed, setFeed] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function mailAgenda() {
    setMessage(null);
    try {
      await apiPost(SESSIONS_PATHS.agendaMail);
      setMessage('Your agenda is on its way to your inbox, with a calendar file.');
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Your agenda could not be sent.');
    }
  }

  async function newFeed() {
    setMessage(null);
    try {
      const envelope = await apiPost<CalendarFeedData>(SESSIONS_PATHS.calendar);
      setFeed(envelope.data?.url ?? null);
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'The calendar address could not be made.');
    }
  }

  return (
    <div className="container py-4 sessions-page">
      <h1 className="h3 mb-3">Sessions</h1>
      <SessionProgram base={SESSIONS_PATHS.sessions} />
      <section aria-labelledby="calendar-heading" className="mt-4">
        <h2 id="calendar-heading" className="h5">
          In your calendar
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void mailAgenda()}>
            Mail me my agenda
          </button>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void newFeed()}>
            {feed ? 'Make a new calendar address' : 'Subscribe in my calendar app'}
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
                Your personal calendar address (keep it to yourself; a new one stops this one):
              </label>
              <input id="calendar-feed" className="form-control form-control-sm" readOnly value={feed} onFocus={(e) => e.currentTarget.select()} />
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
