// Pure display rules of events: seat badge, early bird, timetable, calendar link, price labels
// (docs/product/events.md). Used by the client's first download, so deliberately free of luxon: time zones go
// through Intl.DateTimeFormat, which every supported browser and Node ship.
import type { EventStatus, PriceUnit, PublicEvent } from './events';

export const DEFAULT_EVENT_TIMEZONE = 'Europe/Berlin';
/** Low-seat threshold 10 % (docs/product/events.md#seat-badge). */
export const LOW_SEAT_PERCENT = 10;
/**
 * The timetable shows the last 3 past events and 12 px per skipped month (docs/product/events.md#timetable).
 */
export const TIMETABLE_PAST_EVENTS = 3;
export const TIMETABLE_SPACER_PX_PER_MONTH = 12;
/**
 * Calendar entries last 2 hours without an end; meta descriptions have at most 160 characters
 * (docs/product/events.md#calendar-entry, docs/product/events.md#meta-description).
 */
export const DEFAULT_CALENDAR_HOURS = 2;
export const META_DESCRIPTION_MAX = 160;

const HOUR_MS = 3_600_000;
const time = (iso: string) => Date.parse(iso);

/** An event has started (or is over): no seat badge, no booking, shown as past in the timetable. */
export const isPastEvent = (event: Pick<PublicEvent, 'startTime'>, now: Date) =>
  time(event.startTime) <= now.getTime();

/** The one status in which an event can be booked. */
export const BOOKABLE_STATUS = 'published' satisfies EventStatus;

/**
 * Bookable, seats aside: published, not hidden and not started (docs/product/events.md#bookable). The
 * server's conditional UPDATE says the same in SQL (core/bookings/create-booking.ts, tested to agree).
 */
export const isBookable = (
  event: Pick<PublicEvent, 'status' | 'startTime'> & { hidden: boolean },
  now: Date,
): boolean => event.status === BOOKABLE_STATUS && !event.hidden && !isPastEvent(event, now);

/** The card list: events that have not started yet, soonest first (docs/product/events.md#timetable). */
export function upcomingEvents<E extends Pick<PublicEvent, 'startTime'>>(events: E[], now: Date): E[] {
  return byStart(events).filter((event) => !isPastEvent(event, now));
}

const byStart = <E extends Pick<PublicEvent, 'startTime'>>(events: E[]) =>
  [...events].sort((a, b) => time(a.startTime) - time(b.startTime));

// ---------------------------------------------------------------------------------------------- seats

export interface SeatData {
  startTime: string;
  totalSeats?: number | null;
  availableSeats?: number | null;
  priceUnit?: PriceUnit;
}

export type SeatBadge =
  | { kind: 'soldout'; label: 'Ausgebucht' }
  | { kind: 'low' | 'ok'; label: string; ticketsLeft: number }
  | { kind: 'none'; label: '–' };

/**
 * Seats are persons; a ticket of a per-pair event takes two of them
 * (docs/product/booking-and-seats.md#per-pair-two-seats).
 */
export const seatsPerTicket = (unit: PriceUnit | undefined) => (unit === 'per_pair' ? 2 : 1);

