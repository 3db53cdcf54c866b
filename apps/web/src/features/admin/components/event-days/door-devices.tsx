/** The event's door devices: pair a new one (its code shown once), what each holds and counts, revoke. */
import Button from 'react-bootstrap/Button';
import type { CheckInDevice, CreatedCheckInDevice } from '@portal/contracts';
import { useCheckInDevices, useRevokeCheckInDevice } from '../../api/event-days.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ShownOnce } from '../../components/copy-button.tsx';
import { ACTIONS } from '../../../../components/ui/table/data-table.tsx';
import { PagedTable } from '../../../../components/ui/table/paged-table.tsx';
import { useConfirmTarget } from '../../hooks/use-confirm-target.ts';
import { formatCount, formatDateTime } from '../../utils/format.ts';
import { useCreateFlow } from '../../hooks/use-create-flow.ts';
import type { EventId } from './event-days-events.ts';
import { NewDeviceForm } from './new-device-form.tsx';
import { Panel } from './panel.tsx';

const STATE_LABELS: Record<CheckInDevice['state'], string> = { pairing: 'Waiting to pair', expired: 'Code expired', paired: 'Paired', revoked: 'Revoked' };

export function DoorDevices({ event }: { event: EventId }) {
  const devices = useCheckInDevices(event);
  const revoke = useRevokeCheckInDevice();
  const confirm = useConfirmTarget(revoke, (d: CheckInDevice) => ({ id: d.id }));
  const newDevice = useCreateFlow<CreatedCheckInDevice & { name: string }>();
  return (
    <Panel
      id="devices-title"
      title="Door devices"
      asideLayout="align-items-center gap-2"
      aside={
        !newDevice.creating && (
          <Button size="sm" variant="outline-primary" onClick={newDevice.start}>
            New device
          </Button>
        )
      }
    >
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
    </Panel>
  );
}
