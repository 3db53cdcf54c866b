import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { AdminEvent } from '@portal/contracts';
import { useEvents } from '../api/get-events.ts';
import { adminPaths } from '../admin-paths.ts';
import { useRetentionDryRun, useRunRetention } from '../api/privacy.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { FieldGrid, type FieldSpec } from '../../../components/ui/form/field-grid.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { DataTable } from '../../../components/ui/table/data-table.tsx';
import { EmptyState, ErrorAlert, QueryState } from '../../../components/ui/table/query-state.tsx';
import { formatCount } from '../utils/format.ts';
import { checkEventForm, eventFormValues, type EventFormErrors, type EventFormValues } from '../utils/event-form.ts';
import { SwitchField } from '../../../components/ui/form/switch-field.tsx';

function EventForm({ event }: { event: AdminEvent }) {
  const update = useUpdateEvent();
  const [values, setValues] = useState<EventFormValues>(() => eventFormValues(event));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [saved, setSaved] = useState(false);
  const id = (field: string) => `event-${event.id}-${field}`;
  const set = (field: keyof EventFormValues) => (value: string) => {
    setSaved(false);
    setValues((v) => ({ ...v, [field]: value }));
  };

  const fields: FieldSpec<keyof Omit<EventFormValues, 'isVirtual'>>[] = [
    { name: 'startsOn', id: id('starts'), label: 'First day', type: 'date' },
    { name: 'endsOn', id: id('ends'), label: 'Last day', type: 'date' },
    { name: 'registrationOpensAt', id: id('opens'), label: 'Registration opens', type: 'datetime-local' },
    { name: 'registrationClosesAt', id: id('closes'), label: 'Registration closes', type: 'datetime-local' },
    { name: 'capacity', id: id('capacity'), label: 'Capacity', inputMode: 'numeric', hint: 'Empty: no limit.' },
    { name: 'defaultComplimentarySeats', id: id('seats'), label: 'Complimentary seats per store', inputMode: 'numeric', hint: 'Default for stores without their own number.' },
    { name: 'reminderDaysBeforeClose', id: id('reminders'), label: 'Reminder, days before close', inputMode: 'numeric', hint: 'Store managers of stores with nobody enrolled are mailed then. Empty: no reminder.' },
    { name: 'retentionDays', id: id('retention'), label: 'Erase attendees, days after the end', inputMode: 'numeric', hint: 'A daily job erases the attendees and purges delivered mail bodies then (see the dry run). Empty: kept.' },
    { name: 'changesCloseAt', id: id('changes-close'), label: 'Changes close', type: 'datetime-local', hint: 'Attendees change or hand over their own registration until then; after it their page is read-only. Empty: no limit.' },
    { name: 'helpDeskEmail', id: id('help-email'), label: 'Help desk e-mail', hint: 'Named on the registration page once changes have closed.' },
    { name: 'helpDeskPhone', id: id('help-phone'), label: 'Help desk phone' },
  ];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkEventForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate({ eventType: event.id, update: checked.update }, { onSuccess: () => setSaved(true) });
  };

  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h5">
        {event.name} <span className="text-body-secondary">({event.id})</span>
      </Card.Header>
      <Card.Body>
        <p className="mb-3">
          {formatCount(event.registrations.enrolled)} enrolled, {formatCount(event.registrations.pending)} pending, {formatCount(event.registrations.cancelled)} cancelled.
        </p>
        <Form noValidate onSubmit={onSubmit} aria-label={`Settings of ${event.name}`}>
          <FieldGrid className="row-cols-1 row-cols-md-2 row-cols-xl-4" fields={fields} values={values} errors={errors} onChange={(name, value) => set(name)(value)}>
            <Col className="d-flex align-items-center">
              <SwitchField
                id={id('virtual')}
                label="Virtual attendance offered"
                checked={values.isVirtual}
                onChange={(isVirtual) => {
                  setSaved(false);
                  setValues((v) => ({ ...v, isVirtual }));
                }}
              />
            </Col>
          </FieldGrid>
          {update.isError && <ErrorAlert error={update.error} title="Not saved." />}
          {saved && (
            <Alert variant="success" role="status">
              Saved.
            </Alert>
          )}
          <SubmitButton pending={update.isPending}>Save {event.id}</SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** Retention (docs/privacy.md): the dry run first, then a run now if wanted (the daily job does it anyway). */
function RetentionPanel() {
  const [asked, setAsked] = useState(false);
  const plan = useRetentionDryRun(asked);
  const run = useRunRetention();
  const [confirming, setConfirming] = useState(false);
  const due = (plan.data ?? []).filter((p) => p.due);
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">Retention</h2>
        <p className="small text-body-secondary">
          Every night, the attendees of an event past its retention period are erased and its delivered mail bodies purged. See first what a run would do.
        </p>
        <Button variant="outline-primary" onClick={() => (asked ? void plan.refetch() : setAsked(true))} disabled={plan.isFetching}>
          {plan.isFetching && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Dry run
        </Button>
        {plan.isError && <ErrorAlert error={plan.error} title="The dry run failed." />}
        {plan.data && (
          <DataTable
            label="Retention dry run"
            variant="plain"
            className="mt-3"
            columns={['Event', 'Kept for', 'Erased from', 'People to erase', 'Mail bodies to purge', 'Scan logs']}
            rows={plan.data}
            rowKey={(p) => p.event}
          >
            {(p) => (
              <>
                <td>{p.event}</td>
                <td>{p.retentionDays === null ? 'not set' : `${p.retentionDays} days after ${p.endsOn}`}</td>
                <td>{p.dueOn ? `${p.dueOn}${p.due ? ' (due)' : ''}` : '—'}</td>
                <td>{p.people}</td>
                <td>{p.mailBodies}</td>
                <td>{p.scanLogs}</td>
              </>
            )}
          </DataTable>
        )}
        {due.length > 0 && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Run now
          </Button>
        )}
        {run.data?.running && (
          <Alert variant="info" role="status" className="mt-3">
            The run goes on in the background: a large event takes some minutes. Run the dry run again to see what is left.
          </Alert>
        )}
        {run.data && !run.data.running && (
          <Alert variant="success" role="status" className="mt-3">
            {run.data.rows.map((r) => `${r.event}: ${r.people} people erased, ${r.mailBodies} mail bodies purged`).join('; ') || 'Nothing was due.'}
          </Alert>
        )}
        <ConfirmDialog
          show={confirming}
          title="Run retention now?"
          confirmLabel="Erase and purge"
          onConfirm={() => run.mutate(undefined, { onSuccess: () => { setConfirming(false); void plan.refetch(); } })}
          onCancel={() => setConfirming(false)}
          pending={run.isPending}
          error={run.error}
        >
          <p>
            {due.map((p) => `${p.event}: ${p.people} people erased, ${p.mailBodies} mail bodies purged.`).join(' ')} <strong>This cannot be undone.</strong>
          </p>
        </ConfirmDialog>
      </Card.Body>
    </Card>
  );
}

export function EventsPage() {
  const events = useEvents();
  return (
    <>
      <div className="mb-3">
        <h1 className="h3 mb-0">Events</h1>
        {/* The questions each event asks have their own page (the section bar has no room left at laptop widths). */}
        <Link to={adminPaths.questions} className="small">
          Questions asked at registration, answers, rooming list and catering
        </Link>
      </div>
      <QueryState query={events} loadingLabel="Loading events…">
        {(rows) => (rows.length === 0 ? <EmptyState>No events are set up.</EmptyState> : rows.map((event) => <EventForm key={event.id} event={event} />))}
      </QueryState>
      <RetentionPanel />
    </>
  );
}
