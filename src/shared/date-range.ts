// The one formatter of event dates and times, for pages, mails and the ticket PDF alike (issue 12 item 12,
// docs/decisions/024-seats-in-tickets-and-date-ranges.md). de-DE in the event's own zone, never the
// server's or the browser's; an unknown zone falls back to Europe/Berlin. Intl only, so the client's first
// download stays free of a date library (as src/shared/event-rules.ts).
import { DEFAULT_EVENT_TIMEZONE } from './event-rules';

export type Instant = Date | string | number;

/** An event's time span; the end may be missing (or not after the start): then only the start counts. */
export interface EventSpan {
  startTime: Instant;
  endTime?: Instant | null;
  timezone?: string | null;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(name: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${name}|${timeZone}`;
  let found = formats.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat('de-DE', { ...options, timeZone });
    } catch {
      found = new Intl.DateTimeFormat('de-DE', { ...options, timeZone: DEFAULT_EVENT_TIMEZONE });
    }
    formats.set(key, found);
  }
  return found;
}

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

const DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
};
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** 'Sa., 14.03.2026' (docs/product/events.md#date-format). */
export const formatDate = (value: Instant, timeZone = DEFAULT_EVENT_TIMEZONE) =>
  format('date', timeZone, DAY).format(toDate(value));

/** '18:30' */
export const formatTime = (value: Instant, timeZone = DEFAULT_EVENT_TIMEZONE) =>
  format('time', timeZone, CLOCK).format(toDate(value));

/** 'Sa.' (the weekday as in formatDate; a standalone Intl weekday would drop the dot). */
export const formatWeekday = (value: Instant, timeZone = DEFAULT_EVENT_TIMEZONE) =>
  format('date', timeZone, DAY)
    .formatToParts(toDate(value))
    .find((part) => part.type === 'weekday')!.value;

/** '18:30–20:00 Uhr' (docs/product/events.md#date-format). */
export const formatTimeRange = (start: Instant, end: Instant, timeZone = DEFAULT_EVENT_TIMEZONE) =>
  `${formatTime(start, timeZone)}–${formatTime(end, timeZone)} Uhr`;

interface Span {
  start: Date;
  end: Date | null;
  zone: string;
  multiDay: boolean;
}

function span(event: EventSpan): Span {
  const zone = event.timezone || DEFAULT_EVENT_TIMEZONE;
  const start = toDate(event.startTime);
  const given = event.endTime === null || event.endTime === undefined ? null : toDate(event.endTime);
  const end = given && given.getTime() > start.getTime() ? given : null;
  const multiDay = end !== null && formatDate(start, zone) !== formatDate(end, zone);
  return { start, end, zone, multiDay };
}

/** 'Sa., 14.03.2026'; over several days the first and the last day: 'Fr., 08.01.2027 – So., 10.01.2027'. */
export function eventDateRange(event: EventSpan): string {
  const { start, end, zone, multiDay } = span(event);
  return multiDay ? `${formatDate(start, zone)} – ${formatDate(end!, zone)}` : formatDate(start, zone);
}

/**
 * '10:00–17:00 Uhr'; without an end '10:00 Uhr'; over several days with the weekdays ('Fr. 15:00 – So. 13:00
 * Uhr'), since '15:00–13:00 Uhr' would read like a mistake.
 */
export function eventTimeRange(event: EventSpan): string {
  const { start, end, zone, multiDay } = span(event);
  if (!end) return `${formatTime(start, zone)} Uhr`;
  if (!multiDay) return formatTimeRange(start, end, zone);
  return `${formatWeekday(start, zone)} ${formatTime(start, zone)} – ${formatWeekday(end, zone)} ${formatTime(end, zone)} Uhr`;
}

/**
 * Date and time in one line, for mails and other running text: 'Sa., 12.12.2026, 10:00–17:00 Uhr'; over
 * several days both ends in full: 'Fr., 08.01.2027, 15:00 Uhr – So., 10.01.2027, 13:00 Uhr'.
 */
export function eventWhen(event: EventSpan): string {
  const { start, end, zone, multiDay } = span(event);
  if (!multiDay) return `${formatDate(start, zone)}, ${eventTimeRange(event)}`;
  const at = (value: Date) => `${formatDate(value, zone)}, ${formatTime(value, zone)} Uhr`;
  return `${at(start)} – ${at(end!)}`;
}
