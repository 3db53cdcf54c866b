/**
 * The builtin provider's hosted registration page (/register/:token, public; see
 * docs/registration-providers.md): complete a pending registration, or change or cancel one.
 */
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import type { RegistrationPage, RegistrationSummary } from '@portal/contracts';
import type { ApiError } from '../../lib/api-client.ts';
import { isDeadLink, useRegistration } from './api/registration-api.ts';
import { RegistrationForm } from './components/registration-form.tsx';
import { BadgeSection, LinkProblem, RegistrationConfirmation } from './components/registration-outcome.tsx';
import { formatDay, formatInstant } from './utils/registration-rules.ts';
import { BadgeByMail } from './components/mailed-link.tsx';

/** Only people on a waiting list need it (docs/waiting-lists.md): its own chunk. */
const WaitlistPanel = lazy(() => import('./components/waitlist-panel.tsx'));
/** Only an Enrolled registration picks sessions (docs/sessions.md): its own chunk. */
const RegistrationSessions = lazy(() => import('./components/registration-sessions.tsx'));
/** Handing the place to a colleague, and the colleague's acceptance (docs/transfers.md): its own chunk. */
const RegistrationTransfer = lazy(() => import('./components/registration-transfer.tsx'));

export default function RegistrationPage() {
  const { token = '' } = useParams();
  return (
    <main className="container py-4 registration-page" style={{ maxWidth: 760 }}>
      {/* A new token is a new page: nothing of the previous one's state carries over. */}
      <RegistrationForToken key={token} token={token} />
    </main>
  );
}

function RegistrationForToken({ token }: { token: string }) {
  const query = useRegistration(token);
  const [done, setDone] = useState<RegistrationSummary | null>(null);
  const [dead, setDead] = useState<ApiError | null>(null);
  // An offer to a colleague sent or withdrawn: the link is used up, only the transfer section stays.
  const [transferSettled, setTransferSettled] = useState(false);

  if (done) return <RegistrationConfirmation summary={done} changed={query.data?.purpose === 'revisit' && query.data.status === 'Enrolled'} />;
  if (dead) return <LinkProblem status={dead.status} message={dead.message} />;
  if (query.isPending) {
    return (
      <p role="status" className="text-body-secondary">
        Loading your registration…
      </p>
    );
  }
  if (query.isError) {
    if (isDeadLink(query.error)) return <LinkProblem status={query.error.status} message={query.error.message} />;
    return (
      <section aria-labelledby="registration-load-failed">
        <h1 id="registration-load-failed" className="h3">
          Your registration could not be loaded
        </h1>
        <p>Please check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </section>
    );
  }

  const registration = query.data;
  const revisit = registration.purpose === 'revisit';
  if (registration.purpose === 'transfer') {
    return (
      <Suspense fallback={<p role="status" className="text-body-secondary">Loading…</p>}>
        <RegistrationTransfer token={token} registration={registration} onDone={setDone} onDeadLink={setDead} />
      </Suspense>
    );
  }
  const closed = revisit && registration.changesClosed;
  const enrolled = revisit && registration.status === 'Enrolled';
  if (registration.status === 'Waitlisted' || registration.status === 'Offered') {
    return (
      <>
        <h1 className="h3">Your registration</h1>
        <p className="lead">
          {registration.event.name}, {formatDay(registration.event.startsOn)} to {formatDay(registration.event.endsOn)}
          {registration.store ? ` · ${registration.store.name}` : ''}
        </p>
        <Suspense fallback={<p role="status" className="text-body-secondary">Loading…</p>}>
          <WaitlistPanel token={token} registration={registration} onDone={setDone} onDeadLink={setDead} />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <h1 className="h3">{revisit ? 'Your registration' : 'Complete your registration'}</h1>
      <p className="lead">
        {registration.event.name}, {formatDay(registration.event.startsOn)} to {formatDay(registration.event.endsOn)}
        {registration.store ? ` · ${registration.store.name}` : ''}
      </p>
      {closed ? (
        <ChangesClosed registration={registration} />
      ) : (
        <p>{revisit ? 'Change the attendance or the dates, or cancel the registration.' : 'Check the attendee’s name and e-mail, choose how they will attend, and submit.'}</p>
      )}
      <BadgeSection summary={registration} />
      <BadgeByMail token={token} registration={registration} />
      {!transferSettled && <RegistrationForm token={token} registration={registration} onDone={setDone} onDeadLink={setDead} readOnly={closed} />}
      {enrolled && !transferSettled && (
        <Suspense fallback={<p role="status" className="text-body-secondary">Loading your sessions…</p>}>
          <RegistrationSessions token={token} />
        </Suspense>
      )}
      {enrolled && (!closed || registration.transfer?.status === 'Offered') && (
        <Suspense fallback={<p role="status" className="text-body-secondary">Loading…</p>}>
          <RegistrationTransfer token={token} registration={registration} onDone={setDone} onDeadLink={setDead} onSettled={() => setTransferSettled(true)} />
        </Suspense>
      )}
    </>
  );
}

/** After the event's changesCloseAt: the page is read-only, and says whom to ask. */
function ChangesClosed({ registration }: { registration: RegistrationPage }) {
  const desk = registration.helpDesk;
  return (
    <div className="alert alert-info" role="status" data-testid="changes-closed">
      <p className="mb-1">
        Changes to registrations closed{registration.changesCloseAt ? ` on ${formatInstant(registration.changesCloseAt)}` : ''}. Your registration is shown as it stands.
      </p>
      <p className="mb-0">
        To change or cancel it, please contact the help desk
        {desk?.phone && (
          <>
            {' '}
            at <a href={`tel:${desk.phone.replace(/[^\d+]/g, '')}`}>{desk.phone}</a>
          </>
        )}
        {desk?.email && (
          <>
            {desk.phone ? ' or ' : ' at '}
            <a href={`mailto:${desk.email}`}>{desk.email}</a>
          </>
        )}
        .
      </p>
    </div>
  );
}
