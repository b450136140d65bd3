import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { TICKET_STATUSES } from '@shared/tickets';
import { bookings } from './bookings';
import { createdAt, timestamptz, updatedAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';
import { ticketCategories } from './ticket-categories';

/**
 * 'canceled' (one l) is the stored word; 'revoked' counts as cancelled too
 * (docs/product/tickets-and-refunds.md#ticket-states).
 */
export const ticketStatus = pgEnum('ticket_status', TICKET_STATUSES);

/**
 * One per unit of a confirmed booking (docs/product/tickets-and-refunds.md#tickets-on-confirmation). The last
 * 4 characters of ticket_number are the ticket code. UNIQUE (booking_id, position) makes issuing idempotent:
 * a replayed payment webhook that tries to issue the set again fails instead of doubling it
 * (docs/product/payments.md#settle-payment).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** 1..quantity within the booking. */
    position: integer('position').notNull(),
    ticketNumber: text('ticket_number').notNull().unique(),
    status: ticketStatus('status').notNull().default('active'),
    /** Persons admitted: 2 on per_pair events; cancelling releases this many seats. */
    seats: integer('seats').notNull().default(1),
    /** What was paid for it: the category's price at booking less its share of the discount. */
    priceCents: integer('price_cents').notNull(),
    /** Its category ('Ticketart'), kept through transfers; the name as booked, for documents and the door. */
    categoryId: uuid('category_id').references(() => ticketCategories.id, { onDelete: 'restrict' }),
    categoryName: text('category_name'),
    isTest: boolean('is_test').notNull().default(false),
    /**
     * Set together with checked_in_at by the check-in and its undo, so both always agree
     * (docs/product/organizer-day.md#check-in-authority).
     */
    isCheckedIn: boolean('is_checked_in').notNull().default(false),
    /** When the ticket was checked in at the door; the earliest time wins (offline devices). */
    checkedInAt: timestamptz('checked_in_at'),
    /** Who checked it in (organizer or admin). */
    checkedInBy: text('checked_in_by').references(() => profiles.id, { onDelete: 'set null' }),
    /**
     * Who holds the ticket when the buyer transferred it to a substitute; NULL = the buyer's booking holder.
     * holder_email is stored lower-case: the substitute sees the ticket when signed in with it
     * (docs/product/tickets-and-refunds.md#ticket-transfer). A name fix sets only holder_name
     * (docs/product/tickets-and-refunds.md#holder-name-change).
     */
    holderName: text('holder_name'),
    holderEmail: text('holder_email'),
    cancellationRequested: boolean('cancellation_requested').notNull().default(false),
    createdAt: createdAt(),
    canceledAt: timestamptz('canceled_at'),
  },
  (t) => [
    unique('tickets_booking_id_position_unique').on(t.bookingId, t.position),
    index('tickets_event_id_created_at_idx').on(t.eventId, t.createdAt),
    index('tickets_profile_id_idx').on(t.profileId),
    index('tickets_category_id_idx').on(t.categoryId),
    index('tickets_holder_email_idx')
      .on(t.holderEmail)
      .where(sql`${t.holderEmail} is not null`),
    // the admin ticket list pages newest first (bench/admin-tickets.mjs: page query 12 ms → 0.7 ms at 10k)
    index('tickets_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    check('tickets_position_positive', sql`${t.position} > 0`),
    check('tickets_seats_one_or_two', sql`${t.seats} IN (1, 2)`),
    check('tickets_price_non_negative', sql`${t.priceCents} >= 0`),
    check('tickets_ticket_number_length', sql`length(${t.ticketNumber}) >= 4`),
    check('tickets_checked_in_consistent', sql`${t.isCheckedIn} = (${t.checkedInAt} IS NOT NULL)`),
  ],
);

/**
 * One row per check-in an offline device sent with its own id, so a second send answers what the first did
 * (docs/product/organizer-day.md#offline-check-in).
 */
export const deviceCheckIns = pgTable(
  'device_check_ins',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    deviceCheckInId: text('device_check_in_id').notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** 'checked-in', 'already' or 'cancelled': what the first send answered. */
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.deviceCheckInId] }),
    check('device_check_ins_result', sql`${t.result} IN ('checked-in', 'already', 'cancelled')`),
  ],
);

/**
 * One row per transfer of a ticket to a substitute, by its buyer or an admin
 * (docs/product/tickets-and-refunds.md#ticket-transfer): who acted, from whom to whom, and the ticket number
 * the ticket had before (its barcode is refused at the door from then on).
 */
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: text('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** 'buyer' or 'admin'. */
    actorRole: text('actor_role').notNull(),
    fromName: text('from_name').notNull(),
    fromEmail: text('from_email'),
    toName: text('to_name').notNull(),
    toEmail: text('to_email').notNull(),
    oldTicketNumber: text('old_ticket_number').notNull(),
    newTicketNumber: text('new_ticket_number').notNull(),
  },
  (t) => [
    index('ticket_transfers_ticket_id_at_idx').on(t.ticketId, t.at),
    check('ticket_transfers_actor_role', sql`${t.actorRole} IN ('buyer', 'admin')`),
  ],
);

/** The rendered preview image of a ticket in storage. */
export const ticketPreviews = pgTable('ticket_previews', {
  ticketId: uuid('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  storagePath: text('storage_path').notNull(),
  updatedAt: updatedAt(),
});
