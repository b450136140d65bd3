import { timestamp } from 'drizzle-orm/pg-core';

// Every point in time is stored with its zone: events are shown in their own time zone (Europe/Berlin by
// default) and the server may run in UTC, so a plain `timestamp` would silently shift wall times.
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `$onUpdate` keeps it current for updates made through Drizzle; raw SQL updates must set it themselves. */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Free-form JSON objects (metadata, preferences) default to `{}` so readers never meet NULL. */
export type JsonObject = Record<string, unknown>;
