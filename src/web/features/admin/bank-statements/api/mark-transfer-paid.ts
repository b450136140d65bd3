import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { TRANSFER_KEYS } from './bank-statement-keys';

/**
 * POST /api/admin/bank-transfers/:bookingId/mark-paid {}: 'Als bezahlt markieren' confirms the booking as if
 * the money had been matched (docs/product/bank-transfer.md#admin-actions).
 */
export const markTransferPaid = (bookingId: string) =>
  apiFetch<{ ok: true }>(`/api/admin/bank-transfers/${encodeURIComponent(bookingId)}/mark-paid`, {
    method: 'POST',
    body: '{}',
  });

export function useMarkTransferPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTransferPaid,
    // a refusal (409: paid or closed meanwhile) means the list is old too
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRANSFER_KEYS.bookings }),
  });
}
