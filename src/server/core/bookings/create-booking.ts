import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  BOOKING_MESSAGES,
  bookingSeats,
  missingProfileParts,
  orderPrice,
  profileIncompleteMessage,
  type BookingView,
} from '@shared/booking';
import type { CreateBookingInput } from '@shared/booking-schemas';
import { BOOKABLE_STATUS, isBookable, seatsPerTicket } from '@shared/event-rules';
import { runPrepared } from '../../db/client';
import type { Db, Tx } from '../../db/types';
import { bookings, events } from '../../db/schema';
import { AppError } from '../app-error';
import { loadSessionUser } from '../auth/load-session-user';
import type { SessionUser } from '@shared/session';
import { publishSeatChange } from '../events/event-changes';
import { pricedEventColumns, type PricedEvent } from '../events/event-columns';
import { toBookingView } from './get-booking';
import { issueTickets } from './issue-tickets';
import { enqueueBookingConfirmation } from './booking-mails';
import type { MailContext } from '../mail/templates/mail-context';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { SIMPLIFIED_INVOICE_LIMIT_CENTS } from '@shared/invoices';
import { newOrderNumber } from '@shared/order-number';
import { withOrderNumber } from './order-number-clash';
import { markOfferBooked, takeOfferedSeats } from '../waitlist/book-offer';
import { holdPerson } from '../profiles/person-lock';
import { PRIVACY_MESSAGES } from '@shared/privacy';

/** Seat hold of a pending booking (docs/product/booking-and-seats.md#hold-15-minutes). */
export const HOLD_MINUTES = 15;
const holdEnd = (now: Date) => new Date(now.getTime() + HOLD_MINUTES * 60_000);

export interface CreateBookingOptions {
  db: Db;
  userId: string;
  /** The signed-in user as the session loaded it; without it the profile is read again. */
  user?: Pick<SessionUser, 'emailConfirmed' | 'fullName' | 'phone'>;
  input: CreateBookingInput;
  /** Injected clock (early-bird boundary, hold expiry, 'has the event started'). */
  now?: Date;
  /** False when no payment provider is configured: paid bookings are refused, free ones still work. */
  paymentsAvailable?: boolean;
  /** Where the confirmation mail of a free booking points; without it no mail is written (seed, benches). */
  mail?: MailContext;
  /** Announces a paid booking's seat change after its commit (SeatChangeNotifier); default: at once. */
  announceSeats?: (eventId: string) => void;
  /** Injected source of order numbers (tests force a clash); default: newOrderNumber. */
  drawOrderNumber?: () => string;
}

/**
 * Books seats (docs/product/booking-and-seats.md#seats-taken-atomically). One short transaction whose first
 * statement takes the seats with a conditional UPDATE: it only succeeds while the event is bookable and has
 * enough seats, so concurrent bookings can never oversell and no lock is held across application code. The
 * price is computed here, never taken from the client. Paid bookings stay pending with a 15-minute hold (no
 * payment provider is called here); free bookings are confirmed at once with their tickets. The live seat
 * feed hears of it on commit.
 */
export async function createBooking(options: CreateBookingOptions): Promise<BookingView> {
  const { db, userId, input, now = new Date(), paymentsAvailable = true, mail } = options;
  const draw = options.drawOrderNumber ?? (() => newOrderNumber());
  const missing = missingProfileParts(options.user ?? (await loadSessionUser(db, userId)));
  if (missing.length > 0) {
    throw new AppError('validation_failed', profileIncompleteMessage(missing), { missing });
  }
  const { eventId, quantity } = input;
  if (paymentsAvailable) {
    const held = await withOrderNumber(draw, (orderNumber) =>
      holdPaidBooking(db, { userId, input, now, orderNumber }),
    );
    if (held) {
      if (options.announceSeats) options.announceSeats(eventId);
      else await publishSeatChange(db, eventId);
      return held;
    }
  }

  if (input.waitlistEntryId) {
    const entryId = input.waitlistEntryId;
    return withOrderNumber(draw, (orderNumber) =>
      db.transaction(async (tx) => {
        await holdBuyer(tx, userId);
        const event = await takeOfferedSeats(tx, { entryId, userId, eventId, quantity, now });
        return recordBooking(tx, {
          event,
          userId,
          input,
          now,
          orderNumber,
          paymentsAvailable,
          mail,
          entryId,
        });
      }),
    );
  }

  return withOrderNumber(draw, (orderNumber) =>
    db.transaction(async (tx) => {
      await holdBuyer(tx, userId);
      const [event] = await tx
        .update(events)
        .set({ availableSeats: sql`available_seats - ${seatsOf(sql`${quantity}`)}` })
        .where(takeSeatsWhere(sql`${eventId}`, sql`${now.toISOString()}`, sql`${quantity}`))
        .returning(pricedEventColumns);
      if (!event) throw await whyNotBookable(tx, eventId, now);
      return recordBooking(tx, { event, userId, input, now, orderNumber, paymentsAvailable, mail });
    }),
  );
}

