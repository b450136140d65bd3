import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import { bookings, events, payments, refunds } from '../../db/schema';
import type { UsedPaymentMethod } from '@shared/payment-methods';
import type { ProviderPaymentState } from '../../adapters/payments/payment-provider';
import { payAgainUntil, returnDueAt } from '@shared/late-payments';
import {
  enqueueBookingConfirmation,
  enqueueLatePaymentMail,
  enqueuePaymentRefunded,
} from '../bookings/booking-mails';
import { issueTickets } from '../bookings/issue-tickets';
import { linesFitCategories } from '../ticket-categories/category-seats';
import { reclaimCodeUse } from '../discount-codes/release-code-uses';
import { publishSeatChange } from '../events/event-changes';
import type { MailContext } from '../mail/templates/mail-context';
import type { PaymentOutcome } from '../../adapters/metrics/business-metrics';
import { issueInvoice } from '../invoices/issue-invoice';
import { holdPerson } from '../profiles/person-lock';

export type SettleOutcome =
  /** the booking is confirmed with its tickets (now or by an earlier delivery) */
  | 'confirmed'
  /** the money could not be used (seats gone, booking cancelled, paid twice): a full refund is under way */
  | 'refunding'
  | 'failed'
  /** the provider took the payment but the bank has not decided: the seats stay held (docs/product/payments.md#processing) */
  | 'processing'
  /** a debit returned after success: the booking is to be paid again by its due date (docs/product/payments.md#returned) */
  | 'returned'
  /** nothing to do: still pending, or a late 'failed' after a success */
  | 'unchanged';

export interface SettleResult {
  bookingId: string;
  outcome: SettleOutcome;
  /** Refund rows created here; the caller hands them to processRefund after the commit. */
  refundIds: string[];
  /** What this call changed, for the metrics; unset for a replay or a state that changes nothing. */
  change?: PaymentOutcome;
}

/**
 * The one place where a provider's verdict on a payment changes bookings
 * (docs/product/payments.md#settle-payment). Called with the state the provider reported when we asked it
 * (webhook after re-fetching, the buyer's return, the test buttons). Idempotent and order-independent: the
 * payment row is locked first, a succeeded payment stays succeeded, and tickets are issued at most once, so
 * ten replays of a webhook leave one ticket set.
 *
 * A success on a pending booking confirms it (its seats are still held). A success on an expired booking
 * takes the seats again if they are still free, else the whole payment is refunded with an e-mail. A
 * success on a booking that is cancelled or already paid by another attempt is refunded too, and so is a
 * success for a booking whose buyer deleted the account: the buyer is held first, so a deletion in flight is
 * waited for (docs/product/accounts-and-consent.md#deletion-serialised).
 *
 * Late verdicts (docs/decisions/054-late-verdicts-and-returned-debits.md): 'processing' marks the attempt and
 * the booking, which keeps its seats without a hold until a verdict, and mails the buyer once. A failure after
 * processing gives the buyer PAY_AGAIN_HOURS to pay again (a new hold, then the normal hold expiry). A
 * `returned` success marks the booking 'returned' with a due date and mails a pay-again link; a later success
 * of another attempt pays it again (not a duplicate). The method the provider names is recorded on the attempt.
 */
