/** What several of the door's screens show: the door's status as it changes, a time, a store. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RosterRow } from '../api.ts';
import type { Door } from '../door.ts';

/** The door's status (list size, scans waiting, online, syncing), re-rendering on each change. */
export function useDoorStatus(door: Door) {
  return useSyncExternalStore(
    (listener) => door.subscribe(listener),
    () => door.status,
  );
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

export function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

export function storeLine(row: RosterRow): string {
  return [row.storeName, row.storeDlrnum ? `(${row.storeDlrnum})` : null].filter(Boolean).join(' ');
}
