import { eq } from 'drizzle-orm';
import type { SeriesPreview, SeriesRule } from '@shared/series';
import type { Db } from '../../db/types';
import { events } from '../../db/schema';
import { assertEventId, eventNotFound } from '../admin-events/admin-event-view';
import { seriesDates } from './series-dates';

/**
 * The dates a rule would make from an event, before anything is saved: the dialog 'Als Reihe anlegen' lists
 * them (docs/product/event-series.md#create-series). The same computation and refusals as creating.
 */
export async function previewSeries(
  db: Db,
  options: { eventId: string; rule: SeriesRule },
): Promise<SeriesPreview> {
  assertEventId(options.eventId);
  const [event] = await db
    .select({ startTime: events.startTime, endTime: events.endTime, timezone: events.timezone })
    .from(events)
    .where(eq(events.id, options.eventId));
  if (!event) throw eventNotFound();
  const dates = seriesDates(event, event.timezone, options.rule);
  return {
    dates: dates.map((date) => ({
      startTime: date.startTime.toISOString(),
      endTime: date.endTime.toISOString(),
    })),
  };
}
