import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { REFUND_LOOKUP_KEY } from './lookup-refund-booking';

/** spec admin §3 'Refund request': a share of the paid amount (0..1) or an amount in cents, never both. */
export interface AdminRefundInput {
  /** The booking's id or its order number (docs/decisions/020-order-numbers.md). */
  bookingId: string;
  reason: string;
  percent?: number;
  amountCents?: number;
}

/** spec admin §3 'Refund response'. */
export interface AdminRefundAnswer {
  refund: { amountCents: number; amount: number; currency: string };
}

/** spec admin §7 admin_refund. */
export const adminRefund = (input: AdminRefundInput) =>
  apiFetch<AdminRefundAnswer>('/api/admin/refunds', { method: 'POST', body: JSON.stringify(input) });

// Only the booking's lookup (what is refunded already) changes.
export function useAdminRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminRefund,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: REFUND_LOOKUP_KEY }),
  });
}
