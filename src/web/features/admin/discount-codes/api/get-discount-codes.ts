import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDiscountCodeList } from '@shared/discount-code-schemas';
import { apiFetch } from '@web/lib/api-client';
import { DISCOUNT_CODE_KEYS } from './discount-code-keys';

/** GET /api/admin/discount-codes: every code with its uses and revenue, newest first. */
export const discountCodesQuery = () =>
  queryOptions({
    queryKey: DISCOUNT_CODE_KEYS.list,
    queryFn: () => apiFetch<AdminDiscountCodeList>('/api/admin/discount-codes'),
    staleTime: 0,
  });

export const useDiscountCodes = () => useQuery(discountCodesQuery());
