import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { TICKET_MESSAGES } from '@shared/tickets';
import { bookings, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import { publishSeatChange } from '../events/event-changes';
import { releaseSeats } from './cancel-ticket';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { settleWaitlist } from '../waitlist/settle-waitlist';
import { enqueueTicketCancelled } from '../webhooks/webhook-data';

/**
 * Deletes a ticket (admins only, checked by the route; docs/product/tickets-and-refunds.md#delete-ticket). An
 * active ticket's seats go back to the event first, so the seat invariant holds; a booking left without
 * tickets counts as cancelled. Money is not touched: to refund, cancel the ticket instead (the refund rows
 * keep their history). The freed seats are offered to the waiting list in the same transaction
 * (docs/product/waiting-list.md#offers); after the commit their offer mails are sent and a booking cancelled
 * with its last ticket is counted (docs/architecture.md#metrics).
 */
export async function deleteTicket(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox' | 'metrics'>,
  input: { ticketId: string; now?: Date },
): Promise<void> {
  const { ticketId, now = new Date() } = input;
  if (!z.uuid().safeParse(ticketId).success) throw new AppError('not_found', TICKET_MESSAGES.notFound);
  const mail = await mailContextOf(deps);
  const bookingCancelled = await deps.database.db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
    if (!ticket) throw new AppError('not_found', TICKET_MESSAGES.notFound);
    if (ticket.status === 'active') {
      await releaseSeats(tx, ticket, ticket.bookingId);
      // gone for the receiver too (docs/product/webhooks.md#event-types)
      await enqueueTicketCancelled(tx, { ticketId: ticket.id, reason: 'ticket_deleted' }, now);
    }
    await tx.delete(tickets).where(eq(tickets.id, ticketId));
    const [left] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.bookingId, ticket.bookingId), eq(tickets.status, 'active')))
      .limit(1);
    const cancelled = left
      ? []
      : await tx
          .update(bookings)
          .set({ status: 'cancelled', cancellationDate: now, refundReason: 'ticket_deleted' })
          .where(and(eq(bookings.id, ticket.bookingId), eq(bookings.status, 'confirmed')))
          .returning({ id: bookings.id });
    if (ticket.status === 'active') await settleWaitlist(tx, ticket.eventId, { now, mail });
    await publishSeatChange(tx, ticket.eventId);
    return cancelled.length > 0;
  });
  deps.outbox.kick(); // offers of the freed seats
  if (bookingCancelled) deps.metrics?.booking('cancelled');
}
