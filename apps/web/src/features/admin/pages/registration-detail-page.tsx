import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import type { AdminRegistrationDetail, ResendLinkData } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { adminPaths } from '../admin-paths.ts';
import { useCancelRegistration } from '../api/cancel-registration.ts';
import { useChangeRegistrationDates } from '../api/change-registration-dates.ts';
import { useEvents } from '../api/get-events.ts';
import { useRegistration } from '../api/get-registration.ts';
import { useResendRegistrationLink } from '../api/resend-registration-link.ts';
import { AuditDetail } from '../components/audit-detail.tsx';
import { BadgeCard } from '../components/badge-card.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { useConfirmTarget } from '../hooks/use-confirm-target.ts';
import { CopyField } from '../components/copy-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { DataTable } from '../../../components/ui/table/data-table.tsx';
import { EmptyState, ErrorAlert, QueryState } from '../../../components/ui/table/query-state.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDateTime } from '../utils/format.ts';
import { checkDatesForm, type DatesFormValues } from '../utils/registration-dates.ts';
import { serverFieldErrors } from '../utils/zod-errors.ts';
import { ATTENDEE_TYPE_LABELS, labelOf } from '../utils/labels.ts';
import { SwitchField } from '../../../components/ui/form/switch-field.tsx';
import { TextAreaField } from '../../../components/ui/form/text-area-field.tsx';

