import { describe, expect, it } from 'vitest';
import type { PublicEvent } from './events';
import {
  calendarEnd,
  calendarFileName,
  currentUnitPriceCents,
  descriptionParagraphs,
  earlyBirdCountdown,
  eventAddress,
  googleCalendarUrl,
  isEarlyBird,
  mapsUrl,
  metaDescription,
  monthKey,
  perTicketText,
  priceUnitLabel,
  seatBadge,
  ticketsFreeText,
  ticketsLeft,
  timetableRows,
  truncateText,
  upcomingEvents,
  type TimetableItem,
} from './event-rules';

const NOW = new Date('2026-03-10T12:00:00Z');
const FUTURE = '2026-04-01T08:00:00Z';
const PAST = '2026-03-01T08:00:00Z';

describe('seatBadge (docs/product/events.md#seat-badge, low-seat threshold 10 %)', () => {
  it.each([
    // [available, total, kind, label]
    [24, 24, 'ok', '24 Tickets übrig'],
    [3, 24, 'ok', '3 Tickets übrig'], // 12.5 %
    [3, 30, 'low', '3 Tickets übrig'], // exactly 10 %
    [4, 30, 'ok', '4 Tickets übrig'], // 13.3 %
    [2, 24, 'low', '2 Tickets übrig'],
    [1, 10, 'low', '1 Ticket übrig'], // exactly 10 %, singular
    [2, 10, 'ok', '2 Tickets übrig'], // 20 %
    [1, 24, 'low', '1 Ticket übrig'],
    [0, 24, 'soldout', 'Ausgebucht'],
    [-1, 24, 'soldout', 'Ausgebucht'], // never negative on the server, but safe
  ] as const)('%i of %i → %s %j', (available, total, kind, label) => {
    const badge = seatBadge({ startTime: FUTURE, availableSeats: available, totalSeats: total }, NOW);
    expect(badge?.kind).toBe(kind);
    expect(badge?.label).toBe(label);
  });

  it('no badge for past events or events without seats', () => {
    expect(seatBadge({ startTime: PAST, availableSeats: 5, totalSeats: 10 }, NOW)).toBeNull();
    expect(seatBadge({ startTime: NOW.toISOString(), availableSeats: 5, totalSeats: 10 }, NOW)).toBeNull();
    expect(seatBadge({ startTime: FUTURE, availableSeats: 0, totalSeats: 0 }, NOW)).toBeNull();
    expect(seatBadge({ startTime: FUTURE, availableSeats: 0, totalSeats: -3 }, NOW)).toBeNull();
  });

  it('a dash when the seat data is missing', () => {
    for (const seats of [
      { availableSeats: null, totalSeats: 10 },
      { availableSeats: 4, totalSeats: null },
      { availableSeats: undefined, totalSeats: undefined },
      { availableSeats: Number.NaN, totalSeats: 10 },
    ]) {
      expect(seatBadge({ startTime: FUTURE, ...seats }, NOW)).toEqual({ kind: 'none', label: '–' });
    }
  });

  it('per pair: one ticket takes two seats', () => {
    const pair = { startTime: FUTURE, totalSeats: 20, priceUnit: 'per_pair' as const };
    expect(seatBadge({ ...pair, availableSeats: 14 }, NOW)?.label).toBe('7 Tickets übrig');
    expect(seatBadge({ ...pair, availableSeats: 3 }, NOW)?.label).toBe('1 Ticket übrig');
    expect(seatBadge({ ...pair, availableSeats: 1 }, NOW)).toEqual({ kind: 'soldout', label: 'Ausgebucht' });
  });

  it("ticketsLeft and the older page's counter count the same tickets as the badge (decision 024)", () => {
    expect(ticketsLeft({ availableSeats: 15, priceUnit: 'per_pair' })).toBe(7);
    expect(ticketsLeft({ availableSeats: 15, priceUnit: 'per_person' })).toBe(15);
    expect(ticketsLeft({ availableSeats: 1, priceUnit: 'per_pair' })).toBe(0);
    expect(ticketsLeft({ availableSeats: -2, priceUnit: 'per_pair' })).toBe(0);
    expect(ticketsLeft({ availableSeats: null, priceUnit: 'per_pair' })).toBe(0);
    expect(ticketsFreeText(7)).toBe('7 Tickets frei');
    expect(ticketsFreeText(1)).toBe('1 Ticket frei');
  });
});

