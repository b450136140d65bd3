import { DateTime } from 'luxon';
import { MAX_SERIES_DATES, SERIES_MESSAGES, type SeriesRule } from '@shared/series';
import { AppError } from '../app-error';

export interface DateTimes {
  startTime: Date;
  endTime: Date;
}

const refused = (path: string, message: string) =>
  new AppError('validation_failed', message, [{ path, message }]);

/**
 * The dates of a series, the first event's own date first (docs/product/event-series.md#series-rules). Every
 * date keeps the first date's wall times in its time zone: a 19:00 workshop stays at 19:00 across summer time
 * (docs/product/event-series.md#wall-times). A wall time that does not exist on a day (the hour skipped when
 * summer time begins) moves forward by the gap, as luxon resolves it. The end keeps its own wall time and its
 * distance in days from the start (a weekend retreat ends on the third day at 14:00). Refused with a German
 * message: an end before the first date, no further date, more than MAX_SERIES_DATES.
 */
export function seriesDates(first: DateTimes, timezone: string, rule: SeriesRule): DateTimes[] {
  const start = DateTime.fromJSDate(first.startTime, { zone: timezone });
  const end = DateTime.fromJSDate(first.endTime, { zone: timezone });
  const spanDays = Math.round(end.startOf('day').diff(start.startOf('day'), 'days').days);
  const duration = first.endTime.getTime() - first.startTime.getTime();
  const at = (day: DateTime): DateTimes => {
    const startTime = wallTime(day, start, timezone);
    const endDay = day.plus({ days: spanDays });
    let endTime = wallTime(endDay, end, timezone);
    // an end inside a skipped hour can fall before its start on a one-hour event: keep the length instead
    if (endTime.getTime() <= startTime.getTime()) endTime = new Date(startTime.getTime() + duration);
    return { startTime, endTime };
  };
  const firstDay = start.startOf('day');
  const days = ruleDays(firstDay, rule);
  if (days.length < 2) throw refused('rule.until', SERIES_MESSAGES.noMoreDates);
  if (days.length > MAX_SERIES_DATES) throw refused('rule.until', SERIES_MESSAGES.tooMany);
  return [{ startTime: first.startTime, endTime: first.endTime }, ...days.slice(1).map(at)];
}

/** The day's date at the wall time of `clock` in the zone; a skipped wall time moves forward. */
function wallTime(day: DateTime, clock: DateTime, timezone: string): Date {
  return DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: clock.hour, minute: clock.minute },
    { zone: timezone },
  ).toJSDate();
}

/** The calendar days of the rule, the first day included; at most one more than the limit (to say so). */
function ruleDays(firstDay: DateTime, rule: SeriesRule): DateTime[] {
  if (rule.frequency === 'dates') {
    const listed = [...rule.dates].sort().map((iso) => DateTime.fromISO(iso, { zone: firstDay.zone }));
    if (listed.some((listedDay) => listedDay <= firstDay))
      throw refused('rule.dates', SERIES_MESSAGES.dateBeforeFirst);
    return [firstDay, ...listed];
  }
  const until = rule.until ? DateTime.fromISO(rule.until, { zone: firstDay.zone }).startOf('day') : null;
  if (until && until <= firstDay) throw refused('rule.until', SERIES_MESSAGES.untilBeforeFirst);
  const limit = rule.count ?? MAX_SERIES_DATES + 1;
  const days: DateTime[] = [];
  for (let n = 0; days.length < limit; n++) {
    const next =
      rule.frequency === 'weekly' ? firstDay.plus({ weeks: n * rule.interval }) : nthWeekday(firstDay, n);
    if (until && next > until) break;
    days.push(next);
  }
  return days;
}

/**
 * The first day's weekday in the n-th month after it, as often counted as in the first month ('the 2nd
 * Tuesday'); a first day in the last week of its month that is the 5th of its weekday means 'the last'
 * (docs/product/event-series.md#monthly-weekday).
 */
function nthWeekday(firstDay: DateTime, monthsLater: number): DateTime {
  const ordinal = monthlyOrdinal(firstDay);
  const month = firstDay.startOf('month').plus({ months: monthsLater });
  const offset = (firstDay.weekday - month.weekday + 7) % 7;
  const firstOfWeekday = month.plus({ days: offset });
  if (ordinal > 0) {
    const candidate = firstOfWeekday.plus({ weeks: ordinal - 1 });
    if (candidate.month === month.month) return candidate;
  }
  let last = firstOfWeekday;
  while (last.plus({ weeks: 1 }).month === month.month) last = last.plus({ weeks: 1 });
  return last;
}

/** 1–4 for 'the n-th', -1 for 'the last' (a 5th weekday of its month). */
export function monthlyOrdinal(day: DateTime): number {
  const ordinal = Math.ceil(day.day / 7);
  return ordinal >= 5 ? -1 : ordinal;
}
