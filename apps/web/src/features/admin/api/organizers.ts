/**
 * GET /api/Admin/Organizers?q=&active= (paged), POST /api/Admin/Organizers/{id}/Disable and /Enable.
 * New organizer accounts come from `npm run admin:create` (docs/organizer-console.md).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminOrganizer, type Paged } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys, type ListParams } from './query-keys.ts';

export function getOrganizers(params: ListParams, signal?: AbortSignal): Promise<Paged<AdminOrganizer>> {
  return adminFetch<Paged<AdminOrganizer>>(ADMIN_PATHS.organizers, { query: params, ...(signal ? { signal } : {}) });
}

export const organizersQuery = (params: ListParams) =>
  queryOptions({
    queryKey: adminKeys.organizerList(params),
    queryFn: ({ signal }) => getOrganizers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOrganizers = (params: ListParams) => useQuery(organizersQuery(params));

export function setOrganizerActive({ id, active }: { id: number; active: boolean }): Promise<AdminOrganizer> {
  const path = (active ? ADMIN_PATHS.organizerEnable : ADMIN_PATHS.organizerDisable).replace('{id}', String(id));
  return adminFetch<AdminOrganizer>(path, { method: 'POST', body: {} });
}

export function useSetOrganizerActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrganizerActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.organizers() }),
  });
}
