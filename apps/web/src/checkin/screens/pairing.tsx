/**
 * Pairing: the one-time code from the console's Check-in devices turns this browser into a door.
 * Also where the door lands after its data was deleted (revoked, unpaired, the event over), saying
 * why. The device's language is chosen here first (and later under Device).
 */
import { useState, type FormEvent } from 'react';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';
import { useT } from '../../i18n/use-t.ts';
import { DoorApiError, pair } from '../api.ts';
import { Door, type WipeReason } from '../door.ts';
import { useErrorText } from './common.ts';

export function PairScreen({ wiped, onPaired }: { wiped: WipeReason | null; onPaired: (door: Door) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'empty' | { failure: unknown } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('empty');
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
      setError({ failure });
    } finally {
      setBusy(false);
    }
  };

  // Written when shown, so a change of language mid-way shows it in the new one.
  const errorMessage = error === null ? null : error === 'empty' ? t('door.pair.empty') : error.failure instanceof DoorApiError ? errorText(error.failure, 'door.pair.offline') : t('door.pair.failed');

  return (
    <main className="door-page door-pair">
      <div className="door-pair-top">
        <h1>{t('door.title')}</h1>
        <LanguageSwitch className="door-language" />
      </div>
      {wiped && (
        <p className="door-notice" role="status">
          {t(`door.wiped.${wiped}`)}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor="pairing-code">{t('door.pair.label')}</label>
        <p id="pairing-code-help" className="door-help">
          {t('door.pair.help')}
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
        {errorMessage && (
          <p className="door-error" role="alert">
            {errorMessage}
          </p>
        )}
        <button type="submit" className="door-button door-primary" disabled={busy}>
          {busy ? t('door.pair.busy') : t('door.pair.submit')}
        </button>
      </form>
    </main>
  );
}
