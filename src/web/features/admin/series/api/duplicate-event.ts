import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEvent } from '@shared/admin-events';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';
import { apiFetch } from '@web/lib/api-client';

/** POST /api/admin/events/:id/duplicate ('Event duplizieren', docs/product/event-series.md#duplicate). */
export const duplicateEvent = (eventId: string) =>
  apiFetch<AdminEvent>(`/api/admin/events/${encodeURIComponent(eventId)}/duplicate`, { method: 'POST' });

export function useDuplicateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateEvent,
    onSuccess: (copy) => {
      queryClient.setQueryData(ADMIN_EVENT_KEYS.detail(copy.id), copy);
      void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.list });
    },
  });
}
