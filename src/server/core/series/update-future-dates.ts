import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AdminCategoryValues } from '@shared/admin-categories';
import type { AdminEventUpdate } from '@shared/admin-events';
import { SERIES_MESSAGES, type SeriesFutureAnswer, type SeriesFutureUpdate } from '@shared/series';
import { CATEGORY_MESSAGES } from '@shared/ticket-categories';
import type { Db } from '../../db/types';
import { events, eventSeries } from '../../db/schema';
import { AppError } from '../app-error';
import { updateAdminEvent, type UpdateAdminEventDeps } from '../admin-events/update-admin-event';
import { loadCategories } from '../ticket-categories/category-seats';
import type { CategoryRow } from '../ticket-categories/category-seats';
import { loadAdminSeries } from './load-admin-series';

export type UpdateFutureDatesDeps = UpdateAdminEventDeps;

export interface UpdateFutureDatesOptions {
  seriesId: string;
  update: SeriesFutureUpdate;
  actorId: string;
  now?: Date;
}

/**
 * 'Alle künftigen Termine ändern' (docs/product/event-series.md#future-dates): the change goes to every date
 * that has not started and is not cancelled, through the same update as a single event's save
 * (updateAdminEvent: its checks, mails, waiting list, seat feed and cache), each date inside one transaction
 * of the whole series (its own transaction becomes a savepoint): a refusal on any date changes no date, and
 * its message names the day. Past dates stay untouched. New wall times move only dates without sold or held
 * seats; the others keep their times (counted in `keptTimes`) until the admin changes them one by one.
 * Categories come as the next date's list; every other date gets its own category at the same position (or of
 * the same name when its list was changed by hand), with its early bird and sale window moved by its distance.
 */
export async function updateFutureSeriesDates(
  deps: UpdateFutureDatesDeps,
  options: UpdateFutureDatesOptions,
): Promise<SeriesFutureAnswer> {
  const { seriesId, update, actorId } = options;
  const now = options.now ?? new Date();
  const { db } = deps.database;
  const series = await loadAdminSeries(db, seriesId, now);
  const coming = series.dates.filter((date) => !date.isPast && date.status !== 'cancelled');
  const template = coming[0];
  if (!template) throw new AppError('conflict', SERIES_MESSAGES.noFutureDates);
  const templateCategories = await loadCategories(db, [template.id]);
  update.categories?.forEach((category, index) => {
    if (category.id && !templateCategories.some((row) => row.id === category.id)) {
      const message = CATEGORY_MESSAGES.unknownCategory;
      throw new AppError('validation_failed', message, [{ path: `categories.${index}`, message }]);
    }
  });

  let kicked = false;
  let keptTimes = 0;
  let changed = 0;
  await db.transaction(async (tx) => {
    const inSeries: UpdateAdminEventDeps = {
      ...deps,
      database: { db: tx as unknown as Db },
      // the outbox is woken once, after the series' commit
      outbox: { ...deps.outbox, kick: () => void (kicked = true) },
    };
    if (update.title !== undefined)
      await tx.update(eventSeries).set({ title: update.title }).where(eq(eventSeries.id, seriesId));
    for (const date of coming) {
      const [row] = await tx.select().from(events).where(eq(events.id, date.id)).limit(1);
      if (!row) continue;
      const change: AdminEventUpdate = {};
      if (update.title !== undefined) change.title = update.title;
      if (update.shortDescription !== undefined) change.shortDescription = update.shortDescription;
      if (update.description !== undefined) change.description = update.description;
      if (update.cancellationPolicyId !== undefined)
        change.cancellationPolicyId = update.cancellationPolicyId;
      const shift = row.startTime.getTime() - Date.parse(template.startTime);
      if (update.categories) {
        const own = await loadCategories(tx, [date.id]);
        change.categories = update.categories.map((category) =>
          categoryFor(category, templateCategories, own, shift),
        );
      }
      if (update.startClock !== undefined && update.endClock !== undefined) {
        if (date.hasSales) keptTimes++;
        else Object.assign(change, newTimes(row, update.startClock, update.endClock));
      }
      if (Object.keys(change).length === 0) continue;
      try {
        await updateAdminEvent(inSeries, { id: date.id, update: change, actorId });
        changed++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const day = dayOf(row.startTime, row.timezone);
        throw new AppError(error.code, SERIES_MESSAGES.dateFailed(day, error.message), error.details);
      }
    }
  });
  if (kicked) deps.outbox.kick();
  return { series: await loadAdminSeries(db, seriesId, now), changed, keptTimes };
}

/** The date's own category for one of the next date's, with its instants moved by the dates' distance. */
function categoryFor(
  sent: AdminCategoryValues,
  template: CategoryRow[],
  own: CategoryRow[],
  shift: number,
): AdminCategoryValues {
  const move = (iso: string | null) => (iso ? new Date(Date.parse(iso) + shift).toISOString() : null);
  const moved = {
    ...sent,
    earlyBirdEndsAt: move(sent.earlyBirdEndsAt),
    saleStartsAt: move(sent.saleStartsAt),
    saleEndsAt: move(sent.saleEndsAt),
  };
  if (!sent.id) return moved;
  const index = template.findIndex((row) => row.id === sent.id);
  const match =
    own.length === template.length ? own[index] : own.find((row) => row.name === template[index]!.name);
  const { id: _template, ...fields } = moved;
  return match ? { ...fields, id: match.id } : fields;
}

/** The date's own day at the new wall times, in its time zone; the end keeps its distance in days. */
function newTimes(
  row: { startTime: Date; endTime: Date; timezone: string },
  startClock: string,
  endClock: string,
): { startTime: string; endTime: string } {
  const zone = row.timezone;
  const start = DateTime.fromJSDate(row.startTime, { zone });
  const spanDays = Math.round(
    DateTime.fromJSDate(row.endTime, { zone }).startOf('day').diff(start.startOf('day'), 'days').days,
  );
  const at = (day: DateTime, clock: string) => {
    const [hour, minute] = clock.split(':').map(Number) as [number, number];
    return DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone })
      .toUTC()
      .toISO()!;
  };
  return { startTime: at(start, startClock), endTime: at(start.plus({ days: spanDays }), endClock) };
}

const dayOf = (at: Date, timezone: string) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);
