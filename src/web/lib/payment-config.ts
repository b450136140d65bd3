import { queryOptions, useQuery } from '@tanstack/react-query';
import { offeredPaymentMethods, type OfferedPaymentMethods } from '@shared/content/payment-texts';
import type { PaymentProviderName } from '@shared/payments';
import { apiFetch } from './api-client';

export interface PaymentConfig {
  provider: PaymentProviderName | null;
  publishableKey: string | null;
  /**
   * 'Überweisung (Vorkasse)' when switched on, offered for events at least this many days ahead
   * (docs/product/bank-transfer.md#offered); null: not offered at all.
   */
  bankTransfer: { minDaysBeforeStart: number } | null;
}

/** GET /api/payments/config: which provider takes paid bookings (null: none, paid events cannot be booked). */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => apiFetch<PaymentConfig>('/api/payments/config', { signal }),
  staleTime: 60_000,
  retry: 1,
});

/**
 * The ways to pay the shop offers now, for the legal and help texts (docs/product/site.md#payment-texts). A
 * server-rendered page has the answer in its cache; until a client-side navigation has it, the texts read as
 * the spec's card payment.
 */
export function useOfferedPaymentMethods(): OfferedPaymentMethods {
  const { data } = useQuery(paymentConfigQuery);
  return offeredPaymentMethods(data);
}
