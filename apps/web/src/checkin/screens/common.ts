/** What several of the door's screens show: the door's status as it changes, a time, a store, an error. */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLanguage } from '../../i18n/language.ts';
import { useFormat, useT } from '../../i18n/use-t.ts';
import { DoorApiError, type CheckInConfig, type RosterRow } from '../api.ts';
import type { Door } from '../door.ts';

/** The door's status (list size, scans waiting, online, syncing), re-rendering on each change. */
export function useDoorStatus(door: Door) {
  return useSyncExternalStore(
    (listener) => door.subscribe(listener),
    () => door.status,
  );
}

/** The event's name in the device's language (a config stored before the names came: as it was sent). */
export function useEventName(config: Pick<CheckInConfig, 'eventName' | 'eventNames'>): string {
  const language = useLanguage();
  return config.eventNames?.[language] ?? config.eventName;
}

/** The current time, again every `everyMs` (for ages shown on screen). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A time of day in the device's language, on 24 hours (`08:14`, `08 h 14`). */
export function useTime(): (iso: string) => string {
  const fmt = useFormat();
  return useCallback(
    (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : fmt.time(date, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    },
    [fmt],
  );
}

/**
 * What went wrong with a call, for the door's staff: `offline` when no answer came, the server's own
 * message (in the device's language: the door sends Accept-Language), else the status.
 */
export function useErrorText(): (error: unknown, offline: 'door.error.offline' | 'door.pair.offline' | 'door.print.offline' | 'door.desk.offline') => string {
  const t = useT();
  return useCallback(
    (error, offline) => {
      if (error instanceof DoorApiError) {
        if (error.offline) return t(offline);
        if (error.fromServer) return error.message;
        return error.status ? t('door.error.status', { status: error.status }) : t('door.error.unexpected');
      }
      return error instanceof Error ? error.message : t('door.error.unexpected');
    },
    [t],
  );
}

export function storeLine(row: RosterRow): string {
  return [row.storeName, row.storeDlrnum ? `(${row.storeDlrnum})` : null].filter(Boolean).join(' ');
}
