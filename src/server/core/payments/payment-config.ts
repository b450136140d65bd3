import { bankTransferReady } from '@shared/bank-transfer';
import { orderedMethods, type PaymentMethodSettings } from '@shared/payment-methods';
import type { PaymentProviderName } from '@shared/payments';
import type { UseCaseDeps } from '../use-case-deps';

/** GET /api/payments/config, and what a server-rendered checkout page carries of it. */
export interface PaymentConfigAnswer {
  provider: PaymentProviderName | null;
  publishableKey: string | null;
  /** 'Überweisung (Vorkasse)', offered per event by its start (docs/product/bank-transfer.md#offered); null: off */
  bankTransfer: { minDaysBeforeStart: number } | null;
  /**
   * 'Zahlungsarten': the online methods switched on, all methods in the admin's order, the SEPA lead time
   * (docs/decisions/056-payment-methods-and-the-checkout.md). Which of them fit a booking the payment start says.
   */
  methods: PaymentMethodSettings;
}

/** Which ways to pay the shop offers now: the provider, and transfer when it is switched on and complete. */
export async function paymentConfig(
  deps: Pick<UseCaseDeps, 'gateway' | 'settings'>,
): Promise<PaymentConfigAnswer> {
  const { bankTransfer, paymentMethods } = await deps.settings.get();
  const transfer = bankTransferReady(bankTransfer)
    ? { minDaysBeforeStart: bankTransfer.minDaysBeforeStart }
    : null;
  const provider = await deps.gateway.current();
  return {
    provider: provider?.name ?? null,
    publishableKey: provider?.publishableKey ?? null,
    bankTransfer: transfer,
    methods: {
      enabled: paymentMethods.enabled,
      order: orderedMethods(paymentMethods),
      sepaMinDaysBeforeStart: paymentMethods.sepaMinDaysBeforeStart,
    },
  };
}
