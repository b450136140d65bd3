import { formatDate, formatTime, formatTimeRange, formatWeekday } from './format';

// The date and time lines of an event, shared by every view that shows one outside the events feature
// (checkout, success page). Same rules as the event pages.
type When = { startTime: string; endTime: string | null; timezone: string };

/** 'Sa., 14.03.2026', or 'Sa., 14.03.2026 – So., 15.03.2026' for an event over several days. */
export function eventDateText(event: When): string {
  const start = formatDate(event.startTime, event.timezone);
  const end = event.endTime ? formatDate(event.endTime, event.timezone) : start;
  return end === start ? start : `${start} – ${end}`;
}

/**
 * '10:00–17:00 Uhr' in the event's time zone; over several days with the weekdays ('Fr. 15:00 – So. 13:00
 * Uhr'), since '15:00–13:00 Uhr' would read like a mistake.
 */
export function eventTimeText(event: When): string {
  const { startTime: start, timezone: zone } = event;
  const end = event.endTime || start;
  if (formatDate(start, zone) === formatDate(end, zone)) return formatTimeRange(start, end, zone);
  return `${formatWeekday(start, zone)} ${formatTime(start, zone)} – ${formatWeekday(end, zone)} ${formatTime(end, zone)} Uhr`;
}
