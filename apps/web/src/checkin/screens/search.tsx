/** Finding someone without their code: by name (either order, accents ignored), store or e-mail. */
import { useRef, useState } from 'react';
import { badgeTypeLabel as typeLabel } from '@portal/contracts/event-days';
import { useFormat, useT } from '../../i18n/use-t.ts';
import type { RosterRow } from '../api.ts';
import type { Door } from '../door.ts';
import { storeLine, useTime } from './common.ts';
import { DoorSection } from './door-section.tsx';

export function Search({ door, onCheckIn }: { door: Door; onCheckIn: (registrationId: number) => Promise<void> }) {
  const t = useT();
  const { language } = useFormat();
  const time = useTime();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<RosterRow[] | null>(null);
  const latest = useRef('');

  const change = (text: string) => {
    setQuery(text);
    latest.current = text;
    if (text.trim().length < 2) {
      setRows(null);
      return;
    }
    void door.search(text).then((found) => {
      // Only the answer to what the field says now (an e-mail search is asynchronous).
      if (latest.current === text) setRows(found);
    });
  };

  return (
    <DoorSection id="search-title" title={t('door.search.title')}>
      <label htmlFor="door-search">{t('door.search.label')}</label>
      <input id="door-search" type="search" value={query} onChange={(event) => change(event.target.value)} autoComplete="off" spellCheck={false} />
      {rows && rows.length === 0 && <p className="door-help">{t('door.search.none', { query: query.trim() })}</p>}
      {rows && rows.length > 0 && (
        <ul className="door-list" aria-label={t('door.search.results')}>
          {rows.map((row) => (
            <li key={row.registrationId}>
              <div>
                <strong>
                  {row.firstName} {row.lastName}
                </strong>
                <span className="door-sub">
                  {' '}
                  {storeLine(row)} · {typeLabel(row.attendeeType, language)}
                  {row.status !== 'Enrolled' ? ` · ${t('door.status', { status: row.status })}` : row.checkedInAt ? ` · ${t('door.search.inAt', { time: time(row.checkedInAt) })}` : ''}
                </span>
              </div>
              <button
                type="button"
                className="door-button door-primary"
                onClick={() => {
                  change('');
                  void onCheckIn(row.registrationId);
                }}
                aria-label={t('door.search.checkInName', { name: `${row.firstName} ${row.lastName}` })}
              >
                {t('door.search.checkIn')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </DoorSection>
  );
}
