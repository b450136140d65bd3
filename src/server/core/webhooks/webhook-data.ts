import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { bookings, events, ticketCategories, tickets } from '../../db/schema';
import { enqueueWebhook } from './enqueue-webhook';

// What each message carries (docs/product/webhooks.md#payload): ids, the order number, the event's id and
// slug, categories and amounts; never a name, an e-mail address, an answer or a ticket number. A receiver that
// needs more asks the API with a key.

/**
 * 'booking.paid' (docs/product/webhooks.md#event-types): the booking is confirmed and its tickets issued, free
 * or paid, online, by transfer or late. Call it in the transaction that issued the tickets.
 */
export async function enqueueBookingPaid(tx: DbOrTx, bookingId: string, now = new Date()): Promise<void> {
  await enqueueWebhook(
    tx,
    'booking.paid',
    async () => {
      const [row] = await tx
        .select({ booking: bookings, slug: events.slug })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(eq(bookings.id, bookingId));
      if (!row) return null;
      const { booking } = row;
      const issued = await tx
        .select({
          id: tickets.id,
          category: tickets.categoryName,
          categoryId: tickets.categoryId,
          priceCents: tickets.priceCents,
          seats: tickets.seats,
        })
        .from(tickets)
        .where(and(eq(tickets.bookingId, bookingId), eq(tickets.status, 'active')))
        .orderBy(asc(tickets.position));
      return {
        booking: {
          id: booking.id,
          order_number: booking.orderNumber,
          status: booking.status,
          amount_cents: booking.totalAmountCents,
          discount_cents: booking.discountCents,
          currency: booking.currency,
          seats: booking.seats,
          test: booking.isTest,
          confirmed_at: (booking.confirmedAt ?? now).toISOString(),
        },
        event: { id: booking.eventId, slug: row.slug },
        tickets: issued.map((ticket) => ({
          id: ticket.id,
          category: ticket.category,
          category_id: ticket.categoryId,
          price_cents: ticket.priceCents,
          seats: ticket.seats,
        })),
      };
    },
    now,
  );
}

async function ticketData(tx: DbOrTx, ticketId: string) {
  const [row] = await tx
    .select({ ticket: tickets, orderNumber: bookings.orderNumber, slug: events.slug })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.id, ticketId));
  if (!row) return null;
  const { ticket } = row;
  return {
    ticket: {
      id: ticket.id,
      booking_id: ticket.bookingId,
      order_number: row.orderNumber,
      category: ticket.categoryName,
      category_id: ticket.categoryId,
      price_cents: ticket.priceCents,
      seats: ticket.seats,
      status: ticket.status,
      test: ticket.isTest,
    },
    event: { id: ticket.eventId, slug: row.slug },
  };
}

/**
 * 'ticket.cancelled': by the buyer, an admin, a refund, the event's cancellation, a returned debit not paid
 * again or the ticket's deletion; `reason` is the shop's code (docs/product/webhooks.md#event-types). Call it in
 * the cancelling transaction, before a deletion.
 */
export async function enqueueTicketCancelled(
  tx: DbOrTx,
  input: { ticketId: string; reason: string; refundCents?: number },
  now = new Date(),
): Promise<void> {
  await enqueueWebhook(
    tx,
    'ticket.cancelled',
    async () => {
      const data = await ticketData(tx, input.ticketId);
      if (!data) return null;
      return {
        ...data,
        ticket: { ...data.ticket, status: 'cancelled', cancelled_at: now.toISOString() },
        reason: input.reason,
        refund_cents: input.refundCents ?? 0,
      };
    },
    now,
  );
}

/** 'ticket.transferred': the ticket went to another person (new number and barcode; no names sent). */
export async function enqueueTicketTransferred(
  tx: DbOrTx,
  ticketId: string,
  now = new Date(),
): Promise<void> {
  await enqueueWebhook(
    tx,
    'ticket.transferred',
    async () => {
      const data = await ticketData(tx, ticketId);
      return data && { ...data, transferred_at: now.toISOString() };
    },
    now,
  );
}

/** 'ticket.checked_in': the door let the ticket in (once; an undo sends nothing). */
export async function enqueueTicketCheckedIn(
  tx: DbOrTx,
  ticketId: string,
  checkedInAt: Date,
  now = new Date(),
): Promise<void> {
  await enqueueWebhook(
    tx,
    'ticket.checked_in',
    async () => {
      const data = await ticketData(tx, ticketId);
      return data && { ...data, checked_in_at: checkedInAt.toISOString() };
    },
    now,
  );
}

