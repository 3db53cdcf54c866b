/**
 * The builtin provider's hosted registration page (/register/:token, public; see
 * docs/registration-providers.md): complete a pending registration, or change or cancel one.
 * Its words come from the registration part of the catalogs (messages.ts).
 */
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import type { RegistrationPage, RegistrationSummary } from '@portal/contracts';
import { MessagesArea } from '../../../i18n/area.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { isDeadLink, useRegistration } from '../api/registration-api.ts';
import { RegistrationForm } from '../components/registration-form.tsx';
import { BadgeSection, EventLine, LinkProblem, RegistrationConfirmation } from '../components/registration-outcome.tsx';
import { BadgeByMail } from '../components/mailed-link.tsx';
import { Message } from '../components/message.tsx';
import { registrationMessages } from '../messages.ts';
import { useRegistrationDates } from '../utils/registration-rules.ts';

/** Only people on a waiting list need it (docs/waiting-lists.md): its own chunk. */
const WaitlistPanel = lazy(() => import('../components/waitlist-panel.tsx'));
/** Only an Enrolled registration picks sessions (docs/sessions.md): its own chunk. */
const RegistrationSessions = lazy(() => import('../components/registration-sessions.tsx'));
/** Handing the place to a colleague, and the colleague's acceptance (docs/transfers.md): its own chunk. */
const RegistrationTransfer = lazy(() => import('../components/registration-transfer.tsx'));

export default function RegistrationPageRoute() {
  const { token = '' } = useParams();
  return (
    <MessagesArea area={registrationMessages}>
      <main className="container py-4 registration-page" style={{ maxWidth: 760 }}>
        {/* A new token is a new page: nothing of the previous one's state carries over. */}
        <RegistrationForToken key={token} token={token} />
      </main>
    </MessagesArea>
  );
}

function Loading({ id = 'registration.loadingPart' }: { id?: 'registration.loadingPart' | 'registration.loadingSessions' | 'registration.loading' }) {
  const t = useT();
  return (
    <p role="status" className="text-body-secondary">
      {t(id)}
    </p>
  );
}

function RegistrationForToken({ token }: { token: string }) {
  const t = useT();
  useDocumentTitle(t('registration.documentTitle'));
  const query = useRegistration(token);
  const [done, setDone] = useState<RegistrationSummary | null>(null);
  const [dead, setDead] = useState<ApiError | null>(null);
  // An offer to a colleague sent or withdrawn: the link is used up, only the transfer section stays.
  const [transferSettled, setTransferSettled] = useState(false);

  if (done) return <RegistrationConfirmation summary={done} changed={query.data?.purpose === 'revisit' && query.data.status === 'Enrolled'} />;
  if (dead) return <LinkProblem status={dead.status} message={dead.message} />;
  if (query.isPending) return <Loading id="registration.loading" />;
  if (query.isError) {
    if (isDeadLink(query.error)) return <LinkProblem status={query.error.status} message={query.error.message} />;
    return (
      <section aria-labelledby="registration-load-failed">
        <h1 id="registration-load-failed" className="h3">
          {t('registration.loadFailed.title')}
        </h1>
        <p>{t('registration.loadFailed.body')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          {t('registration.tryAgain')}
        </button>
      </section>
    );
  }

  const registration = query.data;
  const revisit = registration.purpose === 'revisit';
  if (registration.purpose === 'transfer') {
    return (
      <Suspense fallback={<Loading />}>
        <RegistrationTransfer token={token} registration={registration} onDone={setDone} onDeadLink={setDead} />
      </Suspense>
    );
  }
  const closed = revisit && registration.changesClosed;
  const enrolled = revisit && registration.status === 'Enrolled';
  if (registration.status === 'Waitlisted' || registration.status === 'Offered') {
    return (
      <>
        <h1 className="h3">{t('registration.title.revisit')}</h1>
        <EventLine registration={registration} />
        <Suspense fallback={<Loading />}>
          <WaitlistPanel token={token} registration={registration} onDone={setDone} onDeadLink={setDead} />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <h1 className="h3">{t(revisit ? 'registration.title.revisit' : 'registration.title.complete')}</h1>
      <EventLine registration={registration} />
      {closed ? <ChangesClosed registration={registration} /> : <p>{t(revisit ? 'registration.lead.revisit' : 'registration.lead.complete')}</p>}
      <BadgeSection summary={registration} />
      <BadgeByMail token={token} registration={registration} />
      {!transferSettled && <RegistrationForm token={token} registration={registration} onDone={setDone} onDeadLink={setDead} readOnly={closed} />}
      {enrolled && !transferSettled && (
        <Suspense fallback={<Loading id="registration.loadingSessions" />}>
          <RegistrationSessions token={token} />
        </Suspense>
      )}
      {enrolled && (!closed || registration.transfer?.status === 'Offered') && (
        <Suspense fallback={<Loading />}>
          <RegistrationTransfer token={token} registration={registration} onDone={setDone} onDeadLink={setDead} onSettled={() => setTransferSettled(true)} />
        </Suspense>
      )}
    </>
  );
}

/** After the event's changesCloseAt: the page is read-only, and says whom to ask. */
function ChangesClosed({ registration }: { registration: RegistrationPage }) {
  const t = useT();
  const { instant } = useRegistrationDates();
  const desk = registration.helpDesk;
  const phone = desk?.phone ?? null;
  const email = desk?.email ?? null;
  const deskMessage = phone && email ? 'registration.closed.deskBoth' : phone ? 'registration.closed.deskPhone' : email ? 'registration.closed.deskEmail' : 'registration.closed.desk';
  return (
    <div className="alert alert-info" role="status" data-testid="changes-closed">
      <p className="mb-1">{registration.changesCloseAt ? t('registration.closed.on', { date: instant(registration.changesCloseAt) }) : t('registration.closed')}</p>
      <p className="mb-0">
        <Message
          id={deskMessage}
          values={{ phone, email }}
          tags={{
            tel: (chunks) => <a href={`tel:${(phone ?? '').replace(/[^\d+]/g, '')}`}>{chunks}</a>,
            mail: (chunks) => <a href={`mailto:${email ?? ''}`}>{chunks}</a>,
          }}
        />
      </p>
    </div>
  );
}
