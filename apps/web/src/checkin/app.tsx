/**
 * The door app's screens (docs/checkin-app.md): pairing, then the door: a field a handheld scanner
 * types into (or a person), the camera, search by name, e-mail or store, the full-screen result
 * with undo, the offline banner with the scans waiting, and the device's settings.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { RosterRow } from './api.ts';
import { pair } from './api.ts';
import { Door, DoorApiError, eventOver, SYNC_INTERVAL_MS, type DoorOutcome, type DoorStatus, type WipeReason } from './door.ts';
import type { RecentScan } from './db.ts';
import { badgeTypeLabel as typeLabel, LABEL_SIZES, type LabelSize } from '@portal/contracts/event-days';
import { printBadge, PrintBadgeButton, printErrorText } from './print.tsx';

const Camera = lazy(() => import('./camera.tsx').then((module) => ({ default: module.Camera })));
const DeskForms = lazy(() => import('./desk-forms.tsx').then((module) => ({ default: module.DeskForms })));

const WIPE_MESSAGES: Record<WipeReason, string> = {
  revoked: 'This device was revoked in the console. Everything it held has been deleted. Pair it again with a new code.',
  unpaired: 'The device is unpaired and everything it held has been deleted.',
  event_over: 'The event is over: everything this device held has been deleted.',
};

export function CheckinApp() {
  const [door, setDoor] = useState<Door | null | undefined>(undefined);
  const [wiped, setWiped] = useState<WipeReason | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    Door.load()
      .then(async (loaded) => {
        if (loaded && eventOver(loaded.config)) {
          await loaded.wipe('event_over');
          setWiped('event_over');
          setDoor(null);
          return;
        }
        setDoor(loaded);
      })
      .catch(() => setLoadError('This browser does not let the page keep data (IndexedDB). Leave private browsing, or use another browser.'));
  }, []);

  useEffect(() => {
    if (!door) return;
    return door.onWipe((reason) => {
      setWiped(reason);
      setDoor(null);
    });
  }, [door]);

  if (loadError)
    return (
      <main className="door-page">
        <p className="door-error" role="alert">
          {loadError}
        </p>
      </main>
    );
  if (door === undefined)
    return (
      <main className="door-page" aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  if (!door)
    return (
      <PairScreen
        notice={wiped ? WIPE_MESSAGES[wiped] : null}
        onPaired={(paired) => {
          setWiped(null);
          setDoor(paired);
        }}
      />
    );
  return <DoorScreen door={door} />;
}

function PairScreen({ notice, onPaired }: { notice: string | null; onPaired: (door: Door) => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter the pairing code shown in the console.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await pair(code.trim());
      const door = await Door.paired(answer.accessToken, answer);
      onPaired(door);
      void door.sync();
    } catch (failure) {
      setError(
        failure instanceof DoorApiError && failure.offline
          ? 'No connection to the server. Pairing needs the network once; connect and try again.'
          : failure instanceof DoorApiError
            ? failure.message
            : 'Pairing failed.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="door-page door-pair">
      <h1>Door check-in</h1>
      {notice && (
        <p className="door-notice" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor="pairing-code">Pairing code</label>
        <p id="pairing-code-help" className="door-help">
          An organizer registers this device in the console (Check-in devices) and gives you its one-time code.
        </p>
        <input
          id="pairing-code"
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby="pairing-code-help"
          aria-invalid={error ? true : undefined}
          autoFocus
        />
        {error && (
          <p className="door-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="door-button door-primary" disabled={busy}>
          {busy ? 'Pairing…' : 'Pair this device'}
        </button>
      </form>
    </main>
  );
}

function useDoorStatus(door: Door) {
  return useSyncExternalStore(
    (listener) => door.subscribe(listener),
    () => door.status,
  );
}

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

function storeLine(row: RosterRow): string {
  return [row.storeName, row.storeDlrnum ? `(${row.storeDlrnum})` : null].filter(Boolean).join(' ');
}

function DoorScreen({ door }: { door: Door }) {
  const status = useDoorStatus(door);
  const [result, setResult] = useState<DoorOutcome | null>(null);
  const [camera, setCamera] = useState(false);
  const [recent, setRecent] = useState<RecentScan[]>([]);
  const [panel, setPanel] = useState<'scan' | 'settings' | 'desk'>('scan');
  const codeInput = useRef<HTMLInputElement>(null);

  const refreshRecent = useCallback(() => void door.recent().then(setRecent), [door]);

  useEffect(() => {
    refreshRecent();
    return door.subscribe(refreshRecent);
  }, [door, refreshRecent]);

  // Sync now, every 15 s while open, and whenever the browser says the network is back.
  useEffect(() => {
    void door.sync();
    const timer = setInterval(() => void door.sync(), SYNC_INTERVAL_MS);
    const online = () => door.setOnline(true);
    const offline = () => door.setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [door]);

  const [printError, setPrintError] = useState<string | null>(null);
  const show = useCallback(
    (outcome: DoorOutcome) => {
      setResult(outcome);
      // A badge desk prints every badge it admits (Device: print on scan).
      if (outcome.kind === 'checked_in' && door.print.printOnScan) {
        setPrintError(null);
        printBadge(door, outcome.row.registrationId).catch((error: unknown) => setPrintError(printErrorText(error)));
      }
    },
    [door],
  );

  const scan = useCallback(
    async (code: string, startedAt?: number) => {
      // From the frame the camera decoded, or from the handheld scanner's Enter (bench/checkin).
      performance.mark('checkin-scan-start', startedAt === undefined ? undefined : { startTime: startedAt });
      show(await door.scanCode(code));
    },
    [door, show],
  );

  const dismiss = useCallback(() => {
    setResult(null);
    // Back to the field a handheld scanner types into.
    requestAnimationFrame(() => codeInput.current?.focus());
  }, []);

  return (
    <div className="door-app">
      <header className="door-header">
        <div>
          <h1>{door.config.eventName}</h1>
          {door.config.session && (
            <p className="door-sub" data-testid="door-session">
              Session door: {door.config.session.title} · {door.config.session.room}
            </p>
          )}
          <p className="door-sub">
            {door.pairing.door} · {status.rosterSize} on the list
            {status.lastRosterSync ? ` · list updated ${time(status.lastRosterSync)}` : ''}
          </p>
        </div>
        <nav aria-label="Door" className="door-tabs">
          <button type="button" className="door-button" aria-pressed={panel === 'scan'} onClick={() => setPanel('scan')}>
            Scan
          </button>
          {(door.config.device.rights.walkIn || door.config.device.rights.substitute) && (
            <button type="button" className="door-button" aria-pressed={panel === 'desk'} onClick={() => setPanel('desk')}>
              Desk
            </button>
          )}
          <button type="button" className="door-button" aria-pressed={panel === 'settings'} onClick={() => setPanel('settings')}>
            Device
          </button>
        </nav>
      </header>
      <SyncBanner status={status} />
      {printError && (
        <p className="door-banner door-banner-offline" role="alert">
          {printError}{' '}
          <button type="button" className="door-link" onClick={() => setPrintError(null)}>
            Dismiss
          </button>
        </p>
      )}
      <main className="door-main">
        {panel === 'scan' && (
          <>
            <CodeField inputRef={codeInput} onCode={(code) => void scan(code)} disabled={result !== null} />
            <section aria-labelledby="camera-title" className="door-section">
              <h2 id="camera-title" className="door-h2">
                Camera
              </h2>
              <button type="button" className="door-button" onClick={() => setCamera((on) => !on)} aria-pressed={camera}>
                {camera ? 'Stop camera' : 'Start camera'}
              </button>
              {camera && (
                <Suspense fallback={<p>Loading the scanner…</p>}>
                  <Camera paused={result !== null} onCode={(code, startedAt) => void scan(code, startedAt)} />
                </Suspense>
              )}
            </section>
            <Search
              door={door}
              onCheckIn={async (id) => {
                performance.mark('checkin-scan-start');
                show(await door.checkIn(id));
              }}
            />
            <Recent recent={recent} door={door} onResult={show} />
          </>
        )}
        {panel === 'settings' && <Settings door={door} />}
        {panel === 'desk' && (
          <Suspense fallback={<p>Loading…</p>}>
            <DeskForms door={door} />
          </Suspense>
        )}
      </main>
      {result && <ResultScreen result={result} door={door} onDone={dismiss} onResult={show} />}
    </div>
  );
}

/** The current time, again every `everyMs` (for ages shown on screen). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "updated 40 s ago", "updated 3 min ago", or the time for an older list. */
export function listAge(lastRosterSync: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - new Date(lastRosterSync).getTime()) / 1000));
  if (seconds < 60) return `updated ${seconds} s ago`;
  if (seconds < 60 * 60) return `updated ${Math.floor(seconds / 60)} min ago`;
  return `updated at ${time(lastRosterSync)}`;
}

