import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminEvent, AdminEventCreateInput, AdminEventUpdateInput } from '@shared/admin-events';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';
import { queryKeys } from '@web/lib/query-keys';

/** After any change of one event: its detail is the answer, the lists are fetched again. */
export function storeAdminEvent(queryClient: QueryClient, event: AdminEvent) {
  queryClient.setQueryData(ADMIN_EVENT_KEYS.detail(event.id), event);
  void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.list });
  void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
}

export const createAdminEvent = (input: AdminEventCreateInput) =>
  apiFetch<AdminEvent>('/api/admin/events', { method: 'POST', body: JSON.stringify(input) });

export const updateAdminEvent = ({ id, update }: { id: string; update: AdminEventUpdateInput }) =>
  apiFetch<AdminEvent>(`/api/admin/events/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify(update),
  });

export function useCreateAdminEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminEvent,
    onSuccess: (event) => storeAdminEvent(queryClient, event),
  });
}

export function useUpdateAdminEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminEvent,
    onSuccess: (event) => storeAdminEvent(queryClient, event),
    // a refusal may come after the event was saved (refunds after 'Abgesagt'): show what is stored now
    onError: (_error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.detail(id) });
      void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.list });
    },
  });
}
