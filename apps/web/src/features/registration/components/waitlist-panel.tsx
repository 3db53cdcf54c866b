/**
 * The attendee's own page while on the waiting list (docs/waiting-lists.md): their position, or the
 * place offered and until when; claim it, or leave the list. Loaded lazily: only people on a
 * waiting list need it.
 */
import { useState } from 'react';
import type { RegistrationPage, RegistrationSummary } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { isDeadLink, useSubmitRegistration } from '../api/registration-api.ts';
import { formatInstant } from '../utils/registration-rules.ts';
import { isMailedLinkRequired, MailedLinkNotice } from './mailed-link.tsx';

interface WaitlistPanelProps {
  token: string;
  registration: RegistrationPage;
  onDone: (summary: RegistrationSummary) => void;
  onDeadLink: (error: ApiError) => void;
}

export default function WaitlistPanel({ token, registration, onDone, onDeadLink }: WaitlistPanelProps) {
  const mutation = useSubmitRegistration(token);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mailedNotice, setMailedNotice] = useState<string | null>(null);
  const offered = registration.status === 'Offered';

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
          } else setFailure(error instanceof ApiError ? error.message : 'Your answer could not be sent. Please check your connection and try again.');
        },
      },
    );
  }

  return (
    <section aria-labelledby="waitlist-heading" className="waitlist-panel">
      <h2 id="waitlist-heading" className="h4">
        {offered ? 'A place is offered to you' : 'You are on the waiting list'}
      </h2>
      {offered ? (
        <p data-testid="offer-expiry">
          A place at {registration.event.name} has become free for {registration.attendee.firstName} {registration.attendee.lastName}. Claim it before{' '}
          <strong>{registration.offerExpiresAt ? formatInstant(registration.offerExpiresAt) : 'the offer lapses'}</strong>; after that it goes to the next
          person in line.
        </p>
      ) : (
        <p data-testid="waitlist-position">
          Your position: <strong>{registration.waitlistPosition ?? '…'}</strong>
          {registration.waitlistPosition === 1 ? ' (you are next)' : ''}. When a place frees up, we offer it to you by mail, and the offer stays open for a
          limited time.
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
            {mutation.isPending ? 'Sending…' : 'Claim my place'}
          </button>
        )}
        {!confirmingLeave ? (
          <button type="button" className="btn btn-outline-danger" disabled={mutation.isPending} onClick={() => setConfirmingLeave(true)}>
            {offered ? 'Decline the place' : 'Leave the waiting list'}
          </button>
        ) : (
          <span role="group" aria-label="Confirm leaving" className="d-flex gap-2 align-items-center">
            <span>{offered ? 'Decline the place and leave the list?' : 'Leave the waiting list?'}</span>
            <button type="button" className="btn btn-danger" disabled={mutation.isPending} onClick={() => send('cancel')}>
              Yes, leave
            </button>
            <button type="button" className="btn btn-link" onClick={() => setConfirmingLeave(false)}>
              No, stay
            </button>
          </span>
        )}
      </div>
    </section>
  );
}
