import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CHECK_IN_MESSAGES } from '@shared/participants';
import type { Actor } from '../actor';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../app-error';
import type { DbOrTx, Event } from '../../db/types';
import { eventOrganizers, events } from '../../db/schema';

/**
 * The one check before anything of an event's participant list or door: admins run every event, organizers
 * only those an admin assigned them to (event_organizers), nobody else
 * (docs/product/organizer-day.md#organizer-area). Unknown events are 404; answers the event.
 */
export async function assertMayRunEvent(db: DbOrTx, actor: Actor, eventId: string): Promise<Event> {
  if (actor.role !== 'admin' && actor.role !== 'organizer') {
    throw new AppError('forbidden', GERMAN_DEFAULT_MESSAGES.forbidden);
  }
  const notFound = new AppError('not_found', CHECK_IN_MESSAGES.eventNotFound);
  if (!z.uuid().safeParse(eventId).success) throw notFound;
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw notFound;
  if (actor.role === 'admin') return event;
  const [assigned] = await db
    .select({ eventId: eventOrganizers.eventId })
    .from(eventOrganizers)
    .where(and(eq(eventOrganizers.eventId, eventId), eq(eventOrganizers.userId, actor.id)));
  if (!assigned) throw new AppError('forbidden', GERMAN_DEFAULT_MESSAGES.forbidden);
  return event;
}
