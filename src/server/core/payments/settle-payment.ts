import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { bookings, events, payments, refunds } from '../../db/schema';
import type { UsedPaymentMethod } from '@shared/payment-methods';
import type { ProviderPaymentState } from '../../adapters/payments/payment-provider';
import { enqueueBookingConfirmation, enqueuePaymentRefunded } from '../bookings/booking-mails';
import { issueTickets } from '../bookings/issue-tickets';
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
    if (state === 'pending') return result('unchanged');
    if (state === 'failed' || state === 'canceled') {
      if (payment.status !== 'pending') return result('unchanged'); // a success is never undone by a late failure
      await tx
        .update(payments)
        .set({
          status: state === 'failed' ? 'failed' : 'canceled',
          lastError: lastError?.slice(0, 1000) ?? null,
        })
        .where(eq(payments.id, paymentId));
      return result('failed', [], 'failed');
    }
    if (payment.status === 'succeeded') {
      const [booking] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, payment.bookingId));
      return result(booking?.status === 'confirmed' ? 'confirmed' : 'refunding');
    }
    await tx.update(payments).set({ status: 'succeeded', lastError: null }).where(eq(payments.id, paymentId));

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
    if (booking.status === 'expired') {
      // The hold ran out before the money arrived: take the seats again if they are still free.
      const [taken] = await tx
        .update(events)
        .set({ availableSeats: sql`${events.availableSeats} - ${booking.seats}::int` })
        .where(and(eq(events.id, booking.eventId), sql`${events.availableSeats} >= ${booking.seats}::int`))
        .returning({ id: events.id });
      if (!taken) return refundAll('seats_unavailable');
      await publishSeatChange(tx, booking.eventId);
      return confirm('late');
    }
    return refundAll(booking.status === 'confirmed' ? 'duplicate_payment' : 'booking_cancelled');
  });
}
