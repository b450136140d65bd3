import { describe, expect, it } from 'vitest';
import { SERIES_MESSAGES } from '@shared/series';
import { initialRuleValues, monthlyLabel, ruleOf } from './series-rule-form';

describe('ruleOf (docs/product/event-series.md#series-rules)', () => {
  it('makes each rule from the form', () => {
    expect(ruleOf({ ...initialRuleValues, rhythm: 'weekly', count: '6' })).toEqual({
      rule: { frequency: 'weekly', interval: 1, count: 6 },
    });
    expect(
      ruleOf({
        ...initialRuleValues,
        rhythm: 'every_n_weeks',
        interval: '3',
        endKind: 'until',
        until: '2026-12-01',
      }),
    ).toEqual({
      rule: { frequency: 'weekly', interval: 3, until: '2026-12-01' },
    });
    expect(ruleOf(initialRuleValues)).toEqual({ rule: { frequency: 'monthly_weekday', count: 4 } });
    expect(
      ruleOf({ ...initialRuleValues, rhythm: 'dates', dates: ['2026-07-01', '', '2026-08-05'] }),
    ).toEqual({
      rule: { frequency: 'dates', dates: ['2026-07-01', '2026-08-05'] },
    });
  });

  it('answers the first German message of a bad form', () => {
    expect(ruleOf({ ...initialRuleValues, count: '1' })).toEqual({ error: SERIES_MESSAGES.count });
    expect(ruleOf({ ...initialRuleValues, count: 'vier' })).toEqual({ error: SERIES_MESSAGES.count });
    expect(ruleOf({ ...initialRuleValues, endKind: 'until', until: '' })).toEqual({
      error: SERIES_MESSAGES.until,
    });
    expect(ruleOf({ ...initialRuleValues, rhythm: 'every_n_weeks', interval: '13' })).toEqual({
      error: SERIES_MESSAGES.interval,
    });
    expect(ruleOf({ ...initialRuleValues, rhythm: 'dates', dates: [''] })).toEqual({
      error: SERIES_MESSAGES.dates,
    });
  });

  it('names the weekday of the month in the event zone', () => {
    expect(monthlyLabel('2026-09-08T17:00:00Z', 'Europe/Berlin')).toBe('Jeden Monat am 2. Dienstag');
    expect(monthlyLabel('2026-09-29T16:00:00Z', 'Europe/Berlin')).toBe('Jeden Monat am letzten Dienstag');
    // 23:30 UTC on the 7th is already the 8th in Berlin
    expect(monthlyLabel('2026-09-07T22:30:00Z', 'Europe/Berlin')).toBe('Jeden Monat am 2. Dienstag');
  });
});
