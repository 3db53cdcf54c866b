/** GET /api/Admin/Audit?actor=&action=&from=&to=&event=: the audit log, newest first. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, type AuditEntry, type Paged } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys, type ListParams } from './query-keys.ts';

export function getAudit(query: ListParams, signal?: AbortSignal): Promise<Paged<AuditEntry>> {
  return adminFetch<Paged<AuditEntry>>(ADMIN_PATHS.audit, { query: { ...query }, ...(signal ? { signal } : {}) });
}

export const auditQuery = (query: ListParams) =>
  queryOptions({ queryKey: adminKeys.audit({ ...query }), queryFn: ({ signal }) => getAudit(query, signal), placeholderData: keepPreviousData });

export const useAudit = (query: ListParams) => useQuery(auditQuery(query));
