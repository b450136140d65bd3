import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, type JsonObject } from './columns';
import { events } from './events';

/**
 * An event's media (titles 'Cover' or 'Ticket Preview'). At most one featured medium per event: a new cover
 * must unset the old one first, in one transaction (docs/product/events.md#event-cover).
 */
export const eventMedia = pgTable(
  'event_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').notNull().default('image'),
    title: text('title'),
    description: text('description'),
    url: text('url').notNull(),
    storagePath: text('storage_path'),
    thumbnailUrl: text('thumbnail_url'),
    isFeatured: boolean('is_featured').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    metadata: jsonb('metadata').$type<JsonObject>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('event_media_event_id_order_idx').on(t.eventId, t.displayOrder),
    uniqueIndex('event_media_one_featured_per_event')
      .on(t.eventId)
      .where(sql`is_featured`),
  ],
);

/** Further links shown on the event page. */
export const eventLinks = pgTable(
  'event_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('event_links_event_id_idx').on(t.eventId, t.displayOrder)],
);

export const tags = pgTable('tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  createdAt: createdAt(),
});

/** An event's tags. */
export const eventTags = pgTable(
  'event_tags',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tagId] }), index('event_tags_tag_id_idx').on(t.tagId)],
);
