/** GET /api/Admin/AccessCodes?event=: the event's codes with logins and registrations counted per code. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminAccessCode, type Paged } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export function getAccessCodes(event: string, page: number, pageSize: number, signal?: AbortSignal): Promise<Paged<AdminAccessCode>> {
  return adminFetch<Paged<AdminAccessCode>>(ADMIN_PATHS.accessCodes, { query: { event, page, pageSize }, ...(signal ? { signal } : {}) });
}

export const accessCodesQuery = (event: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...adminKeys.accessCodes(event), { page, pageSize }],
    queryFn: ({ signal }) => getAccessCodes(event, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export const useAccessCodes = (event: string, page: number, pageSize: number) => useQuery(accessCodesQuery(event, page, pageSize));
