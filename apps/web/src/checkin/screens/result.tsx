/**
 * A scan's answer, full screen: green (welcome), amber (already in, or a valid badge the list does not
 * hold while offline: admit?), red (refused, with the reason). Green clears itself after 4 s.
 */
import { useEffect, useRef } from 'react';
import { badgeTypeLabel as typeLabel } from '@portal/contracts/event-days';
import type { Door, DoorOutcome } from '../door.ts';
import { PrintBadgeButton } from '../print.tsx';
import { storeLine, time } from './common.ts';

function resultText(result: DoorOutcome): { title: string; detail: string } {
  switch (result.kind) {
    case 'checked_in':
      return { title: 'Welcome', detail: 'Checked in' };
    case 'already':
      return { title: 'Already checked in', detail: `already checked in at ${time(result.at)}${result.door ? `, ${result.door}` : ''}` };
    case 'undone':
      return { title: 'Check-in undone', detail: 'Not checked in any more' };
    case 'invalid':
      return { title: 'Not a valid badge', detail: 'The code is not a badge of this portal, or it was altered.' };
    case 'wrong_event':
      return { title: 'Other event', detail: 'This badge is for another event.' };
    case 'not_registered':
      return { title: 'Not registered', detail: result.row ? `Registration ${result.row.status.toLowerCase()}, not enrolled.` : 'Not on the list of this event.' };
    case 'cancelled':
      return { title: 'Cancelled', detail: 'This registration is cancelled.' };
    case 'replaced':
      return { title: 'Old badge', detail: 'This badge was replaced by a newer one (cancelled, substituted or handed to a colleague); it does not admit.' };
    case 'not_picked':
      return {
        title: 'Did not pick this session',
        detail: `${result.row.firstName} ${result.row.lastName} is enrolled in the event but did not pick this session. The visit is counted; let them in if the room has space.`,
      };
    case 'unlisted':
      return {
        title: 'Valid badge, not on this door’s list yet: admit?',
        detail: `The badge is genuine (registration ${result.registrationId}) but the server cannot be asked now. Your choice is recorded and sent when the network is back.`,
      };
  }
}

export function ResultScreen({ result, door, onDone, onResult }: { result: DoorOutcome; door: Door; onDone: () => void; onResult: (outcome: DoorOutcome) => void }) {
  const next = useRef<HTMLButtonElement>(null);
  const { title, detail } = resultText(result);

  useEffect(() => {
    next.current?.focus();
    // Painted: the scan-to-result figure of bench/checkin (performance.measure).
    requestAnimationFrame(() => {
      if (performance.getEntriesByName('checkin-scan-start', 'mark').length > 0) {
        performance.measure('checkin-scan-to-result', 'checkin-scan-start');
        performance.clearMarks('checkin-scan-start');
      }
    });
    // A green result clears itself, so the queue keeps moving; the others wait for the doorkeeper.
    if (result.tone !== 'green') return;
    const timer = setTimeout(onDone, 4000);
    return () => clearTimeout(timer);
  }, [result, onDone]);

  const row = 'row' in result ? result.row : undefined;
  return (
    <div
      className={`door-result door-result-${result.tone}`}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="result-title"
      aria-describedby="result-detail"
      data-result={result.kind}
      onKeyDown={(event) => {
        // An unlisted badge waits for a choice; Escape there turns it away (recorded as such).
        if (event.key === 'Escape') {
          if (result.kind === 'unlisted') void door.decide(result, false).then(onDone);
          else onDone();
        }
      }}
    >
      <p id="result-title" className="door-result-title">
        {title}
      </p>
      {row && (
        <div className="door-result-person">
          <p className="door-result-name">
            {row.firstName} {row.lastName}
          </p>
          {storeLine(row) && <p>{storeLine(row)}</p>}
          <p>{typeLabel(row.attendeeType)}</p>
        </div>
      )}
      <p id="result-detail" className="door-result-detail">
        {detail}
      </p>
      <div className="door-row door-result-actions">
        {result.kind !== 'unlisted' && (
          <button ref={next} type="button" className="door-button door-big" onClick={onDone}>
            Next
          </button>
        )}
        {result.kind === 'checked_in' && (
          <button type="button" className="door-button door-big" onClick={() => void door.undo(result.row.registrationId).then(onResult)}>
            Undo
          </button>
        )}
        {(result.kind === 'checked_in' || result.kind === 'already') && <PrintBadgeButton door={door} registrationId={result.row.registrationId} className="door-button door-big" />}
        {result.kind === 'unlisted' && (
          <>
            <button ref={next} type="button" className="door-button door-big door-primary" onClick={() => void door.decide(result, true).then(onDone)}>
              Admit
            </button>
            <button type="button" className="door-button door-big" onClick={() => void door.decide(result, false).then(onDone)}>
              Turn away
            </button>
          </>
        )}
      </div>
    </div>
  );
}
