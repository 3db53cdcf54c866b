/**
 * Pairing: the one-time code from the console's Check-in devices turns this browser into a door.
 * Also where the door lands after its data was deleted (revoked, unpaired, the event over), saying why.
 */
import { useState, type FormEvent } from 'react';
import { pair } from '../api.ts';
import { Door, DoorApiError, type WipeReason } from '../door.ts';

const WIPE_MESSAGES: Record<WipeReason, string> = {
  revoked: 'This device was revoked in the console. Everything it held has been deleted. Pair it again with a new code.',
  unpaired: 'The device is unpaired and everything it held has been deleted.',
  event_over: 'The event is over: everything this device held has been deleted.',
};

export function PairScreen({ wiped, onPaired }: { wiped: WipeReason | null; onPaired: (door: Door) => void }) {
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
      {wiped && (
        <p className="door-notice" role="status">
          {WIPE_MESSAGES[wiped]}
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
