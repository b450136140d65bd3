import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDiscountCode, DiscountCodeInput } from '@shared/discount-code-schemas';
import { apiFetch } from '@web/lib/api-client';
import { DISCOUNT_CODE_KEYS } from './discount-code-keys';

/** POST /api/admin/discount-codes. */
export const createDiscountCode = (input: DiscountCodeInput) =>
  apiFetch<AdminDiscountCode>('/api/admin/discount-codes', { method: 'POST', body: JSON.stringify(input) });

/** PUT /api/admin/discount-codes/:id: the whole form; its uses stay. */
export const updateDiscountCode = ({ id, input }: { id: string; input: DiscountCodeInput }) =>
  apiFetch<AdminDiscountCode>(`/api/admin/discount-codes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: JSON.stringify(input),
  });

/** PUT /api/admin/discount-codes/:id/active: 'Deaktivieren' and 'Aktivieren'. */
export const setDiscountCodeActive = ({ id, active }: { id: string; active: boolean }) =>
  apiFetch<AdminDiscountCode>(`/api/admin/discount-codes/${encodeURIComponent(id)}/active`, {
    method: 'PUT',
    body: JSON.stringify({ active }),
  });

function useListMutation<T>(mutationFn: (input: T) => Promise<AdminDiscountCode>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISCOUNT_CODE_KEYS.list }),
  });
}

export const useCreateDiscountCode = () => useListMutation(createDiscountCode);
export const useUpdateDiscountCode = () => useListMutation(updateDiscountCode);
export const useSetDiscountCodeActive = () => useListMutation(setDiscountCodeActive);
