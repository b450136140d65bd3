import { and, asc, eq, gt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ticketCode } from '@shared/booking';
import {
  API_V1_MESSAGES,
  type ApiTicket,
  type cancelTicketBodySchema,
  type Page,
  type ticketListQuerySchema,
} from '@shared/api-v1';
import type { Actor } from '../actor';
import { AppError } from '../app-error';
import type { UseCaseDeps } from '../use-case-deps';
import type { DbOrTx, Ticket } from '../../db/types';
import { tickets } from '../../db/schema';
import { cancelTicketAndRefund } from '../tickets/cancel-ticket-and-refund';
import { decodeCursor, microsKey, pageOf } from './cursor';

const toApiTicket = (ticket: Ticket): ApiTicket => ({
  id: ticket.id,
  booking_id: ticket.bookingId,
  event_id: ticket.eventId,
  ticket_number: ticket.ticketNumber,
  code: ticketCode(ticket.ticketNumber),
  // 'canceled' and 'revoked' are both cancelled (docs/product/tickets-and-refunds.md#ticket-states)
  status: ticket.status === 'active' ? 'active' : 'cancelled',
  category_id: ticket.categoryId,
  category_name: ticket.categoryName,
  seats: ticket.seats,
  price_cents: ticket.priceCents,
  holder_name: ticket.holderName,
  is_test: ticket.isTest,
  checked_in_at: ticket.checkedInAt?.toISOString() ?? null,
  cancelled_at: ticket.status === 'active' ? null : (ticket.canceledAt?.toISOString() ?? null),
  created_at: ticket.createdAt.toISOString(),
});

/** Tickets, test tickets too unless filtered, oldest first (docs/product/api.md#pagination). */
export async function listApiTickets(
  deps: Pick<UseCaseDeps, 'database'>,
  query: z.output<typeof ticketListQuerySchema>,
): Promise<Page<ApiTicket>> {
  const after = decodeCursor(query.cursor, ['time', 'uuid']);
  const filters: (SQL | undefined)[] = [
    query.is_test ? eq(tickets.isTest, query.is_test === 'true') : undefined,
    query.event_id ? eq(tickets.eventId, query.event_id) : undefined,
    query.booking_id ? eq(tickets.bookingId, query.booking_id) : undefined,
    query.status === 'active' ? eq(tickets.status, 'active') : undefined,
    query.status === 'cancelled' ? ne(tickets.status, 'active') : undefined,
    after
      ? or(
          gt(tickets.createdAt, sql`${after[0]}::timestamptz`),
          and(eq(tickets.createdAt, sql`${after[0]}::timestamptz`), gt(tickets.id, after[1]!)),
        )
      : undefined,
  ];
  const rows = await deps.database.db
    .select({ ticket: tickets, sortTime: microsKey(tickets.createdAt) })
    .from(tickets)
    .where(and(...filters))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    (row) => [row.sortTime, row.ticket.id],
    (row) => toApiTicket(row.ticket),
  );
}

async function findTicket(db: DbOrTx, id: string): Promise<Ticket> {
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, id));
  if (!ticket) throw new AppError('not_found', API_V1_MESSAGES.ticketNotFound);
  return ticket;
}

export async function getApiTicket(deps: Pick<UseCaseDeps, 'database'>, id: string): Promise<ApiTicket> {
  return toApiTicket(await findTicket(deps.database.db, id));
}

/**
 * Cancels a ticket as the admin's 'Stornieren' does (docs/product/api.md#write): the event's cancellation
 * policy decides the refund, the person gets the cancellation mail, the seat goes back (or to the waiting
 * list), and the refund is sent to the provider; all through the one use case of both cancel buttons.
 */
export async function cancelApiTicket(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox' | 'payments' | 'metrics'>,
  input: { actor: Actor; ticketId: string; body: z.output<typeof cancelTicketBodySchema> },
) {
  await findTicket(deps.database.db, input.ticketId);
  const outcome = await cancelTicketAndRefund(deps, {
    ticketId: input.ticketId,
    actor: input.actor,
    reason: input.body.reason || undefined,
  });
  return {
    ticket: toApiTicket(await findTicket(deps.database.db, input.ticketId)),
    refund: outcome.refund
      ? { amount_cents: outcome.refund.amountCents, currency: outcome.refund.currency }
      : null,
    message: outcome.message,
  };
}
