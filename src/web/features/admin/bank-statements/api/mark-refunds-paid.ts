import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { TRANSFER_KEYS } from './bank-statement-keys';

/**
 * POST /api/admin/transfer-refunds/mark-paid {ids}: 'Als erstattet markieren' closes the refunds the shop's
 * bank paid out (docs/product/bank-transfer.md#refunds).
 */
export const markRefundsPaid = (ids: string[]) =>
  apiFetch<{ marked: number }>('/api/admin/transfer-refunds/mark-paid', {
    method: 'POST',
    body: JSON.stringify({ ids }),
  });

export function useMarkRefundsPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRefundsPaid,
    // a refusal (409: paid or closed meanwhile) means the list is old too
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRANSFER_KEYS.refunds }),
  });
}
