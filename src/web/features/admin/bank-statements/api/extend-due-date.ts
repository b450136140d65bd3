import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTransferBooking } from '@shared/bank-statements';
import { apiFetch } from '@web/lib/api-client';
import { TRANSFER_KEYS } from './bank-statement-keys';

/**
 * POST /api/admin/bank-transfers/:bookingId/extend {days}: 'Fälligkeit verlängern' moves the due date and
 * the hold (docs/product/bank-transfer.md#admin-actions).
 */
export const extendDueDate = ({ bookingId, days }: { bookingId: string; days: number }) =>
  apiFetch<AdminTransferBooking>(`/api/admin/bank-transfers/${encodeURIComponent(bookingId)}/extend`, {
    method: 'POST',
    body: JSON.stringify({ days }),
  });

export function useExtendDueDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendDueDate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRANSFER_KEYS.bookings }),
  });
}
