/** The last scans on this device, synced or waiting, with Undo for a check-in still standing. */
import { useT } from '../../i18n/use-t.ts';
import type { RecentScan } from '../db.ts';
import type { Door, DoorOutcome } from '../door.ts';
import { useTime } from './common.ts';
import { DoorSection } from './door-section.tsx';

export function Recent({ recent, door, onResult }: { recent: RecentScan[]; door: Door; onResult: (outcome: DoorOutcome) => void }) {
  const t = useT();
  const time = useTime();
  return (
    <DoorSection id="recent-title" title={t('door.recent.title')}>
      {recent.length === 0 ? (
        <p className="door-help">{t('door.recent.none')}</p>
      ) : (
        <ul className="door-list" aria-label={t('door.recent.title')}>
          {recent.map((scan) => (
            <li key={scan.scanId}>
              <div>
                <span className="door-sub">{time(scan.at)} </span>
                <strong>{scan.name || (scan.registrationId !== null ? t('door.recent.registration', { id: String(scan.registrationId) }) : t('door.recent.otherEvent'))}</strong> <span className="door-sub">{t('door.recent.result', { result: scan.result })}</span>{' '}
                <span className="door-sub">{scan.synced ? t('door.recent.synced') : t('door.recent.waiting')}</span>
              </div>
              {scan.result === 'checked_in' && scan.registrationId !== null && door.row(scan.registrationId)?.checkedInAt && (
                <button type="button" className="door-button" onClick={() => void door.undo(scan.registrationId ?? 0).then(onResult)} aria-label={t('door.recent.undo', { name: scan.name })}>
                  {t('door.result.undo')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </DoorSection>
  );
}