export async function settlePayment(options: {
  db: Db;
  paymentId: string;
  state: ProviderPaymentState;
  lastError?: string;
  method?: UsedPaymentMethod;
  returned?: { feeCents: number };
  mail: MailContext;
  now?: Date;
}): Promise<SettleResult> {
  const { db, paymentId, state, lastError, mail, now = new Date() } = options;
  return db.transaction(async (tx) => {
    // the person before any row of theirs, as the deletion takes them (person-lock.ts)
    const [buyer] = await tx
      .select({ profileId: bookings.profileId })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(payments.id, paymentId));
    if (buyer?.profileId) await holdPerson(tx, buyer.profileId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const result = (
      outcome: SettleOutcome,
      refundIds: string[] = [],
      change?: PaymentOutcome,
    ): SettleResult => ({
      bookingId: payment.bookingId,
      outcome,
      refundIds,
      change,
    });
    // what the buyer paid with, once the provider names it (docs/product/payments.md#method-names)
    if (options.method && payment.method !== options.method) {
      await tx.update(payments).set({ method: options.method }).where(eq(payments.id, paymentId));
    }
    if (state === 'pending') return result('unchanged');
    if (state === 'processing') {
      // only an open attempt starts processing; a replay, or a verdict already given, changes nothing
      if (payment.status !== 'pending') return result('unchanged');
      await tx
        .update(payments)
        .set({ status: 'processing', lastError: null })
        .where(eq(payments.id, paymentId));
      return (await startProcessing(tx, payment.bookingId, mail))
        ? result('processing', [], 'processing')
        : result('unchanged');
    }
    if (state === 'failed' || state === 'canceled') {
      // a success is never undone by a late failure
      if (payment.status !== 'pending' && payment.status !== 'processing') return result('unchanged');
      await tx
        .update(payments)
        .set({
          status: state === 'failed' ? 'failed' : 'canceled',
          lastError: lastError?.slice(0, 1000) ?? null,
        })
        .where(eq(payments.id, paymentId));
      if (payment.status === 'processing') await offerPayAgain(tx, payment.bookingId, now, mail);
      return result('failed', [], 'failed');
    }
    if (payment.status === 'succeeded') {
      if (options.returned && !payment.returnedAt) {
        const returned = await markReturned(tx, payment, options.returned.feeCents, now, mail);
        return result(returned, [], returned === 'returned' ? 'returned' : undefined);
      }
      const [booking] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, payment.bookingId));
      return result(booking?.status === 'confirmed' ? 'confirmed' : 'refunding');
    }
    await tx.update(payments).set({ status: 'succeeded', lastError: null }).where(eq(payments.id, paymentId));
    const settleSuccess = async (): Promise<SettleResult> => {
      const [booking] = await tx
        .select()
        .from(bookings)
        .where(eq(bookings.id, payment.bookingId))
        .for('update');
      if (!booking) throw new Error(`booking ${payment.bookingId} not found`);

      const confirm = async (change: PaymentOutcome) => {
        await tx
          .update(bookings)
          .set({
            status: 'confirmed',
            paymentStatus: 'paid',
            holdExpiresAt: null,
            confirmedAt: now,
            // the due date stays only on a booking the transfer paid (docs/product/bank-transfer.md#refunds)
            ...(payment.provider === 'bank_transfer' ? {} : { paymentDueAt: null }),
          })
          .where(eq(bookings.id, booking.id));
        if (payment.provider !== 'bank_transfer' && booking.paymentDueAt) {
          // paid by card after choosing transfer: the transfer is no longer expected, and money that still comes
          // waits for the admin instead of being counted twice (docs/product/bank-transfer.md#paid)
          await tx
            .update(payments)
            .set({ status: 'canceled', lastError: 'paid another way' })
            .where(
              and(
                eq(payments.bookingId, booking.id),
                eq(payments.provider, 'bank_transfer'),
                eq(payments.status, 'pending'),
              ),
            );
        }
        await issueTickets(tx, booking.id, now);
        await issueInvoice(tx, booking.id, now);
        await enqueueBookingConfirmation(tx, booking.id, mail);
        return result('confirmed', [], change);
      };
      const refundAll = async (reason: string) => {
        const [refund] = await tx
          .insert(refunds)
          .values({
            paymentId,
            bookingId: booking.id,
            amountCents: payment.amountCents,
            currency: payment.currency,
            reason,
          })
          .returning({ id: refunds.id });
        if (booking.status !== 'confirmed') {
          await tx.update(bookings).set({ paymentStatus: 'refunded' }).where(eq(bookings.id, booking.id));
        }
        await enqueuePaymentRefunded(tx, booking.id, payment.amountCents, mail);
        return result('refunding', [refund!.id], reason === 'seats_unavailable' ? 'late' : 'refunded');
      };

      // the buyer deleted the account: nobody to confirm for, the money goes back (decision 045)
      if (booking.profileId === null && booking.status !== 'confirmed') return refundAll('account_deleted');
      if (booking.status === 'pending') return confirm('paid');
      if (booking.status === 'confirmed' && booking.paymentStatus === 'returned') {
        // the returned debit is paid again: no duplicate, the booking is paid (docs/product/payments.md#returned)
        await tx
          .update(bookings)
          .set({ paymentStatus: 'paid', paymentDueAt: null })
          .where(eq(bookings.id, booking.id));
        await enqueueLatePaymentMail(tx, { bookingId: booking.id, kind: 'repaid' }, mail);
        return result('confirmed', [], 'paid');
      }
      if (booking.status === 'expired') {
        // The hold ran out before the money arrived: take the seats again if they are still free, in the
        // event and in its categories.
        if (!(await linesFitCategories(tx, booking.id))) return refundAll('seats_unavailable');
        const [taken] = await tx
          .update(events)
          .set({ availableSeats: sql`${events.availableSeats} - ${booking.seats}::int` })
          .where(and(eq(events.id, booking.eventId), sql`${events.availableSeats} >= ${booking.seats}::int`))
          .returning({ id: events.id });
        if (!taken) return refundAll('seats_unavailable');
        await reclaimCodeUse(tx, booking.id); // its code's use went back at expiry (docs/product/ticket-categories.md#codes)
        await publishSeatChange(tx, booking.eventId);
        return confirm('late');
      }
      return refundAll(booking.status === 'confirmed' ? 'duplicate_payment' : 'booking_cancelled');
    };
    const settled = await settleSuccess();
    // succeeded and already returned when we first hear of it (a verdict asked for late): both, in order
    if (options.returned && settled.outcome === 'confirmed') {
      const returned = await markReturned(tx, payment, options.returned.feeCents, now, mail);
      return { ...settled, outcome: returned === 'returned' ? 'returned' : settled.outcome };
    }
    return settled;
  });
}

