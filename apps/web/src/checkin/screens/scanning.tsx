/**
 * The Scan panel: the field a handheld scanner types into (or a person), the camera, the search for
 * people without their code, and the recent scans.
 */
import { lazy, Suspense, useState, type RefObject } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { Door, DoorOutcome } from '../door.ts';
import type { RecentScan } from '../db.ts';
import { Recent } from './recent.tsx';
import { Search } from './search.tsx';
import { DoorSection } from './door-section.tsx';

const Camera = lazy(() => import('../camera.tsx').then((module) => ({ default: module.Camera })));

function CodeField({ inputRef, onCode, disabled }: { inputRef: RefObject<HTMLInputElement | null>; onCode: (code: string) => void; disabled: boolean }) {
  const t = useT();
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
        {t('door.code.label')}
      </label>
      <p id="badge-code-help" className="door-help">
        {t('door.code.help')}
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
          {t('door.code.submit')}
        </button>
      </div>
    </form>
  );
}

export interface ScanningProps {
  door: Door;
  codeInput: RefObject<HTMLInputElement | null>;
  camera: boolean;
  onCamera: (on: boolean) => void;
  /** A result is on screen: the field takes no code and the camera reports none. */
  paused: boolean;
  recent: RecentScan[];
  onScan: (code: string, startedAt?: number) => void;
  onResult: (outcome: DoorOutcome) => void;
}

export function ScanningScreen({ door, codeInput, camera, onCamera, paused, recent, onScan, onResult }: ScanningProps) {
  const t = useT();
  return (
    <>
      <CodeField inputRef={codeInput} onCode={(code) => onScan(code)} disabled={paused} />
      <DoorSection id="camera-title" title={t('door.camera.title')}>
        <button type="button" className="door-button" onClick={() => onCamera(!camera)} aria-pressed={camera}>
          {camera ? t('door.camera.stop') : t('door.camera.start')}
        </button>
        {camera && (
          <Suspense fallback={<p>{t('door.camera.loading')}</p>}>
            <Camera paused={paused} onCode={(code, startedAt) => onScan(code, startedAt)} />
          </Suspense>
        )}
      </DoorSection>
      <Search
        door={door}
        onCheckIn={async (id) => {
          performance.mark('checkin-scan-start');
          onResult(await door.checkIn(id));
        }}
      />
      <Recent recent={recent} door={door} onResult={onResult} />
    </>
  );
}
