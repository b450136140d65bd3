import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerInput } from '@shared/booking-schemas';
import type { StoredAnswer } from '@shared/questions';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { clearTicketsCache } from '../tickets-cache';

/**
 * PUT /api/bookings/:id/answers {answers} → the stored answers: the buyer's change until the event starts
 * (docs/product/ticket-categories.md#answers).
 */
export const updateAnswers = ({ bookingId, answers }: { bookingId: string; answers: AnswerInput[] }) =>
  apiFetch<{ answers: StoredAnswer[] }>(`/api/bookings/${encodeURIComponent(bookingId)}/answers`, {
    method: 'PUT',
    body: JSON.stringify({ answers }),
  });

/** Every card of the booking shows its answers: the list is read again. */
export function useUpdateAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnswers,
    onSuccess: () => {
      clearTicketsCache();
      return queryClient.invalidateQueries({ queryKey: queryKeys.tickets.mine });
    },
  });
}
