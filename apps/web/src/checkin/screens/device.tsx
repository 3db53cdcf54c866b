/** The device's panel: what it holds, its door name, the badge printer, sync now, unpair. */
import { useState } from 'react';
import { LABEL_SIZES, type LabelSize } from '@portal/contracts/event-days';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';
import { useFormat, useT } from '../../i18n/use-t.ts';
import type { Door } from '../door.ts';
import { useDoorStatus, useEventName, useTime } from './common.ts';
import { DoorSection } from './door-section.tsx';

export function DeviceScreen({ door }: { door: Door }) {
  const t = useT();
  const fmt = useFormat();
  const time = useTime();
  const eventName = useEventName(door.config);
  const status = useDoorStatus(door);
  const [name, setName] = useState(door.pairing.door);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <DoorSection id="device-title" title={t('door.device.title')}>
      <dl className="door-facts">
        <dt>{t('door.device.event')}</dt>
        <dd>{t('door.device.eventValue', { event: eventName, date: fmt.date(door.config.endsOn) })}</dd>
        <dt>{t('door.device.device')}</dt>
        <dd>{door.pairing.name}</dd>
        <dt>{t('door.device.holds')}</dt>
        <dd>{t('door.device.holdsValue', { people: status.rosterSize, pending: status.pending })}</dd>
        <dt>{t('door.device.lastSync')}</dt>
        <dd>
          {t('door.device.lastSyncValue', {
            list: status.lastRosterSync ? time(status.lastRosterSync) : t('door.device.never'),
            scans: status.lastScanSync ? time(status.lastScanSync) : t('door.device.never'),
          })}
        </dd>
        <dt>{t('door.device.language')}</dt>
        <dd>
          <LanguageSwitch className="door-language door-language-light" />
        </dd>
      </dl>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void door.setDoorName(name).then(() => setSaved(true));
        }}
      >
        <label htmlFor="door-name">{t('door.device.doorName')}</label>
        <div className="door-row">
          <input id="door-name" value={name} maxLength={40} onChange={(event) => (setName(event.target.value), setSaved(false))} />
          <button type="submit" className="door-button">
            {t('door.device.save')}
          </button>
        </div>
        {saved && <p role="status">{t('door.device.saved')}</p>}
      </form>
      <fieldset className="door-fieldset">
        <legend>{t('door.device.printer')}</legend>
        <label htmlFor="label-size">{t('door.device.labelSize')}</label>
        <select id="label-size" value={door.print.labelSize} onChange={(event) => void door.setPrintPrefs({ labelSize: event.target.value as LabelSize })}>
          {LABEL_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('door.device.label', { size })}
            </option>
          ))}
        </select>
        <label className="door-check">
          <input type="checkbox" checked={door.print.printOnScan} onChange={(event) => void door.setPrintPrefs({ printOnScan: event.target.checked })} />{' '}
          {t('door.device.printOnScan')}
        </label>
      </fieldset>
      <button type="button" className="door-button" onClick={() => void door.sync()} disabled={status.syncing}>
        {status.syncing ? t('door.device.syncing') : t('door.device.syncNow')}
      </button>
      {!confirming ? (
        <button type="button" className="door-button door-danger" onClick={() => setConfirming(true)}>
          {t('door.device.unpair')}
        </button>
      ) : (
        <div role="group" aria-label={t('door.device.confirmUnpair')} className="door-confirm">
          <p>
            {status.pending > 0 ? t('door.device.pendingLost', { pending: status.pending }) : t('door.device.allDeleted')}
          </p>
          <button type="button" className="door-button door-danger" onClick={() => void door.wipe('unpaired')}>
            {t('door.device.unpairDelete')}
          </button>
          <button type="button" className="door-button" onClick={() => setConfirming(false)}>
            {t('door.device.keepPaired')}
          </button>
        </div>
      )}
    </DoorSection>
  );
}
