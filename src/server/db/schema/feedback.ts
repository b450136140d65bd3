import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';
import { tickets } from './tickets';

/** Whether an event asks its participants 'Wie war's?' (docs/product/feedback.md); off unless switched on. */
export const feedbackSettings = pgTable('feedback_settings', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * One answer to an event's survey, at most one per ticket (docs/product/feedback.md). When the person's
 * account is deleted the answer goes too, unless they agreed to its anonymous publication: then ticket and
 * profile are cut off (null) and only the words and stars stay. `featured` is the organizer's choice to show it
 * on the event's organizer and series pages (only with `publish_consent`).
 */
export const feedbackAnswers = pgTable(
  'feedback_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    stars: smallint('stars').notNull(),
    good: text('good').notNull().default(''),
    better: text('better').notNull().default(''),
    publishConsent: boolean('publish_consent').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('feedback_answers_one_per_ticket').on(t.ticketId),
    index('feedback_answers_event_id_idx').on(t.eventId, t.submittedAt),
    check('feedback_answers_stars', sql`${t.stars} BETWEEN 1 AND 5`),
    check('feedback_answers_featured_needs_consent', sql`NOT ${t.featured} OR ${t.publishConsent}`),
  ],
);
