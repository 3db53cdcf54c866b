/**
 * The event days in the console (@portal/contracts event-days.ts, docs/event-days.md): door devices
 * (GET/POST /api/Admin/CheckInDevices, POST .../{id}/Revoke), arrivals of the whole event, conflicts,
 * printed badges (a PDF, fetched with the organizer token), walk-ins, substitution and check-in by hand.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  EVENT_DAYS_ADMIN_PATHS,
  type ArrivalsData,
  type BadgeLayout,
  type CheckInActivity,
  type CheckInConflict,
  type CheckInDevice,
  type CreateCheckInDeviceRequest,
  type CreatedCheckInDevice,
  type NotArrivedData,
  type Paged,
  type SubstituteData,
  type SubstituteRequest,
  type WalkInData,
  type WalkInRequest,
} from '@portal/contracts';
import { adminDownload, adminFetch } from './admin-client.ts';
import { useMutationReloading } from './reload-mutation.ts';
import { adminKeys, type ListParams } from './query-keys.ts';

const withId = (path: string, id: number) => path.replace('{id}', String(id));
/** Arrivals and device counts refresh themselves while shown, at most every 10 s. */
export const EVENT_DAYS_REFRESH_MS = 10_000;

export const checkInDevicesQuery = (event: string) =>
  queryOptions({
    queryKey: adminKeys.checkInDevices(event),
    queryFn: ({ signal }) => adminFetch<Paged<CheckInDevice>>(EVENT_DAYS_ADMIN_PATHS.devices, { query: { event }, signal }),
  });
export const useCheckInDevices = (event: string) => useQuery({ ...checkInDevicesQuery(event), refetchInterval: EVENT_DAYS_REFRESH_MS });

/** A paged list of the event's days, polled, the shown page kept while the next one loads. */
const usePolledPage = <Data>(queryKey: QueryKey, path: string, event: string, params: ListParams) =>
  useQuery({
    queryKey,
    queryFn: ({ signal }) => adminFetch<Data>(path, { query: { event, ...params }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: EVENT_DAYS_REFRESH_MS,
  });

export const useArrivals = (event: string, params: ListParams) => usePolledPage<ArrivalsData>(adminKeys.arrivals(event, params), EVENT_DAYS_ADMIN_PATHS.arrivals, event, params);

export const useNotArrived = (event: string, params: ListParams) => usePolledPage<NotArrivedData>(adminKeys.notArrived(event, params), EVENT_DAYS_ADMIN_PATHS.notArrived, event, params);

export const useConflicts = (event: string) =>
  useQuery({
    queryKey: adminKeys.conflicts(event),
    queryFn: ({ signal }) => adminFetch<Paged<CheckInConflict>>(EVENT_DAYS_ADMIN_PATHS.conflicts, { query: { event }, signal }),
    refetchInterval: EVENT_DAYS_REFRESH_MS,
  });

/** Each door's count, live (polled like the arrivals). */
export const useCheckInActivity = (event: string) =>
  useQuery({
    queryKey: adminKeys.checkInActivity(event),
    queryFn: ({ signal }) => adminFetch<CheckInActivity>(EVENT_DAYS_ADMIN_PATHS.activity, { query: { event }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: EVENT_DAYS_REFRESH_MS,
  });

function useEventDaysMutation<Variables, Answer>(call: (variables: Variables) => Promise<Answer>) {
  return useMutationReloading(adminKeys.eventDays(), call);
}

export const useCreateCheckInDevice = () =>
  useEventDaysMutation((input: CreateCheckInDeviceRequest) => adminFetch<CreatedCheckInDevice>(EVENT_DAYS_ADMIN_PATHS.devices, { method: 'POST', body: input }));

export const useRevokeCheckInDevice = () =>
  useEventDaysMutation(({ id }: { id: number }) => adminFetch<CheckInDevice>(withId(EVENT_DAYS_ADMIN_PATHS.deviceRevoke, id), { method: 'POST', body: {} }));

export const useWalkIn = () => useEventDaysMutation((input: WalkInRequest) => adminFetch<WalkInData>(EVENT_DAYS_ADMIN_PATHS.walkIns, { method: 'POST', body: input }));

export function useSubstitute(registrationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubstituteRequest) => adminFetch<SubstituteData>(withId(EVENT_DAYS_ADMIN_PATHS.substitute, registrationId), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useConsoleCheckIn(registrationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (undo: boolean) => adminFetch<{ checkedInAt: string | null; door: string | null }>(withId(EVENT_DAYS_ADMIN_PATHS.checkIn, registrationId), { method: 'POST', body: { undo } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export interface BadgesSelection {
  event: string;
  layout: BadgeLayout;
  region?: string;
  zone?: string;
  district?: string;
  store?: string;
  registrationId?: number;
}

/**
 * Downloads the badges PDF with the organizer's token (a plain link could not send it) and hands it
 * to the browser as a file.
 */
export async function downloadBadges(selection: BadgesSelection): Promise<void> {
  const query = Object.fromEntries(Object.entries(selection).filter(([, v]) => v !== undefined && v !== ''));
  const fileName = `badges-${selection.event}-${selection.layout}${selection.registrationId ? `-${selection.registrationId}` : ''}.pdf`;
  await adminDownload(EVENT_DAYS_ADMIN_PATHS.badges, query, fileName, 'The badges');
}
