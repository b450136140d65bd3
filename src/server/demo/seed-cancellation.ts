import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Event, Ticket } from '../db/types';
import { bookings, payments, refunds, tickets } from '../db/schema';
import { issueCancellationInvoice } from '../core/invoices/issue-invoice';
import { releaseSeats } from '../core/tickets/cancel-ticket';
import { loadPolicyRules, selfServiceRefund } from '../core/tickets/refund-terms';

/**
 * One ticket of a paid demo booking that its buyer cancelled, recorded as cancelTicket records it
 * (docs/product/tickets-and-refunds.md#cancel-effects) but without its mails: the ticket 'canceled', its seats
 * back to the event, the policy's refund as a row already paid out by the test provider, the booking
 * 'partially_refunded', and its cancellation invoice (docs/product/invoices.md#cancellation), so
 * 'Rechnungen' shows a 'Rechnungskorrektur (Storno)' from the start. Only for a booking that keeps other
 * active tickets: the booking stays confirmed.
 */
export async function cancelDemoTicket(
  tx: DbOrTx,
  options: { event: Event; ticket: Ticket; at: Date },
): Promise<void> {
  const { event, ticket, at } = options;
  const [payment] = await tx.select().from(payments).where(eq(payments.bookingId, ticket.bookingId));
  if (!payment) throw new Error(`demo booking ${ticket.bookingId} has no payment to refund`);
  const policyId = event.cancellationPolicyId;
  const rules = policyId ? (await loadPolicyRules(tx, [policyId])).get(policyId) : undefined;
  const { refundCents } = selfServiceRefund({
    startTime: event.startTime,
    priceCents: ticket.priceCents,
    refundableCents: payment.amountCents,
    rules,
    now: at,
  });
  await tx.update(tickets).set({ status: 'canceled', canceledAt: at }).where(eq(tickets.id, ticket.id));
  await releaseSeats(tx, ticket, ticket.bookingId);
  if (refundCents <= 0) return;
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      bookingId: ticket.bookingId,
      ticketId: ticket.id,
      providerRefundId: `test_re_${randomUUID()}`,
      amountCents: refundCents,
      currency: payment.currency,
      reason: 'requested_by_customer',
      status: 'succeeded',
      attempts: 1,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: refunds.id });
  await issueCancellationInvoice(
    tx,
    { id: refund!.id, bookingId: ticket.bookingId, amountCents: refundCents },
    at,
  );
  await tx
    .update(bookings)
    .set({ paymentStatus: refundCents < payment.amountCents ? 'partially_refunded' : 'refunded' })
    .where(eq(bookings.id, ticket.bookingId));
}
