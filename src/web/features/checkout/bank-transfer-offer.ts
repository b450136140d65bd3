import { farEnoughAhead } from '@shared/bank-transfer';
import type { PaymentConfig } from './api/get-payment-config';

/**
 * Is 'Überweisung (Vorkasse)' offered for a booking of an event starting at `eventStart`: switched on, and the
 * event at least the set number of days away (docs/product/bank-transfer.md#offered). The server checks it
 * again when the buyer chooses it.
 */
export function bankTransferOfferedFor(
  config: PaymentConfig | undefined,
  eventStart: string,
  now: Date,
): boolean {
  const bankTransfer = config?.bankTransfer;
  if (!bankTransfer) return false;
  return farEnoughAhead(bankTransfer.minDaysBeforeStart, new Date(eventStart), now);
}
