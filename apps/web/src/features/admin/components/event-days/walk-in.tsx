/** Registers a person on the spot, checks them in and downloads their badge. */
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { walkInRequestSchema, type WalkInData } from '@portal/contracts';
import { adminPaths } from '../../admin-paths.ts';
import { errorMessage } from '../../../../components/ui/table/query-state.tsx';
import { downloadBadges, useWalkIn } from '../../api/event-days.ts';
import { FieldGrid, type FieldSpec } from '../../../../components/ui/form/field-grid.tsx';
import { SubmitButton } from '../../../../components/ui/form/submit-button.tsx';
import { ErrorAlert } from '../../../../components/ui/table/query-state.tsx';
import { fieldErrorsOf } from '../../utils/zod-errors.ts';
import type { EventId } from './event-days-events.ts';
import { Panel } from './panel.tsx';

const WALK_IN_FIELDS: FieldSpec<'email' | 'storeDlrnum' | 'firstName' | 'lastName'>[] = [
  { name: 'email', id: 'walk-in-email', label: 'E-mail', type: 'email' },
  { name: 'storeDlrnum', id: 'walk-in-store', label: 'Store code (optional)' },
  { name: 'firstName', id: 'walk-in-first', label: 'First name' },
  { name: 'lastName', id: 'walk-in-last', label: 'Last name' },
];

export function WalkIn({ event }: { event: EventId }) {
  const walkIn = useWalkIn();
  const [values, setValues] = useState({ email: '', firstName: '', lastName: '', storeDlrnum: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<WalkInData | null>(null);
  const [printError, setPrintError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const checked = walkInRequestSchema.safeParse({ event, ...values, storeDlrnum: values.storeDlrnum || undefined, door: 'Console' });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    walkIn.mutate(checked.data, {
      onSuccess: (data) => {
        setDone(data);
        setValues({ email: '', firstName: '', lastName: '', storeDlrnum: '' });
        setPrintError(null);
        downloadBadges({ event, layout: 'a6', registrationId: data.registrationId }).catch((error: unknown) => setPrintError(errorMessage(error)));
      },
    });
  };
  return (
    <Panel id="walk-in-title" title="Walk-in">
      <p className="small text-body-secondary">Registers a person on the spot (an existing person by their e-mail), checks them in and prints their badge.</p>
      <Form noValidate onSubmit={onSubmit} aria-label="Walk-in">
        <FieldGrid className="row-cols-1 row-cols-md-2" fields={WALK_IN_FIELDS} values={values} errors={errors} onChange={(name, value) => set(name)(value)} />
        {walkIn.isError && <ErrorAlert error={walkIn.error} title="Not registered." />}
        {done && (
          <Alert variant="success" role="status">
            {done.name} is registered and checked in. <Link to={adminPaths.registration(done.registrationId)}>Open the registration</Link>. The badge downloads now.
          </Alert>
        )}
        {printError && <Alert variant="warning">The badge did not download: {printError}</Alert>}
        <SubmitButton pending={walkIn.isPending}>Register and print badge</SubmitButton>
      </Form>
    </Panel>
  );
}
