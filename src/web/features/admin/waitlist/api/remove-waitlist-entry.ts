import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistActionResult } from '@shared/waitlist';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';
import { ADMIN_WAITLIST_KEYS } from './get-admin-waitlist';

/**
 * DELETE /api/admin/waitlist/:entryId: 'Entfernen' of a waiting entry or an open offer
 * (docs/product/waiting-list.md#admin-waitlist).
 */
export const removeWaitlistEntry = (entryId: string) =>
  apiFetch<WaitlistActionResult>(`/api/admin/waitlist/${encodeURIComponent(entryId)}`, {
    method: 'DELETE',
  });

export function useRemoveWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWaitlistEntry,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_WAITLIST_KEYS.all });
      void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.all });
    },
  });
}
