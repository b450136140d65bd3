import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';

/** 'Findet statt' (docs/product/event-mails.md#minimum-attendance): the event takes place whatever the count. */
export const confirmMinimumAttendance = (id: string) =>
  apiFetch<{ message: string }>(`/api/admin/events/${encodeURIComponent(id)}/confirm-minimum`, {
    method: 'POST',
  });

export function useConfirmMinimumAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMinimumAttendance,
    // the event's detail shows the confirmation; also after a 409 (decided meanwhile) it shows what is stored
    onSettled: (_answer, _error, id) =>
      queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.detail(id) }),
  });
}
