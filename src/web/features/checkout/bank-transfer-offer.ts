import { farEnoughAhead, transferCurrency } from '@shared/bank-transfer';
import type { PaymentConfig } from '@web/lib/payment-config';

/**
 * Is 'Überweisung (Vorkasse)' offered for a booking of an event starting at `eventStart`: switched on, an event
 * in euro (docs/product/bank-transfer.md#euro-only), at least the set number of days away
 * (docs/product/bank-transfer.md#offered). The server checks it again when the buyer chooses it.
 */
export function bankTransferOfferedFor(
  config: PaymentConfig | undefined,
  event: { startTime: string; currency: string },
  now: Date,
): boolean {
  const bankTransfer = config?.bankTransfer;
  if (!bankTransfer || !transferCurrency(event.currency)) return false;
  return farEnoughAhead(bankTransfer.minDaysBeforeStart, new Date(event.startTime), now);
}
