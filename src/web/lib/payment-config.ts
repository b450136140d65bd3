import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethodSettings } from '@shared/payment-methods';
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
  /**
   * 'Zahlungsarten' (docs/decisions/056-payment-methods-and-the-checkout.md): switched on, the order of all, the
   * SEPA lead time; absent from a server before issue 31.
   */
  methods?: PaymentMethodSettings;
}

/** GET /api/payments/config: which provider takes paid bookings (null: none, paid events cannot be booked). */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => apiFetch<PaymentConfig>('/api/payments/config', { signal }),
  staleTime: 60_000,
  retry: 1,
});
