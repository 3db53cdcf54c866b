/**
 * Handing a place to a colleague (docs/transfers.md), on the registration page. Three states:
 * - the holder's own page: "Give my place to a colleague" (name and e-mail), sent as
 *   `{ action: "transfer" }`; the server decides who may take it (same store, or same company
 *   mail domain) and names the field when not;
 * - the holder's page with an offer waiting: to whom, until when, and Withdraw;
 * - the colleague's own link (`purpose: "transfer"`): who offers what, and Accept.
 * Loaded lazily: most visits of the page never use it.
 */
import { useId, useState, type FormEvent } from 'react';
import type { FieldError, RegistrationPage, RegistrationSubmit, RegistrationSummary } from '@portal/contracts';
import { EMAIL_PATTERN, FIRST_NAME_MAX, LAST_NAME_MAX } from '@portal/contracts/rules';
import { ErrorList } from '../../../components/ui/error-list.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { isDeadLink, useSubmitRegistration } from '../api/registration-api.ts';
import { formatDay, formatInstant } from '../utils/registration-rules.ts';

export interface RegistrationTransferProps {
  token: string;
  registration: RegistrationPage;
  /** The colleague accepted: the page shows their registration as saved. */
  onDone: (summary: RegistrationSummary) => void;
  /** The link stopped working meanwhile (used in another tab, expired, offer withdrawn). */
  onDeadLink: (error: ApiError) => void;
  /** The holder offered or withdrew: the link is used up, the rest of the page steps aside. */
  onSettled?: () => void;
}

const SEND_FAILED = 'Your answer could not be sent. Please check your connection and try again.';

/** One request to the registration link with the page's error handling. */
function useTransferCall(token: string, onDeadLink: (error: ApiError) => void) {
  const mutation = useSubmitRegistration(token);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  function send(body: RegistrationSubmit, onSuccess: (summary: RegistrationSummary) => void) {
    setFieldErrors([]);
    setFailure(null);
    mutation.mutate(body, {
      onSuccess,
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.length > 0) setFieldErrors(error.fieldErrors);
        else if (isDeadLink(error) && error.status !== 409) onDeadLink(error);
        else setFailure(error instanceof ApiError ? error.message : SEND_FAILED);
      },
    });
  }
  return { send, pending: mutation.isPending, fieldErrors, failure, clear: () => (setFieldErrors([]), setFailure(null)) };
}

export default function RegistrationTransfer(props: RegistrationTransferProps) {
  if (props.registration.purpose === 'transfer') return <AcceptOffer {...props} />;
  if (props.registration.transfer?.status === 'Offered') return <PendingOffer {...props} />;
  return <GiveMyPlace {...props} />;
}

/** The colleague's page: the place offered to them, and Accept. */
function AcceptOffer({ token, registration, onDone, onDeadLink }: RegistrationTransferProps) {
  const call = useTransferCall(token, onDeadLink);
  const offer = registration.transfer;
  const from = offer ? `${offer.from.firstName} ${offer.from.lastName}` : 'A colleague';
  // A refusal about the colleague themselves (already registered for the event) comes as a field error.
  const problem = call.failure ?? (call.fieldErrors.length > 0 ? call.fieldErrors.map((e) => e.message).join(' ') : null);
  return (
    <section aria-labelledby="transfer-offer-heading" className="registration-transfer">
      <h1 id="transfer-offer-heading" className="h3">
        A place offered to you
      </h1>
      <p className="lead">
        {registration.event.name}, {formatDay(registration.event.startsOn)} to {formatDay(registration.event.endsOn)}
        {registration.store ? ` · ${registration.store.name}` : ''}
      </p>
      <p data-testid="transfer-offer">
        {from} cannot come and offers you their place, with its attendance, dates and sessions. Accept it before <strong>{formatInstant(registration.expiresAt)}</strong>; until
        then nothing changes.
      </p>
      <dl className="row registration-summary">
        <dt className="col-sm-4">For</dt>
        <dd className="col-sm-8">{offer ? `${offer.to.firstName} ${offer.to.lastName} (${offer.to.email})` : ''}</dd>
        <dt className="col-sm-4">Attendance</dt>
        <dd className="col-sm-8">{registration.isVirtual ? 'Virtual' : 'In person'}</dd>
        {!registration.isVirtual && registration.arrivalDate && registration.departureDate && (
          <>
            <dt className="col-sm-4">Dates</dt>
            <dd className="col-sm-8">
              {formatDay(registration.arrivalDate)} to {formatDay(registration.departureDate)}
            </dd>
          </>
        )}
      </dl>
      <p>Once you accept, the registration is yours: you get your own confirmation with your badge by mail, and {from}’s badge no longer admits anyone.</p>
      {problem && (
        <div className="alert alert-danger" role="alert">
          {problem}
        </div>
      )}
      <button type="button" className="btn btn-primary" disabled={call.pending} aria-busy={call.pending || undefined} onClick={() => call.send({ action: 'acceptTransfer' }, onDone)}>
        {call.pending ? 'Accepting…' : 'Accept the place'}
      </button>
    </section>
  );
}

