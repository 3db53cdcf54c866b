/**
 * Webhook endpoints and their deliveries (@portal/contracts webhooks.ts): GET/POST
 * /api/Admin/Webhooks, PUT .../{id}, POST .../{id}/Disable, /RotateSecret, /Test, GET
 * .../{id}/Deliveries, POST /api/Admin/WebhookDeliveries/{id}/Retry. A secret is in the answer of
 * create and rotate only.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  WEBHOOK_PATHS,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type Paged,
  type UpdateWebhookRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { useMutationReloading } from './reload-mutation.ts';
import { adminKeys, type ListParams } from './query-keys.ts';

const withId = (path: string, id: number) => path.replace('{id}', String(id));

export const webhooksQuery = () =>
  queryOptions({
    queryKey: adminKeys.webhooks(),
    queryFn: ({ signal }) => adminFetch<Paged<WebhookEndpoint>>(WEBHOOK_PATHS.webhooks, { signal }),
  });

export const useWebhooks = () => useQuery({ ...webhooksQuery(), refetchInterval: 5_000 });

export const webhookDeliveriesQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: adminKeys.webhookDeliveries(id, params),
    queryFn: ({ signal }) => adminFetch<Paged<WebhookDelivery>>(withId(WEBHOOK_PATHS.webhookDeliveries, id), { query: params, signal }),
    placeholderData: keepPreviousData,
  });

/** Polled while shown, so attempts and retries appear as the worker makes them. */
export const useWebhookDeliveries = (id: number | null, params: ListParams) =>
  useQuery({ ...webhookDeliveriesQuery(id ?? 0, params), enabled: id !== null, refetchInterval: 2_000 });

function useWebhookMutation<Variables, Answer>(call: (variables: Variables) => Promise<Answer>) {
  return useMutationReloading(adminKeys.webhooks(), call);
}

export const useCreateWebhook = () =>
  useWebhookMutation((input: CreateWebhookRequest) => adminFetch<CreatedWebhook>(WEBHOOK_PATHS.webhooks, { method: 'POST', body: input }));

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...input }: UpdateWebhookRequest & { id: number }) => adminFetch<WebhookEndpoint>(withId(WEBHOOK_PATHS.webhook, id), { method: 'PUT', body: input }));

export const useDisableWebhook = () => useWebhookMutation(({ id }: { id: number }) => adminFetch<WebhookEndpoint>(withId(WEBHOOK_PATHS.webhookDisable, id), { method: 'POST', body: {} }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation(({ id }: { id: number }) => adminFetch<CreatedWebhook>(withId(WEBHOOK_PATHS.webhookRotateSecret, id), { method: 'POST', body: {} }));

export const useTestWebhook = () => useWebhookMutation(({ id }: { id: number }) => adminFetch<WebhookDelivery>(withId(WEBHOOK_PATHS.webhookTest, id), { method: 'POST', body: {} }));

export const useRetryWebhookDelivery = () =>
  useWebhookMutation(({ id }: { id: number }) => adminFetch<WebhookDelivery>(withId(WEBHOOK_PATHS.webhookDeliveryRetry, id), { method: 'POST', body: {} }));