/**
 * The buyer is held for the transaction, before any seat is taken: an account deletion in flight is waited
 * for, and a deleted account books nothing (docs/product/accounts-and-consent.md#deletion-serialised).
 */
async function holdBuyer(tx: Tx, userId: string): Promise<void> {
  if (!(await holdPerson(tx, userId))) throw new AppError('conflict', PRIVACY_MESSAGES.accountDeleted);
}

/**
 * The booking row for seats the caller already took (by the conditional UPDATE, or from a waiting-list offer):
 * priced on the server, confirmed with its tickets and mail when free, else pending with a 15-minute hold. An
 * offer's entry becomes 'booked' with it (docs/product/waiting-list.md#offer-checkout).
 */
async function recordBooking(
  tx: Tx,
  options: {
    event: PricedEvent;
    userId: string;
    input: CreateBookingInput;
    now: Date;
    orderNumber: string;
    paymentsAvailable: boolean;
    mail?: MailContext;
    entryId?: string;
  },
): Promise<BookingView> {
  const { event, userId, input, now, orderNumber, paymentsAvailable, mail } = options;
  const { eventId, quantity, holderName } = input;
  const earlyBirdEndsAt = event.earlyBirdEndsAt?.toISOString() ?? null;
  const price = orderPrice({ ...event, earlyBirdEndsAt }, quantity, now);
  const { unitCents: unitPriceCents, totalCents: totalAmountCents, free } = price;
  // In production without Stripe keys paid events cannot be booked, the seats roll back
  // (docs/product/payments.md#no-provider).
  if (!free && !paymentsAvailable) throw new AppError('unavailable', PAYMENT_MESSAGES.unavailable);
  if (totalAmountCents > SIMPLIFIED_INVOICE_LIMIT_CENTS && !input.billingAddress) {
    throw new AppError('validation_failed', BOOKING_MESSAGES.billingAddressRequired, [
      { path: 'billingAddress', message: BOOKING_MESSAGES.billingAddressRequired },
    ]);
  }
  const [booking] = await tx
    .insert(bookings)
    .values({
      orderNumber,
      eventId,
      profileId: userId,
      quantity,
      seats: bookingSeats(quantity, event.priceUnit),
      unitPriceCents,
      totalAmountCents,
      currency: event.currency,
      status: free ? 'confirmed' : 'pending',
      paymentStatus: free ? 'not_required' : 'pending',
      holdExpiresAt: free ? null : holdEnd(now),
      confirmedAt: free ? now : null,
      holderName,
      billingAddress: input.billingAddress ?? null,
      createdAt: now,
    })
    .returning();
  if (options.entryId) await markOfferBooked(tx, options.entryId, booking!.id, now);
  const issued = free ? await issueTickets(tx, booking!.id, now) : [];
  if (free && mail) await enqueueBookingConfirmation(tx, booking!.id, mail);
  await publishSeatChange(tx, eventId);
  return toBookingView(booking!, event, issued);
}

// The rules both statements take the seats by, each written once, in SQL over the events row (plain column
// names, so they read the same in either statement). The shared functions say the same in TypeScript;
// test/api/booking-rules.test.ts proves that they agree at the edges.

/** seatsPerTicket (docs/product/booking-and-seats.md#per-pair-two-seats). */
const SEATS_PER_TICKET = sql.raw(
  `(CASE WHEN price_unit = 'per_pair' THEN ${seatsPerTicket('per_pair')}
    ELSE ${seatsPerTicket('per_person')} END)`,
);
const seatsOf = (quantity: SQL) => sql`${quantity}::int * ${SEATS_PER_TICKET}`;

/**
 * The conditional UPDATE's condition: the event is bookable (isBookable, docs/product/events.md#bookable) and
 * has the seats (docs/product/booking-and-seats.md#seats-taken-atomically).
 */
const takeSeatsWhere = (eventId: SQL, now: SQL, quantity: SQL) =>
  sql`id = ${eventId}::uuid AND status = ${sql.raw(`'${BOOKABLE_STATUS}'`)} AND NOT hidden
      AND start_time > ${now}::timestamptz
      AND available_seats >= ${seatsOf(quantity)}`;

/** currentUnitPriceCents: early bird while now is before its end (docs/product/events.md#early-bird). */
const unitPriceAt = (now: SQL) => sql`(CASE WHEN early_bird_price_cents IS NOT NULL
  AND ${now}::timestamptz < early_bird_ends_at THEN early_bird_price_cents ELSE price_cents END)`;

/** `$n`: a parameter of the prepared statement. */
const param = (n: number) => sql.raw(`$${n}`);
const [EVENT, NOW, QUANTITY] = [param(1), param(2), param(3)];

