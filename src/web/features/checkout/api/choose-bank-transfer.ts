import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankTransferInstructions } from '@shared/bank-transfer';
import { apiFetch } from '@web/lib/api-client';
import { bookingBankTransferKey } from './get-booking-bank-transfer';
import { bookingKey } from './get-booking';

/**
 * POST /api/bookings/:id/payment/bank-transfer: the buyer pays this booking by transfer
 * (docs/product/bank-transfer.md#offered); 409 when it is not (or no longer) offered for the event.
 */
export const chooseBankTransfer = (bookingId: string) =>
  apiFetch<BankTransferInstructions>(`/api/bookings/${encodeURIComponent(bookingId)}/payment/bank-transfer`, {
    method: 'POST',
    body: '{}',
  });

/**
 * The instructions go straight into the booking's transfer query (the page shows them from there); the
 * booking is read again, since its hold now lasts until the due date (docs/product/bank-transfer.md#due-dates).
 */
export function useChooseBankTransfer(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => chooseBankTransfer(bookingId),
    onSuccess: async (instructions) => {
      queryClient.setQueryData(bookingBankTransferKey(bookingId), instructions);
      await queryClient.invalidateQueries({ queryKey: bookingKey(bookingId), exact: true });
    },
  });
}
