import { sql } from 'drizzle-orm';
import type { SeatUpdate } from '@shared/events';
import type { DbOrTx } from '../../db/factories';

/**
 * One PostgreSQL notification channel carries every change the public event views care about, so that all
 * app instances on one database hear it (DESIGN §1 'live seat updates'; PGlite speaks the same protocol).
 * pg_notify inside a transaction is delivered when it commits and dropped when it rolls back.
 */
export const EVENT_CHANGES_CHANNEL = 'event_changes';

/** What travels on the channel. `visible`: whether visitors may see the event (published, not hidden). */
export type EventChangeMessage =
  ({ kind: 'seats'; visible: boolean } & SeatUpdate) | { kind: 'event'; eventId: string | null };

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

/** Parses a notification payload; anything malformed is ignored rather than trusted. */
export function parseEventChange(payload: string | undefined): EventChangeMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(payload ?? '');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (
    message.kind === 'seats' &&
    typeof message.eventId === 'string' &&
    Number.isInteger(message.availableSeats) &&
    Number.isInteger(message.totalSeats)
  ) {
    return {
      kind: 'seats',
      eventId: message.eventId,
      availableSeats: message.availableSeats as number,
      totalSeats: message.totalSeats as number,
      visible: message.visible === true,
    };
  }
  if (message.kind === 'event' && (typeof message.eventId === 'string' || message.eventId === null)) {
    return { kind: 'event', eventId: message.eventId };
  }
  return null;
}
