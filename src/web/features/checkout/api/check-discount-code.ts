import { useMutation } from '@tanstack/react-query';
import type { DiscountCodePreview } from '@shared/discount-codes';
import { apiFetch } from '@web/lib/api-client';

/**
 * POST /api/discount-codes/check → what a code does for this event, or 422 with the German refusal
 * ('Dieser Code ist abgelaufen.', docs/product/ticket-categories.md#codes). Checking counts no use.
 */
export const checkDiscountCode = (input: { eventId: string; code: string }) =>
  apiFetch<DiscountCodePreview>('/api/discount-codes/check', { method: 'POST', body: JSON.stringify(input) });

export const useCheckDiscountCode = () => useMutation({ mutationFn: checkDiscountCode });
