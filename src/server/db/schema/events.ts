import type { TaxMode } from '@shared/invoices';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { EVENT_MODES, EVENT_STATUSES, PRICE_UNITS } from '@shared/events';
import { user } from './accounts';
import { createdAt, timestamptz, updatedAt } from './columns';
import { cancellationPolicies } from './policies';
import { eventSeries } from './series';

/** New events start as draft (docs/product/events.md#event-status). */
export const eventStatus = pgEnum('event_status', EVENT_STATUSES);
/** Presence ('Präsenz', the default) or online. */
export const eventMode = pgEnum('event_mode', EVENT_MODES);
/**
 * A per_pair ticket admits two persons and takes two seats
 * (docs/product/booking-and-seats.md#per-pair-two-seats).
 */
export const priceUnit = pgEnum('price_unit', PRICE_UNITS);

/**
 * One workshop or course date. Prices are integer cents (`price_cents`, `early_bird_price_cents`)
 * in `currency`, per `price_unit`, so no rounding happens in the database or in totals. Seats count
 * persons; `available_seats` is maintained by the booking code in the same transaction as each booking,
 * expiry and cancellation, and the CHECKs make an oversold or impossible count fail instead of persisting.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    shortDescription: text('short_description'),
    description: text('description').notNull().default(''),
    startTime: timestamptz('start_time').notNull(),
    endTime: timestamptz('end_time').notNull(),
    timezone: text('timezone').notNull().default('Europe/Berlin'),
    location: text('location').notNull().default(''),
    locationDetails: text('location_details'),
    room: text('room'),
    venue: text('venue'),
    mode: eventMode('mode').notNull().default('presence'),
    /** Shown only to buyers (docs/product/tickets-and-refunds.md#online-link-buyers-only). */
    onlineUrl: text('online_url'),
    priceCents: integer('price_cents').notNull().default(0),
    earlyBirdPriceCents: integer('early_bird_price_cents'),
    earlyBirdEndsAt: timestamptz('early_bird_ends_at'),
    currency: text('currency').notNull().default('EUR'),
    priceUnit: priceUnit('price_unit').notNull().default('per_person'),
    totalSeats: integer('total_seats').notNull(),
    availableSeats: integer('available_seats').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    /** Excluded from every public fetch (docs/product/events.md#visible-to-visitors). */
    hidden: boolean('hidden').notNull().default(false),
    website: text('website'),
    imageUrl: text('image_url'),
    status: eventStatus('status').notNull().default('draft'),
    creatorId: text('creator_id').references(() => user.id, { onDelete: 'set null' }),
    /**
     * Buyers may transfer a ticket until this many hours before the start; 0 = until the start
     * (docs/product/tickets-and-refunds.md#ticket-transfer).
     */
    transferCutoffHours: integer('transfer_cutoff_hours').notNull().default(0),
    /** Sold out, visitors may join the waiting list (docs/product/waiting-list.md#waitlist-per-event). */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(true),
    /** How long an offer of a freed seat lasts (docs/product/waiting-list.md#offer-time). */
    waitlistOfferHours: integer('waitlist_offer_hours').notNull().default(24),
    /**
     * Minimum attendance (docs/product/event-mails.md#minimum-attendance): null = none. At the decision time
     * (the start minus min_decision_hours) the event takes place or is cancelled; min_decided_at makes that
     * happen once, min_confirmed_at is the admin's early 'Findet statt', min_warning_sent_at the warning mail.
     */
    minParticipants: integer('min_participants'),
    /** The event's own tax mode on invoices; null = the setting's (docs/product/invoices.md#tax-modes). */
    taxMode: text('tax_mode').$type<TaxMode>(),
    minDecisionHours: integer('min_decision_hours').notNull().default(168),
    minConfirmedAt: timestamptz('min_confirmed_at'),
    minWarningSentAt: timestamptz('min_warning_sent_at'),
    minDecidedAt: timestamptz('min_decided_at'),
    cancellationPolicyId: uuid('cancellation_policy_id').references(() => cancellationPolicies.id, {
      onDelete: 'set null',
    }),
    /** The series this date belongs to (docs/product/event-series.md); null = a single event. */
    seriesId: uuid('series_id').references(() => eventSeries.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_series_id_idx').on(t.seriesId, t.startTime),
    index('events_status_start_time_idx').on(t.status, t.startTime),
    check('events_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('events_total_seats_non_negative', sql`${t.totalSeats} >= 0`),
    check(
      'events_available_seats_in_range',
      sql`${t.availableSeats} >= 0 AND ${t.availableSeats} <= ${t.totalSeats}`,
    ),
    check('events_price_non_negative', sql`${t.priceCents} >= 0`),
    check(
      'events_early_bird_price_non_negative',
      sql`${t.earlyBirdPriceCents} IS NULL OR ${t.earlyBirdPriceCents} >= 0`,
    ),
    check('events_end_not_before_start', sql`${t.endTime} >= ${t.startTime}`),
    check('events_transfer_cutoff_non_negative', sql`${t.transferCutoffHours} >= 0`),
    check('events_waitlist_offer_hours_range', sql`${t.waitlistOfferHours} BETWEEN 1 AND 168`),
    check(
      'events_tax_mode',
      sql`${t.taxMode} IS NULL OR ${t.taxMode} IN ('small_business', 'education_exempt', 'vat_19', 'vat_7')`,
    ),
    check('events_min_participants_positive', sql`${t.minParticipants} IS NULL OR ${t.minParticipants} > 0`),
    check('events_min_decision_hours_range', sql`${t.minDecisionHours} BETWEEN 1 AND 2160`),
    check('events_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** Who runs an event (docs/product/admin.md#organizer-role). */
export const eventOrganizers = pgTable(
  'event_organizers',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_organizers_user_id_idx').on(t.userId)],
);
