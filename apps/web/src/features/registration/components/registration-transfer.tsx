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
import { useT } from '../../../i18n/use-t.ts';
import type { MessageId } from '../../../i18n/messages/ids.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isDeadLink, useSubmitRegistration } from '../api/registration-api.ts';
import { useRegistrationDates } from '../utils/registration-rules.ts';
import { Message } from './message.tsx';
import { EventLine } from './registration-outcome.tsx';

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

/** One request to the registration link with the page's error handling. */
function useTransferCall(token: string, onDeadLink: (error: ApiError) => void) {
  const t = useT();
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
        else setFailure(error instanceof ApiError ? error.message : t('registration.sendFailed'));
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
  const t = useT();
  const { day, instant } = useRegistrationDates();
  const call = useTransferCall(token, onDeadLink);
  const offer = registration.transfer;
  const from = offer ? `${offer.from.firstName} ${offer.from.lastName}` : t('registration.transfer.aColleague');
  // A refusal about the colleague themselves (already registered for the event) comes as a field error.
  const problem = call.failure ?? (call.fieldErrors.length > 0 ? call.fieldErrors.map((e) => e.message).join(' ') : null);
  return (
    <section aria-labelledby="transfer-offer-heading" className="registration-transfer">
      <h1 id="transfer-offer-heading" className="h3">
        {t('registration.transfer.offerTitle')}
      </h1>
      <EventLine registration={registration} />
      <p data-testid="transfer-offer">
        <Message id="registration.transfer.offer" values={{ from, deadline: instant(registration.expiresAt) }} />
      </p>
      <dl className="row registration-summary">
        <dt className="col-sm-4">{t('registration.summary.for')}</dt>
        <dd className="col-sm-8">{offer ? `${offer.to.firstName} ${offer.to.lastName} (${offer.to.email})` : ''}</dd>
        <dt className="col-sm-4">{t('registration.summary.attendance')}</dt>
        <dd className="col-sm-8">{t(registration.isVirtual ? 'registration.summary.virtual' : 'registration.summary.inPerson')}</dd>
        {!registration.isVirtual && registration.arrivalDate && registration.departureDate && (
          <>
            <dt className="col-sm-4">{t('registration.summary.dates')}</dt>
            <dd className="col-sm-8">{t('registration.summary.dateRange', { start: day(registration.arrivalDate), end: day(registration.departureDate) })}</dd>
          </>
        )}
      </dl>
      <p>{t('registration.transfer.once', { from })}</p>
      {problem && (
        <div className="alert alert-danger" role="alert">
          {problem}
        </div>
      )}
      <button type="button" className="btn btn-primary" disabled={call.pending} aria-busy={call.pending || undefined} onClick={() => call.send({ action: 'acceptTransfer' }, onDone)}>
        {t(call.pending ? 'registration.transfer.accepting' : 'registration.transfer.accept')}
      </button>
    </section>
  );
}

