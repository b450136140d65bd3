import { zonedParts } from './event-rules';

// The charts of the back office (docs/product/charts.md, decision 067): bookings and revenue per day against the
// capacity, the early-bird end and the mails sent marked, and the door's check-in after the start. How each
// figure is counted is written here once, for the server and the screen:
// - a day is a calendar day in the event's time zone (the dashboard's: Europe/Berlin);
// - seats booked: the seats (persons; a pair ticket two) of the tickets issued that day, whatever became of
//   them; seats cancelled: of the tickets cancelled or revoked that day. So the running sum of booked minus
//   cancelled is the seats sold at each day's end, and on the last day the event's sold seats;
// - bookings: bookings confirmed that day;
// - revenue as on the dashboard's card (src/shared/admin-dashboard.ts): succeeded payments minus succeeded and
//   pending refunds, on the day each was made; the built-in test provider's money apart (`testRevenueCents`);
// - check-in counts tickets that are not cancelled: checked in at the door, or not (after the end: no-shows).

/** At most this many days per chart; older facts are summed into `seatsBefore`. */
export const STATS_MAX_DAYS = 366;
/** The dashboard's chart: the last so many days, today included. */
export const DASHBOARD_STATS_DAYS = 30;
/** The dashboard's check-in chart: the events that ended last. */
export const DASHBOARD_CHECK_IN_EVENTS = 6;

export interface StatsDay {
  /** 'YYYY-MM-DD'. */
  day: string;
  bookings: number;
  seatsBooked: number;
  seatsCancelled: number;
  revenueCents: number;
  testRevenueCents: number;
}

export type StatsMarkKind = 'early-bird-end' | 'mail';

/** Something that happened on a day and is drawn as a line across the chart. */
export interface StatsMark {
  day: string;
  kind: StatsMarkKind;
  /** 'Frühbucherpreis endet', 'Erinnerung 2 Tage vorher', 'Nachricht „Raumänderung“'. */
  label: string;
  /** Mails: how many went out; early-bird ends: 0. */
  count: number;
}

export interface CheckInFigures {
  /** Tickets not cancelled. */
  tickets: number;
  checkedIn: number;
  /** Not (yet) checked in: after the end these are the no-shows. */
  notCheckedIn: number;
  /** Persons of those tickets (a pair ticket two). */
  persons: number;
  personsCheckedIn: number;
  cancelled: number;
  /** Whether the event is over: only then are the tickets not checked in no-shows. */
  ended: boolean;
}

export interface EventStats {
  eventId: string;
  title: string;
  timezone: string;
  currency: string;
  /** total_seats: the capacity line. */
  capacity: number;
  /** The day the event begins, in its time zone. */
  startDay: string;
  today: string;
  /** Net seats sold before the first listed day (only when the sales span more than STATS_MAX_DAYS). */
  seatsBefore: number;
  /** Every day from the first sale to the start (or the last fact after it), gaps filled with zeros. */
  days: StatsDay[];
  marks: StatsMark[];
  /** From the start on; null before. */
  checkIn: CheckInFigures | null;
}

export interface PastEventCheckIn extends CheckInFigures {
  eventId: string;
  title: string;
  startTime: string;
  timezone: string;
}

export interface DashboardStats {
  today: string;
  /** The shop's currency: the dashboard's revenue per day counts only it. */
  currency: string;
  /** The last DASHBOARD_STATS_DAYS days, today included, of every event. */
  days: StatsDay[];
  marks: StatsMark[];
  /** The published events still to come: how many, their seats and the seats sold of them. */
  capacity: { events: number; totalSeats: number; soldSeats: number };
  /** The events that ended last, latest first. */
  checkIns: PastEventCheckIn[];
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function dayOf(instant: Date, timeZone: string): string {
  const { year, month, day } = zonedParts(instant, timeZone);
  return `${year}-${month}-${day}`;
}

/** The calendar day `offset` days after 'YYYY-MM-DD' (plain dates: no time zone involved). */
export function addDays(day: string, offset: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + offset)).toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** An empty day, to fill the gaps between days with facts. */
export const emptyDay = (day: string): StatsDay => ({
  day,
  bookings: 0,
  seatsBooked: 0,
  seatsCancelled: 0,
  revenueCents: 0,
  testRevenueCents: 0,
});
