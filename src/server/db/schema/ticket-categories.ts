import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { DiscountCodeKind } from '@shared/discount-codes';
import type { QuestionKind } from '@shared/questions';
import { bookings } from './bookings';
import { createdAt, timestamptz, updatedAt } from './columns';
import { events, priceUnit } from './events';

/**
 * A ticket category ('Ticketart', docs/product/ticket-categories.md): its own price (and early bird), per
 * person or per pair, optionally its own capacity in persons, a sale window, limits per order, and whether it
 * is only bookable with a code. Every event has at least one: a trigger creates 'Ticket' with the event's price
 * when an event is inserted, and while an event has exactly one category a change of the event's price columns
 * is copied into it (migration 0019), so the event's price columns always read as the cheapest visible
 * category's (the card's 'ab …') and an event with one category works as before categories.
 * Seats: what a category holds is counted, never stored (active tickets + pending bookings' lines), under the
 * event's row lock that every booking takes first (docs/product/ticket-categories.md#seats).
 */
export const ticketCategories = pgTable(
  'ticket_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull().default(0),
    earlyBirdPriceCents: integer('early_bird_price_cents'),
    earlyBirdEndsAt: timestamptz('early_bird_ends_at'),
    priceUnit: priceUnit('price_unit').notNull().default('per_person'),
    /** Persons; null = only the event's total counts. */
    capacity: integer('capacity'),
    saleStartsAt: timestamptz('sale_starts_at'),
    saleEndsAt: timestamptz('sale_ends_at'),
    minPerOrder: integer('min_per_order').notNull().default(1),
    maxPerOrder: integer('max_per_order'),
    /** Only bookable with a code that lists it (docs/product/ticket-categories.md#hidden). */
    requiresCode: boolean('requires_code').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ticket_categories_event_id_position_idx').on(t.eventId, t.position),
    check('ticket_categories_price_non_negative', sql`${t.priceCents} >= 0`),
    check(
      'ticket_categories_early_bird_non_negative',
      sql`${t.earlyBirdPriceCents} IS NULL OR ${t.earlyBirdPriceCents} >= 0`,
    ),
    check('ticket_categories_capacity_non_negative', sql`${t.capacity} IS NULL OR ${t.capacity} >= 0`),
    check('ticket_categories_min_per_order', sql`${t.minPerOrder} BETWEEN 1 AND 20`),
    check(
      'ticket_categories_max_per_order',
      sql`${t.maxPerOrder} IS NULL OR (${t.maxPerOrder} BETWEEN ${t.minPerOrder} AND 20)`,
    ),
    check(
      'ticket_categories_sale_window',
      sql`${t.saleStartsAt} IS NULL OR ${t.saleEndsAt} IS NULL OR ${t.saleStartsAt} < ${t.saleEndsAt}`,
    ),
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

/**
 * A discount code ('Gutscheincode', docs/product/ticket-categories.md#codes), compared upper-case. `uses`
 * counts the bookings holding it (pending or confirmed), raised in the booking's transaction and lowered when
 * a hold ends unpaid; the CHECK makes an over-redemption fail instead of persisting. event_ids / category_ids
 * NULL = every event / every category of those events; a hidden category listed in category_ids is unlocked.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    kind: text('kind').$type<DiscountCodeKind>().notNull(),
    /** Percent 1–100, or cents for 'fixed'; 0 for 'unlock'. */
    value: integer('value').notNull().default(0),
    eventIds: uuid('event_ids').array(),
    categoryIds: uuid('category_ids').array(),
    maxUses: integer('max_uses'),
    maxPerBuyer: integer('max_per_buyer'),
    validFrom: timestamptz('valid_from'),
    validUntil: timestamptz('valid_until'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('discount_codes_kind', sql`${t.kind} IN ('percent', 'fixed', 'unlock')`),
    check('discount_codes_code_format', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{2,39}$'`),
    check(
      'discount_codes_value',
      sql`(${t.kind} = 'percent' AND ${t.value} BETWEEN 1 AND 100) OR (${t.kind} = 'fixed' AND ${t.value} > 0) OR (${t.kind} = 'unlock' AND ${t.value} = 0)`,
    ),
    check(
      'discount_codes_uses_in_range',
      sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`,
    ),
    check('discount_codes_max_uses_positive', sql`${t.maxUses} IS NULL OR ${t.maxUses} > 0`),
    check('discount_codes_max_per_buyer_positive', sql`${t.maxPerBuyer} IS NULL OR ${t.maxPerBuyer} > 0`),
    check(
      'discount_codes_validity',
      sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validFrom} < ${t.validUntil}`,
    ),
  ],
);

/** A question to the buyer (docs/product/ticket-categories.md#questions). */
export const eventQuestions = pgTable(
  'event_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    help: text('help'),
    kind: text('kind').$type<QuestionKind>().notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    perTicket: boolean('per_ticket').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('event_questions_event_id_position_idx').on(t.eventId, t.position),
    check('event_questions_kind', sql`${t.kind} IN ('text', 'textarea', 'choice', 'multi', 'yesno', 'date')`),
  ],
);
