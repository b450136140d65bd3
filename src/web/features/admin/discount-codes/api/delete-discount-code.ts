import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { DISCOUNT_CODE_KEYS } from './discount-code-keys';

/** DELETE /api/admin/discount-codes/:id: only a code no booking used; otherwise a 409 with the reason. */
export const deleteDiscountCode = (id: string) =>
  apiFetch<{ ok: true }>(`/api/admin/discount-codes/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscountCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISCOUNT_CODE_KEYS.list }),
  });
}
