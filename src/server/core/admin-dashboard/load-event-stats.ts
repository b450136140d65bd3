import { and, eq, isNotNull } from 'drizzle-orm';
import {
  addDays,
  dayOf,
  daysBetween,
  emptyDay,
  STATS_MAX_DAYS,
  type EventStats,
  type StatsMark,
} from '@shared/event-stats';
import type { Db, Event } from '../../db/types';
import { ticketCategories } from '../../db/schema';
import { dayFacts, doorFigures, mailMarks } from './stats-facts';

/**
 * GET /api/organizer/events/{id}/stats (docs/product/charts.md#event-chart): one event's bookings and revenue per
 * day from its first sale to its start, against its capacity, with its early-bird ends and mails marked, and
 * from the start on its door. The caller has checked who may see the event (assertMayRunEvent).
 */
export async function loadEventStats(options: { db: Db; event: Event; now?: Date }): Promise<EventStats> {
  const { db, event, now = new Date() } = options;
  const timeZone = event.timezone;
  const [facts, mails, earlyBirds, door] = await Promise.all([
    dayFacts(db, { timeZone, eventId: event.id }),
    mailMarks(db, { timeZone, eventId: event.id }),
    earlyBirdMarks(db, event),
    doorFigures(db, [event], now),
  ]);
  const today = dayOf(now, timeZone);
  const startDay = dayOf(event.startTime, timeZone);
  const factDays = [...facts.keys()].sort();
  let days: string[] = [];
  let seatsBefore = 0;
  if (factDays.length > 0) {
    const last = [factDays.at(-1)!, startDay].sort().at(-1)!;
    let first = factDays[0]!;
    if (daysBetween(first, last).length > STATS_MAX_DAYS) {
      first = addDays(last, 1 - STATS_MAX_DAYS);
      for (const [day, fact] of facts) {
        if (day < first) seatsBefore += fact.seatsBooked - fact.seatsCancelled;
      }
    }
    days = daysBetween(first, last);
  }
  const marks = [...earlyBirds, ...mails].filter(
    (mark) => days.length > 0 && mark.day >= days[0]! && mark.day <= days.at(-1)!,
  );
  return {
    eventId: event.id,
    title: event.title,
    timezone: timeZone,
    currency: event.currency,
    capacity: event.totalSeats,
    startDay,
    today,
    seatsBefore,
    days: days.map((day) => facts.get(day) ?? emptyDay(day)),
    marks,
    checkIn: event.startTime.getTime() <= now.getTime() ? door.get(event.id)! : null,
  };
}

/**
 * The days an early-bird price ends: the event's own and its categories' (docs/product/ticket-categories.md),
 * one mark per day naming the categories when they are not all.
 */
async function earlyBirdMarks(db: Db, event: Event): Promise<StatsMark[]> {
  const categories = await db
    .select({ name: ticketCategories.name, endsAt: ticketCategories.earlyBirdEndsAt })
    .from(ticketCategories)
    .where(
      and(
        eq(ticketCategories.eventId, event.id),
        isNotNull(ticketCategories.earlyBirdEndsAt),
        isNotNull(ticketCategories.earlyBirdPriceCents),
      ),
    );
  const byDay = new Map<string, Set<string>>();
  const add = (endsAt: Date, name: string | null) => {
    const day = dayOf(endsAt, event.timezone);
    const names = byDay.get(day) ?? new Set<string>();
    if (name) names.add(name);
    byDay.set(day, names);
  };
  if (event.earlyBirdEndsAt && event.earlyBirdPriceCents !== null) add(event.earlyBirdEndsAt, null);
  const several = categories.length > 1;
  for (const category of categories) add(category.endsAt!, several ? category.name : null);
  return [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, names]) => ({
      day,
      kind: 'early-bird-end' as const,
      label: names.size > 0 ? `Frühbucherpreis endet (${[...names].join(', ')})` : 'Frühbucherpreis endet',
      count: 0,
    }));
}
