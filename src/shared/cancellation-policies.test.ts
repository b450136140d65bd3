import { describe, expect, it } from 'vitest';
import { hoursInWords, leadTimeInWords, REFUND_TYPE_LABELS } from './cancellation-policies';

// Issue 29 item 22 (docs/decisions/049-admin-screens-say-what-they-mean.md): no '2w' and no '1 Stunden' for people.
describe('lead times in words', () => {
  it.each([
    [336, '2 Wochen'],
    [168, '1 Woche'],
    [72, '3 Tage'],
    [24, '1 Tag'],
    [36, '36 Stunden'],
    [1, '1 Stunde'],
    [0, '0 Stunden'],
  ])('%i h → %s', (hours, words) => {
    expect(leadTimeInWords(hours)).toBe(words);
  });

  it('says one hour in the singular', () => {
    expect(hoursInWords(1)).toBe('1 Stunde');
    expect(hoursInWords(2)).toBe('2 Stunden');
    expect(hoursInWords(1000)).toBe('1.000 Stunden');
  });

  it('names the fixed amount in euro signs, as every other screen does', () => {
    expect(REFUND_TYPE_LABELS.fixed_amount).toBe('Fester Betrag (€)');
  });
});
