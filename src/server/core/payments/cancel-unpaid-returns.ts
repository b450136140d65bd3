import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { bookings, payments, refunds, tickets } from '../../db/schema';
import { enqueueLatePaymentMail, enqueueOrganizerNotice } from '../bookings/booking-mails';
import { publishSeatChange } from '../events/event-changes';
import { issueCancellationInvoice } from '../invoices/issue-invoice';
import type { MailContext } from '../mail/templates/mail-context';
import { releaseSeats } from '../tickets/cancel-ticket';
import { mailContextOf } from '../use-case-deps';
import { settleWaitlist } from '../waitlist/settle-waitlist';
import { enqueueTicketCancelled } from '../webhooks/webhook-data';
import type { PaymentDeps } from './send-refunds';

/** Why such a booking ended (bookings.refund_reason, refunds.reason). */
export const RETURN_NOT_PAID_REASON = 'payment_returned';

/**
 * The due dates of returned debits (docs/product/payments.md#returned-unpaid), a round of the bank-transfer job: every
 * confirmed booking whose debit was returned and not paid again by its due date is cancelled, each in its own
 * transaction: its tickets are cancelled and their seats go back (to the waiting list first), the returned
 * money is recorded as gone back (a refund row that is already 'succeeded': the bank took it, nothing is sent
 * to the provider) with its cancellation invoice, as an admin cancellation has, and the buyer is told. The
 * booking is claimed under its row lock with the conditions again, so two instances never cancel it twice.
 * Answers how many bookings it cancelled.
 */
export async function cancelUnpaidReturns(deps: PaymentDeps, now: Date): Promise<number> {
  const { db } = deps.database;
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        eq(bookings.paymentStatus, 'returned'),
        isNotNull(bookings.paymentDueAt),
        lte(bookings.paymentDueAt, now),
      ),
    )
    .limit(200);
  if (due.length === 0) return 0;
  const mail = await mailContextOf(deps);
  let cancelled = 0;
  for (const { id } of due) cancelled += await db.transaction((tx) => cancelUnpaidReturn(tx, id, now, mail));
  if (cancelled > 0) {
    deps.logger.info({ cancelled }, 'bookings with a returned debit cancelled');
    deps.metrics?.booking('cancelled', cancelled);
    deps.outbox.kick();
  }
  return cancelled;
}

async function cancelUnpaidReturn(tx: Tx, bookingId: string, now: Date, mail: MailContext): Promise<number> {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, 'confirmed'),
        eq(bookings.paymentStatus, 'returned'),
        lte(bookings.paymentDueAt, now),
      ),
    )
    .for('update');
  if (!booking) return 0; // paid again or cancelled meanwhile
  const active = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.bookingId, bookingId), eq(tickets.status, 'active')))
    .for('update');
  for (const ticket of active) {
    await tx.update(tickets).set({ status: 'canceled', canceledAt: now }).where(eq(tickets.id, ticket.id));
    await releaseSeats(tx, ticket, bookingId);
    await enqueueTicketCancelled(tx, { ticketId: ticket.id, reason: RETURN_NOT_PAID_REASON }, now); // docs/product/webhooks.md#event-types
  }
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancellationDate: now, refundReason: RETURN_NOT_PAID_REASON })
    .where(eq(bookings.id, bookingId));
  // the returned money: gone back by the bank already; the cancellation invoice documents it
  const [returned] = await tx
    .select({ id: payments.id, amountCents: payments.amountCents, currency: payments.currency })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, 'succeeded'),
        isNotNull(payments.returnedAt),
      ),
    )
    .orderBy(desc(payments.returnedAt))
    .limit(1);
  if (returned && returned.amountCents > 0) {
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: returned.id,
        bookingId,
        amountCents: returned.amountCents,
        currency: returned.currency,
        reason: RETURN_NOT_PAID_REASON,
        status: 'succeeded',
      })
      .returning({ id: refunds.id });
    await issueCancellationInvoice(tx, { id: refund!.id, bookingId, amountCents: returned.amountCents }, now);
  }
  await enqueueLatePaymentMail(
    tx,
    { bookingId, kind: 'cancelled', dueAt: booking.paymentDueAt ?? now },
    mail,
  );
  await enqueueOrganizerNotice(
    tx,
    { bookingId, kind: 'cancelled', quantity: active.length, amountCents: 0 },
    mail,
  );
  // the freed seats go to the waiting list first (docs/product/waiting-list.md#offers)
  await settleWaitlist(tx, booking.eventId, { now, mail });
  await publishSeatChange(tx, booking.eventId);
  return 1;
}
