import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpoint,
  WebhookDeliveryView,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
  WebhookEndpointView,
} from '@shared/webhooks';
import { apiFetch } from '@web/lib/api-client';

// The admin's webhooks (docs/product/webhooks.md#endpoints): endpoints, secret, log, 'Erneut senden', test.

export const WEBHOOKS_KEY = ['admin', 'webhooks'] as const;
const path = (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`;

export const useWebhookEndpoints = () =>
  useQuery(
    queryOptions({
      queryKey: WEBHOOKS_KEY,
      queryFn: ({ signal }) => apiFetch<WebhookEndpointView[]>('/api/admin/webhooks', { signal }),
      staleTime: 0,
    }),
  );

/** The delivery log of one endpoint, refreshed every 5 s while shown (docs/product/webhooks.md#delivery-log). */
export const useWebhookDeliveries = (endpointId: string) =>
  useQuery({
    queryKey: [...WEBHOOKS_KEY, endpointId, 'deliveries'],
    queryFn: ({ signal }) => apiFetch<WebhookDeliveryView[]>(`${path(endpointId)}/deliveries`, { signal }),
    staleTime: 0,
    refetchInterval: 5000,
  });

function useInvalidating<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export const useCreateWebhook = () =>
  useInvalidating((input: WebhookEndpointInput) =>
    apiFetch<CreatedWebhookEndpoint>('/api/admin/webhooks', { method: 'POST', body: JSON.stringify(input) }),
  );

export const useUpdateWebhook = () =>
  useInvalidating(({ id, ...update }: WebhookEndpointUpdate & { id: string }) =>
    apiFetch<WebhookEndpointView>(path(id), { method: 'PATCH', body: JSON.stringify(update) }),
  );

export const useDeleteWebhook = () =>
  useInvalidating((id: string) => apiFetch<void>(path(id), { method: 'DELETE' }));

export const fetchWebhookSecret = (id: string) => apiFetch<{ secret: string }>(`${path(id)}/secret`);

export const useResendDelivery = () =>
  useInvalidating(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
    apiFetch<WebhookDeliveryView>(`${path(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
      method: 'POST',
    }),
  );

export const useSendTestWebhook = () =>
  useInvalidating((endpointId: string) =>
    apiFetch<WebhookDeliveryView>(`${path(endpointId)}/test`, { method: 'POST' }),
  );