describe('early bird (docs/product/events.md#early-bird)', () => {
  const event = { priceCents: 69000, earlyBirdPriceCents: 59000, earlyBirdEndsAt: '2026-03-10T12:00:00Z' };
  it.each([
    ['one millisecond before the end', new Date('2026-03-10T11:59:59.999Z'), true, 59000],
    ['exactly at the end', new Date('2026-03-10T12:00:00Z'), false, 69000],
    ['after the end', new Date('2026-03-11T00:00:00Z'), false, 69000],
  ])('%s', (_, now, early, price) => {
    expect(isEarlyBird(event, now)).toBe(early);
    expect(currentUnitPriceCents(event, now)).toBe(price);
  });

  it('needs both an early-bird price and an end', () => {
    const before = new Date('2026-01-01T00:00:00Z');
    expect(isEarlyBird({ ...event, earlyBirdPriceCents: null }, before)).toBe(false);
    expect(isEarlyBird({ ...event, earlyBirdEndsAt: null }, before)).toBe(false);
    expect(isEarlyBird({ ...event, earlyBirdPriceCents: 0 }, before)).toBe(true); // free early bird is a price
    expect(currentUnitPriceCents({ ...event, earlyBirdEndsAt: null }, before)).toBe(69000);
  });
});

describe('earlyBirdCountdown', () => {
  const end = new Date('2026-03-13T16:12:00Z');
  const minus = (ms: number) => new Date(end.getTime() - ms);
  const MIN = 60_000;
  it.each([
    [3 * 1440 * MIN + 4 * 60 * MIN + 12 * MIN, 'noch 3 Tage, 4 Stunden, 12 Minuten'],
    [1440 * MIN + 60 * MIN + MIN, 'noch 1 Tag, 1 Stunde, 1 Minute'],
    [2 * 1440 * MIN, 'noch 2 Tage'],
    [2 * 60 * MIN + 30 * MIN + 59_000, 'noch 2 Stunden, 30 Minuten'], // seconds are cut off
    [MIN, 'noch 1 Minute'],
    [59_999, 'noch weniger als 1 Minute'],
  ])('%i ms left → %s', (left, text) => {
    expect(earlyBirdCountdown(end, minus(left))).toBe(text);
    expect(earlyBirdCountdown(end.toISOString(), minus(left))).toBe(text);
  });
  it('null when over', () => {
    expect(earlyBirdCountdown(end, end)).toBeNull();
    expect(earlyBirdCountdown(end, minus(-1))).toBeNull();
    expect(earlyBirdCountdown('kaputt', end)).toBeNull();
  });
});

describe('price unit texts (docs/product/events.md#price-unit)', () => {
  it.each([
    ['per_pair', 'compact', '/ Paar'],
    ['per_person', 'compact', '/ Person'],
    ['per_pair', 'long', 'pro Paar'],
    ['per_person', 'long', 'pro Person'],
  ] as const)('%s %s → %s', (unit, style, label) => {
    expect(priceUnitLabel(unit, style)).toBe(label);
  });
  it('per ticket', () => {
    expect(perTicketText('per_pair')).toBe('1 Ticket für 1 Paar');
    expect(perTicketText('per_person')).toBe('1 Person');
  });
});

describe('monthKey in Europe/Berlin', () => {
  it.each([
    ['2026-01-31T22:59:59Z', '2026-01'], // 23:59:59 CET
    ['2026-01-31T23:00:00Z', '2026-02'], // 00:00 CET on 1 February
    ['2026-03-31T21:59:59Z', '2026-03'], // 23:59:59 CEST
    ['2026-03-31T22:00:00Z', '2026-04'], // 00:00 CEST on 1 April
    ['2025-12-31T23:00:00Z', '2026-01'],
  ])('%s → %s', (iso, key) => {
    expect(monthKey(iso)).toBe(key);
  });
  it('another zone', () => {
    expect(monthKey('2026-03-31T22:00:00Z', 'UTC')).toBe('2026-03');
  });
});

