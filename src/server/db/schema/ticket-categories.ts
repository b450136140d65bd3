import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { QuestionKind } from '@shared/questions';
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
