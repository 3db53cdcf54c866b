import { lazy, Suspense, useEffect, useRef } from 'react';
import type { RegistrationSummary } from '@portal/contracts';
import { formatDay, formatInstant } from '../utils/registration-rules.ts';

// Loaded only when there is a badge to show: the QR encoder stays out of the page's first load.
const YourBadge = lazy(() => import('./your-badge.tsx'));

/** The badge section while the registration is Enrolled (docs/event-days.md); nothing otherwise. */
export function BadgeSection({ summary }: { summary: RegistrationSummary }) {
  if (summary.status !== 'Enrolled' || !summary.badge) return null;
  return (
    <Suspense fallback={<p className="text-body-secondary" role="status">Loading your badge…</p>}>
      <YourBadge code={summary.badge.code} name={`${summary.attendee.firstName} ${summary.attendee.lastName}`} eventName={summary.event.name} storeName={summary.store?.name ?? null} />
    </Suspense>
  );
}

/** The outcome replaces the form: focus moves to its heading so screen readers announce it. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** What the attendee sees after submitting: the registration as saved. */
export function RegistrationConfirmation({ summary, changed }: { summary: RegistrationSummary; changed: boolean }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const name = `${summary.attendee.firstName} ${summary.attendee.lastName}`;
  if (summary.status === 'Cancelled') {
    return (
      <section aria-labelledby="registration-outcome">
        <h1 id="registration-outcome" className="h3" tabIndex={-1} ref={heading}>
          Your registration has been cancelled
        </h1>
        <p>
          {name} is no longer registered for {summary.event.name}. To register again, log in to the portal and open the Enrollment tab.
        </p>
        <p className="mb-0">You can close this window.</p>
      </section>
    );
  }
  if (summary.status === 'Waitlisted') {
    // The event or the code's seats are full: the submit joined the waiting list (docs/waiting-lists.md).
    return (
      <section aria-labelledby="registration-outcome">
        <h1 id="registration-outcome" className="h3" tabIndex={-1} ref={heading}>
          You are on the waiting list
        </h1>
        <p data-testid="waitlist-position">
          {summary.event.name} is full at the moment. {name} is on its waiting list at position <strong>{summary.waitlistPosition}</strong>.
        </p>
        <p className="mb-0">When a place frees up, we offer it by mail with a link to claim it. You can close this window.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="registration-outcome">
      <h1 id="registration-outcome" className="h3" tabIndex={-1} ref={heading}>
        {changed ? 'Your registration has been updated' : 'You are registered'}
      </h1>
      <p>
        {name} is registered for {summary.event.name}.
      </p>
      <dl className="row registration-summary">
        <dt className="col-sm-4">Attendee</dt>
        <dd className="col-sm-8">{name}</dd>
        <dt className="col-sm-4">E-mail</dt>
        <dd className="col-sm-8">{summary.attendee.email}</dd>
        {summary.store && (
          <>
            <dt className="col-sm-4">Store</dt>
            <dd className="col-sm-8">
              {summary.store.name} ({summary.store.code})
            </dd>
            <dt className="col-sm-4">Seat</dt>
            <dd className="col-sm-8">{summary.isFree ? 'Complimentary' : 'Paid'}</dd>
          </>
        )}
        <dt className="col-sm-4">Attendance</dt>
        <dd className="col-sm-8">{summary.isVirtual ? 'Virtual' : 'In person'}</dd>
        {!summary.isVirtual && summary.arrivalDate && summary.departureDate && (
          <>
            <dt className="col-sm-4">Arrival</dt>
            <dd className="col-sm-8">{formatDay(summary.arrivalDate)}</dd>
            <dt className="col-sm-4">Departure</dt>
            <dd className="col-sm-8">{formatDay(summary.departureDate)}</dd>
          </>
        )}
        {summary.enrolledAt && (
          <>
            <dt className="col-sm-4">Enrolled on</dt>
            <dd className="col-sm-8">{formatInstant(summary.enrolledAt)}</dd>
          </>
        )}
      </dl>
      <BadgeSection summary={summary} />
      {!summary.badge && (
        <p data-testid="badge-in-mail">Your badge comes with the confirmation mail to {summary.attendee.email}: the link in it opens this page with your badge.</p>
      )}
      <p className="mb-0">To review or change it later, log in to the portal and open the Enrollment tab. You can close this window.</p>
    </section>
  );
}

const PROBLEM_TITLES: Record<number, string> = {
  404: 'This link is not valid',
  409: 'This link cannot be used again',
  410: 'This link has expired',
};

/**
 * The server's 409 answers that are about the event, not the link: registration has closed
 * ("Registration for {event} closed on {date}."), or every place is taken ("{event} is full: ...",
 * "... seats of your access code are taken ...").
 */
function problemTitle(status: number, message: string): string {
  if (status === 409 && /^Registration for .+ closed on /.test(message)) return 'Registration has closed';
  if (status === 410 && /^Your place has passed to /.test(message)) return 'Your place has passed to a colleague';
  if (status === 409 && (/ is full: /.test(message) || /seats? of your access code (is|are) taken/.test(message))) return 'No place is left';
  return PROBLEM_TITLES[status] ?? 'This link cannot be used';
}

/** An unknown, used or expired link, or a closed or full event: a clear page with the server's explanation. */
export function LinkProblem({ status, message }: { status: number; message: string }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section aria-labelledby="link-problem">
      <h1 id="link-problem" className="h3" tabIndex={-1} ref={heading}>
        {problemTitle(status, message)}
      </h1>
      <p>{message}</p>
      <a className="btn btn-primary" href="/">
        Go to the portal
      </a>
    </section>
  );
}
