/**
 * A registration's badge and door state in the console (docs/event-days.md): the QR and code for a
 * reprint, check-in by hand (and undo), and same-store substitution (new badge, the old one refused).
 */
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { substituteRequestSchema, type AdminRegistrationDetail } from '@portal/contracts';
import { errorMessage } from '../../../components/ui/table/query-state.tsx';
import { downloadBadges, useConsoleCheckIn, useSubstitute } from '../api/event-days.ts';
import { formatDateTime } from '../utils/format.ts';
import { fieldErrorsOf } from '../utils/zod-errors.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useConfirmTarget } from '../hooks/use-confirm-target.ts';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { QrCode } from './qr-code.tsx';
import { ErrorAlert } from '../../../components/ui/table/query-state.tsx';

function SubstituteForm({ r, onDone }: { r: AdminRegistrationDetail; onDone: (name: string) => void }) {
  const substitute = useSubstitute(r.id);
  const [values, setValues] = useState({ email: '', firstName: '', lastName: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const passing = useConfirmTarget(substitute, (colleague: { email: string; firstName: string; lastName: string; reason?: string | undefined }) => colleague, (data) => {
    setValues({ email: '', firstName: '', lastName: '', reason: '' });
    onDone(data.name);
  });
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = substituteRequestSchema.safeParse({ ...values, reason: values.reason || undefined });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    passing.ask({ email: checked.data.email!, firstName: checked.data.firstName!, lastName: checked.data.lastName!, reason: checked.data.reason });
  };
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Pass to a colleague">
      <p className="small text-body-secondary mb-2">A colleague of store {r.storeDlrnum} comes instead: they get a new badge, the old one no longer admits.</p>
      <TextField id="sub-email" label="Colleague's e-mail" type="email" value={values.email} onChange={set('email')} error={errors.email} className="mb-2" />
      <TextField id="sub-first" label="First name" value={values.firstName} onChange={set('firstName')} error={errors.firstName} className="mb-2" />
      <TextField id="sub-last" label="Last name" value={values.lastName} onChange={set('lastName')} error={errors.lastName} className="mb-2" />
      <TextField id="sub-reason" label="Reason (kept in the history)" value={values.reason} onChange={set('reason')} className="mb-2" />
      <Button type="submit" size="sm" variant="outline-primary">
        Pass to colleague
      </Button>
      <ConfirmDialog {...passing.dialog} title="Pass this registration to a colleague?" confirmLabel="Pass it on" variant="primary">
        <p>
          {r.firstName} {r.lastName}'s registration passes to {passing.target?.firstName} {passing.target?.lastName}. Their badge stops admitting at once.
        </p>
      </ConfirmDialog>
    </Form>
  );
}

export function BadgeCard({ r }: { r: AdminRegistrationDetail }) {
  const checkIn = useConsoleCheckIn(r.id);
  const [message, setMessage] = useState<string | null>(null);
  const [printError, setPrintError] = useState<string | null>(null);
  const state = r.checkIn ?? null;
  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Badge and arrival
        </Card.Title>
        {message && (
          <Alert variant="success" role="status" dismissible onClose={() => setMessage(null)}>
            {message}
          </Alert>
        )}
        <p className="mb-2">
          {state?.checkedInAt ? (
            <>
              Arrived {formatDateTime(state.checkedInAt)}, {state.door ?? 'door unknown'}.
            </>
          ) : (
            'Not arrived yet.'
          )}
        </p>
        {r.badge ? (
          <>
            <QrCode text={r.badge.code} label={`Badge of ${r.firstName} ${r.lastName}`} size={160} />
            <p className="small font-monospace text-break mt-2 mb-2" data-testid="badge-code">
              {r.badge.code}
            </p>
            <div className="d-flex flex-wrap gap-2 mb-3">
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => {
                  setPrintError(null);
                  downloadBadges({ event: r.event, layout: 'a6', registrationId: r.id }).catch((error: unknown) => setPrintError(errorMessage(error)));
                }}
              >
                Reprint badge
              </Button>
              {state?.checkedInAt ? (
                <Button size="sm" variant="outline-secondary" disabled={checkIn.isPending} onClick={() => checkIn.mutate(true, { onSuccess: () => setMessage('Check-in undone.') })}>
                  Undo check-in
                </Button>
              ) : (
                <Button size="sm" variant="outline-success" disabled={checkIn.isPending} onClick={() => checkIn.mutate(false, { onSuccess: () => setMessage('Checked in.') })}>
                  Check in
                </Button>
              )}
            </div>
            {printError && <Alert variant="warning">{printError}</Alert>}
            {checkIn.isError && <ErrorAlert error={checkIn.error} />}
            {r.storeDlrnum && <SubstituteForm r={r} onDone={(name) => setMessage(`The registration now belongs to ${name}, with a new badge.`)} />}
          </>
        ) : (
          <p className="text-body-secondary mb-0">No badge: only an enrolled registration has one{state ? ` (badge version ${state.badgeVersion} no longer admits)` : ''}.</p>
        )}
      </Card.Body>
    </Card>
  );
}
