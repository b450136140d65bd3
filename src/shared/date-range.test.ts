import { describe, expect, it } from 'vitest';
import { eventDateRange, eventTimeRange, eventWhen } from './date-range';

// Issue 12 item 12, docs/decisions/024-seats-in-tickets-and-date-ranges.md: one formatter for pages, mails
// and the ticket PDF.
const berlin = (startTime: string, endTime: string | null, timezone = 'Europe/Berlin') => ({
  startTime,
  endTime,
  timezone,
});

describe('event date ranges (de-DE, the event zone)', () => {
  it('a single day', () => {
    const day = berlin('2026-12-12T09:00:00Z', '2026-12-12T16:00:00Z');
    expect(eventDateRange(day)).toBe('Sa., 12.12.2026');
    expect(eventTimeRange(day)).toBe('10:00–17:00 Uhr');
    expect(eventWhen(day)).toBe('Sa., 12.12.2026, 10:00–17:00 Uhr');
  });

  it('without an end, or an end not after the start, only the start', () => {
    for (const end of [null, '2026-12-12T09:00:00Z', '2026-12-12T08:00:00Z']) {
      const day = berlin('2026-12-12T09:00:00Z', end);
      expect(eventDateRange(day)).toBe('Sa., 12.12.2026');
      expect(eventTimeRange(day)).toBe('10:00 Uhr');
      expect(eventWhen(day)).toBe('Sa., 12.12.2026, 10:00 Uhr');
    }
  });

  it('a weekend names its last day (Fri 15:00 to Sun 13:00)', () => {
    const weekend = berlin('2027-01-08T14:00:00Z', '2027-01-10T12:00:00Z');
    expect(eventDateRange(weekend)).toBe('Fr., 08.01.2027 – So., 10.01.2027');
    expect(eventTimeRange(weekend)).toBe('Fr. 15:00 – So. 13:00 Uhr');
    expect(eventWhen(weekend)).toBe('Fr., 08.01.2027, 15:00 Uhr – So., 10.01.2027, 13:00 Uhr');
  });

  it('across months and across years', () => {
    const months = berlin('2026-10-31T08:00:00Z', '2026-11-01T15:00:00Z');
    expect(eventDateRange(months)).toBe('Sa., 31.10.2026 – So., 01.11.2026');
    expect(eventTimeRange(months)).toBe('Sa. 09:00 – So. 16:00 Uhr');
    const years = berlin('2026-12-31T17:00:00Z', '2027-01-01T02:00:00Z');
    expect(eventDateRange(years)).toBe('Do., 31.12.2026 – Fr., 01.01.2027');
    expect(eventWhen(years)).toBe('Do., 31.12.2026, 18:00 Uhr – Fr., 01.01.2027, 03:00 Uhr');
  });

  it("days are the event zone's days: late UTC evening is the next day in Berlin", () => {
    // 23:30 UTC on 14 March is 00:30 on 15 March in Berlin: one day there, two days in UTC
    const night = berlin('2026-03-14T23:30:00Z', '2026-03-15T03:00:00Z');
    expect(eventDateRange(night)).toBe('So., 15.03.2026');
    expect(eventTimeRange(night)).toBe('00:30–04:00 Uhr');
    const newYork = berlin('2026-12-12T09:00:00Z', '2026-12-12T16:00:00Z', 'America/New_York');
    expect(eventWhen(newYork)).toBe('Sa., 12.12.2026, 04:00–11:00 Uhr');
    const unknown = berlin('2026-12-12T09:00:00Z', '2026-12-12T16:00:00Z', 'Nirgendwo/Stadt');
    expect(eventWhen(unknown)).toBe('Sa., 12.12.2026, 10:00–17:00 Uhr');
  });

  it('over a change of daylight saving time, both ends in their own offset', () => {
    // spring forward: Sat 15:00 CET (14:00 UTC) to Sun 13:00 CEST (11:00 UTC)
    const spring = berlin('2027-03-27T14:00:00Z', '2027-03-28T11:00:00Z');
    expect(eventDateRange(spring)).toBe('Sa., 27.03.2027 – So., 28.03.2027');
    expect(eventTimeRange(spring)).toBe('Sa. 15:00 – So. 13:00 Uhr');
    // fall back inside one night: 01:00 CEST (23:00 UTC) to 04:00 CET (03:00 UTC) is one day, 4 hours
    const autumn = berlin('2026-10-24T23:00:00Z', '2026-10-25T03:00:00Z');
    expect(eventDateRange(autumn)).toBe('So., 25.10.2026');
    expect(eventTimeRange(autumn)).toBe('01:00–04:00 Uhr');
  });

  it('takes Date objects as the server passes them', () => {
    const weekend = {
      startTime: new Date('2027-01-08T14:00:00Z'),
      endTime: new Date('2027-01-10T12:00:00Z'),
      timezone: 'Europe/Berlin',
    };
    expect(eventDateRange(weekend)).toBe('Fr., 08.01.2027 – So., 10.01.2027');
  });
});
