import { useId, useState, type FormEvent } from 'react';
import type { FieldError, RegistrationPage, RegistrationSubmit, RegistrationSummary } from '@portal/contracts';
import { CheckField } from '../../../components/ui/form/check-field.tsx';
import { ErrorList } from '../../../components/ui/error-list.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { FIRST_NAME_MAX, LAST_NAME_MAX } from '@portal/contracts/rules';
import { isDeadLink, useSubmitRegistration } from '../api/registration-api.ts';
import { isMailedLinkRequired, MailedLinkNotice } from './mailed-link.tsx';
import { registrationErrors, useRegistrationDates, useRuleMessages, type RegistrationForm as FormFields } from '../utils/registration-rules.ts';
import { answerField, answersToSend, questionErrors, RegistrationQuestions, type AnswerDraft } from './registration-questions.tsx';

export interface RegistrationFormProps {
  token: string;
  registration: RegistrationPage;
  onDone: (summary: RegistrationSummary) => void;
  /** The link stopped working meanwhile (used in another tab, expired). */
  onDeadLink: (error: ApiError) => void;
  /** Changes have closed: the registration is shown, nothing can be sent. */
  readOnly?: boolean;
}

function initialFields(r: RegistrationPage): FormFields {
  return {
    firstName: r.attendee.firstName,
    lastName: r.attendee.lastName,
    email: r.attendee.email ?? '',
    isVirtual: r.isVirtual && r.event.isVirtual,
    arrivalDate: r.arrivalDate ?? '',
    departureDate: r.departureDate ?? '',
  };
}

/**
 * The attendee confirms name and e-mail, chooses physical or virtual attendance and, for physical
 * attendance, arrival and departure inside the event window. A revisit link also offers cancelling.
 */