const isCount = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * Tickets the free seats still allow: a per-pair ticket takes two seats, so they are halved and rounded down
 * (docs/product/booking-and-seats.md#tickets-left). The seat badge, the older booking page's counter and the
 * checkout's maximum all count with it (docs/decisions/024-seats-in-tickets-and-date-ranges.md).
 */
export const ticketsLeft = (event: Pick<SeatData, 'availableSeats' | 'priceUnit'>) =>
  isCount(event.availableSeats)
    ? Math.max(0, Math.floor(event.availableSeats / seatsPerTicket(event.priceUnit)))
    : 0;

/** The older booking page's counter, in tickets like the badge: '7 Tickets frei', '1 Ticket frei'. */
export const ticketsFreeText = (tickets: number) => `${tickets} ${tickets === 1 ? 'Ticket' : 'Tickets'} frei`;

/**
 * Only for future events with seats; a dash when the seat data is missing
 * (docs/product/events.md#seat-badge).
 */
export function seatBadge(event: SeatData, now: Date): SeatBadge | null {
  if (isPastEvent(event, now)) return null;
  const { totalSeats: total, availableSeats: available } = event;
  if (!isCount(total) || !isCount(available)) return { kind: 'none', label: '–' };
  if (total <= 0) return null;
  const tickets = ticketsLeft(event);
  if (available <= 0 || tickets === 0) return { kind: 'soldout', label: 'Ausgebucht' };
  const label = `${tickets} ${tickets === 1 ? 'Ticket' : 'Tickets'} übrig`;
  // available / total <= 10 %, in integers so that 3 of 30 counts as low (no float rounding).
  const low = available * 100 <= total * LOW_SEAT_PERCENT;
  return { kind: low ? 'low' : 'ok', label, ticketsLeft: tickets };
}

// ---------------------------------------------------------------------------------------------- prices

type PriceData = Pick<PublicEvent, 'priceCents' | 'earlyBirdPriceCents' | 'earlyBirdEndsAt'>;

/**
 * The early-bird price applies while now is before early_bird_ends_at (docs/product/events.md#early-bird).
 */
export function isEarlyBird(event: PriceData, now: Date): boolean {
  if (event.earlyBirdPriceCents === null || event.earlyBirdPriceCents === undefined) return false;
  if (!event.earlyBirdEndsAt) return false;
  return now.getTime() < time(event.earlyBirdEndsAt);
}

export const currentUnitPriceCents = (event: PriceData, now: Date): number =>
  isEarlyBird(event, now) ? event.earlyBirdPriceCents! : event.priceCents;

/** Compact '/ Paar' | '/ Person', long 'pro Paar' | 'pro Person' (docs/product/events.md#price-unit). */
export function priceUnitLabel(unit: PriceUnit, style: 'compact' | 'long' = 'compact'): string {
  const noun = unit === 'per_pair' ? 'Paar' : 'Person';
  return style === 'compact' ? `/ ${noun}` : `pro ${noun}`;
}

/** What one ticket is for (docs/product/events.md#price-unit). */
export const perTicketText = (unit: PriceUnit) => (unit === 'per_pair' ? '1 Ticket für 1 Paar' : '1 Person');

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The early-bird countdown (docs/product/events.md#early-bird-countdown) in days, hours and minutes ('noch 3
 * Tage, 4 Stunden, 12 Minuten'); units that are zero are left out; null once the early-bird phase is over.
 */
export function earlyBirdCountdown(endsAt: string | Date, now: Date): string | null {
  const left = (typeof endsAt === 'string' ? time(endsAt) : endsAt.getTime()) - now.getTime();
  if (!(left > 0)) return null;
  const totalMinutes = Math.floor(left / 60_000);
  if (totalMinutes === 0) return 'noch weniger als 1 Minute';
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  const parts = [
    days > 0 ? plural(days, 'Tag', 'Tage') : '',
    hours > 0 ? plural(hours, 'Stunde', 'Stunden') : '',
    minutes > 0 ? plural(minutes, 'Minute', 'Minuten') : '',
  ].filter(Boolean);
  return `noch ${parts.join(', ')}`;
}

// ---------------------------------------------------------------------------------------------- time zones

interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** An IANA zone the runtime knows ('Europe/Berlin'); checked with Intl, which both sides ship. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Wall-clock parts of an instant in a time zone (Intl only; an unknown zone falls back to Berlin). */
export function zonedParts(date: Date, timeZone = DEFAULT_EVENT_TIMEZONE): ZonedParts {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      return zonedParts(date, DEFAULT_EVENT_TIMEZONE);
    }
    zonedFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return parts as unknown as ZonedParts;
}

/** 'YYYY-MM' of an instant in a time zone: the month a Berlin reader files the event under. */
export function monthKey(date: Date | string, timeZone = DEFAULT_EVENT_TIMEZONE): string {
  const { year, month } = zonedParts(typeof date === 'string' ? new Date(date) : date, timeZone);
  return `${year}-${month}`;
}

const monthIndex = (key: string) => Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7));

// ---------------------------------------------------------------------------------------------- timetable

export type TimetableItem<E> =
  | { kind: 'month'; key: string; startTime: string; spacerPx: number }
  | { kind: 'today' }
  | { kind: 'event'; event: E; past: boolean };

export interface Timetable<E> {
  items: TimetableItem<E>[];
  /** Index in items of the next upcoming event, -1 when nothing is upcoming. */
  nextIndex: number;
}

/**
 * The timetable (docs/product/events.md#timetable): events by month (in the given zone, default
 * Europe/Berlin), of the past only the last 3 before the next upcoming one, a 'Heute' divider where today
 * falls, and a spacer of 12 px per skipped month before a month that does not follow the previous one.
 */
