/** The banner under the door's header: online or not, scans waiting to sync, the list's age. */
import { useT } from '../../i18n/use-t.ts';
import type { DoorStatus } from '../door.ts';
import { useNow, useTime } from './common.ts';

/** How old the list is: seconds, minutes, or the time of day for an older list. */
export function listAge(lastRosterSync: string, now: number): { seconds: number } | { minutes: number } | { at: string } {
  const seconds = Math.max(0, Math.round((now - new Date(lastRosterSync).getTime()) / 1000));
  if (seconds < 60) return { seconds };
  if (seconds < 60 * 60) return { minutes: Math.floor(seconds / 60) };
  return { at: lastRosterSync };
}

export function SyncBanner({ status }: { status: DoorStatus }) {
  const t = useT();
  const time = useTime();
  const { online, pending, syncing, error, lastRosterSync, rosterSize } = status;
  const now = useNow(5_000);
  const age = lastRosterSync === null ? null : listAge(lastRosterSync, now);
  // The first full list is still coming: the door asks the server for every badge meanwhile.
  const list =
    age === null
      ? t('door.list.loading', { count: rosterSize })
      : 'seconds' in age
        ? t('door.list.seconds', age)
        : 'minutes' in age
          ? t('door.list.minutes', age)
          : t('door.list.at', { time: time(age.at) });
  if (!online)
    return (
      <p className="door-banner door-banner-offline" role="status" data-testid="sync-banner">
        {t('door.banner.offline', { pending })} <span data-testid="list-age">{list}</span>
      </p>
    );
  if (error)
    return (
      <p className="door-banner door-banner-offline" role="status" data-testid="sync-banner">
        {t('door.banner.failed', { error, pending })} <span data-testid="list-age">{list}</span>
      </p>
    );
  return (
    <p className={`door-banner${lastRosterSync === null ? ' door-banner-loading' : ''}`} role="status" data-testid="sync-banner">
      {pending === 0 ? t('door.banner.synced') : t(syncing ? 'door.banner.sending' : 'door.banner.waiting', { pending })} <span data-testid="list-age">{list}</span>
    </p>
  );
}