// $1 event, $2 now, $3 quantity, $4 buyer, $5 hold until, $6 holder name, $7 order number, $8 billing address
// (JSON or null). The per-pair factor and the early-bird price come from the locked row itself. An order above
// the simplified-invoice limit without an address takes nothing here; the transactional path words the error.
// The buyer's profile row is held first (an uncorrelated EXISTS runs once, as an InitPlan, before the event
// row is locked): a deletion in flight is waited for, a deleted buyer takes nothing
// (docs/product/accounts-and-consent.md#deletion-serialised).
const HOLD_PAID_BOOKING = new PgDialect().sqlToQuery(sql`
  WITH buyer AS (
    SELECT id FROM profiles WHERE id = $4::text FOR KEY SHARE
  ), taken AS (
    UPDATE events SET available_seats = available_seats - ${seatsOf(QUANTITY)}
    WHERE EXISTS (SELECT 1 FROM buyer) AND ${takeSeatsWhere(EVENT, NOW, QUANTITY)}
      AND ${unitPriceAt(NOW)} > 0
      AND (${unitPriceAt(NOW)} * $3::int <= ${sql.raw(String(SIMPLIFIED_INVOICE_LIMIT_CENTS))} OR $8::jsonb IS NOT NULL)
    RETURNING id, slug, title, start_time, end_time, timezone, location, location_details, venue, room, mode,
      price_unit, image_url, short_description, currency,
      ${unitPriceAt(NOW)} AS unit_price, ${SEATS_PER_TICKET} AS per_ticket
  ), booked AS (
    INSERT INTO bookings (event_id, profile_id, quantity, seats, unit_price_cents, total_amount_cents,
      currency, status, payment_status, hold_expires_at, holder_name, created_at, updated_at, order_number,
      billing_address)
    SELECT id, $4::text, $3::int, $3::int * per_ticket, unit_price, unit_price * $3::int, currency,
      'pending', 'pending', $5::timestamptz, $6::text, $2::timestamptz, $2::timestamptz, $7::text, $8::jsonb
    FROM taken
    RETURNING id, order_number, seats, unit_price_cents, total_amount_cents, currency, hold_expires_at
  )
  SELECT booked.*, taken.slug, taken.title, taken.start_time, taken.end_time, taken.timezone, taken.location,
    taken.location_details, taken.venue, taken.room, taken.mode, taken.price_unit, taken.image_url,
    taken.short_description
  FROM booked, taken`).sql;

/**
 * The hot path for paid bookings (decision 014): ONE statement takes the seats with the conditional UPDATE
 * and inserts the pending booking from its RETURNING row, so the event's row lock is held only inside the
 * database, never across a round trip to Node (the benchmark showed the lock holder idle in transaction for
 * most of the lock time). The unit price (early bird) is computed in the same statement from the locked row.
 * Answers null when nothing was taken — not bookable, sold out, or free after all — and the caller's
 * transactional path then decides (and words the error). A taken order number fails the whole statement
 * (seats included); the caller draws another.
 */
async function holdPaidBooking(
  db: Db,
  options: { userId: string; input: CreateBookingInput; now: Date; orderNumber: string },
): Promise<BookingView | null> {
  const { userId, input, now, orderNumber } = options;
  const at = now.toISOString();
  const holdUntil = holdEnd(now).toISOString();
  const [row] = await runPrepared<Record<string, unknown>>(db, 'hold_paid_booking', HOLD_PAID_BOOKING, [
    input.eventId,
    at,
    input.quantity,
    userId,
    holdUntil,
    input.holderName,
    orderNumber,
    input.billingAddress ? JSON.stringify(input.billingAddress) : null,
  ]);
  if (!row) return null;
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return {
    id: row.id as string,
    orderNumber: row.order_number as string,
    eventId: input.eventId,
    status: 'pending',
    paymentStatus: 'pending',
    quantity: input.quantity,
    seats: Number(row.seats),
    unitPriceCents: Number(row.unit_price_cents),
    totalAmountCents: Number(row.total_amount_cents),
    currency: row.currency as string,
    holdExpiresAt: iso(row.hold_expires_at),
    paymentDueAt: null,
    holderName: input.holderName,
    isTest: false,
    createdAt: at,
    event: {
      id: input.eventId,
      slug: row.slug as string,
      title: row.title as string,
      startTime: iso(row.start_time),
      endTime: iso(row.end_time),
      timezone: row.timezone as string,
      location: row.location as string,
      locationDetails: (row.location_details as string | null) ?? null,
      venue: (row.venue as string | null) ?? null,
      room: (row.room as string | null) ?? null,
      mode: row.mode as BookingView['event']['mode'],
      priceUnit: row.price_unit as BookingView['event']['priceUnit'],
      imageUrl: (row.image_url as string | null) ?? null,
      shortDescription: (row.short_description as string | null) ?? null,
    },
    tickets: [],
    onlineUrl: null, // no ticket yet: the link comes with the confirmation
  };
}

/** After the conditional UPDATE matched nothing: 404 for a missing or unbookable event, else sold out. */
async function whyNotBookable(tx: Tx, eventId: string, now: Date): Promise<AppError> {
  const [event] = await tx
    .select({ status: events.status, hidden: events.hidden, startTime: events.startTime })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  const bookable = event && isBookable({ ...event, startTime: event.startTime.toISOString() }, now);
  return bookable
    ? new AppError('conflict', BOOKING_MESSAGES.soldOut)
    : new AppError('not_found', BOOKING_MESSAGES.eventNotFound);
}
