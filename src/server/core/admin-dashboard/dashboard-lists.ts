import { and, asc, desc, eq, gt } from 'drizzle-orm';
import {
  DASHBOARD_NEWEST_BOOKINGS,
  DASHBOARD_NEWEST_EVENTS,
  DASHBOARD_UPCOMING_EVENTS,
  type DashboardBooking,
  type DashboardEvent,
  type DashboardUpcomingEvent,
} from '@shared/admin-dashboard';
import type { Db } from '../../db/types';
import { bookings, events, profiles } from '../../db/schema';
import { seatFiguresOf } from '../admin-events/seat-figures';

// The dashboard's three short lists: one query each (joins, never a query per row), the upcoming events' seats
// two more.

const eventColumns = {
  id: events.id,
  title: events.title,
  status: events.status,
  hidden: events.hidden,
  startTime: events.startTime,
  timezone: events.timezone,
  createdAt: events.createdAt,
};

const eventView = (row: {
  startTime: Date;
  createdAt: Date;
}): Pick<DashboardEvent, 'startTime' | 'createdAt'> => ({
  startTime: row.startTime.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

export async function newestEvents(db: Db): Promise<DashboardEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(DASHBOARD_NEWEST_EVENTS);
  return rows.map((row) => ({ ...row, ...eventView(row) }));
}

export async function newestBookings(db: Db): Promise<DashboardBooking[]> {
  const rows = await db
    .select({
      id: bookings.id,
      holderName: bookings.holderName,
      fullName: profiles.fullName,
      displayName: profiles.displayName,
      buyerEmail: profiles.email,
      profileId: bookings.profileId,
      eventId: bookings.eventId,
      eventTitle: events.title,
      quantity: bookings.quantity,
      totalAmountCents: bookings.totalAmountCents,
      currency: bookings.currency,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      isTest: bookings.isTest,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(DASHBOARD_NEWEST_BOOKINGS);
  return rows.map(({ holderName, fullName, displayName, ...row }) => ({
    ...row,
    buyerName: holderName?.trim() || fullName?.trim() || displayName?.trim() || null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The next published events (hidden ones too: they may have sold before they were hidden) with their sold,
 * offered, held and free seats from the one read model of the back office
 * (docs/product/admin.md#seat-figures): an open waiting-list offer is not a sale.
 */
export async function upcomingEvents(db: Db, now: Date): Promise<DashboardUpcomingEvent[]> {
  const rows = await db
    .select({ ...eventColumns, totalSeats: events.totalSeats, availableSeats: events.availableSeats })
    .from(events)
    .where(and(eq(events.status, 'published'), gt(events.startTime, now)))
    .orderBy(asc(events.startTime), asc(events.id))
    .limit(DASHBOARD_UPCOMING_EVENTS);
  const seats = await seatFiguresOf(db, rows);
  return rows.map((row) => ({ ...row, ...eventView(row), ...seats.get(row.id)! }));
}
