/** GET /api/Admin/Registrations: server-side search, filters, sort and paging. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminRegistration, type Paged } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys, type ListParams } from './query-keys.ts';

export function getRegistrations(query: ListParams, signal?: AbortSignal): Promise<Paged<AdminRegistration>> {
  return adminFetch<Paged<AdminRegistration>>(ADMIN_PATHS.registrations, { query: { ...query }, ...(signal ? { signal } : {}) });
}

export const registrationsQuery = (query: ListParams) =>
  queryOptions({
    queryKey: adminKeys.registrationList({ ...query }),
    queryFn: ({ signal }) => getRegistrations(query, signal),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useRegistrations = (query: ListParams) => useQuery(registrationsQuery(query));
