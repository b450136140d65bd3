import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { TICKET_MESSAGES } from '@shared/tickets';
import type { Db } from '../../db/types';
import { bookings, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import { publishSeatChange } from '../events/event-changes';
import { releaseSeats } from './cancel-ticket';

/**
 * Deletes a ticket (admins only, checked by the route; docs/product/tickets-and-refunds.md#delete-ticket). An
 * active ticket's seats go back to the event first, so the seat invariant holds; a booking left without
 * tickets counts as cancelled. Money is not touched: to refund, cancel the ticket instead (the refund rows
 * keep their history).
 */
export async function deleteTicket(db: Db, ticketId: string): Promise<void> {
  if (!z.uuid().safeParse(ticketId).success) throw new AppError('not_found', TICKET_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
    if (!ticket) throw new AppError('not_found', TICKET_MESSAGES.notFound);
    if (ticket.status === 'active') await releaseSeats(tx, ticket, ticket.bookingId);
    await tx.delete(tickets).where(eq(tickets.id, ticketId));
    const [left] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.bookingId, ticket.bookingId), eq(tickets.status, 'active')))
      .limit(1);
    if (!left) {
      await tx
        .update(bookings)
        .set({ status: 'cancelled', cancellationDate: new Date(), refundReason: 'ticket_deleted' })
        .where(and(eq(bookings.id, ticket.bookingId), eq(bookings.status, 'confirmed')));
    }
    await publishSeatChange(tx, ticket.eventId);
  });
}
