/** GET /api/Admin/Outbox?status=: every mail with its delivery state, newest first. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, type OutboxMail, type Paged } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys, type ListParams } from './query-keys.ts';

export function getOutbox(query: ListParams, signal?: AbortSignal): Promise<Paged<OutboxMail>> {
  return adminFetch<Paged<OutboxMail>>(ADMIN_PATHS.outbox, { query: { ...query }, ...(signal ? { signal } : {}) });
}

export const outboxQuery = (query: ListParams) =>
  queryOptions({ queryKey: adminKeys.outbox({ ...query }), queryFn: ({ signal }) => getOutbox(query, signal), placeholderData: keepPreviousData });

export const useOutbox = (query: ListParams) => useQuery(outboxQuery(query));
