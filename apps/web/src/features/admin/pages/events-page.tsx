import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { AdminEvent } from '@portal/contracts';
import { useEvents } from '../api/get-events.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import { Field } from '../components/form-field.tsx';
import { EmptyState, ErrorAlert, QueryState } from '../components/query-state.tsx';
import { formatCount } from '../utils/format.ts';
import { checkEventForm, eventFormValues, type EventFormErrors, type EventFormValues } from '../utils/event-form.ts';

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
          <Row xs={1} md={2} xl={4}>
            <Col>
              <Field id={id('starts')} label="First day" type="date" value={values.startsOn} onChange={set('startsOn')} error={errors.startsOn} />
            </Col>
            <Col>
              <Field id={id('ends')} label="Last day" type="date" value={values.endsOn} onChange={set('endsOn')} error={errors.endsOn} />
            </Col>
            <Col>
              <Field id={id('opens')} label="Registration opens" type="datetime-local" value={values.registrationOpensAt} onChange={set('registrationOpensAt')} error={errors.registrationOpensAt} />
            </Col>
            <Col>
              <Field id={id('closes')} label="Registration closes" type="datetime-local" value={values.registrationClosesAt} onChange={set('registrationClosesAt')} error={errors.registrationClosesAt} />
            </Col>
            <Col>
              <Field id={id('capacity')} label="Capacity" inputMode="numeric" value={values.capacity} onChange={set('capacity')} error={errors.capacity} help="Empty: no limit." />
            </Col>
            <Col>
              <Field id={id('seats')} label="Complimentary seats per store" inputMode="numeric" value={values.defaultComplimentarySeats} onChange={set('defaultComplimentarySeats')} error={errors.defaultComplimentarySeats} help="Default for stores without their own number." />
            </Col>
            <Col>
              <Field id={id('reminders')} label="Reminder, days before close" inputMode="numeric" value={values.reminderDaysBeforeClose} onChange={set('reminderDaysBeforeClose')} error={errors.reminderDaysBeforeClose} help="Store managers of stores with nobody enrolled are mailed then. Empty: no reminder." />
            </Col>
            <Col className="d-flex align-items-center">
              <Form.Check
                type="switch"
                id={id('virtual')}
                label="Virtual attendance offered"
                checked={values.isVirtual}
                onChange={(e) => {
                  setSaved(false);
                  setValues((v) => ({ ...v, isVirtual: e.target.checked }));
                }}
              />
            </Col>
          </Row>
          {update.isError && <ErrorAlert error={update.error} title="Not saved." />}
          {saved && (
            <Alert variant="success" role="status">
              Saved.
            </Alert>
          )}
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Save {event.id}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

export function EventsPage() {
  const events = useEvents();
  return (
    <>
      <h1 className="h3 mb-3">Events</h1>
      <QueryState query={events} loadingLabel="Loading events…">
        {(rows) => (rows.length === 0 ? <EmptyState>No events are set up.</EmptyState> : rows.map((event) => <EventForm key={event.id} event={event} />))}
      </QueryState>
    </>
  );
}
