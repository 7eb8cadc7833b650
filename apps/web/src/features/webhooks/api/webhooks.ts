import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhooksRoutes } from '@ed/contract/routes/webhooks';
import type { CreateWebhook, WebhookDeliveryStatus, WebhookEventType, WebhookFormat } from '@ed/contract/webhooks';
import { callApi } from '../../../shared/api/client';

export interface DeliveriesQuery {
  page: number;
  status?: WebhookDeliveryStatus;
  endpointId?: number;
}

export interface WebhookChange {
  id: number;
  active?: boolean;
  events?: WebhookEventType[];
  format?: WebhookFormat;
}

const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (query: DeliveriesQuery) => ['webhooks', 'deliveries', query] as const,
};

/** The log is read again this often while the screen is open: attempts and retries happen on their own. */
const LOG_REFRESH_MS = 10_000;

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: ({ signal }) => callApi(webhooksRoutes.listWebhooks, { signal }),
  });
}

export function useWebhookDeliveries(query: DeliveriesQuery) {
  return useQuery({
    queryKey: webhookKeys.deliveries(query),
    queryFn: ({ signal }) => callApi(webhooksRoutes.listWebhookDeliveries, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LOG_REFRESH_MS,
  });
}

function useWebhookMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: CreateWebhook) => callApi(webhooksRoutes.createWebhook, { body }));
export const useUpdateWebhook = () =>
  useWebhookMutation((body: WebhookChange) => callApi(webhooksRoutes.updateWebhook, { body }));
export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => callApi(webhooksRoutes.deleteWebhook, { body: { id } }));
export const useRedeliverWebhook = () =>
  useWebhookMutation((id: string) => callApi(webhooksRoutes.redeliverWebhookDelivery, { body: { id } }));
