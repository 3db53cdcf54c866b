/**
 * Personal data in the console (docs/privacy.md): a person's data as a JSON download, erasure with
 * a reason, the attendees' erasure requests, and the retention dry run and run.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_PATHS, type AdminErasureRequest, type ErasureResult, type Paged, type PersonalData, type RetentionPlan, type RetentionRunResult } from '@portal/contracts';
import { saveFile } from '../../../lib/save-file.ts';
import { adminFetch } from './admin-client.ts';
import { adminKeys, type ListParams } from './query-keys.ts';

const withId = (path: string, id: number) => path.replace('{id}', String(id));

export const privacyKeys = {
  requests: (params: ListParams) => [...adminKeys.all, 'erasure-requests', params] as const,
  retention: () => [...adminKeys.all, 'retention'] as const,
};

/** Fetches a person's data (audited on the server) and saves it as a JSON file. */
export async function downloadPersonData(id: number): Promise<void> {
  const data = await adminFetch<PersonalData>(withId(PRIVACY_PATHS.personData, id));
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `person-${id}-data.json`);
}

export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => adminFetch<ErasureResult>(withId(PRIVACY_PATHS.personErase, id), { method: 'POST', body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const erasureRequestsQuery = (query: ListParams) =>
  queryOptions({
    queryKey: privacyKeys.requests(query),
    queryFn: ({ signal }) => adminFetch<Paged<AdminErasureRequest>>(PRIVACY_PATHS.erasureRequests, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export const useErasureRequests = (query: ListParams) => useQuery(erasureRequestsQuery(query));

export const useRetentionDryRun = (enabled: boolean) =>
  useQuery({
    queryKey: privacyKeys.retention(),
    queryFn: ({ signal }) => adminFetch<{ rows: RetentionPlan[] }>(PRIVACY_PATHS.retentionDryRun, { signal }).then((d) => d.rows),
    enabled,
  });

export function useRunRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminFetch<RetentionRunResult>(PRIVACY_PATHS.retentionRun, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
