import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistActionResult } from '@shared/waitlist';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';
import { ADMIN_WAITLIST_KEYS } from './get-admin-waitlist';

/**
 * POST /api/admin/waitlist/:entryId/offer: 'Platz anbieten' by hand to a waiting entry
 * (docs/product/waiting-list.md#admin-waitlist); the person gets the offer mail.
 */
export const offerWaitlistEntry = (entryId: string) =>
  apiFetch<WaitlistActionResult>(`/api/admin/waitlist/${encodeURIComponent(entryId)}/offer`, {
    method: 'POST',
    body: '{}',
  });

export function useOfferWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerWaitlistEntry,
    onSettled: () => {
      // also after a refusal: the list (or the free seats) changed meanwhile
      void queryClient.invalidateQueries({ queryKey: ADMIN_WAITLIST_KEYS.all });
      void queryClient.invalidateQueries({ queryKey: ADMIN_EVENT_KEYS.all });
    },
  });
}
