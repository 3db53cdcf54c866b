/**
 * The days of the event (docs/event-days.md): arrivals of the whole event and each door's count
 * (refreshed every 10 s while shown), door devices (pair, what each holds, revoke), conflicts two offline doors made, walk-ins and
 * printed badges.
 */
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import {
  BADGE_LAYOUTS,
  createCheckInDeviceRequestSchema,
  walkInRequestSchema,
  type BadgeLayout,
  type CheckInDevice,
  type CreatedCheckInDevice,
  type WalkInData,
} from '@portal/contracts';
import { adminPaths } from '../admin-paths.ts';
import { PAGE_SIZE } from '../api/admin-types.ts';
import { errorMessage } from '../../../components/ui/table/query-state.tsx';
import {
  downloadBadges,
  useArrivals,
  useCheckInDevices,
  useConflicts,
  useCreateCheckInDevice,
  useNotArrived,
  useRevokeCheckInDevice,
  useWalkIn,
} from '../api/event-days.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { ShownOnce } from '../components/copy-button.tsx';
import { FieldGrid, type FieldSpec } from '../../../components/ui/form/field-grid.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { CheckField } from '../../../components/ui/form/check-field.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { ACTIONS, DataTable } from '../../../components/ui/table/data-table.tsx';
import { PagedTable } from '../../../components/ui/table/paged-table.tsx';
import { EmptyState, ErrorAlert, QueryState } from '../../../components/ui/table/query-state.tsx';
import { useConfirmTarget } from '../components/use-confirm-target.ts';
import { formatCount, formatDateTime } from '../utils/format.ts';
import { ATTENDEE_TYPE_LABELS, labelOf } from '../utils/labels.ts';
import { fieldErrorsOf } from '../utils/zod-errors.ts';
import { FormCard } from '../components/form-card.tsx';
import { useCreateFlow } from '../hooks/use-create-flow.ts';
import { DoorActivity } from '../components/door-activity.tsx';
import { useAdminSessions } from '../api/sessions.ts';

const EVENTS = ['nbc', 'abc'] as const;
type EventId = (typeof EVENTS)[number];
const LEVELS = ['Region', 'Zone', 'District'] as const;
const LAYOUT_LABELS: Record<BadgeLayout, string> = {
  a6: 'A6, one per page',
  'a4-4up': 'A4, four per page',
  'letter-6up': 'US Letter, six per page',
  'label-4x3': 'Label 4 × 3 in, one per label',
  'label-4x6': 'Label 4 × 6 in, one per label',
};
const STATE_LABELS: Record<CheckInDevice['state'], string> = { pairing: 'Waiting to pair', expired: 'Code expired', paired: 'Paired', revoked: 'Revoked' };

