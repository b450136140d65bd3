import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { REFUND_LOOKUP_KEY } from './lookup-refund-booking';
import { ADMIN_REFUNDS_KEY } from './get-admin-refunds';

/**
 * A share of the paid amount (0..1) or an amount in cents, never both
 * (docs/product/admin.md#admin-refund-amount).
 */
export interface AdminRefundInput {
  /** The booking's id or its order number (docs/decisions/020-order-numbers.md). */
  bookingId: string;
  reason: string;
  percent?: number;
  amountCents?: number;
}

/** What the server answers. */
export interface AdminRefundAnswer {
  refund: { amountCents: number; amount: number; currency: string };
}

/** POST the refund (docs/product/admin.md#admin-refund). */
export const adminRefund = (input: AdminRefundInput) =>
  apiFetch<AdminRefundAnswer>('/api/admin/refunds', { method: 'POST', body: JSON.stringify(input) });

// The booking's lookup (what is refunded already) and the refunds list change.
export function useAdminRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminRefund,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REFUND_LOOKUP_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_REFUNDS_KEY });
    },
  });
}
