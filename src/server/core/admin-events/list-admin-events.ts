import { sql } from 'drizzle-orm';
import { orderAdminEvents, type AdminEventListItem } from '@shared/admin-events';
import type { Db } from '../../db/types';
import { events, eventSeries, tickets } from '../../db/schema';
import { seatFiguresOf } from './seat-figures';

/**
 * GET /api/admin/events (docs/product/events.md#admin-events-list): every event, drafts and hidden ones
 * included, with its sold, offered, held and free seats (docs/product/admin.md#seat-figures) and its sold
 * tickets; upcoming ascending by start, then past descending, each marked `isPast`.
 */
export async function listAdminEvents(options: { db: Db; now?: Date }): Promise<AdminEventListItem[]> {
  const { db, now = new Date() } = options;
  const sold = db
    .select({
      eventId: tickets.eventId,
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(tickets)
    .where(sql`${tickets.status} = 'active'`)
    .groupBy(tickets.eventId)
    .as('sold');
  const rows = await db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      startTime: events.startTime,
      timezone: events.timezone,
      location: events.location,
      mode: events.mode,
      status: events.status,
      hidden: events.hidden,
      isPrivate: events.isPrivate,
      totalSeats: events.totalSeats,
      availableSeats: events.availableSeats,
      priceUnit: events.priceUnit,
      imageUrl: events.imageUrl,
      soldTickets: sql<number>`coalesce(${sold.n}, 0)::int`,
      seriesId: events.seriesId,
      seriesTitle: eventSeries.title,
    })
    .from(events)
    .leftJoin(sold, sql`${sold.eventId} = ${events.id}`)
    .leftJoin(eventSeries, sql`${eventSeries.id} = ${events.seriesId}`);
  const seats = await seatFiguresOf(db, rows);
  return orderAdminEvents(
    rows.map(({ seriesId, seriesTitle, ...row }) => ({
      ...row,
      // its series (docs/product/event-series.md#admin-list)
      series: seriesId && seriesTitle ? { id: seriesId, title: seriesTitle } : null,
      startTime: row.startTime.toISOString(),
      soldTickets: Number(row.soldTickets),
      seats: seats.get(row.id)!,
    })),
    now,
  );
}
