/**
 * Walk-in and same-store substitution at the door (docs/checkin-app.md), for devices the organizer
 * gave those rights; the server checks the right again on every call. Both need the network.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { RosterRow } from '../api.ts';
import { FormattedMessage } from 'react-intl';
import { useT } from '../../i18n/use-t.ts';
import type { Door } from '../door.ts';
import { PrintBadgeButton } from '../print.tsx';
import { useErrorText } from './common.ts';
import { DoorSection } from './door-section.tsx';

function PersonFields({ prefix }: { prefix: string }) {
  const t = useT();
  return (
    <>
      <label htmlFor={`${prefix}-first`}>{t('door.desk.firstName')}</label>
      <input id={`${prefix}-first`} name="firstName" required maxLength={100} autoComplete="off" />
      <label htmlFor={`${prefix}-last`}>{t('door.desk.lastName')}</label>
      <input id={`${prefix}-last`} name="lastName" required maxLength={100} autoComplete="off" />
      <label htmlFor={`${prefix}-email`}>{t('door.desk.email')}</label>
      <input id={`${prefix}-email`} name="email" type="email" required maxLength={254} autoComplete="off" />
    </>
  );
}

function value(form: FormData, name: string): string {
  const field = form.get(name);
  return typeof field === 'string' ? field.trim() : '';
}

export function DeskForms({ door }: { door: Door }) {
  const t = useT();
  const errorText = useErrorText();
  const rights = door.config.device.rights;
  /** `original`: the name of the registration a substitute replaced; none for a walk-in. */
  const [done, setDone] = useState<{ registrationId: number; name: string; code: string; original: string | null } | null>(null);
  const [error, setError] = useState<{ failure: unknown } | null>(null);
  const [busy, setBusy] = useState(false);
  const [original, setOriginal] = useState<RosterRow | null>(null);
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<RosterRow[]>([]);

  const run = async (event: FormEvent<HTMLFormElement>, action: (form: FormData) => Promise<{ registrationId: number; name: string; code: string }>, original: string | null) => {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    setBusy(true);
    setError(null);
    try {
      const answer = await action(form);
      setDone({ ...answer, original });
      target.reset();
    } catch (failure) {
      setError({ failure });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {error && (
        <p className="door-error" role="alert">
          {error.failure instanceof Error ? errorText(error.failure, 'door.desk.offline') : t('door.desk.failed')}
        </p>
      )}
      {done && (
        <section className="door-section door-done" role="status" aria-label={t('door.desk.doneLabel')}>
          <p>
            <FormattedMessage
              id={done.original === null ? 'door.desk.doneWalkIn' : 'door.desk.doneSubstitute'}
              values={{ name: done.name, id: String(done.registrationId), original: done.original, b: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
            />
          </p>
          <p className="door-help">{t('door.desk.codeHelp')}</p>
          <code className="door-code">{done.code}</code>
          <PrintBadgeButton door={door} registrationId={done.registrationId} />
        </section>
      )}
      {rights.walkIn && (
        <DoorSection id="walkin-title" title={t('door.desk.walkIn')}>
          <form
            onSubmit={(event) =>
              void run(
                event,
                (form) =>
                  door.walkIn(
                    { firstName: value(form, 'firstName'), lastName: value(form, 'lastName'), email: value(form, 'email'), storeDlrnum: value(form, 'storeDlrnum') || undefined },
                    form.get('checkInNow') === 'on',
                  ),
                null,
              )
            }
          >
            <PersonFields prefix="walkin" />
            <label htmlFor="walkin-store">{t('door.desk.store')}</label>
            <input id="walkin-store" name="storeDlrnum" maxLength={20} autoComplete="off" />
            <label className="door-check">
              <input type="checkbox" name="checkInNow" defaultChecked /> {t('door.desk.checkInNow')}
            </label>
            <button type="submit" className="door-button door-primary" disabled={busy}>
              {t('door.desk.register')}
            </button>
          </form>
        </DoorSection>
      )}
      {rights.substitute && (
        <DoorSection id="substitute-title" title={t('door.desk.substituteTitle')}>
          <label htmlFor="substitute-find">{t('door.desk.find')}</label>
          <input
            id="substitute-find"
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              void door.search(event.target.value, 8).then(setMatches);
            }}
            autoComplete="off"
          />
          {matches.length > 0 && !original && (
            <ul className="door-list" aria-label={t('door.desk.matches')}>
              {matches.map((row) => (
                <li key={row.registrationId}>
                  <span>
                    {row.firstName} {row.lastName} · {row.storeName ?? t('door.desk.noStore')}
                  </span>
                  <button type="button" className="door-button" onClick={() => setOriginal(row)}>
                    {t('door.desk.replace')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {original && (
            <form
              onSubmit={(event) =>
                void run(
                  event,
                  (form) => door.substitute(original.registrationId, { firstName: value(form, 'firstName'), lastName: value(form, 'lastName'), email: value(form, 'email') }),
                  `${original.firstName} ${original.lastName}`,
                ).then(() => setOriginal(null))
              }
            >
              <p>
                {t('door.desk.replacing', { name: `${original.firstName} ${original.lastName}`, store: original.storeName ?? t('door.desk.noStore') })}
              </p>
              <PersonFields prefix="substitute" />
              <button type="submit" className="door-button door-primary" disabled={busy}>
                {t('door.desk.substitute')}
              </button>
              <button type="button" className="door-button" onClick={() => setOriginal(null)}>
                {t('door.desk.cancel')}
              </button>
            </form>
          )}
        </DoorSection>
      )}
    </div>
  );
}
