import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES } from '@shared/booking';
import type { BillingAddress } from '@shared/invoices';
import { newOrderNumber } from '@shared/order-number';
import { createdAt, timestamptz, updatedAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';
import { discountCodes } from './discount-codes';
import { ticketCategories } from './ticket-categories';
import type { StoredAnswer } from '@shared/questions';

/**
 * pending = seats held until hold_expires_at; expired = hold released by the expiry job
 * (docs/product/booking-and-seats.md#booking-states).
 */
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);
export const paymentStatus = pgEnum('payment_status', BOOKING_PAYMENT_STATUSES);

/**
 * One order of one buyer for one event. Amounts are integer cents computed by the server
 * (docs/product/booking-and-seats.md#server-prices).
 * `seats` is the number of persons this booking currently holds: quantity × 2 for per_pair events,
 * lowered when single tickets are cancelled. Seat invariant: events.available_seats = total_seats −
 * sum(seats) of its pending and confirmed bookings.
 * Events cannot be deleted while bookings exist (money records stay); deleting an account keeps its
 * bookings for the books with profile_id set to NULL (holder_name remains).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The buyer's and the admins' reference ('WR-7K3Q9F', docs/decisions/020-order-numbers.md). Drawn here
     * for every insert through Drizzle; createBooking passes its own and draws again on a unique clash.
     */
    orderNumber: text('order_number')
      .notNull()
      .unique()
      .$defaultFn(() => newOrderNumber()),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    seats: integer('seats').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalAmountCents: integer('total_amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    status: bookingStatus('status').notNull().default('pending'),
    paymentStatus: paymentStatus('payment_status').notNull().default('pending'),
    holdExpiresAt: timestamptz('hold_expires_at'),
    holderName: text('holder_name'),
    /** The 'Rechnungsadresse' given in checkout, copied into the invoice (docs/product/invoices.md#billing-address). */
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    /**
     * Set when the buyer chose 'Überweisung (Vorkasse)': the day the money is due; the seats are held until
     * the due date plus the grace days (docs/product/bank-transfer.md#due-dates).
     */
    paymentDueAt: timestamptz('payment_due_at'),
    /** When the reminder before the due date was written (once). */
    paymentRemindedAt: timestamptz('payment_reminded_at'),
    confirmedAt: timestamptz('confirmed_at'),
    cancellationDate: timestamptz('cancellation_date'),
    refundReason: text('refund_reason'),
    isTest: boolean('is_test').notNull().default(false),
    /**
     * The discount code the booking was placed with (docs/product/ticket-categories.md#codes): its id, the code as
     * typed (kept when the code is deleted) and the cents it took off the lines (booking_items.discount_cents).
     */
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    /** The answers to the event's questions (docs/product/ticket-categories.md#answers); erased with the account. */
    answers: jsonb('answers').$type<StoredAnswer[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the hold-expiry job scans pending bookings by expiry; 'my bookings' lists by profile, newest first
    index('bookings_status_hold_expires_at_idx').on(t.status, t.holdExpiresAt),
    index('bookings_profile_id_created_at_idx').on(t.profileId, t.createdAt),
    index('bookings_event_id_status_idx').on(t.eventId, t.status),
    check('bookings_quantity_positive', sql`${t.quantity} > 0`),
    check('bookings_seats_non_negative', sql`${t.seats} >= 0`),
    check('bookings_unit_price_non_negative', sql`${t.unitPriceCents} >= 0`),
    check('bookings_total_amount_non_negative', sql`${t.totalAmountCents} >= 0`),
    check('bookings_discount_non_negative', sql`${t.discountCents} >= 0`),
    index('bookings_discount_code_id_idx')
      .on(t.discountCodeId)
      .where(sql`${t.discountCodeId} is not null`),
  ],
);

/**
 * One line of a booking: the category, how many tickets, the price each had when booked (early bird
 * applied; later price changes do not touch it) and the line's share of the booking's discount. The name is
 * kept as it was, for the invoice.
 */
export const bookingItems = pgTable(
  'booking_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => ticketCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(1),
    quantity: integer('quantity').notNull(),
    seatsPerTicket: integer('seats_per_ticket').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull(),
    regularUnitPriceCents: integer('regular_unit_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [
    unique('booking_items_booking_id_category_id_unique').on(t.bookingId, t.categoryId),
    index('booking_items_category_id_idx').on(t.categoryId),
    check('booking_items_quantity_positive', sql`${t.quantity} > 0`),
    check('booking_items_seats_one_or_two', sql`${t.seatsPerTicket} IN (1, 2)`),
    check(
      'booking_items_prices_non_negative',
      sql`${t.unitPriceCents} >= 0 AND ${t.regularUnitPriceCents} >= 0`,
    ),
    check(
      'booking_items_discount_in_range',
      sql`${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.unitPriceCents} * ${t.quantity}`,
    ),
  ],
);
