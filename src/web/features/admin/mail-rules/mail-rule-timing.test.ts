import { describe, expect, it } from 'vitest';
import {
  formatOffset,
  formatRuleTiming,
  offsetMinutesOf,
  ruleSummary,
  splitOffset,
} from './mail-rule-timing';

describe('when a mail rule is due, in words', () => {
  it('names the largest whole unit, singular for one', () => {
    expect(formatOffset(2880)).toBe('2 Tage');
    expect(formatOffset(1440)).toBe('1 Tag');
    expect(formatOffset(60)).toBe('1 Stunde');
    expect(formatOffset(180)).toBe('3 Stunden');
    expect(formatOffset(90)).toBe('90 Minuten');
    expect(formatOffset(1)).toBe('1 Minute');
    expect(formatOffset(0)).toBe('0 Minuten');
  });

  it('says before the start or after the end', () => {
    expect(formatRuleTiming('before_start', 2880)).toBe('2 Tage vor Beginn');
    expect(formatRuleTiming('after_end', 1440)).toBe('1 Tag nach Ende');
    expect(formatRuleTiming('before_start', 0)).toBe('Zu Beginn');
    expect(formatRuleTiming('after_end', 0)).toBe('Direkt nach Ende');
    expect(ruleSummary({ trigger: 'after_end', offsetMinutes: 120, audience: 'checked_in' })).toBe(
      '2 Stunden nach Ende · Nur Eingecheckte',
    );
  });

  it('turns the dialog’s number and unit into minutes and back', () => {
    expect(offsetMinutesOf('2', 'days')).toBe(2880);
    expect(offsetMinutesOf(' 3 ', 'hours')).toBe(180);
    expect(offsetMinutesOf('45', 'minutes')).toBe(45);
    expect(offsetMinutesOf('1,5', 'days')).toBeNaN();
    expect(offsetMinutesOf('', 'days')).toBeNaN();
    expect(splitOffset(2880)).toEqual({ amount: 2, unit: 'days' });
    expect(splitOffset(0)).toEqual({ amount: 0, unit: 'days' });
    expect(splitOffset(150)).toEqual({ amount: 150, unit: 'minutes' });
  });
});
