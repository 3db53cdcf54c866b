/** The device's panel: what it holds, its door name, the badge printer, sync now, unpair. */
import { useState } from 'react';
import { LABEL_SIZES, type LabelSize } from '@portal/contracts/event-days';
import type { Door } from '../door.ts';
import { time, useDoorStatus } from './common.ts';

const LABEL_SIZE_NAMES: Record<LabelSize, string> = { '4x3': '4 × 3 in label', '4x6': '4 × 6 in label', a6: 'A6 (105 × 148 mm)' };

export function DeviceScreen({ door }: { door: Door }) {
  const status = useDoorStatus(door);
  const [name, setName] = useState(door.pairing.door);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <section className="door-section" aria-labelledby="device-title">
      <h2 id="device-title" className="door-h2">
        This device
      </h2>
      <dl className="door-facts">
        <dt>Event</dt>
        <dd>
          {door.config.eventName} (until {door.config.endsOn})
        </dd>
        <dt>Device</dt>
        <dd>{door.pairing.name}</dd>
        <dt>Holds</dt>
        <dd>
          {status.rosterSize} people (name, store, attendee type, status, check-in) and {status.pending} scans waiting; deleted on unpair, when revoked, and the
          day after the event.
        </dd>
        <dt>Last sync</dt>
        <dd>
          list {status.lastRosterSync ? time(status.lastRosterSync) : 'never'}, scans {status.lastScanSync ? time(status.lastScanSync) : 'never'}
        </dd>
      </dl>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void door.setDoorName(name).then(() => setSaved(true));
        }}
      >
        <label htmlFor="door-name">Door name shown on check-ins</label>
        <div className="door-row">
          <input id="door-name" value={name} maxLength={40} onChange={(event) => (setName(event.target.value), setSaved(false))} />
          <button type="submit" className="door-button">
            Save
          </button>
        </div>
        {saved && <p role="status">Saved.</p>}
      </form>
      <fieldset className="door-fieldset">
        <legend>Badge printer</legend>
        <label htmlFor="label-size">Label size</label>
        <select id="label-size" value={door.print.labelSize} onChange={(event) => void door.setPrintPrefs({ labelSize: event.target.value as LabelSize })}>
          {LABEL_SIZES.map((size) => (
            <option key={size} value={size}>
              {LABEL_SIZE_NAMES[size]}
            </option>
          ))}
        </select>
        <label className="door-check">
          <input type="checkbox" checked={door.print.printOnScan} onChange={(event) => void door.setPrintPrefs({ printOnScan: event.target.checked })} /> Print on scan
          (a badge desk: every badge checked in here prints at once)
        </label>
      </fieldset>
      <button type="button" className="door-button" onClick={() => void door.sync()} disabled={status.syncing}>
        {status.syncing ? 'Syncing…' : 'Sync now'}
      </button>
      {!confirming ? (
        <button type="button" className="door-button door-danger" onClick={() => setConfirming(true)}>
          Unpair this device
        </button>
      ) : (
        <div role="group" aria-label="Confirm unpairing" className="door-confirm">
          <p>
            {status.pending > 0
              ? `${status.pending} scans have not reached the server yet and will be lost. Sync first unless the server is gone for good.`
              : 'The list and all scans on this device are deleted.'}
          </p>
          <button type="button" className="door-button door-danger" onClick={() => void door.wipe('unpaired')}>
            Unpair and delete
          </button>
          <button type="button" className="door-button" onClick={() => setConfirming(false)}>
            Keep it paired
          </button>
        </div>
      )}
    </section>
  );
}
