/** The last scans on this device, synced or waiting, with Undo for a check-in still standing. */
import type { RecentScan } from '../db.ts';
import type { Door, DoorOutcome } from '../door.ts';
import { time } from './common.ts';

const RESULT_WORDS: Record<RecentScan['result'], string> = {
  checked_in: 'checked in',
  already: 'already in',
  invalid: 'not a valid badge',
  cancelled: 'cancelled',
  wrong_event: 'other event',
  undone: 'check-in undone',
  refused: 'turned away (not on the list)',
  replaced: 'old badge (replaced)',
  not_picked: 'did not pick this session',
  not_registered: 'not registered',
};

export function Recent({ recent, door, onResult }: { recent: RecentScan[]; door: Door; onResult: (outcome: DoorOutcome) => void }) {
  return (
    <section aria-labelledby="recent-title" className="door-section">
      <h2 id="recent-title" className="door-h2">
        Recent scans
      </h2>
      {recent.length === 0 ? (
        <p className="door-help">No scans on this device yet.</p>
      ) : (
        <ul className="door-list" aria-label="Recent scans">
          {recent.map((scan) => (
            <li key={scan.scanId}>
              <div>
                <span className="door-sub">{time(scan.at)} </span>
                <strong>{scan.name || (scan.registrationId !== null ? `Registration ${scan.registrationId}` : 'Badge of another event')}</strong> <span className="door-sub">{RESULT_WORDS[scan.result]}</span>{' '}
                <span className="door-sub">{scan.synced ? '· synced' : '· waiting'}</span>
              </div>
              {scan.result === 'checked_in' && scan.registrationId !== null && door.row(scan.registrationId)?.checkedInAt && (
                <button type="button" className="door-button" onClick={() => void door.undo(scan.registrationId ?? 0).then(onResult)} aria-label={`Undo the check-in of ${scan.name}`}>
                  Undo
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
