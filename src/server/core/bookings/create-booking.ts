import { eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, type BookingView, type CreateBookingInput } from '@shared/booking';
import { currentUnitPriceCents } from '@shared/event-rules';
import { runPrepared, type Db } from '../../db/client';
import { bookings, events } from '../../db/schema';
import { AppError } from '../app-error';
import { loadSessionUser } from '../auth/load-session-user';
import type { SessionUser } from '@shared/session';
import { publishSeatChange } from '../events/event-changes';
import { bookingEventColumns, toBookingView } from './get-booking';
import { issueTickets } from './issue-tickets';
import { enqueueBookingConfirmation } from './booking-mails';
import type { MailContext } from '../mail/templates/mail-context';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { newOrderNumber } from '@shared/order-number';
import { withOrderNumber } from './order-number-clash';

/** Seat hold of a pending booking (DESIGN §4). */
export const HOLD_MINUTES = 15;

/**
 * spec visitor §5: what a profile needs before booking (confirmed e-mail, name, phone). Returns the
 * missing parts' texts, empty when the profile is complete.
 */
export async function missingForBooking(
  db: Db,
  userId: string,
  /** The session's user when the caller has it already (saves a lookup per booking). */
  known?: Pick<SessionUser, 'emailConfirmed' | 'fullName' | 'phone'>,
): Promise<string[]> {
  const user = known ?? (await loadSessionUser(db, userId));
  if (!user) return [BOOKING_MESSAGES.confirmEmail, BOOKING_MESSAGES.name, BOOKING_MESSAGES.phone];
  const missing: string[] = [];
  if (!user.emailConfirmed) missing.push(BOOKING_MESSAGES.confirmEmail);
  if (!user.fullName?.trim()) missing.push(BOOKING_MESSAGES.name);
  if (!user.phone?.trim()) missing.push(BOOKING_MESSAGES.phone);
  return missing;
}

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
 * Books seats (DESIGN §4). One short transaction whose first statement takes the seats with a conditional
 * UPDATE: it only succeeds while the event is bookable and has enough seats, so concurrent bookings can
 * never oversell and no lock is held across application code. The price is computed here, never taken
 * from the client. Paid bookings stay pending with a 15-minute hold (no payment provider is called here);
 * free bookings are confirmed at once with their tickets. The live seat feed hears of it on commit.
 */
