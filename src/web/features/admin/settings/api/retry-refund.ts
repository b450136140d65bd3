import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetriedRefund } from '@shared/admin-payments';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_REFUNDS_KEY } from './get-admin-refunds';
import { REFUND_LOOKUP_KEY } from './lookup-refund-booking';

/**
 * POST /api/admin/refunds/:id/retry: 'Erneut versuchen' on a failed refund
 * (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md); answers the refund after the new try.
 */
export const retryRefund = (refundId: string) =>
  apiFetch<RetriedRefund>(`/api/admin/refunds/${encodeURIComponent(refundId)}/retry`, { method: 'POST' });

export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRefund,
    // a refusal (409: retried meanwhile) means the list is old too; what is refundable may have changed
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_REFUNDS_KEY }),
        queryClient.invalidateQueries({ queryKey: REFUND_LOOKUP_KEY }),
      ]);
    },
  });
}
