import { eq } from 'drizzle-orm';
import type { AdminEvent } from '@shared/admin-events';
import { firstFreeSlug } from '@shared/event-text';
import { events } from '../../db/schema';
import { assertEventId, eventNotFound, loadAdminEvent, slugsLike } from '../admin-events/admin-event-view';
import { publishEventChange } from '../events/event-changes';
import type { UseCaseDeps } from '../use-case-deps';
import { copyEvent } from './copy-event';
import { renderPreviews } from './render-previews';

export type DuplicateEventDeps = Pick<UseCaseDeps, 'database' | 'storage' | 'settings' | 'logger'>;

/**
 * 'Event duplizieren' (docs/product/event-series.md#duplicate): a full copy of one event as a draft, at the
 * same times, outside any series, with no tickets and no bookings; its slug is the original's with `-2`, `-3`,
 * … The admin then edits it in the form (dates, title).
 */
export async function duplicateEvent(
  deps: DuplicateEventDeps,
  options: { eventId: string; actorId: string },
): Promise<AdminEvent> {
  const { db } = deps.database;
  assertEventId(options.eventId);
  const copy = await db.transaction(async (tx) => {
    const [source] = await tx
      .select({ slug: events.slug, startTime: events.startTime, endTime: events.endTime })
      .from(events)
      .where(eq(events.id, options.eventId));
    if (!source) throw eventNotFound();
    const slug = firstFreeSlug(source.slug, await slugsLike(tx, source.slug));
    const id = await copyEvent(tx, {
      sourceId: options.eventId,
      slug,
      startTime: source.startTime,
      endTime: source.endTime,
      status: 'draft',
      seriesId: null,
      creatorId: options.actorId,
    });
    await publishEventChange(tx, id);
    return loadAdminEvent(tx, id);
  });
  renderPreviews(deps, [copy.id]);
  return copy;
}