describe('upcomingEvents', () => {
  it('keeps events that have not started, soonest first', () => {
    const events = [{ startTime: FUTURE }, { startTime: PAST }, { startTime: '2026-03-20T08:00:00Z' }];
    expect(upcomingEvents(events, NOW).map((e) => e.startTime)).toEqual(['2026-03-20T08:00:00Z', FUTURE]);
  });
});

describe('timetableRows (docs/product/events.md#timetable)', () => {
  const ev = (id: string, startTime: string) => ({ id, startTime });
  const shape = (items: TimetableItem<{ id: string }>[]) =>
    items.map((item) =>
      item.kind === 'month'
        ? `${item.key}+${item.spacerPx}`
        : item.kind === 'today'
          ? 'HEUTE'
          : `${item.event.id}${item.past ? '(past)' : ''}`,
    );

  it('only the last 3 past events, divider inside the current month, next index', () => {
    const events = [
      ev('p1', '2025-12-05T10:00:00Z'),
      ev('p2', '2026-01-10T10:00:00Z'),
      ev('p3', '2026-02-10T10:00:00Z'),
      ev('p4', '2026-03-01T10:00:00Z'),
      ev('u1', '2026-03-20T10:00:00Z'),
      ev('u2', '2026-06-01T10:00:00Z'),
    ];
    const { items, nextIndex } = timetableRows(events, NOW);
    expect(shape(items)).toEqual([
      '2026-01+0',
      'p2(past)',
      '2026-02+0',
      'p3(past)',
      '2026-03+0',
      'p4(past)',
      'HEUTE',
      'u1',
      '2026-06+24', // April and May skipped: 2 × 12 px
      'u2',
    ]);
    expect(items[nextIndex]).toMatchObject({ kind: 'event', event: { id: 'u1' } });
  });

  it('divider before a later month when nothing is upcoming this month', () => {
    const { items, nextIndex } = timetableRows(
      [ev('p', '2026-02-10T10:00:00Z'), ev('u', '2026-05-02T10:00:00Z')],
      NOW,
    );
    expect(shape(items)).toEqual(['2026-02+0', 'p(past)', 'HEUTE', '2026-05+24', 'u']);
    expect(nextIndex).toBe(4);
  });

  it('divider after the current month heading when the first upcoming event opens it', () => {
    const { items } = timetableRows([ev('p', '2026-02-10T10:00:00Z'), ev('u', '2026-03-25T10:00:00Z')], NOW);
    expect(shape(items)).toEqual(['2026-02+0', 'p(past)', '2026-03+0', 'HEUTE', 'u']);
  });

  it('no past events: divider first; all past: divider last and no next row', () => {
    expect(shape(timetableRows([ev('u', '2026-03-25T10:00:00Z')], NOW).items)).toEqual([
      '2026-03+0',
      'HEUTE',
      'u',
    ]);
    expect(shape(timetableRows([ev('u', '2026-07-25T10:00:00Z')], NOW).items)).toEqual([
      'HEUTE',
      '2026-07+0',
      'u',
    ]);
    const allPast = timetableRows([ev('a', '2026-01-02T10:00:00Z'), ev('b', '2026-03-02T10:00:00Z')], NOW);
    expect(shape(allPast.items)).toEqual(['2026-01+0', 'a(past)', '2026-03+12', 'b(past)', 'HEUTE']);
    expect(allPast.nextIndex).toBe(-1);
  });

  it('empty list, unsorted input, month by Berlin time, spacer across a year', () => {
    expect(timetableRows([], NOW)).toEqual({ items: [], nextIndex: -1 });
    const { items } = timetableRows(
      [ev('b', '2027-02-01T10:00:00Z'), ev('a', '2026-03-31T22:30:00Z'), ev('c', '2027-02-20T10:00:00Z')],
      NOW,
    );
    // 'a' is 1 April 00:30 in Berlin; May 2026 … January 2027 skipped: 9 months
    expect(shape(items)).toEqual(['HEUTE', '2026-04+0', 'a', '2027-02+108', 'b', 'c']);
  });

  it('an event starting right now counts as past', () => {
    const { items } = timetableRows([ev('now', NOW.toISOString())], NOW);
    expect(shape(items)).toEqual(['2026-03+0', 'now(past)', 'HEUTE']);
  });
});