function SyncBanner({ status }: { status: DoorStatus }) {
  const { online, pending, syncing, error, lastRosterSync, rosterSize } = status;
  const now = useNow(5_000);
  const waiting = `${pending} ${pending === 1 ? 'scan' : 'scans'} waiting to sync`;
  // The first full list is still coming: the door asks the server for every badge meanwhile.
  const list =
    lastRosterSync === null
      ? `Loading this door's list (${rosterSize} so far): every badge is checked with the server meanwhile.`
      : `List ${listAge(lastRosterSync, now)}.`;
  if (!online)
    return (
      <p className="door-banner door-banner-offline" role="status" data-testid="sync-banner">
        Offline: scanning goes on from this device's list. {waiting}. <span data-testid="list-age">{list}</span>
      </p>
    );
  if (error)
    return (
      <p className="door-banner door-banner-offline" role="status" data-testid="sync-banner">
        Sync failed ({error}); retrying. {waiting}. <span data-testid="list-age">{list}</span>
      </p>
    );
  return (
    <p className={`door-banner${lastRosterSync === null ? ' door-banner-loading' : ''}`} role="status" data-testid="sync-banner">
      Online. {pending > 0 ? `${waiting}${syncing ? ', sending…' : '.'}` : 'All scans synced.'} <span data-testid="list-age">{list}</span>
    </p>
  );
}