function Arrivals({ event }: { event: EventId }) {
  const [level, setLevel] = useState<(typeof LEVELS)[number]>('Region');
  const [page, setPage] = useState(1);
  const arrivals = useArrivals(event, { reportLevel: level });
  const notArrived = useNotArrived(event, { page, pageSize: PAGE_SIZE });
  return (
    <section aria-labelledby="arrivals-title" className="mb-4">
      <div className="d-flex flex-wrap align-items-end gap-3 mb-2">
        <h2 id="arrivals-title" className="h5 mb-0">
          Arrivals
        </h2>
        <SelectField id="arrivals-level" label="By" className="" labelClassName="small mb-0" size="sm" value={level} onChange={setLevel} options={LEVELS} />
        <span className="small text-body-secondary">Refreshes every 10 seconds.</span>
      </div>
      <QueryState query={arrivals} loadingLabel="Loading arrivals…">
        {(data) =>
          data.rows.length === 0 ? (
            <EmptyState>No enrolled attendees with a store yet.</EmptyState>
          ) : (
            <DataTable
              label="Arrivals"
              striped={false}
              columns={[level, 'Name', ...COUNT_COLUMNS]}
              rows={data.rows}
              rowKey={(r) => r.code}
              footer={
                <tr className="fw-bold">
                  <td colSpan={2}>Total</td>
                  <ArrivalCounts enrolled={data.total.enrolled} arrived={data.total.arrived} pct={data.total.enrolled ? (data.total.arrived / data.total.enrolled) * 100 : 0} />
                </tr>
              }
            >
              {(r) => (
                <>
                  <td>{r.code}</td>
                  <td>{r.name}</td>
                  <ArrivalCounts enrolled={r.enrolled} arrived={r.arrived} pct={r.pctArrived} />
                </>
              )}
            </DataTable>
          )
        }
      </QueryState>
      <h3 className="h6 mt-3">Not arrived yet</h3>
      <PagedTable
        query={notArrived}
        loadingLabel="Loading who has not arrived…"
        empty="Everyone enrolled has arrived."
        label="Not arrived"
        striped={false}
        columns={['Attendee', 'Type', 'Store', 'District', 'Zone']}
        rowKey={(r) => r.registrationId}
        pager={{ label: 'Not arrived pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(r) => (
          <>
            <td>
              <Link to={adminPaths.registration(r.registrationId)}>{r.attendeeName}</Link>
            </td>
            <td>{labelOf(ATTENDEE_TYPE_LABELS, r.attendeeType)}</td>
            <td>
              {r.dlrnum} {r.storeName}
            </td>
            <td>{r.district}</td>
            <td>{r.zone}</td>
          </>
        )}
      </PagedTable>
    </section>
  );
}

const COUNT_COLUMNS = [
  { header: 'Enrolled', className: 'text-end' },
  { header: 'Arrived', className: 'text-end' },
  { header: '% arrived', className: 'text-end' },
];

function ArrivalCounts({ enrolled, arrived, pct }: { enrolled: number; arrived: number; pct: number }) {
  return (
    <>
      <td className="text-end">{formatCount(enrolled)}</td>
      <td className="text-end">{formatCount(arrived)}</td>
      <td className="text-end">{pct.toFixed(1)}</td>
    </>
  );
}

function NewDeviceForm({ event, onCreated, onCancel }: { event: EventId; onCreated: (created: CreatedCheckInDevice & { name: string }) => void; onCancel: () => void }) {
  const create = useCreateCheckInDevice();
  const [name, setName] = useState('');
  const [canWalkIn, setCanWalkIn] = useState(false);
  const [canSubstitute, setCanSubstitute] = useState(false);
  const [sessionId, setSessionId] = useState('');
  const sessions = useAdminSessions(event);
  const sessionOptions = [
    { value: '', label: 'None: the event’s entrance (counts arrivals)' },
    ...(sessions.data?.rows ?? []).filter((s) => !s.cancelledAt).map((s) => ({ value: String(s.id), label: `${s.title} · ${s.room} · ${formatDateTime(s.startsAt)}` })),
  ];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = () => {
    const checked = createCheckInDeviceRequestSchema.safeParse({ event, name, canWalkIn, canSubstitute, ...(sessionId ? { sessionId: Number(sessionId) } : {}) });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    create.mutate(checked.data, { onSuccess: (created) => onCreated({ ...created, name: checked.data.name }) });
  };
  return (
    <FormCard title={`New door device for ${event}`} level={3} onSubmit={onSubmit} error={create.error} errorTitle="Not created." submitLabel="Create pairing code" pending={create.isPending} onCancel={onCancel}>
      <TextField id="device-name" label="Name" value={name} onChange={setName} error={errors.name} placeholder="Door 2, Hall B" hint="Shown at the door and in arrivals (first check-in's door)." />
      <CheckField id="device-walk-in" className="mb-1" label="May register walk-ins" checked={canWalkIn} onChange={setCanWalkIn} />
      <CheckField id="device-substitute" className="mb-3" label="May pass a registration to a colleague of the same store" checked={canSubstitute} onChange={setCanSubstitute} />
      <SelectField
        id="device-session"
        label="Session door"
        value={sessionId}
        onChange={setSessionId}
        options={sessionOptions}
        error={errors.sessionId}
        hint="A door paired to a session counts who came to it, and tells the doorkeeper who did not pick it."
      />
    </FormCard>
  );
}

