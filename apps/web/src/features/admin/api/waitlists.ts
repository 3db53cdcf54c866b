/**
 * The waiting lists (docs/waiting-lists.md): GET /api/Admin/Waitlists?event=, POST
 * /api/Admin/Registrations/{id}/Offer (a place by hand), POST .../{id}/WaitlistPosition { position }.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminRegistrationDetail, type AdminWaitlist, type Paged } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

const withId = (path: string, id: number) => path.replace('{id}', String(id));
const waitlistsKey = (event: string) => [...adminKeys.all, 'waitlists', event] as const;

/** Polled while shown: offers lapse and places free up without the organizer doing anything. */
export const useWaitlists = (event: string) =>
  useQuery({
    queryKey: waitlistsKey(event),
    queryFn: ({ signal }) => adminFetch<Paged<AdminWaitlist>>(ADMIN_PATHS.waitlists, { query: event ? { event } : {}, signal }),
    refetchInterval: 10_000,
  });

function useWaitlistMutation<Variables>(call: (variables: Variables) => Promise<AdminRegistrationDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'waitlists'] }), queryClient.invalidateQueries({ queryKey: adminKeys.registrations() })]),
  });
}

export const useOfferPlace = () => useWaitlistMutation((id: number) => adminFetch<AdminRegistrationDetail>(withId(ADMIN_PATHS.waitlistOffer, id), { method: 'POST' }));

export const useMoveInQueue = () =>
  useWaitlistMutation(({ id, position }: { id: number; position: number }) => adminFetch<AdminRegistrationDetail>(withId(ADMIN_PATHS.waitlistMove, id), { method: 'POST', body: { position } }));