async function eventData(tx: DbOrTx, eventId: string) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  if (!event) return null;
  return {
    event: {
      id: event.id,
      slug: event.slug,
      title: event.title,
      status: event.status,
      start_time: event.startTime.toISOString(),
      end_time: event.endTime.toISOString(),
      total_seats: event.totalSeats,
      available_seats: event.availableSeats,
    },
  };
}

/**
 * 'event.published', 'event.changed' (a public field of a published event: `changed` names the fields) and
 * 'event.cancelled' (docs/product/webhooks.md#event-types). Call it in the transaction of the change.
 */
export async function enqueueEventWebhook(
  tx: DbOrTx,
  type: 'event.published' | 'event.changed' | 'event.cancelled',
  eventId: string,
  options: { changed?: string[]; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  await enqueueWebhook(
    tx,
    type,
    async () => {
      const data = await eventData(tx, eventId);
      if (!data) return null;
      return type === 'event.changed' ? { ...data, changed: options.changed ?? [] } : data;
    },
    now,
  );
}

/**
 * The webhook an admin's change of events' statuses owes (docs/product/webhooks.md#event-types): to
 * 'published' → 'event.published', to 'cancelled' → 'event.cancelled'; a published event whose public fields
 * changed → 'event.changed'. `before` is each event's status before the change.
 */
export async function enqueueEventStatusWebhooks(
  tx: DbOrTx,
  changes: { id: string; before: string | null; after: string; changed?: string[] }[],
  now = new Date(),
): Promise<void> {
  for (const change of changes) {
    if (change.after !== change.before && change.after === 'published') {
      await enqueueEventWebhook(tx, 'event.published', change.id, { now });
    } else if (change.after !== change.before && change.after === 'cancelled') {
      await enqueueEventWebhook(tx, 'event.cancelled', change.id, { now });
    } else if (change.after === 'published' && change.changed && change.changed.length > 0) {
      await enqueueEventWebhook(tx, 'event.changed', change.id, { changed: change.changed, now });
    }
  }
}

/** The ids of `ids` that exist, with their status, for enqueueEventStatusWebhooks' `before`. */
export async function eventStatuses(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: events.id, status: events.status })
    .from(events)
    .where(inArray(events.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** The columns of an event visitors see; a change of one of them on a published event is 'event.changed'. */
const PUBLIC_EVENT_FIELDS = [
  'slug',
  'title',
  'shortDescription',
  'description',
  'startTime',
  'endTime',
  'timezone',
  'location',
  'locationDetails',
  'room',
  'venue',
  'mode',
  'priceCents',
  'earlyBirdPriceCents',
  'earlyBirdEndsAt',
  'currency',
  'priceUnit',
  'totalSeats',
  'isPrivate',
  'hidden',
  'website',
  'imageUrl',
  'cancellationPolicyId',
] as const;

type EventRow = typeof events.$inferSelect;
const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));

/** The public fields that differ between two versions of an event, by their API names. */
export function publicEventChanges(before: EventRow, after: EventRow): string[] {
  return PUBLIC_EVENT_FIELDS.filter(
    (field) =>
      comparable((before as Record<string, unknown>)[field]) !==
      comparable((after as Record<string, unknown>)[field]),
  );
}

/** What visitors see of an event's categories, to tell whether a save changed them. */
export async function categoriesSnapshot(tx: DbOrTx, eventId: string): Promise<string> {
  const rows = await tx
    .select({
      name: ticketCategories.name,
      description: ticketCategories.description,
      priceCents: ticketCategories.priceCents,
      earlyBirdPriceCents: ticketCategories.earlyBirdPriceCents,
      earlyBirdEndsAt: ticketCategories.earlyBirdEndsAt,
      priceUnit: ticketCategories.priceUnit,
      capacity: ticketCategories.capacity,
      saleStartsAt: ticketCategories.saleStartsAt,
      saleEndsAt: ticketCategories.saleEndsAt,
      requiresCode: ticketCategories.requiresCode,
    })
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, eventId))
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.id));
  return JSON.stringify(rows);
}
