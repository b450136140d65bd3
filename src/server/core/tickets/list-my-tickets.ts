import { desc, eq } from 'drizzle-orm';
import { ticketCode } from '@shared/booking';
import type { MyTicket } from '@shared/tickets';
import type { Db } from '../../db/types';
import { bookings, events, tickets } from '../../db/schema';
import { deliveredOnlineUrl } from './online-link';
import { loadPolicyRules, refundableByBooking, selfServiceRefund } from './refund-terms';

/**
 * GET /api/tickets: only the caller's tickets, newest first, with their events
 * (docs/product/tickets-and-refunds.md#my-tickets), each with what cancelling it now would refund, computed
 * here with the same rules the cancel itself uses.
 */
export async function listMyTickets(db: Db, userId: string, now = new Date()): Promise<MyTicket[]> {
  const rows = await db
    .select({
      ticket: tickets,
      holderName: bookings.holderName,
      orderNumber: bookings.orderNumber,
      currency: bookings.currency,
      policyId: events.cancellationPolicyId,
      onlineUrl: events.onlineUrl,
      event: {
        id: events.id,
        slug: events.slug,
        title: events.title,
        startTime: events.startTime,
        endTime: events.endTime,
        timezone: events.timezone,
        location: events.location,
        mode: events.mode,
        priceUnit: events.priceUnit,
        imageUrl: events.imageUrl,
      },
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.profileId, userId))
    .orderBy(desc(tickets.createdAt), desc(tickets.position));
  const rules = await loadPolicyRules(
    db,
    rows.flatMap((r) => (r.policyId ? [r.policyId] : [])),
  );
  const refundable = await refundableByBooking(
    db,
    rows.map((r) => r.ticket.bookingId),
  );
  return rows.map(({ ticket, event, holderName, orderNumber, currency, policyId, onlineUrl }) => {
    // checked-in tickets cannot be cancelled (docs/product/organizer-day.md#no-cancel-after-check-in)
    const cancellable =
      ticket.status === 'active' && !ticket.checkedInAt && event.startTime.getTime() > now.getTime();
    const payment = refundable.get(ticket.bookingId);
    const terms = cancellable
      ? selfServiceRefund({
          startTime: event.startTime,
          priceCents: ticket.priceCents,
          refundableCents: payment?.refundableCents ?? 0,
          rules: policyId ? rules.get(policyId) : undefined,
          now,
        })
      : null;
    return {
      id: ticket.id,
      bookingId: ticket.bookingId,
      orderNumber,
      ticketNumber: ticket.ticketNumber,
      code: ticketCode(ticket.ticketNumber),
      status: ticket.status,
      isTest: ticket.isTest,
      isCheckedIn: ticket.isCheckedIn,
      cancellationRequested: ticket.cancellationRequested,
      holderName,
      priceCents: ticket.priceCents,
      currency,
      createdAt: ticket.createdAt.toISOString(),
      event: { ...event, startTime: event.startTime.toISOString(), endTime: event.endTime.toISOString() },
      onlineUrl: deliveredOnlineUrl({ mode: event.mode, onlineUrl }, ticket.status === 'active'),
      // the button shows the tier by days left, for a free ticket too
      // (docs/product/tickets-and-refunds.md#cancel-button-label); after an earlier refund on the booking the
      // share is what is left (docs/product/tickets-and-refunds.md#already-refunded)
      cancellation: terms
        ? {
            share: terms.share,
            refundCents: terms.refundCents,
            ...(terms.capped && payment
              ? { alreadyRefundedCents: payment.paidCents - payment.refundableCents }
              : {}),
          }
        : null,
    };
  });
}