const event: PublicEvent = {
  id: 'e1',
  slug: 'klarheit-finden',
  title: 'Klarheit finden – Wochenende',
  shortDescription: 'Zwei Tage am Meer.',
  description: 'Erster Absatz.\n\nZweiter & letzter Absatz.',
  startTime: '2026-03-28T09:00:00Z', // 10:00 CET
  endTime: '2026-03-29T15:00:00Z', // 17:00 CEST (clocks go forward on 29 March)
  timezone: 'Europe/Berlin',
  location: 'Kühlungsborn',
  locationDetails: null,
  room: null,
  venue: 'Seminarhaus Dünenblick',
  mode: 'presence',
  priceCents: 32000,
  earlyBirdPriceCents: null,
  earlyBirdEndsAt: null,
  currency: 'EUR',
  priceUnit: 'per_person',
  totalSeats: 24,
  availableSeats: 2,
  isFeatured: false,
  status: 'published',
  website: null,
  imageUrl: null,
  media: [],
  links: [],
  tags: [],
  organizers: [],
  waitlistEnabled: true,
  minParticipants: null,
};

describe('googleCalendarUrl (docs/product/events.md#calendar-entry)', () => {
  it('local timestamps of the event zone with ctz, details with the link, location', () => {
    const url = new URL(googleCalendarUrl(event, 'https://shop.example/'));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Klarheit finden – Wochenende');
    expect(url.searchParams.get('dates')).toBe('20260328T100000/20260329T170000');
    expect(url.searchParams.get('ctz')).toBe('Europe/Berlin');
    expect(url.searchParams.get('location')).toBe('Seminarhaus Dünenblick, Kühlungsborn');
    expect(url.searchParams.get('details')).toBe(
      'Erster Absatz.\n\nZweiter & letzter Absatz.\n\nhttps://shop.example/event/klarheit-finden',
    );
  });

  it('online events: location Online; no valid end: start + 2 h', () => {
    const online = { ...event, mode: 'online' as const, endTime: '' };
    const url = new URL(googleCalendarUrl(online, 'http://localhost:3000'));
    expect(url.searchParams.get('location')).toBe('Online');
    expect(url.searchParams.get('dates')).toBe('20260328T100000/20260328T120000');
    expect(calendarEnd({ startTime: event.startTime, endTime: '2026-03-28T08:00:00Z' }).toISOString()).toBe(
      '2026-03-28T11:00:00.000Z',
    );
  });

  it('another time zone', () => {
    const url = new URL(googleCalendarUrl({ ...event, timezone: 'America/New_York' }, 'https://x.example'));
    expect(url.searchParams.get('dates')).toBe('20260328T050000/20260329T110000');
    expect(url.searchParams.get('ctz')).toBe('America/New_York');
  });

  it('file name from the slug', () => {
    expect(calendarFileName('klarheit-finden')).toBe('klarheit-finden.ics');
    expect(calendarFileName('a.ics')).toBe('a.ics');
  });
});

describe('places and texts', () => {
  it('address and maps links', () => {
    expect(eventAddress(event)).toBe('Seminarhaus Dünenblick, Kühlungsborn');
    expect(eventAddress({ ...event, venue: null })).toBe('Kühlungsborn');
    expect(mapsUrl('Speicher am Hafen, Lübeck', 'apple')).toBe(
      'https://maps.apple.com/?q=Speicher%20am%20Hafen%2C%20L%C3%BCbeck',
    );
    expect(mapsUrl('Lübeck', 'google')).toBe('https://www.google.com/maps/search/?api=1&query=L%C3%BCbeck');
  });

  it('meta description at most 160 characters', () => {
    const long = 'Wort '.repeat(60);
    const text = metaDescription({ shortDescription: null, description: long });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('…')).toBe(true);
    expect(metaDescription({ shortDescription: '  Kurz\nund gut ', description: long })).toBe('Kurz und gut');
    expect(truncateText('x'.repeat(160), 160)).toHaveLength(160);
    expect(truncateText('x'.repeat(161), 160)).toHaveLength(160);
  });

  it('paragraphs split at blank lines', () => {
    expect(descriptionParagraphs('Eins\nweiter\n\n  \n\nZwei <b>nicht fett</b>\n')).toEqual([
      'Eins\nweiter',
      'Zwei <b>nicht fett</b>',
    ]);
  });
});