export async function createBooking(options: CreateBookingOptions): Promise<BookingView> {
  const { db, userId, input, now = new Date(), paymentsAvailable = true, mail } = options;
  const draw = options.drawOrderNumber ?? (() => newOrderNumber());
  const missing = await missingForBooking(db, userId, options.user);
  if (missing.length > 0) {
    throw new AppError(
      'validation_failed',
      `${BOOKING_MESSAGES.profileIncompletePrefix}${missing.join(', ')}`,
      { missing },
    );
  }
  const { eventId, quantity, holderName } = input;
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
  const seatsPerTicket = sql`(CASE WHEN ${events.priceUnit} = 'per_pair' THEN 2 ELSE 1 END)`;

  return withOrderNumber(draw, (orderNumber) =>
    db.transaction(async (tx) => {
      const [event] = await tx
        .update(events)
        .set({ availableSeats: sql`${events.availableSeats} - ${quantity}::int * ${seatsPerTicket}` })
        .where(
          sql`${events.id} = ${eventId}
          AND ${events.status} = 'published'
          AND NOT ${events.hidden}
          AND ${events.startTime} > ${now.toISOString()}::timestamptz
          AND ${events.availableSeats} >= ${quantity}::int * ${seatsPerTicket}`,
        )
        .returning({
          ...bookingEventColumns,
          priceCents: events.priceCents,
          earlyBirdPriceCents: events.earlyBirdPriceCents,
          earlyBirdEndsAt: events.earlyBirdEndsAt,
          currency: events.currency,
        });
      if (!event) throw await whyNotBookable(tx, eventId, now);

      const unitPriceCents = currentUnitPriceCents(
        {
          priceCents: event.priceCents,
          earlyBirdPriceCents: event.earlyBirdPriceCents,
          earlyBirdEndsAt: event.earlyBirdEndsAt?.toISOString() ?? null,
        },
        now,
      );
      const totalAmountCents = unitPriceCents * quantity;
      const free = totalAmountCents === 0;
      // DESIGN §1: in production without Stripe keys paid events cannot be booked (the seats roll back).
      if (!free && !paymentsAvailable) throw new AppError('unavailable', PAYMENT_MESSAGES.unavailable);
      const [booking] = await tx
        .insert(bookings)
        .values({
          orderNumber,
          eventId,
          profileId: userId,
          quantity,
          seats: quantity * (event.priceUnit === 'per_pair' ? 2 : 1),
          unitPriceCents,
          totalAmountCents,
          currency: event.currency,
          status: free ? 'confirmed' : 'pending',
          paymentStatus: free ? 'not_required' : 'pending',
          holdExpiresAt: free ? null : new Date(now.getTime() + HOLD_MINUTES * 60_000),
          confirmedAt: free ? now : null,
          holderName,
          createdAt: now,
        })
        .returning();
      const issued = free ? await issueTickets(tx, booking!.id, now) : [];
      if (free && mail) await enqueueBookingConfirmation(tx, booking!.id, mail);
      await publishSeatChange(tx, eventId);
      return toBookingView(booking!, event, issued);
    }),
  );
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// $1 event, $2 now, $3 quantity, $4 buyer, $5 hold until, $6 holder name, $7 order number. The per-pair
// factor and the early-bird price come from the locked row itself.
const PER_TICKET = `(CASE WHEN price_unit = 'per_pair' THEN 2 ELSE 1 END)`;
const UNIT_PRICE = `(CASE WHEN early_bird_price_cents IS NOT NULL AND $2::timestamptz < early_bird_ends_at
  THEN early_bird_price_cents ELSE price_cents END)`;
const HOLD_PAID_BOOKING = `
  WITH taken AS (
    UPDATE events SET available_seats = available_seats - $3::int * ${PER_TICKET}
    WHERE id = $1::uuid AND status = 'published' AND NOT hidden
      AND start_time > $2::timestamptz
      AND available_seats >= $3::int * ${PER_TICKET}
      AND ${UNIT_PRICE} > 0
    RETURNING id, slug, title, start_time, end_time, timezone, location, location_details, mode, price_unit,
      image_url, short_description, currency, ${UNIT_PRICE} AS unit_price, ${PER_TICKET} AS per_ticket
  ), booked AS (
    INSERT INTO bookings (event_id, profile_id, quantity, seats, unit_price_cents, total_amount_cents,
      currency, status, payment_status, hold_expires_at, holder_name, created_at, updated_at, order_number)
    SELECT id, $4::text, $3::int, $3::int * per_ticket, unit_price, unit_price * $3::int, currency,
      'pending', 'pending', $5::timestamptz, $6::text, $2::timestamptz, $2::timestamptz, $7::text
    FROM taken
    RETURNING id, order_number, seats, unit_price_cents, total_amount_cents, currency, hold_expires_at
  )
  SELECT booked.*, taken.slug, taken.title, taken.start_time, taken.end_time, taken.timezone, taken.location,
    taken.location_details, taken.mode, taken.price_unit, taken.image_url, taken.short_description
  FROM booked, taken`;

/**
 * The hot path of DESIGN §4 for paid bookings: ONE statement takes the seats with the conditional UPDATE
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
  const holdUntil = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const [row] = await runPrepared<Record<string, unknown>>(db, 'hold_paid_booking', HOLD_PAID_BOOKING, [
    input.eventId,
    at,
    input.quantity,
    userId,
    holdUntil,
    input.holderName,
    orderNumber,
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
  const bookable =
    event && event.status === 'published' && !event.hidden && event.startTime.getTime() > now.getTime();
  return bookable
    ? new AppError('conflict', BOOKING_MESSAGES.soldOut)
    : new AppError('not_found', BOOKING_MESSAGES.eventNotFound);
}
