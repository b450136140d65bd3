import { refundAccountSchema } from '@shared/refund-account';
import type { MyTicket } from '@shared/tickets';
import { ApiError } from '@web/lib/api-client';
import type { RefundAccount } from './api/cancel-ticket';

export type RefundAccountErrors = Partial<Record<keyof RefundAccount, string>>;

/**
 * A ticket paid by transfer whose cancelling refunds money asks where the refund goes
 * (docs/product/bank-transfer.md#refunds); a card payment goes back by itself.
 */
export const asksForRefundAccount = (ticket: MyTicket) =>
  ticket.paidByTransfer === true && (ticket.cancellation?.refundCents ?? 0) > 0;

/** The account as the server checks it (refundAccountSchema): the normalised account and the first problem per field. */
export function checkRefundAccount(input: RefundAccount): {
  account: RefundAccount;
  errors: RefundAccountErrors;
} {
  const parsed = refundAccountSchema.safeParse(input);
  if (parsed.success) return { account: parsed.data, errors: {} };
  const errors: RefundAccountErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'payoutIban' || field === 'payoutName') errors[field] ??= issue.message;
  }
  return { account: input, errors };
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
