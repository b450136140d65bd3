import { describe, expect, it } from 'vitest';
import { firstFreeSlug, isValidSlug, normalizeDescription, slugFromTitle, slugify } from './event-text';

describe('normalizeDescription (docs/product/events.md#description-normalised)', () => {
  it.each([
    ['Zeile 1\r\nZeile 2\rZeile 3', 'Zeile 1\nZeile 2\nZeile 3'],
    ['Text   \nmehr\t \n', 'Text\nmehr'],
    ['\n \n\t\nMitte\n\n  \n', 'Mitte'],
    ['  eingerückt\n\n\nAbsatz', '  eingerückt\n\n\nAbsatz'],
    ['Ende\u00a0\u2003', 'Ende'],
    ['   \r\n\t', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeDescription(input)).toBe(expected);
  });

  it('is idempotent', () => {
    const once = normalizeDescription('\r\n a  \r\n\r\n b \n\n');
    expect(normalizeDescription(once)).toBe(once);
  });
});

describe('slugs (docs/product/events.md#slug)', () => {
  it.each([
    ['Yoga am Morgen', 'yoga-am-morgen'],
    ['Rücken & Café: Übungen für Groß und Klein!', 'ruecken-cafe-uebungen-fuer-gross-und-klein'],
    ['  --Atem--  ', 'atem'],
    ['2026 Retreat', '2026-retreat'],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(isValidSlug(slug)).toBe(true);
  });

  it('never answers an empty or overlong slug for a new event', () => {
    expect(slugFromTitle('!!!')).toBe('event');
    const long = slugFromTitle(`${'a'.repeat(119)} b`);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(isValidSlug(long)).toBe(true);
  });

  it('numbers repeated slugs from 2', () => {
    expect(firstFreeSlug('yoga', new Set())).toBe('yoga');
    expect(firstFreeSlug('yoga', new Set(['yoga', 'yoga-2']))).toBe('yoga-3');
    const long = 'a'.repeat(120);
    const next = firstFreeSlug(long, new Set([long]));
    expect([next.length, next.endsWith('-2'), isValidSlug(next)]).toEqual([120, true, true]);
  });

  it('refuses what the database CHECK refuses', () => {
    for (const bad of ['Gross', 'a--b', '-a', 'a-', 'ä', 'a b', '']) expect(isValidSlug(bad)).toBe(false);
  });
});
