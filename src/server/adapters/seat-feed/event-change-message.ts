import type { SeatUpdate } from '@shared/events';

/**
 * One PostgreSQL notification channel carries every change the public event views care about, so that all
 * app instances on one database hear it (docs/architecture.md, Adapters; decision 007; PGlite speaks the
 * same protocol). Core publishes on it (core/events/event-changes.ts); pg_notify inside a transaction is
 * delivered when it commits and dropped when it rolls back.
 */
export const EVENT_CHANGES_CHANNEL = 'event_changes';

/** What travels on the channel. `visible`: whether visitors may see the event (published, not hidden). */
export type EventChangeMessage =
  ({ kind: 'seats'; visible: boolean } & SeatUpdate) | { kind: 'event'; eventId: string | null };

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
