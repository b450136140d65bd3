import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBankLine } from '@shared/bank-statements';
import { apiFetch } from '@web/lib/api-client';
import { BANK_LINES_KEYS, TRANSFER_KEYS } from './bank-statement-keys';

/**
 * POST /api/admin/bank-statements/lines/:id/assign {orderNumber}: a line without a usable reference credits
 * the booking the admin names (docs/product/bank-transfer.md#matching).
 */
export const assignBankLine = ({ lineId, orderNumber }: { lineId: string; orderNumber: string }) =>
  apiFetch<AdminBankLine>(`/api/admin/bank-statements/lines/${encodeURIComponent(lineId)}/assign`, {
    method: 'POST',
    body: JSON.stringify({ orderNumber }),
  });

export function useAssignBankLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignBankLine,
    // money read in can pay a booking or be owed back
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BANK_LINES_KEYS.all }),
        queryClient.invalidateQueries({ queryKey: TRANSFER_KEYS.bookings }),
        queryClient.invalidateQueries({ queryKey: TRANSFER_KEYS.refunds }),
      ]),
  });
}
