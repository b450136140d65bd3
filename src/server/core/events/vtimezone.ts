import { DateTime } from 'luxon';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEK = 7 * DAY;

/**
 * A VTIMEZONE (RFC 5545 §3.6.5) for an IANA zone, written from the zone data that luxon reads through Intl,
 * with every offset change from a year before `from` to a year after `to`. Explicit onsets instead of
 * RRULEs: they are right for any zone and any year, where a hand-written rule set would be right for one.
 */
export function vtimezone(zone: string, from: Date, to: Date): string {
  const start = from.getTime() - 366 * DAY;
  const end = to.getTime() + 366 * DAY;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  // The observance in effect before the window, so every instant inside it is covered.
  const initial = offsetAt(zone, start);
  lines.push(...observance(zone, start, initial, initial, '19700101T000000'));
  let previous = initial;
  for (let at = start; at < end; at += WEEK) {
    const next = offsetAt(zone, Math.min(at + WEEK, end));
    if (next === previous) continue;
    const onset = findChange(zone, at, Math.min(at + WEEK, end), previous);
    const localBefore = DateTime.fromMillis(onset, { zone: 'UTC' }).plus({ minutes: previous });
    lines.push(...observance(zone, onset, previous, next, localBefore.toFormat("yyyyLLdd'T'HHmmss")));
    previous = next;
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

function observance(zone: string, at: number, fromOffset: number, toOffset: number, dtstart: string) {
  const time = DateTime.fromMillis(at + MINUTE, { zone, locale: 'en-GB' });
  const kind = time.isInDST ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${dtstart}`,
    `TZOFFSETFROM:${formatOffset(fromOffset)}`,
    `TZOFFSETTO:${formatOffset(toOffset)}`,
    `TZNAME:${time.offsetNameShort ?? formatOffset(toOffset)}`,
    `END:${kind}`,
  ];
}

/** The first minute in (low, high] whose offset differs from `before`; changes fall on whole minutes. */
function findChange(zone: string, low: number, high: number, before: number): number {
  let lo = Math.floor(low / MINUTE);
  let hi = Math.ceil(high / MINUTE);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(zone, mid * MINUTE) === before) lo = mid;
    else hi = mid;
  }
  return hi * MINUTE;
}

const offsetAt = (zone: string, at: number) => DateTime.fromMillis(at, { zone }).offset;

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}
