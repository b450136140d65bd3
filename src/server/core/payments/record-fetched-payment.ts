import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { ProviderPayment } from '../../adapters/payments/payment-provider';
import { payments } from '../../db/schema';
import { enqueueToAdmins } from '../bookings/booking-mails';
import { adminPaymentAlertMail } from '../mail/templates/admin-payment-alert';
import { mailContextOf } from '../use-case-deps';
import { recordPaymentVerdict } from './record-payment-verdict';
import type { SettleResult } from './settle-payment';
import type { PaymentDeps } from './send-refunds';

type Payment = typeof payments.$inferSelect;

/** The attempt's last_error while the provider's amount or currency differs from ours. */
export const AMOUNT_MISMATCH_ERROR = 'amount or currency differs from the booking';

/**
 * What the provider answered when we asked about an attempt (webhook, the buyer's return, reconciliation,
 * 'Mit Stripe abgleichen'), recorded as its verdict with the method and a return passed through
 * (docs/product/payments.md#settle-payment). An answer whose amount or currency differs from the attempt never
 * settles anything: it is logged as an error and every admin gets one mail per attempt
 * (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md). Answers null then.
 */
export async function recordFetchedPayment(
  deps: PaymentDeps,
  payment: Payment,
  fetched: ProviderPayment,
  now?: Date,
): Promise<SettleResult | null> {
  const matches =
    fetched.amountCents === payment.amountCents &&
    fetched.currency.toUpperCase() === payment.currency.toUpperCase();
  if (!matches) {
    await alertMismatch(deps, payment, fetched);
    return null;
  }
  return recordPaymentVerdict(deps, {
    paymentId: payment.id,
    state: fetched.state,
    lastError: fetched.lastError,
    method: fetched.method,
    returned: fetched.returned,
    now,
  });
}

async function alertMismatch(deps: PaymentDeps, payment: Payment, fetched: ProviderPayment) {
  const { db } = deps.database;
  deps.logger.error(
    {
      paymentId: payment.id,
      bookingId: payment.bookingId,
      providerPaymentId: fetched.id,
      expected: { amountCents: payment.amountCents, currency: payment.currency },
      reported: { amountCents: fetched.amountCents, currency: fetched.currency },
      state: fetched.state,
    },
    'provider payment differs in amount or currency from the booking; not settled',
  );
  const mail = await mailContextOf(deps);
  const alerted = await db.transaction(async (tx) => {
    // once per attempt: the marker is set in the same transaction as the mails
    const [marked] = await tx
      .update(payments)
      .set({ lastError: AMOUNT_MISMATCH_ERROR })
      .where(
        and(
          eq(payments.id, payment.id),
          or(isNull(payments.lastError), ne(payments.lastError, AMOUNT_MISMATCH_ERROR)),
        ),
      )
      .returning({ id: payments.id });
    if (!marked) return false;
    await enqueueToAdmins(tx, payment.bookingId, (row) =>
      adminPaymentAlertMail({
        context: mail,
        eventTitle: row?.event.title ?? '–',
        bookingId: payment.bookingId,
        orderNumber: row?.booking.orderNumber ?? '–',
        buyerEmail: row?.email ?? '–',
        expectedCents: payment.amountCents,
        expectedCurrency: payment.currency,
        reportedCents: fetched.amountCents,
        reportedCurrency: fetched.currency.toUpperCase(),
        providerPaymentId: fetched.id,
      }),
    );
    return true;
  });
  if (alerted) deps.outbox.kick();
}
