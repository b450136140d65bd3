import { describe, expect, it } from 'vitest';
import { payAgainUntil, returnDueAt } from './late-payments';

// The times of late verdicts (docs/decisions/054-late-verdicts-and-returned-debits.md)

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date('2030-03-01T10:00:00.000Z');
const after = (ms: number) => new Date(now.getTime() + ms);

describe('payAgainUntil', () => {
  it('is 48 hours, never past the start', () => {
    expect(payAgainUntil(now, after(30 * DAY))).toEqual(after(48 * HOUR));
    expect(payAgainUntil(now, after(20 * HOUR))).toEqual(after(20 * HOUR));
  });
});

describe('returnDueAt', () => {
  it('is 7 days, never later than a day before the start, and at least 2 days', () => {
    expect(returnDueAt(now, after(30 * DAY))).toEqual(after(7 * DAY));
    expect(returnDueAt(now, after(5 * DAY))).toEqual(after(4 * DAY));
    // the event is close: the buyer still gets two days
    expect(returnDueAt(now, after(2 * DAY))).toEqual(after(2 * DAY));
  });
});
