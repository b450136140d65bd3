import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTimeSeconds,
  formatFileSize,
  formatMonth,
  formatPrice,
  formatTime,
  formatTimeRange,
  formatWeekday,
} from './format';

// Intl puts a no-break space between amount and currency sign; compare with plain spaces.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('format (de-DE, Europe/Berlin)', () => {
  it('dates, times, months in Berlin time, summer and winter', () => {
    expect(formatDate('2026-03-14T17:30:00Z')).toBe('Sa., 14.03.2026');
    expect(formatDate('2026-03-14T23:30:00Z')).toBe('So., 15.03.2026'); // after midnight in Berlin
    expect(formatTime('2026-03-14T17:30:00Z')).toBe('18:30'); // CET
    expect(formatTime('2026-07-14T17:30:00Z')).toBe('19:30'); // CEST
    expect(formatTime('2026-07-14T22:05:00Z')).toBe('00:05');
    expect(formatTimeRange('2026-03-14T17:30:00Z', '2026-03-14T19:00:00Z')).toBe('18:30–20:00 Uhr');
    expect(formatWeekday('2026-03-14T17:30:00Z')).toBe('Sa.');
    expect(formatMonth('2026-03-31T22:30:00Z')).toBe('April 2026');
    expect(formatMonth('2026-03-01T12:00:00Z')).toBe('März 2026');
  });

  it('another zone, and an unknown zone falls back to Berlin', () => {
    expect(formatTime('2026-03-14T17:30:00Z', 'America/New_York')).toBe('13:30');
    expect(formatTime('2026-03-14T17:30:00Z', 'Nirgendwo/Stadt')).toBe('18:30');
  });

  it('prices from cents', () => {
    expect(plain(formatPrice(14900, 'EUR'))).toBe('149,00 €');
    expect(plain(formatPrice(0))).toBe('0,00 €');
    expect(plain(formatPrice(129000))).toBe('1.290,00 €');
    expect(plain(formatPrice(5, 'EUR'))).toBe('0,05 €');
  });

  it('a moment to the second and a file size (the dev mailbox)', () => {
    expect(formatDateTimeSeconds('2026-03-14T17:30:05Z')).toBe('14.03.2026, 18:30:05');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
  });
});
