import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyWaitlist, WaitlistActionResult } from '@shared/waitlist';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * DELETE /api/waitlist/:id: 'Warteliste verlassen' for a waiting entry, 'Platz freigeben' for an offer
 * (docs/product/waiting-list.md#decline); the answer's message is shown as it is.
 */
export const leaveWaitlist = (entryId: string) =>
  apiFetch<WaitlistActionResult>(`/api/waitlist/${encodeURIComponent(entryId)}`, { method: 'DELETE' });

/** The entry goes from the list at once; the list is then read again (the places behind it move up). */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: (_result, entryId) => {
      queryClient.setQueriesData<MyWaitlist>({ queryKey: queryKeys.waitlist.mine }, (list) =>
        list ? { entries: list.entries.filter((entry) => entry.id !== entryId) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist.mine });
    },
  });
}