/** The holder's page with an offer waiting for the colleague's answer: Withdraw. */
function PendingOffer({ token, registration, onDeadLink, onSettled }: RegistrationTransferProps) {
  const t = useT();
  const { instant } = useRegistrationDates();
  const call = useTransferCall(token, onDeadLink);
  const [withdrawn, setWithdrawn] = useState(false);
  const offer = registration.transfer!;
  const to = `${offer.to.firstName} ${offer.to.lastName}`;
  if (withdrawn) {
    return (
      <section aria-labelledby="transfer-heading" className="mt-4 registration-transfer">
        <h2 id="transfer-heading" className="h4">
          {t('registration.transfer.withdrawnTitle')}
        </h2>
        <p role="status">{t('registration.transfer.withdrawn', { name: to })}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="transfer-heading" className="mt-4 registration-transfer">
      <h2 id="transfer-heading" className="h4">
        {t('registration.transfer.pendingTitle')}
      </h2>
      <p data-testid="transfer-pending">
        <Message id="registration.transfer.pending" values={{ name: to, email: offer.to.email, deadline: instant(offer.expiresAt) }} />
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
        {t(call.pending ? 'registration.transfer.withdrawing' : 'registration.transfer.withdraw')}
      </button>
    </section>
  );
}

interface ColleagueFields {
  firstName: string;
  lastName: string;
  email: string;
}

function colleagueErrors(f: ColleagueFields): { field: keyof ColleagueFields; id: MessageId }[] {
  const errors: { field: keyof ColleagueFields; id: MessageId }[] = [];
  if (!f.firstName.trim()) errors.push({ field: 'firstName', id: 'registration.transfer.firstNameMissing' });
  if (!f.lastName.trim()) errors.push({ field: 'lastName', id: 'registration.transfer.lastNameMissing' });
  if (!EMAIL_PATTERN.test(f.email.trim())) errors.push({ field: 'email', id: 'registration.transfer.emailMissing' });
  return errors;
}

/** The holder's page: offer the place to a colleague. */
function GiveMyPlace({ token, registration, onDeadLink, onSettled }: RegistrationTransferProps) {
  const id = useId();
  const t = useT();
  const { instant } = useRegistrationDates();
  const call = useTransferCall(token, onDeadLink);
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<ColleagueFields>({ firstName: '', lastName: '', email: '' });
  const [submitted, setSubmitted] = useState(false);
  const [offered, setOfferedTo] = useState<RegistrationSummary['transfer'] | null>(null);
  const ruleErrors: FieldError[] = colleagueErrors(fields).map((e) => ({ field: e.field, message: t(e.id) }));
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
          {t('registration.transfer.sentTitle', { name: `${offered.to.firstName} ${offered.to.lastName}` })}
        </h2>
        <p role="status" data-testid="transfer-sent">
          {t('registration.transfer.sent', { email: offered.to.email, deadline: instant(offered.expiresAt) })}
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

  const store = registration.store?.name;
  return (
    <section aria-labelledby="transfer-heading" className="mt-4 registration-transfer">
      <h2 id="transfer-heading" className="h4">
        {t('registration.transfer.cannotCome')}
      </h2>
      {!open ? (
        <>
          <p>{store ? t('registration.transfer.canGiveStore', { store }) : t('registration.transfer.canGiveDomain')}</p>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(true)}>
            {t('registration.transfer.give')}
          </button>
        </>
      ) : (
        <form noValidate onSubmit={submit} aria-describedby={shown.length > 0 ? `${id}-errors` : undefined}>
          <fieldset disabled={call.pending}>
            <legend className="h5">{t('registration.transfer.give')}</legend>
            <p className="form-text">{store ? t('registration.transfer.onlyStore', { store }) : t('registration.transfer.onlyDomain')}</p>
            <div className="row g-2">
              <div className="col-sm-6">
                <TextField floating id={`${id}-first`} label={t('registration.transfer.firstName')} value={fields.firstName} onChange={update('firstName')} maxLength={FIRST_NAME_MAX} invalid={invalid('firstName')} />
              </div>
              <div className="col-sm-6">
                <TextField floating id={`${id}-last`} label={t('registration.transfer.lastName')} value={fields.lastName} onChange={update('lastName')} maxLength={LAST_NAME_MAX} invalid={invalid('lastName')} />
              </div>
            </div>
            <TextField floating id={`${id}-email`} label={t('registration.transfer.email')} type="email" inputMode="email" value={fields.email} onChange={update('email')} invalid={invalid('email')} />
          </fieldset>
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={call.pending} aria-busy={call.pending || undefined}>
              {t(call.pending ? 'registration.sending' : 'registration.transfer.offerMine')}
            </button>
            <button type="button" className="btn btn-link" disabled={call.pending} onClick={() => setOpen(false)}>
              {t('registration.transfer.keep')}
            </button>
          </div>
          <ErrorList id={`${id}-errors`} errors={shown} />
        </form>
      )}
    </section>
  );
}
