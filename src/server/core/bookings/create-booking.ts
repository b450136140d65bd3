import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  BOOKING_MESSAGES,
  missingProfileParts,
  profileIncompleteMessage,
  type BookingItemView,
  type BookingView,
} from '@shared/booking';
import { CATEGORY_MESSAGES, type PricedLine } from '@shared/ticket-categories';
import type { CreateBookingInput } from '@shared/booking-schemas';
import { BOOKABLE_STATUS, isBookable } from '@shared/event-rules';
import { runPrepared } from '../../db/client';
import type { Db, Tx } from '../../db/types';
import { bookingItems, bookings, events } from '../../db/schema';
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
import { newOrderNumber } from '@shared/order-number';
import { withOrderNumber } from './order-number-clash';
import { markOfferBooked, takeOfferedSeats } from '../waitlist/book-offer';
import { holdPerson } from '../profiles/person-lock';
import { PRIVACY_MESSAGES } from '@shared/privacy';
import { categorySeatsTaken, lockCategories } from '../ticket-categories/category-seats';
import { redeemCode } from '../discount-codes/redeem-code';
import { prepareOrder, type PreparedOrder } from './prepare-order';

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
  const { eventId } = input;
  const order = await prepareOrder(db, input, now);
  // In production without Stripe keys paid events cannot be booked (docs/product/payments.md#no-provider).
  if (!order.priced.free && !paymentsAvailable)
    throw new AppError('unavailable', PAYMENT_MESSAGES.unavailable);
  // categories of limited seats take the transactional path under their row locks (decision 057: the hold
  // statement counting them itself was four times slower under a rush)
  if (paymentsAvailable && order.plain && !order.priced.free && !input.waitlistEntryId) {
    const held = await withOrderNumber(draw, (orderNumber) =>
      holdPaidBooking(db, { userId, input, order, now, orderNumber }),
    );
    if (held) {
      if (options.announceSeats) options.announceSeats(eventId);
      else await publishSeatChange(db, eventId);
      return held;
    }
  }

  return withOrderNumber(draw, (orderNumber) =>
    db.transaction(async (tx) => {
      await holdBuyer(tx, userId);
      await lockCategories(tx, limitedCategoryIds(order));
      const event = input.waitlistEntryId
        ? await takeOfferedSeats(tx, {
            entryId: input.waitlistEntryId,
            userId,
            eventId,
            quantity: order.priced.quantity,
            seats: order.priced.seats,
            now,
          })
        : await takeSeats(tx, eventId, now, order.priced.seats);
      await checkCategorySeats(tx, order);
      if (order.code) await redeemCode(tx, { codeId: order.code.id, profileId: userId });
      return recordBooking(tx, {
        event,
        userId,
        input,
        order,
        now,
        orderNumber,
        mail,
        entryId: input.waitlistEntryId,
      });
    }),
  );
}

/** The conditional UPDATE that takes the seats from the event (and its row lock), or the reason it could not. */
async function takeSeats(tx: Tx, eventId: string, now: Date, seats: number): Promise<PricedEvent> {
  const [event] = await tx
    .update(events)
    .set({ availableSeats: sql`available_seats - ${seats}::int` })
    .where(takeSeatsWhere(sql`${eventId}`, sql`${now.toISOString()}`, sql`${seats}`))
    .returning(pricedEventColumns);
  if (!event) throw await whyNotBookable(tx, eventId, now);
  return event;
}

/** The categories of the order with seats of their own (lockCategories locks them in id order). */
const limitedCategoryIds = (order: PreparedOrder) =>
  order.priced.lines
    .map((line) => line.categoryId)
    .filter((id) => order.categories.get(id)!.capacity !== null);

/**
 * Categories with seats of their own: what they hold now, counted under their row locks (lockCategories), plus
 * this order, may not exceed their capacity (docs/product/ticket-categories.md#seats).
 */
async function checkCategorySeats(tx: Tx, order: PreparedOrder): Promise<void> {
  const limited = order.priced.lines.filter(
    (line) => order.categories.get(line.categoryId)!.capacity !== null,
  );
  if (limited.length === 0) return;
  const taken = await categorySeatsTaken(
    tx,
    [order.eventId],
    limited.map((line) => line.categoryId),
  );
  for (const line of limited) {
    const category = order.categories.get(line.categoryId)!;
    const after = (taken.get(line.categoryId) ?? 0) + line.quantity * line.seatsPerTicket;
    if (after > category.capacity!) throw new AppError('conflict', CATEGORY_MESSAGES.soldOut(category.name));
  }
}

