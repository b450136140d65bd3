import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_MESSAGES, ticketCode, type BookingEventSummary, type BookingView } from '@shared/booking';
import type { Actor } from '../actor';
import { AppError } from '../app-error';
import type { Booking, Db, DbOrTx, Ticket } from '../../db/types';
import { bookingItems, bookings, events, tickets } from '../../db/schema';
import { bookingEventColumns, type BookingEventRow } from '../events/event-columns';
import { deliveredOnlineUrl } from '../events/online-link';

function toEventSummary(event: BookingEventRow): BookingEventSummary {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    startTime: event.startTime.toISOString(),
    endTime: event.endTime.toISOString(),
    timezone: event.timezone,
    location: event.location,
    locationDetails: event.locationDetails,
    venue: event.venue,
    room: event.room,
    mode: event.mode,
    priceUnit: event.priceUnit,
    imageUrl: event.imageUrl,
    shortDescription: event.shortDescription,
  };
}

type BookingItemRow = typeof bookingItems.$inferSelect;

export function toBookingView(
  booking: Booking,
  event: BookingEventRow,
  issued: Pick<Ticket, 'id' | 'ticketNumber' | 'status'>[],
  items: BookingItemRow[],
): BookingView {
  return {
    id: booking.id,
    orderNumber: booking.orderNumber,
    eventId: booking.eventId,
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    quantity: booking.quantity,
    seats: booking.seats,
    unitPriceCents: booking.unitPriceCents,
    totalAmountCents: booking.totalAmountCents,
    currency: booking.currency,
    items: [...items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        categoryId: item.categoryId,
        name: item.name,
        quantity: item.quantity,
        seatsPerTicket: item.seatsPerTicket,
        unitPriceCents: item.unitPriceCents,
        regularUnitPriceCents: item.regularUnitPriceCents,
        discountCents: item.discountCents,
      })),
    discountCode: booking.discountCode,
    discountCents: booking.discountCents,
    answers: booking.answers ?? [],
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    paymentDueAt: booking.paymentDueAt?.toISOString() ?? null,
    holderName: booking.holderName,
    isTest: booking.isTest,
    createdAt: booking.createdAt.toISOString(),
    event: toEventSummary(event),
    tickets: issued.map((ticket) => ({
      id: ticket.id,
      ticketNumber: ticket.ticketNumber,
      code: ticketCode(ticket.ticketNumber),
    })),
    onlineUrl: deliveredOnlineUrl(
      event,
      issued.some((ticket) => ticket.status === 'active'),
    ),
  };
}

/** A booking with its tickets, as stored; no access check. */
export async function loadBookingView(db: DbOrTx, bookingId: string): Promise<BookingView | null> {
  const [row] = await db
    .select({ booking: bookings, event: bookingEventColumns })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return null;
  const [issued, items] = await Promise.all([
    db
      .select({ id: tickets.id, ticketNumber: tickets.ticketNumber, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.bookingId, bookingId))
      .orderBy(asc(tickets.position)),
    db.select().from(bookingItems).where(eq(bookingItems.bookingId, bookingId)),
  ]);
  return toBookingView(row.booking, row.event, issued, items);
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * GET /api/bookings/:id: only the booking's owner or an admin sees it. Everyone else gets the same 404
 * as for a booking that does not exist, so ids of other people's bookings cannot be probed.
 */
export async function getBooking(options: { db: Db; bookingId: string; user: Actor }): Promise<BookingView> {
  const { db, bookingId, user } = options;
  const notFound = new AppError('not_found', BOOKING_MESSAGES.bookingNotFound);
  if (!isUuid(bookingId)) throw notFound;
  const [owner] = await db
    .select({ profileId: bookings.profileId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!owner || (owner.profileId !== user.id && user.role !== 'admin')) throw notFound;
  const view = await loadBookingView(db, bookingId);
  if (!view) throw notFound;
  return view;
}
