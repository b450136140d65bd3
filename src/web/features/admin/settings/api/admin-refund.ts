import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** spec admin §3 'Refund request': a share of the paid amount (0..1) or an amount in cents, never both. */
export interface AdminRefundInput {
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

// Nothing the settings page shows changes: no query to invalidate.
export const useAdminRefund = () => useMutation({ mutationFn: adminRefund });