/** The holder's page with an offer waiting for the colleague's answer: Withdraw. */
function PendingOffer({ token, registration, onDeadLink, onSettled }: RegistrationTransferProps) {
  const call = useTransferCall(token, onDeadLink);
  const [withdrawn, setWithdrawn] = useState(false);
  const offer = registration.transfer!;
  const to = `${offer.to.firstName} ${offer.to.lastName}`;
  if (withdrawn) {
    return (
      <section aria-labelledby="transfer-heading" className="mt-4 registration-transfer">
        <h2 id="transfer-heading" className="h4">
          Offer withdrawn
        </h2>
        <p role="status">The offer to {to} is withdrawn: your place stays yours. We have mailed you a new link to your registration.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="transfer-heading" className="mt-4 registration-transfer">
      <h2 id="transfer-heading" className="h4">
        Your place is offered to a colleague
      </h2>
      <p data-testid="transfer-pending">
        {to} ({offer.to.email}) can accept your place until <strong>{formatInstant(offer.expiresAt)}</strong>. Until then the registration stays yours.
      </p>
      {call.failure && (
        <div className="alert alert-danger" role="alert">
          {call.failure}
        </div>
      )}
      <button
        type="button"
        className="btn btn-outline-danger"
        disabled={call.pending}
        onClick={() =>
          call.send({ action: 'withdrawTransfer' }, () => {
            setWithdrawn(true);
            onSettled?.();
          })
        }
      >
        {call.pending ? 'Withdrawing…' : 'Withdraw the offer'}
      </button>
    </section>
  );
}

interface ColleagueFields {
  firstName: string;
  lastName: string;
  email: string;
}

function colleagueErrors(f: ColleagueFields): FieldError[] {
  const errors: FieldError[] = [];
  if (!f.firstName.trim()) errors.push({ field: 'firstName', message: 'Enter the colleague’s first name.' });
  if (!f.lastName.trim()) errors.push({ field: 'lastName', message: 'Enter the colleague’s last name.' });
  if (!EMAIL_PATTERN.test(f.email.trim())) errors.push({ field: 'email', message: 'Enter the colleague’s e-mail address.' });
  return errors;
}

/** The holder's page: offer the place to a colleague. */
function GiveMyPlace({ token, registration, onDeadLink, onSettled }: RegistrationTransferProps) {
  const id = useId();
  const call = useTransferCall(token, onDeadLink);
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<ColleagueFields>({ firstName: '', lastName: '', email: '' });
  const [submitted, setSubmitted] = useState(false);
  const [offered, setOfferedTo] = useState<RegistrationSummary['transfer'] | null>(null);
  const ruleErrors = colleagueErrors(fields);
  const errors = submitted ? [...ruleErrors, ...call.fieldErrors] : call.fieldErrors;
  const invalid = (field: keyof ColleagueFields) => errors.some((e) => e.field === field);
  const shown = [...errors.map((e) => e.message), ...(call.failure ? [call.failure] : [])];
  const update = (field: keyof ColleagueFields) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    call.clear();
  };

  if (offered) {
    return (
      <section aria-labelledby="transfer-heading" className="mt-4 registration-transfer">
        <h2 id="transfer-heading" className="h4">
          Your place is offered to {offered.to.firstName} {offered.to.lastName}
        </h2>
        <p role="status" data-testid="transfer-sent">
          We have mailed {offered.to.email} a link to accept it before {formatInstant(offered.expiresAt)}. Until then the registration stays yours; the mail we sent you has
          a link to withdraw the offer.
        </p>
      </section>
    );
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (ruleErrors.length > 0 || call.pending) return;
    call.send({ action: 'transfer', firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), email: fields.email.trim() }, (summary) => {
      setOfferedTo(summary.transfer ?? { status: 'Offered', from: registration.attendee, to: { ...fields }, expiresAt: new Date().toISOString() });
      onSettled?.();
    });
  }

  const rule = registration.store ? `a colleague on the staff list of ${registration.store.name}` : 'a colleague with an address of your company’s mail domain';
  return (
    <section aria-labelledby="transfer-heading" className="mt-4 registration-transfer">
      <h2 id="transfer-heading" className="h4">
        Cannot come?
      </h2>
      {!open ? (
        <>
          <p>You can give your place to {rule}. They accept it through a link we mail them.</p>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(true)}>
            Give my place to a colleague
          </button>
        </>
      ) : (
        <form noValidate onSubmit={submit} aria-describedby={shown.length > 0 ? `${id}-errors` : undefined}>
          <fieldset disabled={call.pending}>
            <legend className="h5">Give my place to a colleague</legend>
            <p className="form-text">Only {rule} can take it. They have 48 hours to accept; until then nothing changes.</p>
            <div className="row g-2">
              <div className="col-sm-6">
                <TextField floating id={`${id}-first`} label="Colleague’s first name" value={fields.firstName} onChange={update('firstName')} maxLength={FIRST_NAME_MAX} invalid={invalid('firstName')} />
              </div>
              <div className="col-sm-6">
                <TextField floating id={`${id}-last`} label="Colleague’s last name" value={fields.lastName} onChange={update('lastName')} maxLength={LAST_NAME_MAX} invalid={invalid('lastName')} />
              </div>
            </div>
            <TextField floating id={`${id}-email`} label="Colleague’s e-mail address" type="email" inputMode="email" value={fields.email} onChange={update('email')} invalid={invalid('email')} />
          </fieldset>
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={call.pending} aria-busy={call.pending || undefined}>
              {call.pending ? 'Sending…' : 'Offer my place'}
            </button>
            <button type="button" className="btn btn-link" disabled={call.pending} onClick={() => setOpen(false)}>
              Keep my place
            </button>
          </div>
          <ErrorList id={`${id}-errors`} errors={shown} />
        </form>
      )}
    </section>
  );
}
