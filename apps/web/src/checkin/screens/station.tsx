/**
 * The paired door: its header (event, door, list size), the sync banner, the tabs (Scan, Desk for a
 * device with those rights, Device), the chosen panel, and a scan's result full screen over it.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { SYNC_INTERVAL_MS, type Door, type DoorOutcome } from '../door.ts';
import type { RecentScan } from '../db.ts';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';
import { useT } from '../../i18n/use-t.ts';
import { printBadge, usePrintErrorText } from '../print.tsx';
import { useDoorStatus, useEventName, useTime } from './common.ts';
import { DeviceScreen } from './device.tsx';
import { ResultScreen } from './result.tsx';
import { ScanningScreen } from './scanning.tsx';
import { SyncBanner } from './sync-banner.tsx';

const DeskForms = lazy(() => import('./desk-forms.tsx').then((module) => ({ default: module.DeskForms })));

export function DoorScreen({ door }: { door: Door }) {
  const t = useT();
  const time = useTime();
  const eventName = useEventName(door.config);
  const printErrorText = usePrintErrorText();
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

  const [printError, setPrintError] = useState<{ failure: unknown } | null>(null);
  const show = useCallback(
    (outcome: DoorOutcome) => {
      setResult(outcome);
      // A badge desk prints every badge it admits (Device: print on scan).
      if (outcome.kind === 'checked_in' && door.print.printOnScan) {
        setPrintError(null);
        printBadge(door, outcome.row.registrationId, t('door.print.frame')).catch((failure: unknown) => setPrintError({ failure }));
      }
    },
    [door, t],
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
          <h1>{eventName}</h1>
          {door.config.session && (
            <p className="door-sub" data-testid="door-session">
              {t('door.header.session', { title: door.config.session.title, room: door.config.session.room })}
            </p>
          )}
          <p className="door-sub">
            {status.lastRosterSync
              ? t('door.header.listUpdated', { door: door.pairing.door, count: status.rosterSize, time: time(status.lastRosterSync) })
              : t('door.header.list', { door: door.pairing.door, count: status.rosterSize })}
          </p>
        </div>
        <nav aria-label={t('door.tabs')} className="door-tabs">
          <button type="button" className="door-button" aria-pressed={panel === 'scan'} onClick={() => setPanel('scan')}>
            {t('door.tab.scan')}
          </button>
          {(door.config.device.rights.walkIn || door.config.device.rights.substitute) && (
            <button type="button" className="door-button" aria-pressed={panel === 'desk'} onClick={() => setPanel('desk')}>
              {t('door.tab.desk')}
            </button>
          )}
          <button type="button" className="door-button" aria-pressed={panel === 'settings'} onClick={() => setPanel('settings')}>
            {t('door.tab.device')}
          </button>
          <LanguageSwitch className="door-language" />
        </nav>
      </header>
      <SyncBanner status={status} />
      {printError && (
        <p className="door-banner door-banner-offline" role="alert">
          {printErrorText(printError.failure)}{' '}
          <button type="button" className="door-link" onClick={() => setPrintError(null)}>
            {t('door.dismiss')}
          </button>
        </p>
      )}
      <main className="door-main">
        {panel === 'scan' && (
          <ScanningScreen
            door={door}
            codeInput={codeInput}
            camera={camera}
            onCamera={setCamera}
            paused={result !== null}
            recent={recent}
            onScan={(code, startedAt) => void scan(code, startedAt)}
            onResult={show}
          />
        )}
        {panel === 'settings' && <DeviceScreen door={door} />}
        {panel === 'desk' && (
          <Suspense fallback={<p>{t('door.loading')}</p>}>
            <DeskForms door={door} />
          </Suspense>
        )}
      </main>
      {result && <ResultScreen result={result} door={door} onDone={dismiss} onResult={show} />}
    </div>
  );
}
