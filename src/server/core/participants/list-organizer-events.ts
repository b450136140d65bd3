import { asc, eq } from 'drizzle-orm';
import type { OrganizerEvent } from '@shared/participants';
import type { Actor } from '../actor';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../app-error';
import type { DbOrTx, Event } from '../../db/types';
import { eventOrganizers, events } from '../../db/schema';
import { seatFiguresOf } from '../admin-events/seat-figures';
import { countsOfEvents, organizerEventHead } from './participant-rows';

/**
 * The organizer area's events (docs/product/organizer-day.md#organizer-area): an organizer's assigned events,
 * every event for admins; those not over yet first (soonest first), then the past ones (latest first).
 */
export async function listOrganizerEvents(
  db: DbOrTx,
  actor: Actor,
  now = new Date(),
): Promise<OrganizerEvent[]> {
  let rows: Event[];
  if (actor.role === 'admin') {
    rows = await db.select().from(events).orderBy(asc(events.startTime));
  } else if (actor.role === 'organizer') {
    rows = (
      await db
        .select({ event: events })
        .from(events)
        .innerJoin(eventOrganizers, eq(eventOrganizers.eventId, events.id))
        .where(eq(eventOrganizers.userId, actor.id))
        .orderBy(asc(events.startTime))
    ).map((row) => row.event);
  } else {
    throw new AppError('forbidden', GERMAN_DEFAULT_MESSAGES.forbidden);
  }
  const upcoming = rows.filter((event) => event.endTime.getTime() >= now.getTime());
  const past = rows.filter((event) => event.endTime.getTime() < now.getTime()).reverse();
  const counts = await countsOfEvents(db, rows);
  // the back office's one seat read model: an open waiting-list offer is not a sale
  // (docs/product/admin.md#seat-figures)
  const seats = await seatFiguresOf(db, rows);
  return [...upcoming, ...past].map((event) => ({
    ...organizerEventHead(event),
    status: event.status,
    counts: counts.get(event.id)!,
    seats: seats.get(event.id)!,
  }));
}