function Facts({ r }: { r: AdminRegistrationDetail }) {
  const facts: [string, string][] = [
    ['Event', r.event],
    ['Attendee type', labelOf(ATTENDEE_TYPE_LABELS, r.attendeeType)],
    ['E-mail', r.email ?? '—'],
    ['Store', r.storeDlrnum ? `${r.storeDlrnum} ${r.storeName ?? ''}` : '—'],
    ['Region / zone / district', [r.region, r.zone, r.district].map((c) => c ?? '—').join(' / ')],
    ['Attendance', r.isVirtual ? 'Virtual' : r.arrivalDate ? `${r.arrivalDate} to ${r.departureDate ?? '?'}` : '—'],
    ['Registered by', r.registeredBy ? `${r.registeredBy.firstName} ${r.registeredBy.lastName}${r.registeredBy.email ? ` (${r.registeredBy.email})` : ''}` : '—'],
    ['Provider', r.provider],
    ['Enrolled', formatDateTime(r.enrolledAt)],
    ['Created', formatDateTime(r.createdAt)],
    ['Last change', formatDateTime(r.updatedAt)],
  ];
  // The waiting list (docs/waiting-lists.md): shown only while waiting or offered.
  if (r.waitlistPosition !== undefined) facts.push(['Waiting-list position', String(r.waitlistPosition)]);
  if (r.offerExpiresAt !== undefined) facts.push(['Offer expires', formatDateTime(r.offerExpiresAt)]);
  return (
    <dl className="row mb-0">
      {facts.map(([term, value]) => (
        <div key={term} className="col-12 col-md-6 col-xl-4 mb-2">
          <dt className="small text-body-secondary">{term}</dt>
          <dd className="mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The answers to the event's questions (docs/questions.md); sensitive ones marked: only organizers see them. */
function RegistrationAnswers({ answers }: { answers: NonNullable<AdminRegistrationDetail['answers']> }) {
  const shown = (value: (typeof answers)[number]['value']) => (Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value));
  return (
    <section className="mb-4" aria-labelledby="registration-answers-heading">
      <h2 id="registration-answers-heading" className="h5">
        Answers
      </h2>
      <dl className="row mb-0">
        {answers.map((a) => (
          <div key={a.key} className="col-12 col-md-6 mb-2">
            <dt className="small text-body-secondary">
              {a.label}
              {a.sensitive && (
                <Badge bg="warning" text="dark" className="ms-2">
                  Sensitive
                </Badge>
              )}
            </dt>
            <dd className="mb-0 text-break">{a.text ?? shown(a.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DatesForm({ r }: { r: AdminRegistrationDetail }) {
  const events = useEvents();
  const change = useChangeRegistrationDates(r.id);
  const event = events.data?.find((e) => e.id === r.event) ?? null;
  const [values, setValues] = useState<DatesFormValues>({ isVirtual: r.isVirtual, arrivalDate: r.arrivalDate ?? '', departureDate: r.departureDate ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const serverErrors = change.error instanceof ApiError ? serverFieldErrors(change.error.fieldErrors) : {};
  const shown = { ...serverErrors, ...errors };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const checked = checkDatesForm(event, values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    change.mutate(checked.request, { onSuccess: () => setSaved(true) });
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Change dates">
      {event && (
        <p className="small text-body-secondary">
          The event runs from {event.startsOn} to {event.endsOn}
          {event.isVirtual ? ' and can be attended virtually' : ''}.
        </p>
      )}
      {(event?.isVirtual || r.isVirtual) && (
        <SwitchField id="dates-virtual" className="mb-3" label="Attends virtually" checked={values.isVirtual} error={shown.isVirtual} onChange={(isVirtual) => setValues((v) => ({ ...v, isVirtual }))} />
      )}
      {!values.isVirtual && (
        <Row xs={1} sm={2}>
          <Col>
            <TextField id="dates-arrival" label="Arrival" type="date" value={values.arrivalDate} onChange={(arrivalDate) => setValues((v) => ({ ...v, arrivalDate }))} error={shown.arrivalDate} />
          </Col>
          <Col>
            <TextField id="dates-departure" label="Departure" type="date" value={values.departureDate} onChange={(departureDate) => setValues((v) => ({ ...v, departureDate }))} error={shown.departureDate} />
          </Col>
        </Row>
      )}
      {change.isError && Object.keys(serverErrors).length === 0 && <ErrorAlert error={change.error} title="Not changed." />}
      {saved && (
        <Alert variant="success" role="status">
          Dates changed. The attendee is sent the updated calendar entry.
        </Alert>
      )}
      <Button type="submit" variant="outline-primary" disabled={change.isPending || r.status === 'Cancelled'}>
        {change.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Save dates
      </Button>
    </Form>
  );
}

function History({ r }: { r: AdminRegistrationDetail }) {
  if (r.history.length === 0) return <EmptyState>No history recorded for this registration.</EmptyState>;
  return (
    <DataTable label="History" hover={false} columns={['When', 'What', 'Who', 'Result', 'Details']} rows={r.history} rowKey={(h) => h.id}>
      {(h) => (
        <>
          <td className="text-nowrap">{formatDateTime(h.at)}</td>
          <td>{h.action}</td>
          <td className="text-nowrap">{h.actorEmail ?? (h.organizerId ? `organizer ${h.organizerId}` : '—')}</td>
          <td>{h.success ? 'done' : 'failed'}</td>
          <td>
            <AuditDetail detail={h.detail} />
          </td>
        </>
      )}
    </DataTable>
  );
}

function Detail({ r }: { r: AdminRegistrationDetail }) {
  const cancel = useCancelRegistration(r.id);
  const resend = useResendRegistrationLink(r.id);
  const [reason, setReason] = useState('');
  const [link, setLink] = useState<ResendLinkData | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const cancelling = useConfirmTarget(cancel, () => reason, () => setDone('The registration is cancelled. The attendee is mailed a cancellation.'));
  const resending = useConfirmTarget(resend, () => undefined, setLink);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">
          {r.firstName} {r.lastName}
        </h1>
        <StatusBadge status={r.status} />
      </div>
      {done && (
        <Alert variant="success" role="status" onClose={() => setDone(null)} dismissible>
          {done}
        </Alert>
      )}
      {link && (
        <Alert variant="info" onClose={() => setLink(null)} dismissible>
          <p className="mb-2">{link.queued ? 'A new link was mailed to the attendee.' : 'A new link was issued. Mail is not set up: pass it on yourself.'}</p>
          <CopyField id="new-link" label="New registration link" value={link.link} copyLabel="Copy link" inputClassName="created-code" />
        </Alert>
      )}
      <Card className="mb-3">
        <Card.Body>
          <Facts r={r} />
        </Card.Body>
        <Card.Footer className="d-flex flex-wrap gap-2">
          <Button variant="outline-primary" onClick={() => resending.ask(r)} disabled={r.status === 'Cancelled'}>
            Resend link
          </Button>
          <Button variant="outline-danger" onClick={() => cancelling.ask(r)} disabled={r.status === 'Cancelled'}>
            Cancel registration
          </Button>
        </Card.Footer>
      </Card>
      <Row>
        <Col lg={4} className="mb-3">
          <Card>
            <Card.Body>
              <Card.Title as="h2" className="h5">
                Change dates
              </Card.Title>
              <DatesForm key={r.updatedAt} r={r} />
            </Card.Body>
          </Card>
          <div className="mt-3">
            <BadgeCard r={r} />
          </div>
        </Col>
        <Col lg={8}>
          {r.answers && r.answers.length > 0 && <RegistrationAnswers answers={r.answers} />}
          <h2 className="h5">History</h2>
          <History r={r} />
        </Col>
      </Row>
      <ConfirmDialog {...cancelling.dialog} title="Cancel this registration?" confirmLabel="Cancel registration">
        <p>
          {r.firstName} {r.lastName} will no longer be registered for {r.event}. The seat is freed.
        </p>
        <TextAreaField id="cancel-reason" className="" label="Reason (kept in the history)" rows={2} maxLength={500} value={reason} onChange={setReason} />
      </ConfirmDialog>
      <ConfirmDialog {...resending.dialog} title="Send a new registration link?" confirmLabel="Send new link" variant="primary">
        <p>A new link goes to {r.email ?? 'the attendee'}. Links sent earlier and not used yet stop working.</p>
      </ConfirmDialog>
    </>
  );
}

export function RegistrationDetailPage() {
  const { id } = useParams();
  const numericId = Number(id);
  const valid = Number.isInteger(numericId) && numericId > 0;
  const registration = useRegistration(valid ? numericId : 0);
  return (
    <>
      <Link to={adminPaths.registrations} className="d-inline-block mb-2">
        ← Registrations
      </Link>
      {!valid ? (
        <EmptyState>There is no registration {id}.</EmptyState>
      ) : registration.error instanceof ApiError && registration.error.status === 404 ? (
        <EmptyState>There is no registration {id}.</EmptyState>
      ) : (
        <QueryState query={registration} loadingLabel="Loading the registration…">
          {(r) => <Detail r={r} />}
        </QueryState>
      )}
    </>
  );
}
