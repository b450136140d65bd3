import { and, asc, desc, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { DEFAULT_EVENT_TIMEZONE } from '@shared/event-rules';
import {
  addDays,
  DASHBOARD_CHECK_IN_EVENTS,
  DASHBOARD_STATS_DAYS,
  dayOf,
  daysBetween,
  emptyDay,
  type DashboardStats,
  type StatsMark,
} from '@shared/event-stats';
import type { Db } from '../../db/types';
import { events } from '../../db/schema';
import { seatFiguresOf } from '../admin-events/seat-figures';
import { dayFacts, doorFigures, mailMarks } from './stats-facts';

/** The shop's currency: the dashboard's money per day is counted in it (other currencies are on the cards). */
const SHOP_CURRENCY = 'EUR';

/**
 * GET /api/admin/dashboard/stats (docs/product/charts.md#dashboard-charts): the shop's last 30 days per Berlin
 * day with the early-bird ends and mails of all events marked, the seats of the events to come against their
 * capacity, and the door of the events that ended last.
 */
export async function loadDashboardStats(options: { db: Db; now?: Date }): Promise<DashboardStats> {
  const { db, now = new Date() } = options;
  const timeZone = DEFAULT_EVENT_TIMEZONE;
  const today = dayOf(now, timeZone);
  const days = daysBetween(addDays(today, 1 - DASHBOARD_STATS_DAYS), today);
  // from the first day's midnight in Berlin: a day late or early is cut off by the day list below
  const since = new Date(now.getTime() - (DASHBOARD_STATS_DAYS + 1) * 86_400_000);
  const inWindow = (mark: StatsMark) => mark.day >= days[0]! && mark.day <= today;
  const [facts, mails, earlyBirds, capacity, checkIns] = await Promise.all([
    dayFacts(db, { timeZone, since, currency: SHOP_CURRENCY }),
    mailMarks(db, { timeZone, since }),
    earlyBirdEnds(db, since, now),
    upcomingCapacity(db, now),
    lastCheckIns(db, now),
  ]);
  return {
    today,
    currency: SHOP_CURRENCY,
    days: days.map((day) => facts.get(day) ?? emptyDay(day)),
    marks: [...earlyBirds, ...mails].filter(inWindow),
    capacity,
    checkIns,
  };
}

/** The early-bird ends of published events in the window, one mark per day naming the events. */
async function earlyBirdEnds(db: Db, since: Date, now: Date): Promise<StatsMark[]> {
  const rows = await db
    .select({ title: events.title, endsAt: events.earlyBirdEndsAt })
    .from(events)
    .where(
      and(
        inArray(events.status, ['published', 'completed']),
        isNotNull(events.earlyBirdPriceCents),
        gt(events.earlyBirdEndsAt, since),
        lte(events.earlyBirdEndsAt, now),
      ),
    )
    .orderBy(asc(events.earlyBirdEndsAt), asc(events.title));
  const byDay = new Map<string, string[]>();
  for (const row of rows) {
    const day = dayOf(row.endsAt!, DEFAULT_EVENT_TIMEZONE);
    byDay.set(day, [...(byDay.get(day) ?? []), row.title]);
  }
  return [...byDay].map(([day, titles]) => ({
    day,
    kind: 'early-bird-end',
    label: `Frühbucherpreis endet: ${titles.join(', ')}`,
    count: 0,
  }));
}

/** The published events still to come, their seats and the seats sold (docs/product/admin.md#seat-figures). */
async function upcomingCapacity(db: Db, now: Date): Promise<DashboardStats['capacity']> {
  const rows = await db
    .select({ id: events.id, totalSeats: events.totalSeats, availableSeats: events.availableSeats })
    .from(events)
    .where(and(sql`${events.status} = 'published'`, gt(events.startTime, now)));
  const seats = await seatFiguresOf(db, rows);
  let soldSeats = 0;
  for (const figure of seats.values()) soldSeats += figure.soldSeats;
  return { events: rows.length, totalSeats: rows.reduce((sum, row) => sum + row.totalSeats, 0), soldSeats };
}

/** The door of the events (published or completed) that ended last and sold a ticket, latest first. */
async function lastCheckIns(db: Db, now: Date): Promise<DashboardStats['checkIns']> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
      timezone: events.timezone,
    })
    .from(events)
    .where(
      and(
        inArray(events.status, ['published', 'completed']),
        lte(events.endTime, now),
        sql`exists (select 1 from tickets t where t.event_id = ${events.id} and t.status = 'active')`,
      ),
    )
    .orderBy(desc(events.startTime), asc(events.id))
    .limit(DASHBOARD_CHECK_IN_EVENTS);
  const door = await doorFigures(db, rows, now);
  return rows.map((row) => ({
    ...door.get(row.id)!,
    eventId: row.id,
    title: row.title,
    startTime: row.startTime.toISOString(),
    timezone: row.timezone,
  }));
}
