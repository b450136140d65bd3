import { isValidIBAN } from 'ibantools';
import { TRANSFER_ADMIN_MESSAGES } from '@shared/bank-transfer';
import type { MyTicket } from '@shared/tickets';
import { ApiError } from '@web/lib/api-client';
import type { RefundAccount } from '../api/cancel-ticket';

export type RefundAccountErrors = Partial<Record<keyof RefundAccount, string>>;

/** The longest account holder name the server takes (a SEPA name field holds 70 characters). */
const NAME_MAX = 70;

/**
 * A ticket paid by transfer whose cancelling refunds money asks where the refund goes
 * (docs/product/bank-transfer.md#refunds); a card payment goes back by itself.
 */
export const asksForRefundAccount = (ticket: MyTicket) =>
  ticket.paidByTransfer === true && (ticket.cancellation?.refundCents ?? 0) > 0;

/** 'DE75 5121 0800 1245 1261 99' → 'DE75512108001245126199', as the server stores it. */
export const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/**
 * The account as the server checks it (the ticket routes' payout schema): both may stay empty; an IBAN given
 * must be valid and needs the account holder's name.
 */
export function checkRefundAccount(input: RefundAccount): {
  account: RefundAccount;
  errors: RefundAccountErrors;
} {
  const account = { payoutIban: compactIban(input.payoutIban), payoutName: input.payoutName.trim() };
  const errors: RefundAccountErrors = {};
  if (account.payoutIban && !isValidIBAN(account.payoutIban)) {
    errors.payoutIban = TRANSFER_ADMIN_MESSAGES.payoutIban;
  }
  if ((account.payoutIban && !account.payoutName) || account.payoutName.length > NAME_MAX) {
    errors.payoutName = TRANSFER_ADMIN_MESSAGES.payoutName;
  }
  return { account, errors };
}

/** The server's 422 `details` ([{path, message}]) about the two fields; empty for any other failure. */
export function refundAccountErrorsOf(error: unknown): RefundAccountErrors {
  const errors: RefundAccountErrors = {};
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.details)) return errors;
  for (const detail of error.details as { path?: unknown; message?: unknown }[]) {
    const field = String(detail?.path ?? '');
    if ((field === 'payoutIban' || field === 'payoutName') && typeof detail.message === 'string') {
      errors[field] ??= detail.message;
    }
  }
  return errors;
}
