/**
 * The attendee's own page while on the waiting list (docs/waiting-lists.md): their position, or the
 * place offered and until when; claim it, or leave the list. Loaded lazily: only people on a
 * waiting list need it.
 */
import { useState } from 'react';
import type { RegistrationPage, RegistrationSummary } from '@portal/contracts';
import { useT } from '../../../i18n/use-t.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isDeadLink, useSubmitRegistration } from '../api/registration-api.ts';
import { useRegistrationDates } from '../utils/registration-rules.ts';
import { Message } from './message.tsx';
import { isMailedLinkRequired, MailedLinkNotice } from './mailed-link.tsx';

interface WaitlistPanelProps {
  token: string;
  registration: RegistrationPage;
  onDone: (summary: RegistrationSummary) => void;
  onDeadLink: (error: ApiError) => void;
}

export default function WaitlistPanel({ token, registration, onDone, onDeadLink }: WaitlistPanelProps) {
  const t = useT();
  const { instant } = useRegistrationDates();
  const mutation = useSubmitRegistration(token);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mailedNotice, setMailedNotice] = useState<string | null>(null);
  const offered = registration.status === 'Offered';
  const name = `${registration.attendee.firstName} ${registration.attendee.lastName}`;

  function send(action: 'claim' | 'cancel') {
    setFailure(null);
    mutation.mutate(
      { action },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isDeadLink(error)) onDeadLink(error);
          else if (isMailedLinkRequired(error)) {
            setConfirmingLeave(false);
            setMailedNotice(error.message);
          } else setFailure(error instanceof ApiError ? error.message : t('registration.sendFailed'));
        },
      },
    );
  }

  return (
    <section aria-labelledby="waitlist-heading" className="waitlist-panel">
      <h2 id="waitlist-heading" className="h4">
        {t(offered ? 'registration.waitlist.offeredTitle' : 'registration.waitlisted.title')}
      </h2>
      {offered ? (
        <p data-testid="offer-expiry">
          <Message
            id={registration.offerExpiresAt ? 'registration.waitlist.offer' : 'registration.waitlist.offerNoDate'}
            values={{ event: registration.event.name, name, deadline: registration.offerExpiresAt ? instant(registration.offerExpiresAt) : null }}
          />
        </p>
      ) : (
        <p data-testid="waitlist-position">
          <Message id={registration.waitlistPosition === 1 ? 'registration.waitlist.positionNext' : 'registration.waitlist.position'} values={{ position: registration.waitlistPosition ?? '…' }} />
        </p>
      )}
      {mailedNotice && <MailedLinkNotice message={mailedNotice} />}
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        {offered && (
          <button type="button" className="btn btn-primary" disabled={mutation.isPending} onClick={() => send('claim')}>
            {t(mutation.isPending ? 'registration.sending' : 'registration.waitlist.claim')}
          </button>
        )}
        {!confirmingLeave ? (
          <button type="button" className="btn btn-outline-danger" disabled={mutation.isPending} onClick={() => setConfirmingLeave(true)}>
            {t(offered ? 'registration.waitlist.decline' : 'registration.waitlist.leave')}
          </button>
        ) : (
          <span role="group" aria-label={t('registration.waitlist.confirmLeaving')} className="d-flex gap-2 align-items-center">
            <span>{t(offered ? 'registration.waitlist.declineQuestion' : 'registration.waitlist.leaveQuestion')}</span>
            <button type="button" className="btn btn-danger" disabled={mutation.isPending} onClick={() => send('cancel')}>
              {t('registration.waitlist.yesLeave')}
            </button>
            <button type="button" className="btn btn-link" onClick={() => setConfirmingLeave(false)}>
              {t('registration.waitlist.noStay')}
            </button>
          </span>
        )}
      </div>
    </section>
  );
}
