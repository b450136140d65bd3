import { bankTransferReady } from '@shared/bank-transfer';
import type { PaymentProviderName } from '@shared/payments';
import type { UseCaseDeps } from '../use-case-deps';

/** GET /api/payments/config, and what a server-rendered checkout page carries of it. */
export interface PaymentConfigAnswer {
  provider: PaymentProviderName | null;
  publishableKey: string | null;
  /** 'Überweisung (Vorkasse)', offered per event by its start (docs/product/bank-transfer.md#offered); null: off */
  bankTransfer: { minDaysBeforeStart: number } | null;
}

/** Which ways to pay the shop offers now: the provider, and transfer when it is switched on and complete. */
export async function paymentConfig(
  deps: Pick<UseCaseDeps, 'gateway' | 'settings'>,
): Promise<PaymentConfigAnswer> {
  const { bankTransfer } = await deps.settings.get();
  const transfer = bankTransferReady(bankTransfer)
    ? { minDaysBeforeStart: bankTransfer.minDaysBeforeStart }
    : null;
  const provider = await deps.gateway.current();
  return {
    provider: provider?.name ?? null,
    publishableKey: provider?.publishableKey ?? null,
    bankTransfer: transfer,
  };
}