type Payment = typeof payments.$inferSelect;

/**
 * 'processing' on a booking (docs/product/payments.md#processing): a pending booking keeps its seats without a
 * hold until a verdict (the hold-expiry job skips it); an expired one takes its seats again while they are
 * free. One mail to the buyer, at the first 'processing' of the booking. False when nothing changed.
 */
async function startProcessing(tx: Tx, bookingId: string, mail: MailContext): Promise<boolean> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking || booking.paymentStatus === 'processing') return false;
  if (booking.status === 'expired') {
    if (!(await linesFitCategories(tx, booking.id))) return false;
    const [taken] = await tx
      .update(events)
      .set({ availableSeats: sql`${events.availableSeats} - ${booking.seats}::int` })
      .where(and(eq(events.id, booking.eventId), sql`${events.availableSeats} >= ${booking.seats}::int`))
      .returning({ id: events.id });
    // the seats are gone: a success later is refunded as every late payment (settlePayment)
    if (!taken) return false;
    await reclaimCodeUse(tx, booking.id);
    await publishSeatChange(tx, booking.eventId);
  } else if (booking.status !== 'pending') {
    return false;
  }
  await tx
    .update(bookings)
    .set({ status: 'pending', paymentStatus: 'processing', holdExpiresAt: null })
    .where(eq(bookings.id, bookingId));
  await enqueueLatePaymentMail(tx, { bookingId, kind: 'processing' }, mail);
  return true;
}

/**
 * A payment failed after 'processing' (docs/product/payments.md#pay-again): the booking stays pending with
 * payment_status 'failed' and a new hold of PAY_AGAIN_HOURS (never past the event's start); the buyer gets a
 * pay-again link. When the hold runs out, the hold-expiry job gives the seats back like any other hold.
 */
async function offerPayAgain(tx: Tx, bookingId: string, now: Date, mail: MailContext): Promise<void> {
  const [row] = await tx
    .select({ booking: bookings, startTime: events.startTime })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: [bookings] });
  if (!row || row.booking.status !== 'pending' || row.booking.paymentStatus !== 'processing') return;
  // another attempt of the booking still on its way keeps the booking as it is
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'processing')))
    .limit(1);
  if (other) return;
  const until = payAgainUntil(now, row.startTime);
  await tx
    .update(bookings)
    .set({ paymentStatus: 'failed', holdExpiresAt: until })
    .where(eq(bookings.id, bookingId));
  if (until.getTime() > now.getTime()) {
    await enqueueLatePaymentMail(tx, { bookingId, kind: 'failed', dueAt: until }, mail);
  }
}

/**
 * A debit returned after success (Rücklastschrift, a dispute; docs/product/payments.md#returned): the attempt
 * records when and the fee; the confirmed booking it paid becomes 'returned' with a due date, and the buyer
 * gets a pay-again link. Once per attempt. A booking paid meanwhile by another attempt stays as it is.
 */
async function markReturned(
  tx: Tx,
  payment: Payment,
  feeCents: number,
  now: Date,
  mail: MailContext,
): Promise<SettleOutcome> {
  const [marked] = await tx
    .update(payments)
    .set({ returnedAt: now, returnFeeCents: Math.max(0, Math.round(feeCents)) })
    .where(and(eq(payments.id, payment.id), isNull(payments.returnedAt)))
    .returning({ id: payments.id });
  if (!marked) return 'unchanged';
  const [row] = await tx
    .select({ booking: bookings, startTime: events.startTime })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, payment.bookingId))
    .for('update', { of: [bookings] });
  if (!row || row.booking.status !== 'confirmed' || row.booking.paymentStatus !== 'paid') return 'unchanged';
  const [paidOtherwise] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, payment.bookingId),
        eq(payments.status, 'succeeded'),
        isNull(payments.returnedAt),
        ne(payments.id, payment.id),
      ),
    )
    .limit(1);
  if (paidOtherwise) return 'unchanged';
  const dueAt = returnDueAt(now, row.startTime);
  await tx
    .update(bookings)
    .set({ paymentStatus: 'returned', paymentDueAt: dueAt })
    .where(eq(bookings.id, payment.bookingId));
  await enqueueLatePaymentMail(tx, { bookingId: payment.bookingId, kind: 'returned', dueAt }, mail);
  return 'returned';
}
