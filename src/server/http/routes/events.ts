import { Hono } from 'hono';
import type { EventSummary } from '@shared/event-summary';
import { AppError } from '../../core/app-error';
import { findVisibleEvent } from '../../core/events/find-visible-event';
import { allow, currentSession } from '../access';
import type { AppEnv } from '../app';

export const eventRoutes = new Hono<AppEnv>().get('/:slug/summary', allow('public'), async (c) => {
  const session = await currentSession(c);
  const event = await findVisibleEvent(
    c.get('deps').database.db,
    c.req.param('slug'),
    session?.user.role ?? null,
  );
  if (!event) throw new AppError('not_found', 'Event nicht gefunden');
  const summary: EventSummary = {
    id: event.id,
    slug: event.slug,
    title: event.title,
    shortDescription: event.shortDescription,
    imageUrl: event.imageUrl,
    startTime: event.startTime.toISOString(),
    endTime: event.endTime.toISOString(),
    status: event.status,
  };
  return c.json(summary);
});
