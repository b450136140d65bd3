import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isPastEvent } from '@shared/event-rules';
import { SERIES_MESSAGES, type AdminSeries } from '@shared/series';
import type { DbOrTx } from '../../db/types';
import { events, eventSeries, tickets } from '../../db/schema';
import { AppError } from '../app-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const seriesNotFound = () => new AppError('not_found', SERIES_MESSAGES.notFound);

/**
 * GET /api/admin/series/:id: the series with all its dates by start, each with its seats, sold tickets and
 * whether seats are sold or held (then its times stay in 'Alle künftigen Termine ändern',
 * docs/product/event-series.md#future-dates).
 */
export async function loadAdminSeries(db: DbOrTx, id: string, now = new Date()): Promise<AdminSeries> {
  if (!UUID.test(id)) throw seriesNotFound();
  const [series] = await db.select().from(eventSeries).where(eq(eventSeries.id, id)).limit(1);
  if (!series) throw seriesNotFound();
  const rows = await db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
      status: events.status,
      totalSeats: events.totalSeats,
      availableSeats: events.availableSeats,
    })
    .from(events)
    .where(eq(events.seriesId, id))
    .orderBy(asc(events.startTime), asc(events.id));
  const sold = await soldTicketsOf(
    db,
    rows.map((row) => row.id),
  );
  const dates = rows.map((row) => ({
    ...row,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    soldTickets: sold.get(row.id) ?? 0,
    hasSales: row.totalSeats > row.availableSeats,
    isPast: isPastEvent({ startTime: row.startTime.toISOString() }, now),
  }));
  return {
    id: series.id,
    slug: series.slug,
    title: series.title,
    rule: series.rule,
    timezone: series.timezone,
    dates,
    nextDateId: dates.find((date) => !date.isPast && date.status !== 'cancelled')?.id ?? null,
  };
}

async function soldTicketsOf(db: DbOrTx, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: tickets.eventId, n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(inArray(tickets.eventId, eventIds), eq(tickets.status, 'active')))
    .groupBy(tickets.eventId);
  return new Map(rows.map((row) => [row.eventId, Number(row.n)]));
}
