import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { MAX_SERIES_DATES, SERIES_MESSAGES, type SeriesRule } from '@shared/series';
import { AppError } from '../app-error';
import { seriesDates } from './series-dates';

const ZONE = 'Europe/Berlin';
const berlin = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toJSDate();
const local = (at: Date) => DateTime.fromJSDate(at, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm ccc');
const first = (start: string, end: string) => ({ startTime: berlin(start), endTime: berlin(end) });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('seriesDates (docs/product/event-series.md#series-rules)', () => {
  it('weekly keeps 19:00 local across the switch to summer time (29 March 2026)', () => {
    const dates = seriesDates(first('2026-03-17T19:00', '2026-03-17T21:30'), ZONE, {
      frequency: 'weekly',
      interval: 1,
      count: 4,
    });
    expect(dates.map((date) => local(date.startTime))).toEqual([
      '2026-03-17 19:00 Tue',
      '2026-03-24 19:00 Tue',
      '2026-03-31 19:00 Tue',
      '2026-04-07 19:00 Tue',
    ]);
    expect(dates.map((date) => local(date.endTime).slice(11, 16))).toEqual([
      '21:30',
      '21:30',
      '21:30',
      '21:30',
    ]);
    // the UTC hour moves by one: 18:00Z in winter, 17:00Z in summer
    expect(dates[1]!.startTime.toISOString()).toBe('2026-03-24T18:00:00.000Z');
    expect(dates[2]!.startTime.toISOString()).toBe('2026-03-31T17:00:00.000Z');
  });

  it('every 2 weeks keeps 19:00 local across the switch back to winter time (25 October 2026)', () => {
    const dates = seriesDates(first('2026-10-13T19:00', '2026-10-13T21:00'), ZONE, {
      frequency: 'weekly',
      interval: 2,
      until: '2026-11-10',
    });
    expect(dates.map((date) => local(date.startTime))).toEqual([
      '2026-10-13 19:00 Tue',
      '2026-10-27 19:00 Tue',
      '2026-11-10 19:00 Tue',
    ]);
    expect(dates[0]!.startTime.toISOString()).toBe('2026-10-13T17:00:00.000Z');
    expect(dates[1]!.startTime.toISOString()).toBe('2026-10-27T18:00:00.000Z');
  });

  it('a wall time skipped by the spring-forward gap moves forward by the gap', () => {
    const dates = seriesDates(first('2026-03-22T02:30', '2026-03-22T04:00'), ZONE, {
      frequency: 'weekly',
      interval: 1,
      count: 3,
    });
    // 29 March 2026 has no 02:30 in Berlin: it becomes 03:30 summer time; the week after is 02:30 again
    expect(dates.map((date) => local(date.startTime))).toEqual([
      '2026-03-22 02:30 Sun',
      '2026-03-29 03:30 Sun',
      '2026-04-05 02:30 Sun',
    ]);
    expect(local(dates[1]!.endTime)).toBe('2026-03-29 04:00 Sun');
  });

  it('monthly on the n-th weekday: the 2nd Tuesday; a 5th weekday means the last one', () => {
    const second = seriesDates(first('2026-09-08T19:00', '2026-09-08T21:00'), ZONE, {
      frequency: 'monthly_weekday',
      count: 4,
    });
    expect(second.map((date) => local(date.startTime))).toEqual([
      '2026-09-08 19:00 Tue',
      '2026-10-13 19:00 Tue',
      '2026-11-10 19:00 Tue',
      '2026-12-08 19:00 Tue',
    ]);
    const last = seriesDates(first('2026-09-29T18:00', '2026-09-29T20:00'), ZONE, {
      frequency: 'monthly_weekday',
      until: '2026-12-31',
    });
    expect(last.map((date) => local(date.startTime))).toEqual([
      '2026-09-29 18:00 Tue',
      '2026-10-27 18:00 Tue',
      '2026-11-24 18:00 Tue',
      '2026-12-29 18:00 Tue',
    ]);
  });

  it('a list of dates at the first wall time, sorted; a retreat keeps its span of days and end time', () => {
    const dates = seriesDates(first('2026-05-15T16:00', '2026-05-17T14:00'), ZONE, {
      frequency: 'dates',
      dates: ['2026-11-06', '2026-08-21'],
    });
    expect(dates.map((date) => `${local(date.startTime)} → ${local(date.endTime)}`)).toEqual([
      '2026-05-15 16:00 Fri → 2026-05-17 14:00 Sun',
      '2026-08-21 16:00 Fri → 2026-08-23 14:00 Sun',
      '2026-11-06 16:00 Fri → 2026-11-08 14:00 Sun',
    ]);
  });

  it('until is inclusive; count includes the first date', () => {
    const rule: SeriesRule = { frequency: 'weekly', interval: 1, until: '2026-06-16' };
    expect(seriesDates(first('2026-06-02T19:00', '2026-06-02T20:00'), ZONE, rule)).toHaveLength(3);
    const counted = seriesDates(first('2026-06-02T19:00', '2026-06-02T20:00'), ZONE, {
      frequency: 'weekly',
      interval: 1,
      count: MAX_SERIES_DATES,
    });
    expect(counted).toHaveLength(MAX_SERIES_DATES);
  });

  it('refuses bounds with German messages', () => {
    const start = first('2026-06-02T19:00', '2026-06-02T20:00');
    expect(
      refusal(() => seriesDates(start, ZONE, { frequency: 'weekly', interval: 1, until: '2026-06-02' })),
    ).toBe(SERIES_MESSAGES.untilBeforeFirst);
    expect(
      refusal(() => seriesDates(start, ZONE, { frequency: 'weekly', interval: 2, until: '2026-06-10' })),
    ).toBe(SERIES_MESSAGES.noMoreDates);
    expect(
      refusal(() => seriesDates(start, ZONE, { frequency: 'weekly', interval: 1, until: '2028-01-01' })),
    ).toBe(SERIES_MESSAGES.tooMany);
    expect(refusal(() => seriesDates(start, ZONE, { frequency: 'dates', dates: ['2026-06-01'] }))).toBe(
      SERIES_MESSAGES.dateBeforeFirst,
    );
  });
});
