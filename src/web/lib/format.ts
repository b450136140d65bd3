// The one formatting module of the client (docs/product/events.md#date-format): dates, times and prices in
// de-DE, by default in Europe/Berlin, with Intl only (no date library in the first download).
import { DEFAULT_EVENT_TIMEZONE } from '@shared/event-rules';

type Instant = Date | string | number;

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(name: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${name}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('de-DE', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('de-DE', { ...options, timeZone: DEFAULT_EVENT_TIMEZONE });
    }
    formats.set(key, format);
  }
  return format;
}

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

// Days, clocks and event ranges come from the one shared formatter that mails and the ticket PDF use too
// (docs/decisions/024-seats-in-tickets-and-date-ranges.md).
export { formatDate, formatTime, formatTimeRange, formatWeekday } from '@shared/date-range';

/** 'März 2026' */
export const formatMonth = (value: Instant, timeZone = DEFAULT_EVENT_TIMEZONE) =>
  dateFormat('month', timeZone, { month: 'long', year: 'numeric' }).format(toDate(value));

/**
 * '14.03.2026 18:30': the back-office event list's dd.MM.yyyy HH:mm, no comma
 * (docs/product/events.md#date-format).
 */
export const formatDateTimeShort = (value: Instant, timeZone = DEFAULT_EVENT_TIMEZONE) => {
  const parts = dateFormat('date-time-short', timeZone, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value;
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
};

/** '14.03.2026, 18:30:05': a moment to the second (the dev mailbox's mails). */
export const formatDateTimeSeconds = (value: Instant, timeZone = DEFAULT_EVENT_TIMEZONE) =>
  dateFormat('date-time-seconds', timeZone, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    toDate(value),
  );

const priceFormats = new Map<string, Intl.NumberFormat>();

/** '149,00 €' from integer cents. */
export function formatPrice(cents: number, currency = 'EUR'): string {
  let format = priceFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', { style: 'currency', currency });
    priceFormats.set(currency, format);
  }
  return format.format(cents / 100);
}

const countFormat = new Intl.NumberFormat('de-DE');
const percentFormat = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 });

/** '1.234' */
export const formatCount = (value: number) => countFormat.format(value);

/** '66,7 %' from a fraction (0.667). */
export const formatPercent = (fraction: number) => percentFormat.format(fraction);

/** '14.03.2026' from a calendar day 'YYYY-MM-DD' that is already local (an invoice date, a bank's booking day). */
export function formatIsoDay(day: string): string {
  const [year, month, day_] = day.split('-');
  return year && month && day_ ? `${day_}.${month}.${year}` : day;
}

const kilobyteFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** '512 B', '1,5 KB': the size of a file (an attachment in the dev mailbox). */
export const formatFileSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${kilobyteFormat.format(bytes / 1024)} KB`;
