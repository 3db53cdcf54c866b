/** GET and PUT /api/Report/Digest: the caller's weekly digest subscription. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestSubscription, DigestSubscriptionBody } from '@portal/contracts';
import { ApiError, apiFetch, apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { pageText } from '../../../i18n/page-text.ts';

function read(envelope: { succeeded: boolean; message: string | null; data: DigestSubscription | null }): DigestSubscription {
  if (!envelope.succeeded || !envelope.data) throw new ApiError(200, envelope.message || pageText('api.digestReadFailed'));
  return envelope.data;
}

export const digestQuery = () =>
  queryOptions({
    queryKey: reportKeys.digest(),
    queryFn: async ({ signal }) => read(await apiGet<DigestSubscription>('/api/Report/Digest', undefined, signal)),
  });

export const useDigestSubscription = () => useQuery(digestQuery());

export function useSetDigestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DigestSubscriptionBody) => read(await apiFetch<DigestSubscription>('/api/Report/Digest', { method: 'PUT', body })),
    onSuccess: (data) => queryClient.setQueryData(reportKeys.digest(), data),
  });
}
