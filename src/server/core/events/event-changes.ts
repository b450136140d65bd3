import { sql } from 'drizzle-orm';
import {
  EVENT_CHANGES_CHANNEL,
  type EventChangeMessage,
} from '../../adapters/seat-feed/event-change-message';
import type { DbOrTx } from '../../db/types';

// The channel and its messages belong to the seat feed adapter (adapters/seat-feed/event-change-message.ts);
// core publishes on it. pg_notify inside a transaction is delivered when it commits and dropped when it rolls
// back.

/**
 * Announces an event's current seat counts. Call it after changing available_seats, with the transaction
 * that changed them: the counts are read inside it, and the notification goes out only on commit.
 */
export async function publishSeatChange(db: DbOrTx, eventId: string): Promise<void> {
  await db.execute(sql`
    SELECT pg_notify(${EVENT_CHANGES_CHANNEL}, json_build_object(
      'kind', 'seats',
      'eventId', id,
      'availableSeats', available_seats,
      'totalSeats', total_seats,
      'visible', status = 'published' AND NOT hidden
    )::text)
    FROM events WHERE id = ${eventId}`);
}

/**
 * Announces that an event (or, with null, anything shown with events, e.g. an organizer's profile) was
 * created, edited or deleted: every instance drops its public event cache. Call it in the writing transaction.
 */
export async function publishEventChange(db: DbOrTx, eventId: string | null): Promise<void> {
  const message: EventChangeMessage = { kind: 'event', eventId };
  await db.execute(sql`SELECT pg_notify(${EVENT_CHANGES_CHANNEL}, ${JSON.stringify(message)})`);
}
