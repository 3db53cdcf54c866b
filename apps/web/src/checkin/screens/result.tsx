/**
 * A scan's answer, full screen: green (welcome), amber (already in, or a valid badge the list does not
 * hold while offline: admit?), red (refused, with the reason). Green clears itself after 4 s.
 */
import { useEffect, useRef } from 'react';
import { badgeTypeLabel as typeLabel } from '@portal/contracts/event-days';
import { useFormat, useT } from '../../i18n/use-t.ts';
import type { Door, DoorOutcome } from '../door.ts';
import { PrintBadgeButton } from '../print.tsx';
import { storeLine, useTime } from './common.ts';

type T = ReturnType<typeof useT>;

function resultText(result: DoorOutcome, t: T, time: (iso: string) => string): { title: string; detail: string } {
  switch (result.kind) {
    case 'checked_in':
      return { title: t('door.result.checked_in.title'), detail: t('door.result.checked_in.detail') };
    case 'already':
      return {
        title: t('door.result.already.title'),
        detail: result.door ? t('door.result.already.detailDoor', { time: time(result.at), door: result.door }) : t('door.result.already.detail', { time: time(result.at) }),
      };
    case 'undone':
      return { title: t('door.result.undone.title'), detail: t('door.result.undone.detail') };
    case 'invalid':
      return { title: t('door.result.invalid.title'), detail: t('door.result.invalid.detail') };
    case 'wrong_event':
      return { title: t('door.result.wrong_event.title'), detail: t('door.result.wrong_event.detail') };
    case 'not_registered':
      return {
        title: t('door.result.not_registered.title'),
        detail: result.row ? t('door.result.not_registered.status', { status: result.row.status, lower: result.row.status.toLowerCase() }) : t('door.result.not_registered.detail'),
      };
    case 'cancelled':
      return { title: t('door.result.cancelled.title'), detail: t('door.result.cancelled.detail') };
    case 'replaced':
      return { title: t('door.result.replaced.title'), detail: t('door.result.replaced.detail') };
    case 'not_picked':
      return { title: t('door.result.not_picked.title'), detail: t('door.result.not_picked.detail', { name: `${result.row.firstName} ${result.row.lastName}` }) };
    case 'unlisted':
      return { title: t('door.result.unlisted.title'), detail: t('door.result.unlisted.detail', { id: String(result.registrationId) }) };
  }
}

export function ResultScreen({ result, door, onDone, onResult }: { result: DoorOutcome; door: Door; onDone: () => void; onResult: (outcome: DoorOutcome) => void }) {
  const next = useRef<HTMLButtonElement>(null);
  const t = useT();
  const { language } = useFormat();
  const { title, detail } = resultText(result, t, useTime());

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
          <p>{typeLabel(row.attendeeType, language)}</p>
        </div>
      )}
      <p id="result-detail" className="door-result-detail">
        {detail}
      </p>
      <div className="door-row door-result-actions">
        {result.kind !== 'unlisted' && (
          <button ref={next} type="button" className="door-button door-big" onClick={onDone}>
            {t('door.result.next')}
          </button>
        )}
        {result.kind === 'checked_in' && (
          <button type="button" className="door-button door-big" onClick={() => void door.undo(result.row.registrationId).then(onResult)}>
            {t('door.result.undo')}
          </button>
        )}
        {(result.kind === 'checked_in' || result.kind === 'already') && <PrintBadgeButton door={door} registrationId={result.row.registrationId} className="door-button door-big" />}
        {result.kind === 'unlisted' && (
          <>
            <button ref={next} type="button" className="door-button door-big door-primary" onClick={() => void door.decide(result, true).then(onDone)}>
              {t('door.result.admit')}
            </button>
            <button type="button" className="door-button door-big" onClick={() => void door.decide(result, false).then(onDone)}>
              {t('door.result.turnAway')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
