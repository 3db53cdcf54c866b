import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import type { RegistrationPage, RegistrationSummary } from '@portal/contracts';
import { useT } from '../../../i18n/use-t.ts';
import type { MessageId } from '../../../i18n/messages/ids.ts';
import { useRegistrationDates } from '../utils/registration-rules.ts';
import { Message } from './message.tsx';

// Loaded only when there is a badge to show: the QR encoder stays out of the page's first load.
const YourBadge = lazy(() => import('./your-badge.tsx'));

/** "National Business Conference 2027, Monday, March 1, 2027 to Thursday, March 4, 2027 · Morgan Motors" under the page's title. */
export function EventLine({ registration }: { registration: Pick<RegistrationPage, 'event' | 'store'> }) {
  const t = useT();
  const { day } = useRegistrationDates();
  const { event, store } = registration;
  const values = { event: event.name, start: day(event.startsOn), end: day(event.endsOn) };
  return <p className="lead">{store ? t('registration.eventLine.store', { ...values, store: store.name }) : t('registration.eventLine', values)}</p>;
}

/** The badge section while the registration is Enrolled (docs/event-days.md); nothing otherwise. */
export function BadgeSection({ summary }: { summary: RegistrationSummary }) {
  const t = useT();
  if (summary.status !== 'Enrolled' || !summary.badge) return null;
  return (
    <Suspense
      fallback={
        <p className="text-body-secondary" role="status">
          {t('registration.badge.loading')}
        </p>
      }
    >
      <YourBadge code={summary.badge.code} name={`${summary.attendee.firstName} ${summary.attendee.lastName}`} eventName={summary.event.name} storeName={summary.store?.name ?? null} />
    </Suspense>
  );
}

/**
 * An outcome replaces the form: a section named by its heading, and focus moves to the heading so
 * screen readers announce it.
 */
function Outcome({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={id}>
      <h1 id={id} className="h3" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** What the attendee sees after submitting: the registration as saved. */
export function RegistrationConfirmation({ summary, changed }: { summary: RegistrationSummary; changed: boolean }) {
  const t = useT();
  const { day, instant } = useRegistrationDates();
  const name = `${summary.attendee.firstName} ${summary.attendee.lastName}`;
  const event = summary.event.name;
  if (summary.status === 'Cancelled') {
    return (
      <Outcome id="registration-outcome" title={t('registration.cancelled.title')}>
        <p>{t('registration.cancelled.body', { name, event })}</p>
        <p className="mb-0">{t('registration.closeWindow')}</p>
      </Outcome>
    );
  }
  if (summary.status === 'Waitlisted') {
    // The event or the code's seats are full: the submit joined the waiting list (docs/waiting-lists.md).
    return (
      <Outcome id="registration-outcome" title={t('registration.waitlisted.title')}>
        <p data-testid="waitlist-position">
          <Message id="registration.waitlisted.body" values={{ event, name, position: summary.waitlistPosition ?? '…' }} />
        </p>
        <p className="mb-0">{t('registration.waitlisted.next')}</p>
      </Outcome>
    );
  }
  return (
    <Outcome id="registration-outcome" title={t(changed ? 'registration.updated.title' : 'registration.registered.title')}>
      <p>{t('registration.registered.body', { name, event })}</p>
      <dl className="row registration-summary">
        <dt className="col-sm-4">{t('registration.summary.attendee')}</dt>
        <dd className="col-sm-8">{name}</dd>
        <dt className="col-sm-4">{t('registration.summary.email')}</dt>
        <dd className="col-sm-8">{summary.attendee.email}</dd>
        {summary.store && (
          <>
            <dt className="col-sm-4">{t('registration.summary.store')}</dt>
            <dd className="col-sm-8">{summary.store.name} ({summary.store.code})</dd>
            <dt className="col-sm-4">{t('registration.summary.seat')}</dt>
            <dd className="col-sm-8">{t(summary.isFree ? 'registration.summary.complimentary' : 'registration.summary.paid')}</dd>
          </>
        )}
        <dt className="col-sm-4">{t('registration.summary.attendance')}</dt>
        <dd className="col-sm-8">{t(summary.isVirtual ? 'registration.summary.virtual' : 'registration.summary.inPerson')}</dd>
        {!summary.isVirtual && summary.arrivalDate && summary.departureDate && (
          <>
            <dt className="col-sm-4">{t('registration.summary.arrival')}</dt>
            <dd className="col-sm-8">{day(summary.arrivalDate)}</dd>
            <dt className="col-sm-4">{t('registration.summary.departure')}</dt>
            <dd className="col-sm-8">{day(summary.departureDate)}</dd>
          </>
        )}
        {summary.enrolledAt && (
          <>
            <dt className="col-sm-4">{t('registration.summary.enrolledOn')}</dt>
            <dd className="col-sm-8">{instant(summary.enrolledAt)}</dd>
          </>
        )}
      </dl>
      <BadgeSection summary={summary} />
      {!summary.badge && <p data-testid="badge-in-mail">{t('registration.badgeInMail', { email: summary.attendee.email })}</p>}
      <p className="mb-0">{t('registration.registered.later')}</p>
    </Outcome>
  );
}

const PROBLEM_TITLES: Record<number, MessageId> = {
  404: 'registration.problem.invalid',
  409: 'registration.problem.used',
  410: 'registration.problem.expired',
};

/**
 * The server's 409 answers that are about the event, not the link: registration has closed
 * ("Registration for {event} closed on {date}.", in French "Les inscriptions à l’événement {event}
 * ont pris fin le {date}."), or every place is taken ("{event} is full: ...", "... seats of your
 * access code are taken ..."). The server words them in the reader's language (docs/decisions/022-server-languages.md).
 */
function problemTitle(status: number, message: string): MessageId {
  if (status === 409 && (/^Registration for .+ closed on /.test(message) || /^Les inscriptions à .+ ont pris fin le /.test(message))) return 'registration.problem.closed';
  if (status === 410 && (/^Your place has passed to /.test(message) || /^Votre place a été cédée à /.test(message))) return 'registration.problem.passed';
  if (status === 409 && (/ is full: /.test(message) || /seats? of your access code (is|are) taken/.test(message) || /\best complet\b/.test(message))) return 'registration.problem.full';
  return PROBLEM_TITLES[status] ?? 'registration.problem.other';
}

/** An unknown, used or expired link, or a closed or full event: a clear page with the server's explanation. */
export function LinkProblem({ status, message }: { status: number; message: string }) {
  const t = useT();
  return (
    <Outcome id="link-problem" title={t(problemTitle(status, message))}>
      <p>{message}</p>
      <a className="btn btn-primary" href="/">
        {t('registration.goToPortal')}
      </a>
    </Outcome>
  );
}
