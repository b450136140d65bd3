import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WAITLIST_ENTRY_STATUSES } from '@shared/waitlist';
import { bookings } from './bookings';
import { createdAt, timestamptz, updatedAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';

/** waiting → offered → booked, or declined / expired / left / removed (docs/product/waiting-list.md). */
export const waitlistEntryStatus = pgEnum('waitlist_entry_status', WAITLIST_ENTRY_STATUSES);

/**
 * One person waiting for one ticket of a sold-out event (docs/product/waiting-list.md#join). The list order is
 * (created_at, id). An open offer holds `seats` of the event: they are missing from events.available_seats
 * until the offer is booked, declined or expires (docs/product/waiting-list.md#seat-invariant-offers). Ended
 * entries stay for the admin's history.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    seats: integer('seats').notNull(),
    status: waitlistEntryStatus('status').notNull().default('waiting'),
    offeredAt: timestamptz('offered_at'),
    offerExpiresAt: timestamptz('offer_expires_at'),
    /** The booking an offer became. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    endedAt: timestamptz('ended_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one active entry per person and event
    uniqueIndex('waitlist_entries_active_person_idx')
      .on(t.eventId, t.profileId)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    // the list in order, and the expiry job's scan of open offers
    index('waitlist_entries_event_order_idx').on(t.eventId, t.status, t.createdAt),
    index('waitlist_entries_offer_expiry_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    check('waitlist_entries_quantity_positive', sql`${t.quantity} > 0`),
    check('waitlist_entries_seats_positive', sql`${t.seats} > 0`),
    check(
      'waitlist_entries_offer_complete',
      sql`${t.status} <> 'offered' OR (${t.offeredAt} IS NOT NULL AND ${t.offerExpiresAt} IS NOT NULL)`,
    ),
  ],
);
