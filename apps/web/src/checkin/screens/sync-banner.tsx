/** The banner under the door's header: online or not, scans waiting to sync, the list's age. */
import type { DoorStatus } from '../door.ts';
import { time, useNow } from './common.ts';

/** "updated 40 s ago", "updated 3 min ago", or the time for an older list. */
export function listAge(lastRosterSync: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - new Date(lastRosterSync).getTime()) / 1000));
  if (seconds < 60) return `updated ${seconds} s ago`;
  if (seconds < 60 * 60) return `updated ${Math.floor(seconds / 60)} min ago`;
  return `updated at ${time(lastRosterSync)}`;
}

export function SyncBanner({ status }: { status: DoorStatus }) {
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
