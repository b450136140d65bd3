import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountCodeFormOptions } from '@shared/discount-code-schemas';
import { apiFetch } from '@web/lib/api-client';
import { DISCOUNT_CODE_KEYS } from './discount-code-keys';

/** GET /api/admin/discount-codes/options: the events and their categories a code may name. */
export const discountCodeOptionsQuery = () =>
  queryOptions({
    queryKey: DISCOUNT_CODE_KEYS.options,
    queryFn: () => apiFetch<DiscountCodeFormOptions>('/api/admin/discount-codes/options'),
    staleTime: 0,
  });

export const useDiscountCodeOptions = () => useQuery(discountCodeOptionsQuery());