export function RegistrationForm({ token, registration, onDone, onDeadLink, readOnly = false }: RegistrationFormProps) {
  const id = useId();
  const t = useT();
  const { day, instant } = useRegistrationDates();
  const worded = useRuleMessages();
  const [fields, setFields] = useState<FormFields>(() => initialFields(registration));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [mailedNotice, setMailedNotice] = useState<string | null>(null);
  const [answers, setAnswers] = useState<AnswerDraft>(() => ({ ...registration.answers }));
  const questions = registration.questions ?? [];
  const mutation = useSubmitRegistration(token);
  const pending = mutation.isPending;
  const locked = pending || readOnly;
  const revisit = registration.purpose === 'revisit';
  const { event } = registration;

  const ruleErrors = worded([...registrationErrors(fields, event), ...questionErrors(questions, answers, fields.isVirtual)]);
  const errors = submitted ? [...ruleErrors, ...serverErrors] : serverErrors;
  const shown = [...errors.map((e) => e.message), ...(failure ? [failure] : [])];
  const invalid = (field: keyof FormFields) => errors.some((e) => e.field === field);
  const errorsId = `${id}-errors`;

  const update = <K extends keyof FormFields>(field: K) => (value: FormFields[K]) => {
    setFields((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => current.filter((e) => e.field !== field));
    setFailure(null);
  };

  const answer = (key: string, value: AnswerDraft[string]) => {
    setAnswers((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => current.filter((e) => e.field !== answerField(key)));
    setFailure(null);
  };

  function send(body: RegistrationSubmit) {
    setServerErrors([]);
    setFailure(null);
    mutation.mutate(body, {
      onSuccess: onDone,
      onError: (error) => {
        if (isDeadLink(error) && error.fieldErrors.length === 0) onDeadLink(error);
        else if (isMailedLinkRequired(error)) {
          setConfirmingCancel(false);
          setMailedNotice(error.message);
        } else if (error instanceof ApiError && error.fieldErrors.length > 0) setServerErrors(error.fieldErrors);
        else setFailure(error instanceof ApiError && error.status === 400 ? error.message : t('registration.form.saveFailed'));
      },
    });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    setConfirmingCancel(false);
    if (ruleErrors.length > 0 || pending) return;
    send({
      action: 'submit',
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      email: fields.email.trim(),
      isVirtual: fields.isVirtual,
      arrivalDate: fields.isVirtual ? null : fields.arrivalDate,
      departureDate: fields.isVirtual ? null : fields.departureDate,
      ...(questions.length ? { answers: answersToSend(questions, answers, fields.isVirtual) } : {}),
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-describedby={shown.length > 0 ? errorsId : undefined}>
      <fieldset className="mb-3" disabled={locked}>
        <legend className="h5">{t('registration.form.attendee')}</legend>
        <div className="row g-2">
          <div className="col-sm-6">
            <TextField floating id={`${id}-first`} label={t('registration.form.firstName')} value={fields.firstName} onChange={update('firstName')} maxLength={FIRST_NAME_MAX} autoComplete="given-name" invalid={invalid('firstName')} />
          </div>
          <div className="col-sm-6">
            <TextField floating id={`${id}-last`} label={t('registration.form.lastName')} value={fields.lastName} onChange={update('lastName')} maxLength={LAST_NAME_MAX} autoComplete="family-name" invalid={invalid('lastName')} />
          </div>
        </div>
        <TextField
          floating
          id={`${id}-email`}
          label={t('registration.form.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={fields.email}
          onChange={update('email')}
          readOnly={!registration.emailEditable}
          invalid={invalid('email')}
        />
        {!registration.emailEditable && <p className="form-text mt-n2">{t('registration.form.emailOnRecord')}</p>}
      </fieldset>

      <fieldset className="mb-3" disabled={locked}>
        <legend className="h5">{t('registration.form.attendance')}</legend>
        <CheckField type="radio" name={`${id}-attendance`} id={`${id}-physical`} label={t('registration.form.inPerson')} checked={!fields.isVirtual} onChange={() => update('isVirtual')(false)} />
        {event.isVirtual && (
          <CheckField type="radio" name={`${id}-attendance`} id={`${id}-virtual`} label={t('registration.form.virtual')} checked={fields.isVirtual} onChange={() => update('isVirtual')(true)} />
        )}
        {!fields.isVirtual && (
          <div className="row g-2 mt-2">
            <p className="form-text mb-1">{t('registration.form.eventRuns', { start: day(event.startsOn), end: day(event.endsOn) })}</p>
            <div className="col-sm-6">
              <TextField floating id={`${id}-arrival`} label={t('registration.form.arrival')} type="date" min={event.startsOn} max={event.endsOn} value={fields.arrivalDate} onChange={update('arrivalDate')} invalid={invalid('arrivalDate')} />
            </div>
            <div className="col-sm-6">
              <TextField
                floating
                id={`${id}-departure`}
                label={t('registration.form.departure')}
                type="date"
                min={fields.arrivalDate || event.startsOn}
                max={event.endsOn}
                value={fields.departureDate}
                onChange={update('departureDate')}
                invalid={invalid('departureDate')}
              />
            </div>
          </div>
        )}
      </fieldset>
      <RegistrationQuestions id={id} questions={questions} answers={answers} isVirtual={fields.isVirtual} onChange={answer} errors={errors} disabled={pending} readOnly={readOnly} />

      {!readOnly && (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
            {t(pending ? 'registration.form.saving' : revisit ? 'registration.form.save' : 'registration.form.complete')}
          </button>
          {revisit && !confirmingCancel && (
            <button type="button" className="btn btn-outline-danger" disabled={pending} onClick={() => setConfirmingCancel(true)}>
              {t('registration.form.cancel')}
            </button>
          )}
        </div>
      )}
      {revisit && confirmingCancel && (
        <div className="alert alert-warning mt-3" role="group" aria-labelledby={`${id}-cancel-question`}>
          <p id={`${id}-cancel-question`} className="mb-2">
            {t('registration.form.cancelQuestion', { name: `${registration.attendee.firstName} ${registration.attendee.lastName}` })}
          </p>
          <button type="button" className="btn btn-danger me-2" disabled={pending} onClick={() => send({ action: 'cancel' })}>
            {t('registration.form.yesCancel')}
          </button>
          <button type="button" className="btn btn-outline-secondary" disabled={pending} onClick={() => setConfirmingCancel(false)}>
            {t('registration.form.keep')}
          </button>
        </div>
      )}
      {mailedNotice && <MailedLinkNotice message={mailedNotice} />}
      <ErrorList id={errorsId} errors={shown} />
      {!readOnly && <p className="form-text mt-3 registration-expiry">{t('registration.form.linkExpires', { date: instant(registration.expiresAt) })}</p>}
    </form>
  );
}