function Devices({ event }: { event: EventId }) {
  const devices = useCheckInDevices(event);
  const revoke = useRevokeCheckInDevice();
  const confirm = useConfirmTarget(revoke, (d: CheckInDevice) => ({ id: d.id }));
  const newDevice = useCreateFlow<CreatedCheckInDevice & { name: string }>();
  return (
    <section aria-labelledby="devices-title" className="mb-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="devices-title" className="h5 mb-0">
          Door devices
        </h2>
        {!newDevice.creating && (
          <Button size="sm" variant="outline-primary" onClick={newDevice.start}>
            New device
          </Button>
        )}
      </div>
      <p className="small text-body-secondary">
        Open <code>/checkin</code> on the door's phone or tablet and type the pairing code. A device keeps only what the door needs (name, store, type, status) and wipes
        it when revoked.
      </p>
      {newDevice.creating && <NewDeviceForm event={event} onCancel={newDevice.cancel} onCreated={newDevice.done} />}
      {newDevice.created && (
        <ShownOnce
          title={`Pairing code of ${newDevice.created.name}`}
          level={3}
          note={<>Shown only this once; it pairs one device until {formatDateTime(newDevice.created.pairingExpiresAt)}.</>}
          value={newDevice.created.pairingCode}
          valueClassName="fs-4"
          testId="pairing-code"
          copyLabel="Copy pairing code"
          onDone={newDevice.dismiss}
        />
      )}
      <PagedTable
        query={devices}
        loadingLabel="Loading door devices…"
        empty={`No door devices for ${event} yet.`}
        label="Door devices"
        striped={false}
        columns={[
          'Device',
          'State',
          'Rights',
          'Last sync',
          { header: 'Scans', className: 'text-end' },
          { header: 'Check-ins', className: 'text-end' },
          { header: 'Conflicts', className: 'text-end' },
          'Holds',
          ACTIONS,
        ]}
        rowKey={(d) => d.id}
      >
        {(d) => (
          <>
            <td>
              {d.name}
              {d.session && <div className="small text-body-secondary">Session: {d.session.title}</div>}
            </td>
            <td>
              {STATE_LABELS[d.state]}
              {d.state === 'pairing' && d.pairingExpiresAt && <div className="small text-body-secondary">until {formatDateTime(d.pairingExpiresAt)}</div>}
            </td>
            <td className="small">{[d.canWalkIn && 'walk-ins', d.canSubstitute && 'substitution'].filter(Boolean).join(', ') || '—'}</td>
            <td className="text-nowrap">{formatDateTime(d.lastSyncAt)}</td>
            <td className="text-end">{formatCount(d.scans)}</td>
            <td className="text-end">{formatCount(d.checkIns)}</td>
            <td className="text-end">{formatCount(d.conflicts)}</td>
            <td className="small">
              {d.holds.rows > 0 ? (
                <>
                  {formatCount(d.holds.rows)} people ({d.holds.fields.join(', ')}) as of {formatDateTime(d.holds.asOf)}
                </>
              ) : (
                'nothing'
              )}
            </td>
            <td>
              {d.state !== 'revoked' && (
                <Button size="sm" variant="outline-danger" onClick={() => confirm.ask(d)}>
                  Revoke
                </Button>
              )}
            </td>
          </>
        )}
      </PagedTable>
      <ConfirmDialog {...confirm.dialog} title="Revoke this door device?" confirmLabel="Revoke">
        <p>
          {confirm.target?.name} stops at once: its next sync is refused and it wipes what it holds. Scans it has not sent yet are lost; let it sync first if you can.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function Conflicts({ event }: { event: EventId }) {
  const conflicts = useConflicts(event);
  return (
    <section aria-labelledby="conflicts-title" className="mb-4">
      <h2 id="conflicts-title" className="h5">
        Conflicts
      </h2>
      <p className="small text-body-secondary">Badges two doors both admitted while offline: the same badge may have been used by two people.</p>
      <PagedTable
        query={conflicts}
        loadingLabel="Loading conflicts…"
        empty="No conflicts."
        label="Conflicts"
        striped={false}
        hover={false}
        columns={['Attendee', 'Store', 'First admitted', 'Also admitted']}
        rowKey={(c) => c.second.scanId}
      >
        {(c) => (
          <>
            <td>
              <Link to={adminPaths.registration(c.registrationId)}>{c.attendeeName}</Link>
            </td>
            <td>{c.storeName}</td>
            <td>
              {formatDateTime(c.first.at)}, {c.first.door} ({c.first.device})
            </td>
            <td>
              {formatDateTime(c.second.at)}, {c.second.door} ({c.second.device})
            </td>
          </>
        )}
      </PagedTable>
    </section>
  );
}

const WALK_IN_FIELDS: FieldSpec<'email' | 'storeDlrnum' | 'firstName' | 'lastName'>[] = [
  { name: 'email', id: 'walk-in-email', label: 'E-mail', type: 'email' },
  { name: 'storeDlrnum', id: 'walk-in-store', label: 'Store code (optional)' },
  { name: 'firstName', id: 'walk-in-first', label: 'First name' },
  { name: 'lastName', id: 'walk-in-last', label: 'Last name' },
];

function WalkIn({ event }: { event: EventId }) {
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
    <section aria-labelledby="walk-in-title" className="mb-4">
      <h2 id="walk-in-title" className="h5">
        Walk-in
      </h2>
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
    </section>
  );
}

const PRINT_FIELDS: FieldSpec<'region' | 'zone' | 'district' | 'store'>[] = [
  { name: 'region', id: 'print-region', label: 'Region' },
  { name: 'zone', id: 'print-zone', label: 'Zone' },
  { name: 'district', id: 'print-district', label: 'District' },
  { name: 'store', id: 'print-store', label: 'Store' },
];

function PrintBadges({ event }: { event: EventId }) {
  const [layout, setLayout] = useState<BadgeLayout>('a4-4up');
  const [filters, setFilters] = useState({ region: '', zone: '', district: '', store: '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value.trim() }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    downloadBadges({ event, layout, ...filters })
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setPending(false));
  };
  return (
    <section aria-labelledby="print-title" className="mb-4">
      <h2 id="print-title" className="h5">
        Print badges
      </h2>
      <p className="small text-body-secondary">One PDF of the enrolled attendees, sorted by store so a store's badges come out together. Leave the filters empty for the whole event.</p>
      <Form noValidate onSubmit={onSubmit} aria-label="Print badges">
        <FieldGrid
          className="row-cols-2 row-cols-md-5 align-items-end"
          fields={PRINT_FIELDS}
          values={filters}
          onChange={(name, value) => set(name)(value)}
          before={
            <div className="col">
              <SelectField id="print-layout" label="Layout" value={layout} onChange={setLayout} options={BADGE_LAYOUTS.map((l) => ({ value: l, label: LAYOUT_LABELS[l] }))} />
            </div>
          }
        />
        {error && <Alert variant="danger">{error}</Alert>}
        <SubmitButton pending={pending} variant="outline-primary">
          {pending ? 'Making the PDF…' : 'Download PDF'}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function EventDaysPage() {
  const [event, setEvent] = useState<EventId>('nbc');
  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <h1 className="h3 mb-0">Event days</h1>
        <SelectField id="event-days-event" label="Event" className="" labelClassName="small mb-0" value={event} onChange={setEvent} options={EVENTS} />
      </div>
      <Arrivals key={`arrivals-${event}`} event={event} />
      <DoorActivity key={`activity-${event}`} event={event} />
      <Devices key={`devices-${event}`} event={event} />
      <Conflicts event={event} />
      <WalkIn event={event} />
      <PrintBadges event={event} />
    </>
  );
}