function CodeField({ inputRef, onCode, disabled }: { inputRef: React.RefObject<HTMLInputElement | null>; onCode: (code: string) => void; disabled: boolean }) {
  const [value, setValue] = useState('');
  return (
    <form
      className="door-section"
      onSubmit={(event) => {
        event.preventDefault();
        const code = value.trim();
        setValue('');
        if (code) onCode(code);
      }}
    >
      <label htmlFor="badge-code" className="door-h2">
        Badge code
      </label>
      <p id="badge-code-help" className="door-help">
        A handheld scanner types here and presses Enter; you can type the code printed under the QR too.
      </p>
      <div className="door-row">
        <input
          id="badge-code"
          ref={inputRef}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby="badge-code-help"
          autoFocus
          readOnly={disabled}
        />
        <button type="submit" className="door-button door-primary">
          Check
        </button>
      </div>
    </form>
  );
}

function Search({ door, onCheckIn }: { door: Door; onCheckIn: (registrationId: number) => Promise<void> }) {
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
    <section aria-labelledby="search-title" className="door-section">
      <h2 id="search-title" className="door-h2">
        Without their code
      </h2>
      <label htmlFor="door-search">Name, store or e-mail</label>
      <input id="door-search" type="search" value={query} onChange={(event) => change(event.target.value)} autoComplete="off" spellCheck={false} />
      {rows && rows.length === 0 && <p className="door-help">Nobody on this door's list matches “{query.trim()}”.</p>}
      {rows && rows.length > 0 && (
        <ul className="door-list" aria-label="Search results">
          {rows.map((row) => (
            <li key={row.registrationId}>
              <div>
                <strong>
                  {row.firstName} {row.lastName}
                </strong>
                <span className="door-sub">
                  {' '}
                  {storeLine(row)} · {typeLabel(row.attendeeType)}
                  {row.status !== 'Enrolled' ? ` · ${row.status}` : row.checkedInAt ? ` · in at ${time(row.checkedInAt)}` : ''}
                </span>
              </div>
              <button
                type="button"
                className="door-button door-primary"
                onClick={() => {
                  change('');
                  void onCheckIn(row.registrationId);
                }}
                aria-label={`Check in ${row.firstName} ${row.lastName}`}
              >
                Check in
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

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

function Recent({ recent, door, onResult }: { recent: RecentScan[]; door: Door; onResult: (outcome: DoorOutcome) => void }) {
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

function ResultScreen({ result, door, onDone, onResult }: { result: DoorOutcome; door: Door; onDone: () => void; onResult: (outcome: DoorOutcome) => void }) {
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

const LABEL_SIZE_NAMES: Record<LabelSize, string> = { '4x3': '4 × 3 in label', '4x6': '4 × 6 in label', a6: 'A6 (105 × 148 mm)' };

function Settings({ door }: { door: Door }) {
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
