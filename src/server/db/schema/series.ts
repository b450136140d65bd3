import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { SeriesRule } from '@shared/series';
import { user } from './accounts';
import { createdAt, updatedAt } from './columns';

/**
 * An event series ('Reihe', docs/product/event-series.md): the same workshop on several dates. Each date is
 * an event of its own (seats, tickets, participants, check-in) carrying `events.series_id`; the series keeps
 * the rule the dates were made from and the public slug of its page. Deleting a series only unlinks its dates.
 */
export const eventSeries = pgTable(
  'event_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** The wall-clock rule the dates were made from (weekly, every n weeks, monthly on a weekday, a list). */
    rule: jsonb('rule').$type<SeriesRule>().notNull(),
    /** The zone the dates' wall times are kept in, so a 19:00 workshop stays at 19:00 across summer time. */
    timezone: text('timezone').notNull().default('Europe/Berlin'),
    creatorId: text('creator_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('event_series_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);
