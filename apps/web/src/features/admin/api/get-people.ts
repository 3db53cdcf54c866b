/** GET /api/Admin/People?q=&store=: roster entries, searched and paged on the server. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminPerson, type Paged } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys, type ListParams } from './query-keys.ts';

export function getPeople(query: ListParams, signal?: AbortSignal): Promise<Paged<AdminPerson>> {
  return adminFetch<Paged<AdminPerson>>(ADMIN_PATHS.people, { query: { ...query }, ...(signal ? { signal } : {}) });
}

export const peopleQuery = (query: ListParams) =>
  queryOptions({ queryKey: adminKeys.peopleList({ ...query }), queryFn: ({ signal }) => getPeople(query, signal), placeholderData: keepPreviousData });

export const usePeople = (query: ListParams) => useQuery(peopleQuery(query));