export function timetableRows<E extends Pick<PublicEvent, 'startTime'>>(
  events: E[],
  now: Date,
  timeZone = DEFAULT_EVENT_TIMEZONE,
): Timetable<E> {
  const sorted = byStart(events);
  const firstUpcoming = sorted.findIndex((event) => !isPastEvent(event, now));
  const pastCount = firstUpcoming === -1 ? sorted.length : firstUpcoming;
  const shown = sorted.slice(Math.max(0, pastCount - TIMETABLE_PAST_EVENTS));
  if (shown.length === 0) return { items: [], nextIndex: -1 };

  const todayKey = monthKey(now, timeZone);
  const items: TimetableItem<E>[] = [];
  let previousKey: string | null = null;
  let todayPlaced = false;
  let nextIndex = -1;
  const placeToday = () => {
    items.push({ kind: 'today' });
    todayPlaced = true;
  };

  for (const event of shown) {
    const past = isPastEvent(event, now);
    const key = monthKey(event.startTime, timeZone);
    // Today lies before a later month's heading, but inside the current month's group.
    if (!past && !todayPlaced && key > todayKey) placeToday();
    if (key !== previousKey) {
      const skipped = previousKey === null ? 0 : Math.max(0, monthIndex(key) - monthIndex(previousKey) - 1);
      items.push({
        kind: 'month',
        key,
        startTime: event.startTime,
        spacerPx: skipped * TIMETABLE_SPACER_PX_PER_MONTH,
      });
      previousKey = key;
    }
    if (!past && !todayPlaced) placeToday();
    if (!past && nextIndex === -1) nextIndex = items.length;
    items.push({ kind: 'event', event, past });
  }
  if (!todayPlaced) placeToday();
  return { items, nextIndex };
}

// ---------------------------------------------------------------------------------------------- places

type PlaceData = Pick<PublicEvent, 'mode' | 'location' | 'venue'>;

/** The short place of cards and the timetable: the town, or 'Online'. */
export const eventPlace = (event: Pick<PublicEvent, 'mode' | 'location'>) =>
  event.mode === 'online' ? 'Online' : event.location;

/**
 * The address line for maps and calendars: venue and town; 'Online' for online events
 * (docs/product/events.md#place).
 */
export function eventAddress(event: PlaceData): string {
  if (event.mode === 'online') return 'Online';
  return [event.venue, event.location].filter((part) => part && part.trim()).join(', ');
}

/**
 * A maps search for the address: Apple Maps on iOS devices, otherwise Google Maps
 * (docs/product/events.md#place).
 */
export function mapsUrl(address: string, provider: 'apple' | 'google'): string {
  const query = encodeURIComponent(address);
  return provider === 'apple'
    ? `https://maps.apple.com/?q=${query}`
    : `https://www.google.com/maps/search/?api=1&query=${query}`;
}

// ---------------------------------------------------------------------------------------------- calendar

type CalendarSource = Pick<
  PublicEvent,
  'slug' | 'title' | 'description' | 'startTime' | 'endTime' | 'timezone' | 'mode' | 'location' | 'venue'
>;

/**
 * The end of a calendar entry: the event's end, or start + 2 h when it has none
 * (docs/product/events.md#calendar-entry).
 */
export function calendarEnd(event: Pick<PublicEvent, 'startTime' | 'endTime'>): Date {
  const start = time(event.startTime);
  const end = event.endTime ? time(event.endTime) : Number.NaN;
  return new Date(end > start ? end : start + DEFAULT_CALENDAR_HOURS * HOUR_MS);
}

const localStamp = (date: Date, timeZone: string) => {
  const p = zonedParts(date, timeZone);
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
};

export const eventUrl = (slug: string, siteUrl: string) =>
  `${siteUrl.replace(/\/+$/, '')}/event/${encodeURIComponent(slug)}`;

/** Long descriptions would make the link too long for Google; the event page has the full text. */
const CALENDAR_DETAILS_MAX = 1000;

/**
 * A Google Calendar link built locally (docs/product/events.md#calendar-entry): action=TEMPLATE, text, dates
 * as local timestamps of the event's zone (no 'Z') together with ctz, details (description and link),
 * location.
 */
export function googleCalendarUrl(event: CalendarSource, siteUrl: string): string {
  const timeZone = event.timezone || DEFAULT_EVENT_TIMEZONE;
  const start = new Date(event.startTime);
  const details = `${truncateText(event.description.trim(), CALENDAR_DETAILS_MAX)}\n\n${eventUrl(event.slug, siteUrl)}`;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${localStamp(start, timeZone)}/${localStamp(calendarEnd(event), timeZone)}`,
    details,
    location: eventAddress(event),
    ctz: timeZone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** File name of the calendar file: the slug, with .ics added when missing. */
export const calendarFileName = (slug: string) => (slug.endsWith('.ics') ? slug : `${slug}.ics`);

// ---------------------------------------------------------------------------------------------- texts

/** Cuts at a word boundary and ends with '…', never longer than max characters. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The meta description, one line, at most 160 characters (docs/product/events.md#meta-description). */
export function metaDescription(event: Pick<PublicEvent, 'shortDescription' | 'description'>): string {
  const text = (event.shortDescription?.trim() || event.description).replace(/\s+/g, ' ').trim();
  return truncateText(text, META_DESCRIPTION_MAX);
}

/** Plain-text paragraphs of a description: blank lines separate them (rendered as text, never as HTML). */
export const descriptionParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
