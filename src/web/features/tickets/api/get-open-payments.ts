import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenPayment } from '@shared/late-payments';
import { apiFetch } from '@web/lib/api-client';

/**
 * GET /api/payments/open: the signed-in user's bookings whose payment is in processing, failed after
 * processing or returned (docs/decisions/054-late-verdicts-and-returned-debits.md), for 'Offene Zahlungen' in
 * Meine Tickets.
 */
export const openPaymentsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['payments', 'open', userId] as const,
    queryFn: ({ signal }) => apiFetch<{ payments: OpenPayment[] }>('/api/payments/open', { signal }),
    staleTime: 0,
    retry: 1,
  });

export const useOpenPayments = (userId: string) => useQuery(openPaymentsQuery(userId));
