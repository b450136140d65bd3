import { describe, expect, it } from 'vitest';
import { ADMIN_EVENT_MESSAGES as M, MAX_TRANSFER_CUTOFF_HOURS, type AdminEvent } from '@shared/admin-events';
import { WAITLIST_MESSAGES } from '@shared/waitlist';
import {
  centsToEuroInput,
  emptyFormValues,
  errorsFromIssues,
  formValuesOf,
  parseEuroCents,
  toEventInput,
  type EventFormValues,
} from './event-form-values';
import { isoToZonedLocal, zonedLocalToIso } from '@web/lib/zoned-local-time';

describe('parseEuroCents', () => {
  it.each([
    ['49', 4900],
    ['49,9', 4990],
    ['49,90', 4990],
    ['49.90', 4990],
    [' 1.249,50 € ', 124950],
    ['0', 0],
    ['0,05', 5],
  ])('%j → %d cents', (text, cents) => {
    expect(parseEuroCents(text)).toBe(cents);
  });

  it('answers null for an empty field and NaN for anything it cannot read', () => {
    expect(parseEuroCents('  ')).toBeNull();
    for (const bad of ['-5', '4,999', 'zehn', '1,2,3', '12.5.0']) expect(parseEuroCents(bad)).toBeNaN();
  });

  it('reads back what it shows', () => {
    for (const cents of [0, 5, 4990, 124950]) expect(parseEuroCents(centsToEuroInput(cents))).toBe(cents);
    expect(centsToEuroInput(4990)).toBe('49,90');
  });
});

