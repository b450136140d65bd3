import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkEventAnswer } from '@shared/admin-events';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/admin/events/bulk/{publish|delete}: one result per event (refusals carry a German message). */
export const runBulkAction = ({ action, ids }: { action: 'publish' | 'delete'; ids: string[] }) =>
  apiFetch<BulkEventAnswer>(`/api/admin/events/bulk/${action}`, {
    method: 'POST',
    body: JSON.stringify({ ids }),
  });

/** Bulk 'Veröffentlichen' and 'Löschen' of the list; also the row's own 'Löschen' (a selection of one). */
export function useBulkEventAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulkAction,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.list });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
    },
  });
}
