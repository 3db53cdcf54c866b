/**
 * Walk-in and same-store substitution at the door (docs/checkin-app.md), for devices the organizer
 * gave those rights; the server checks the right again on every call. Both need the network.
 */
import { useState, type FormEvent } from 'react';
import type { RosterRow } from '../api.ts';
import { DoorApiError, type Door } from '../door.ts';
import { PrintBadgeButton } from '../print.tsx';

function errorText(error: unknown): string {
  if (error instanceof DoorApiError && error.offline) return 'This needs the network: no connection to the server now.';
  return error instanceof Error ? error.message : 'It did not work.';
}

function PersonFields({ prefix }: { prefix: string }) {
  return (
    <>
      <label htmlFor={`${prefix}-first`}>First name</label>
      <input id={`${prefix}-first`} name="firstName" required maxLength={100} autoComplete="off" />
      <label htmlFor={`${prefix}-last`}>Last name</label>
      <input id={`${prefix}-last`} name="lastName" required maxLength={100} autoComplete="off" />
      <label htmlFor={`${prefix}-email`}>E-mail</label>
      <input id={`${prefix}-email`} name="email" type="email" required maxLength={254} autoComplete="off" />
    </>
  );
}

function value(form: FormData, name: string): string {
  const field = form.get(name);
  return typeof field === 'string' ? field.trim() : '';
}

export function DeskForms({ door }: { door: Door }) {
  const rights = door.config.device.rights;
  const [done, setDone] = useState<{ registrationId: number; name: string; code: string; what: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [original, setOriginal] = useState<RosterRow | null>(null);
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<RosterRow[]>([]);

  const run = async (event: FormEvent<HTMLFormElement>, action: (form: FormData) => Promise<{ registrationId: number; name: string; code: string }>, what: string) => {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    setBusy(true);
    setError(null);
    try {
      const answer = await action(form);
      setDone({ ...answer, what });
      target.reset();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {error && (
        <p className="door-error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <section className="door-section door-done" role="status" aria-label="Registered at the door">
          <p>
            {done.what}: <strong>{done.name}</strong>, registration {done.registrationId}.
          </p>
          <p className="door-help">Badge code (print it here, or reprint it from the console):</p>
          <code className="door-code">{done.code}</code>
          <PrintBadgeButton door={door} registrationId={done.registrationId} />
        </section>
      )}
      {rights.walkIn && (
        <section className="door-section" aria-labelledby="walkin-title">
          <h2 id="walkin-title" className="door-h2">
            Walk-in
          </h2>
          <form
            onSubmit={(event) =>
              void run(
                event,
                (form) =>
                  door.walkIn(
                    { firstName: value(form, 'firstName'), lastName: value(form, 'lastName'), email: value(form, 'email'), storeDlrnum: value(form, 'storeDlrnum') || undefined },
                    form.get('checkInNow') === 'on',
                  ),
                'Registered',
              )
            }
          >
            <PersonFields prefix="walkin" />
            <label htmlFor="walkin-store">Store number (optional)</label>
            <input id="walkin-store" name="storeDlrnum" maxLength={20} autoComplete="off" />
            <label className="door-check">
              <input type="checkbox" name="checkInNow" defaultChecked /> Check in now
            </label>
            <button type="submit" className="door-button door-primary" disabled={busy}>
              Register walk-in
            </button>
          </form>
        </section>
      )}
      {rights.substitute && (
        <section className="door-section" aria-labelledby="substitute-title">
          <h2 id="substitute-title" className="door-h2">
            Colleague instead (same store)
          </h2>
          <label htmlFor="substitute-find">Registration to replace: name or store</label>
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
            <ul className="door-list" aria-label="Registrations to replace">
              {matches.map((row) => (
                <li key={row.registrationId}>
                  <span>
                    {row.firstName} {row.lastName} · {row.storeName ?? 'no store'}
                  </span>
                  <button type="button" className="door-button" onClick={() => setOriginal(row)}>
                    Replace
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
                  `Substituted for ${original.firstName} ${original.lastName}`,
                ).then(() => setOriginal(null))
              }
            >
              <p>
                Replacing {original.firstName} {original.lastName} ({original.storeName ?? 'no store'}); their badge stops admitting.
              </p>
              <PersonFields prefix="substitute" />
              <button type="submit" className="door-button door-primary" disabled={busy}>
                Substitute
              </button>
              <button type="button" className="door-button" onClick={() => setOriginal(null)}>
                Cancel
              </button>
            </form>
          )}
        </section>
      )}
    </div>
  );
}
