/** GET /api/Admin/Events: both events with their dates, registration window, seats and counts. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminEvent, type Paged } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export async function getEvents(signal?: AbortSignal): Promise<AdminEvent[]> {
  const data = await adminFetch<Paged<AdminEvent>>(ADMIN_PATHS.events, { ...(signal ? { signal } : {}) });
  return data.rows;
}

export const eventsQuery = () => queryOptions({ queryKey: adminKeys.events(), queryFn: ({ signal }) => getEvents(signal) });

export const useEvents = () => useQuery(eventsQuery());
