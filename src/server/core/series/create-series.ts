import { eq, sql } from 'drizzle-orm';
import { SERIES_MESSAGES, type AdminSeries, type SeriesRule } from '@shared/series';
import { firstFreeSlug, SLUG_MAX_LENGTH } from '@shared/event-text';
import type { Tx } from '../../db/types';
import { events, eventSeries } from '../../db/schema';
import { AppError } from '../app-error';
import { eventNotFound, assertEventId, slugsLike } from '../admin-events/admin-event-view';
import { publishEventChange, publishSeatChange } from '../events/event-changes';
import { enqueueEventStatusWebhooks } from '../webhooks/webhook-data';
import type { UseCaseDeps } from '../use-case-deps';
import { copyEvent } from './copy-event';
import { loadAdminSeries } from './load-admin-series';
import { renderPreviews } from './render-previews';
import { seriesDates } from './series-dates';

export type CreateSeriesDeps = Pick<UseCaseDeps, 'database' | 'storage' | 'settings' | 'logger'>;

export interface CreateSeriesOptions {
  eventId: string;
  rule: SeriesRule;
  creatorId: string | null;
  now?: Date;
}

/**
 * 'Als Reihe anlegen' (docs/product/event-series.md#create-series): the event becomes the first date of a new
 * series, and each further date of the rule is a full copy of it (copy-event.ts) with the slug
 * `<event-slug>-<yyyy-mm-dd>` (a suffix when taken), in one transaction: all dates or none. After the commit
 * each new date's ticket preview is rendered in the background, as for a new event.
 */
export async function createSeries(
  deps: CreateSeriesDeps,
  options: CreateSeriesOptions,
): Promise<AdminSeries> {
  const { db } = deps.database;
  const now = options.now ?? new Date();
  const made = await db.transaction((tx) => createSeriesInTx(tx, { ...options, now }));
  renderPreviews(deps, made.newEventIds);
  return loadAdminSeries(db, made.seriesId, now);
}

/** The work of createSeries inside the caller's transaction (the demo seed uses it too). */
export async function createSeriesInTx(
  tx: Tx,
  options: CreateSeriesOptions & { now: Date },
): Promise<{ seriesId: string; newEventIds: string[] }> {
  assertEventId(options.eventId);
  const [source] = await tx.select().from(events).where(eq(events.id, options.eventId)).for('update');
  if (!source) throw eventNotFound();
  if (source.seriesId) throw new AppError('conflict', SERIES_MESSAGES.alreadyInSeries);
  if (source.status === 'cancelled') throw new AppError('conflict', SERIES_MESSAGES.cancelled);
  if (source.startTime.getTime() <= options.now.getTime())
    throw new AppError('conflict', SERIES_MESSAGES.pastEvent);
  const dates = seriesDates(source, source.timezone, options.rule);

  const seriesSlug = firstFreeSlug(source.slug, await seriesSlugsLike(tx, source.slug));
  const [series] = await tx
    .insert(eventSeries)
    .values({
      slug: seriesSlug,
      title: source.title,
      rule: options.rule,
      timezone: source.timezone,
      creatorId: options.creatorId,
    })
    .returning({ id: eventSeries.id });
  const seriesId = series!.id;
  await tx.update(events).set({ seriesId }).where(eq(events.id, source.id));

  // a date's slug names its day: `<event-slug>-<yyyy-mm-dd>` (docs/product/event-series.md#date-slug)
  const base = source.slug.slice(0, SLUG_MAX_LENGTH - 11).replace(/-+$/, '');
  const status = source.status === 'published' ? 'published' : 'draft';
  const newEventIds: string[] = [];
  for (const date of dates.slice(1)) {
    const wanted = `${base}-${localDay(date.startTime, source.timezone)}`;
    const slug = firstFreeSlug(wanted, await slugsLike(tx, wanted));
    const id = await copyEvent(tx, {
      sourceId: source.id,
      slug,
      startTime: date.startTime,
      endTime: date.endTime,
      status,
      seriesId,
      creatorId: options.creatorId,
    });
    await publishEventChange(tx, id);
    await publishSeatChange(tx, id);
    // a published date is published news for a webhook, as a new event is (docs/product/webhooks.md#event-types)
    await enqueueEventStatusWebhooks(tx, [{ id, before: null, after: status }], options.now);
    newEventIds.push(id);
  }
  await publishEventChange(tx, source.id);
  return { seriesId, newEventIds };
}

const localDay = (at: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

async function seriesSlugsLike(tx: Tx, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: eventSeries.slug })
    .from(eventSeries)
    .where(sql`${eventSeries.slug} = ${base} OR ${eventSeries.slug} LIKE ${`${base}-%`}`);
  return new Set(rows.map((row) => row.slug));
}
