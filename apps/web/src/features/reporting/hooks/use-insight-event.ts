import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { EventType } from '@portal/contracts';
import { useUserDetail } from '../../../lib/user-storage.ts';

const EVENTS: readonly EventType[] = ['nbc', 'abc'];

/** The event a report shows: `?event=` in the URL (so a reload or a shared link keeps it), else the login's event. */
export function useInsightEvent(): [EventType, (event: EventType) => void] {
  const [params, setParams] = useSearchParams();
  const detail = useUserDetail();
  const fromUrl = params.get('event')?.toLowerCase();
  const event = EVENTS.find((e) => e === fromUrl) ?? detail?.data.eventType ?? 'nbc';
  const setEvent = useCallback(
    (next: EventType) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('event', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [event, setEvent];
}