describe('wall times of the event zone', () => {
  it.each([
    ['2026-01-15T18:30', 'Europe/Berlin', '2026-01-15T17:30:00.000Z'],
    ['2026-07-15T18:30', 'Europe/Berlin', '2026-07-15T16:30:00.000Z'],
    ['2026-10-25T02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    ['2026-07-15T18:30', 'America/New_York', '2026-07-15T22:30:00.000Z'],
    ['2026-07-15T18:30', 'UTC', '2026-07-15T18:30:00.000Z'],
  ])('%s in %s is %s', (local, zone, iso) => {
    expect(zonedLocalToIso(local, zone)).toBe(iso);
    expect(isoToZonedLocal(iso, zone)).toBe(local);
  });

  it('moves a time inside the spring gap forward and refuses malformed input', () => {
    expect(zonedLocalToIso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    for (const bad of ['', '2026-02-30T10:00', '2026-01-01 10:00', '2026-01-01T25:00']) {
      expect(zonedLocalToIso(bad, 'Europe/Berlin')).toBeNull();
    }
  });
});

const filled = (overrides: Partial<EventFormValues> = {}): EventFormValues => ({
  ...emptyFormValues(),
  title: 'Atem und Stimme',
  description: 'Text\r\n\r\n',
  start: '2030-05-01T18:00',
  end: '2030-05-01T21:00',
  location: 'Hamburg',
  totalSeats: '12',
  price: '49,90',
  ...overrides,
});

describe('toEventInput', () => {
  it('converts euros to cents, wall times to instants, blanks to null; no slug on create', () => {
    const result = toEventInput(filled({ earlyBirdPrice: '39', earlyBirdEndsAt: '2030-04-01T00:00' }), {
      mode: 'create',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).toMatchObject({
      priceCents: 4990,
      earlyBirdPriceCents: 3900,
      earlyBirdEndsAt: '2030-03-31T22:00:00.000Z',
      startTime: '2030-05-01T16:00:00.000Z',
      totalSeats: 12,
      room: '',
      cancellationPolicyId: null,
    });
    expect('slug' in result.input).toBe(false);
    expect(toEventInput(filled({ slug: 'atem' }), { mode: 'edit' })).toMatchObject({
      ok: true,
      input: { slug: 'atem' },
    });
  });

  it('shows the shared messages at the form fields', () => {
    const result = toEventInput(
      filled({ title: ' ', price: 'zehn', totalSeats: '3,5', end: '2030-05-01T17:00', earlyBirdPrice: '10' }),
      { mode: 'create' },
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        title: M.title,
        price: M.price,
        totalSeats: M.totalSeats,
        end: M.endBeforeStart,
        earlyBirdEndsAt: M.earlyBirdPair,
      },
    });
    expect(toEventInput(emptyFormValues(), { mode: 'create' })).toMatchObject({
      ok: false,
      errors: { start: M.startTime, end: M.endTime, price: M.price, description: M.description },
    });
  });

  it('keeps the total at or above the seats already taken', () => {
    expect(toEventInput(filled({ totalSeats: '4' }), { mode: 'edit', takenSeats: 5 })).toEqual({
      ok: false,
      errors: { slug: M.slug, totalSeats: M.seatsBelowTaken(5) },
    });
    expect(toEventInput(filled({ slug: 'a', totalSeats: '5' }), { mode: 'edit', takenSeats: 5 }).ok).toBe(
      true,
    );
  });
});

describe('waiting list and transfer cut-off (docs/product/waiting-list.md#offer-time)', () => {
  it('starts with the list on, 24 offer hours and transfers until the start', () => {
    expect(emptyFormValues()).toMatchObject({
      waitlistEnabled: true,
      waitlistOfferHours: '24',
      transferCutoffHours: '0',
    });
    const result = toEventInput(filled(), { mode: 'create' });
    expect(result).toMatchObject({
      ok: true,
      input: { waitlistEnabled: true, waitlistOfferHours: 24, transferCutoffHours: 0 },
    });
  });

  it('converts whole hours and sends the switch as it is', () => {
    const result = toEventInput(
      filled({ waitlistEnabled: false, waitlistOfferHours: ' 48 ', transferCutoffHours: '12' }),
      { mode: 'create' },
    );
    expect(result).toMatchObject({
      ok: true,
      input: { waitlistEnabled: false, waitlistOfferHours: 48, transferCutoffHours: 12 },
    });
  });

  it('shows the shared messages for hours out of range or not whole', () => {
    const offerHours = WAITLIST_MESSAGES.offerHours;
    for (const bad of ['0', '169', '1,5', '', 'x']) {
      const result = toEventInput(filled({ waitlistOfferHours: bad }), { mode: 'create' });
      expect(result).toEqual({ ok: false, errors: { waitlistOfferHours: offerHours } });
    }
    for (const fine of ['1', '168']) {
      expect(toEventInput(filled({ waitlistOfferHours: fine }), { mode: 'create' }).ok).toBe(true);
    }
    for (const bad of ['-1', String(MAX_TRANSFER_CUTOFF_HOURS + 1), '2.5', '']) {
      const result = toEventInput(filled({ transferCutoffHours: bad }), { mode: 'create' });
      expect(result.ok ? {} : Object.keys(result.errors)).toEqual(['transferCutoffHours']);
    }
    expect(
      toEventInput(filled({ transferCutoffHours: String(MAX_TRANSFER_CUTOFF_HOURS) }), { mode: 'create' }).ok,
    ).toBe(true);
  });

  it('shows the stored values, and the defaults for answers without them', () => {
    const stored = {
      ...storedEvent(),
      waitlistEnabled: false,
      waitlistOfferHours: 6,
      transferCutoffHours: 48,
    };
    expect(formValuesOf(stored)).toMatchObject({
      waitlistEnabled: false,
      waitlistOfferHours: '6',
      transferCutoffHours: '48',
    });
    expect(formValuesOf(storedEvent())).toMatchObject({
      waitlistEnabled: true,
      waitlistOfferHours: '24',
      transferCutoffHours: '0',
    });
  });
});

/** A stored event as GET /api/admin/events/:id answers, without the optional fields. */
const storedEvent = (): AdminEvent => ({
  ...({} as AdminEvent),
  title: 'T',
  slug: 't',
  shortDescription: null,
  description: 'D',
  startTime: '2030-07-01T16:00:00.000Z',
  endTime: '2030-07-01T19:00:00.000Z',
  timezone: 'Europe/Berlin',
  location: 'Hamburg',
  venue: 'Heidehof Wilsede',
  room: null,
  mode: 'online',
  onlineUrl: 'https://example.org/raum',
  totalSeats: 20,
  priceCents: 4900,
  currency: 'EUR',
  priceUnit: 'per_pair',
  earlyBirdPriceCents: null,
  earlyBirdEndsAt: null,
  isFeatured: true,
  isPrivate: false,
  hidden: false,
  status: 'published',
  cancellationPolicyId: null,
  organizerIds: ['u1'],
});

describe('formValuesOf', () => {
  it('shows a stored event in its own zone and in euros', () => {
    expect(formValuesOf(storedEvent())).toMatchObject({
      start: '2030-07-01T18:00',
      end: '2030-07-01T21:00',
      price: '49,00',
      totalSeats: '20',
      earlyBirdPrice: '',
      venue: 'Heidehof Wilsede',
      room: '',
      cancellationPolicyId: '',
    });
  });
});

describe('errorsFromIssues', () => {
  it('maps API paths to fields and keeps the first message per field', () => {
    expect(
      errorsFromIssues([
        { path: 'priceCents', message: 'a' },
        { path: 'priceCents', message: 'b' },
        { path: 'organizerIds.0', message: 'c' },
        { path: 'unbekannt', message: 'd' },
      ]),
    ).toEqual({ price: 'a', organizerIds: 'c' });
  });
});