/**
 * The buyer is held for the transaction, before any seat is taken: an account deletion in flight is waited
 * for, and a deleted account books nothing (docs/product/accounts-and-consent.md#deletion-serialised).
 */
async function holdBuyer(tx: Tx, userId: string): Promise<void> {
  if (!(await holdPerson(tx, userId))) throw new AppError('conflict', PRIVACY_MESSAGES.accountDeleted);
}

/**
 * The booking row and its lines for seats the caller already took (by the conditional UPDATE, or from a
 * waiting-list offer): confirmed with its tickets and mail when free, else pending with a 15-minute hold. An
 * offer's entry becomes 'booked' with it (docs/product/waiting-list.md#offer-checkout).
 */
async function recordBooking(
  tx: Tx,
  options: {
    event: PricedEvent;
    userId: string;
    input: CreateBookingInput;
    order: PreparedOrder;
    now: Date;
    orderNumber: string;
    mail?: MailContext;
    entryId?: string;
  },
): Promise<BookingView> {
  const { event, userId, input, order, now, orderNumber, mail } = options;
  const { priced } = order;
  const free = priced.free;
  const [booking] = await tx
    .insert(bookings)
    .values({
      orderNumber,
      eventId: input.eventId,
      profileId: userId,
      quantity: priced.quantity,
      seats: priced.seats,
      unitPriceCents: priced.lines[0]!.unitPriceCents,
      totalAmountCents: priced.totalCents,
      currency: event.currency,
      status: free ? 'confirmed' : 'pending',
      paymentStatus: free ? 'not_required' : 'pending',
      holdExpiresAt: free ? null : holdEnd(now),
      confirmedAt: free ? now : null,
      holderName: input.holderName,
      billingAddress: input.billingAddress ?? null,
      discountCodeId: order.code?.id ?? null,
      discountCode: order.code?.code ?? null,
      discountCents: priced.discountCents,
      answers: order.answers,
      createdAt: now,
    })
    .returning();
  const items = await tx.insert(bookingItems).values(itemRows(booking!.id, priced.lines)).returning();
  if (options.entryId) await markOfferBooked(tx, options.entryId, booking!.id, now);
  const issued = free ? await issueTickets(tx, booking!.id, now) : [];
  if (free && mail) await enqueueBookingConfirmation(tx, booking!.id, mail);
  await publishSeatChange(tx, input.eventId);
  return toBookingView(booking!, event, issued, items);
}

const itemRows = (bookingId: string, lines: PricedLine[]) =>
  lines.map((line, index) => ({
    bookingId,
    categoryId: line.categoryId,
    name: line.name,
    position: index + 1,
    quantity: line.quantity,
    seatsPerTicket: line.seatsPerTicket,
    unitPriceCents: line.unitPriceCents,
    regularUnitPriceCents: line.regularUnitPriceCents,
    discountCents: line.discountCents,
  }));

// The rule both paths take the seats by, written once in SQL over the events row (plain column names, so it
// reads the same in either statement). The shared isBookable says the same in TypeScript;
// test/api/booking-rules.test.ts proves that they agree at the edges.

/**
 * The conditional UPDATE's condition: the event is bookable (isBookable, docs/product/events.md#bookable) and
 * has the seats (docs/product/booking-and-seats.md#seats-taken-atomically).
 */
const takeSeatsWhere = (eventId: SQL, now: SQL, seats: SQL) =>
  sql`id = ${eventId}::uuid AND status = ${sql.raw(`'${BOOKABLE_STATUS}'`)} AND NOT hidden
      AND start_time > ${now}::timestamptz
      AND available_seats >= ${seats}::int`;

/** `$n`: a parameter of the prepared statement. */
const param = (n: number) => sql.raw(`$${n}`);
const [EVENT, NOW, SEATS] = [param(1), param(2), param(3)];

