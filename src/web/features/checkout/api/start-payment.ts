import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSession } from '@shared/payments';
import { apiFetch } from '@web/lib/api-client';

export const paymentSessionKey = (bookingId: string) => ['bookings', bookingId, 'payment'] as const;

/**
 * POST /api/bookings/:id/payment: starts or resumes the payment of a pending booking. Held as a query so
 * the page asks once per visit (the server resumes an open attempt instead of starting a second one);
 * never reused from the cache, since every attempt is the server's to decide.
 */
export const paymentSessionQuery = (bookingId: string) =>
  queryOptions({
    queryKey: paymentSessionKey(bookingId),
    queryFn: () =>
      apiFetch<PaymentSession>(`/api/bookings/${encodeURIComponent(bookingId)}/payment`, {
        method: 'POST',
        body: '{}',
      }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const usePaymentSession = (bookingId: string, enabled = true) =>
  useQuery({ ...paymentSessionQuery(bookingId), enabled });
