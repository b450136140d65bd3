import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRefundListRow } from '@shared/admin-refund-list';
import { apiFetch } from '@web/lib/api-client';

/** The refunds list's key; a retry or a new refund invalidates it. */
export const ADMIN_REFUNDS_KEY = ['admin', 'refunds'] as const;

/** GET /api/admin/refunds: the latest refunds, failed ones first (docs/product/payments.md#method-names). */
export const adminRefundsQuery = () =>
  queryOptions({
    queryKey: ADMIN_REFUNDS_KEY,
    queryFn: ({ signal }) => apiFetch<{ refunds: AdminRefundListRow[] }>('/api/admin/refunds', { signal }),
    staleTime: 0,
  });

export const useAdminRefunds = () => useQuery(adminRefundsQuery());