// $1 event, $2 now, $3 seats, $4 buyer, $5 hold until, $6 holder name, $7 order number, $8 billing address
// (JSON or null), $9 quantity, $10 first line's unit price, $11 total, $12 answers (JSON or null), and the
// lines as arrays: $13 categories, $14 names, $15 quantities, $16 seats per ticket, $17 unit prices, $18
// regular prices. Prices come from prepareOrder (the categories read just before); the seats from the
// locked row. The buyer's profile row is held first (an uncorrelated EXISTS runs once, as an InitPlan, before
// the event row is locked): a deletion in flight is waited for, a deleted buyer takes nothing
// (docs/product/accounts-and-consent.md#deletion-serialised).
const HOLD_PAID_BOOKING = new PgDialect().sqlToQuery(sql`
  WITH buyer AS (
    SELECT id FROM profiles WHERE id = $4::text FOR KEY SHARE
  ), taken AS (
    UPDATE events SET available_seats = available_seats - ${SEATS}::int
    WHERE EXISTS (SELECT 1 FROM buyer) AND ${takeSeatsWhere(EVENT, NOW, SEATS)}
    RETURNING id, slug, title, start_time, end_time, timezone, location, location_details, venue, room, mode,
      price_unit, image_url, short_description, currency
  ), booked AS (
    INSERT INTO bookings (event_id, profile_id, quantity, seats, unit_price_cents, total_amount_cents,
      currency, status, payment_status, hold_expires_at, holder_name, created_at, updated_at, order_number,
      billing_address, answers)
    SELECT id, $4::text, $9::int, $3::int, $10::int, $11::int, currency,
      'pending', 'pending', $5::timestamptz, $6::text, $2::timestamptz, $2::timestamptz, $7::text, $8::jsonb,
      $12::jsonb
    FROM taken
    RETURNING id, order_number, seats, unit_price_cents, total_amount_cents, currency, hold_expires_at
  ), lines AS (
    INSERT INTO booking_items (booking_id, category_id, name, position, quantity, seats_per_ticket,
      unit_price_cents, regular_unit_price_cents)
    SELECT booked.id, line.category_id, line.name, line.position, line.quantity, line.per_ticket, line.unit_price,
      line.regular_price
    FROM booked, unnest($13::uuid[], $14::text[], $15::int[], $16::int[], $17::int[], $18::int[])
      WITH ORDINALITY AS line(category_id, name, quantity, per_ticket, unit_price, regular_price, position)
    RETURNING 1
  )
  SELECT booked.*, taken.slug, taken.title, taken.start_time, taken.end_time, taken.timezone, taken.location,
    taken.location_details, taken.venue, taken.room, taken.mode, taken.price_unit, taken.image_url,
    taken.short_description, (SELECT count(*) FROM lines) AS lines
  FROM booked, taken`).sql;

/**
 * The hot path for paid bookings without a code or a category of limited seats (decision 014): ONE statement
 * takes the seats with the conditional UPDATE and inserts the pending booking and its lines from its
 * RETURNING row, so the event's row lock is held only inside the database, never across a round trip to
 * Node. Answers null when nothing was taken — not bookable or sold out — and the caller's transactional path
 * then decides (and words the error). A taken order number fails the whole statement (seats included); the
 * caller draws another.
 */
async function holdPaidBooking(
  db: Db,
  options: {
    userId: string;
    input: CreateBookingInput;
    order: PreparedOrder;
    now: Date;
    orderNumber: string;
  },
): Promise<BookingView | null> {
  const { userId, input, order, now, orderNumber } = options;
  const { priced } = order;
  const at = now.toISOString();
  const holdUntil = holdEnd(now).toISOString();
  const lines = priced.lines;
  const [row] = await runPrepared<Record<string, unknown>>(db, 'hold_paid_booking', HOLD_PAID_BOOKING, [
    input.eventId,
    at,
    priced.seats,
    userId,
    holdUntil,
    input.holderName,
    orderNumber,
    input.billingAddress ? JSON.stringify(input.billingAddress) : null,
    priced.quantity,
    lines[0]!.unitPriceCents,
    priced.totalCents,
    order.answers ? JSON.stringify(order.answers) : null,
    lines.map((line) => line.categoryId),
    lines.map((line) => line.name),
    lines.map((line) => line.quantity),
    lines.map((line) => line.seatsPerTicket),
    lines.map((line) => line.unitPriceCents),
    lines.map((line) => line.regularUnitPriceCents),
  ]);
  if (!row) return null;
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return {
    id: row.id as string,
    orderNumber: row.order_number as string,
    eventId: input.eventId,
    status: 'pending',
    paymentStatus: 'pending',
    quantity: priced.quantity,
    seats: Number(row.seats),
    unitPriceCents: Number(row.unit_price_cents),
    totalAmountCents: Number(row.total_amount_cents),
    currency: row.currency as string,
    items: lines.map(toItemView),
    discountCode: null,
    discountCents: 0,
    answers: order.answers ?? [],
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

const toItemView = (line: PricedLine): BookingItemView => ({
  categoryId: line.categoryId,
  name: line.name,
  quantity: line.quantity,
  seatsPerTicket: line.seatsPerTicket,
  unitPriceCents: line.unitPriceCents,
  regularUnitPriceCents: line.regularUnitPriceCents,
  discountCents: line.discountCents,
});

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
