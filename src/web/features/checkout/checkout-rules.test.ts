import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '@shared/booking';
import type { PublicEvent } from '@shared/events';
import {
  availability,
  billingAddressProblems,
  billingAddressRequired,
  clampQuantity,
  emptyBillingAddress,
  maxQuantity,
  missingProfileParts,
  orderButtonState,
  orderPrice,
  profileIncompleteMessage,
  profileTarget,
  type OrderButtonInput,
} from './checkout-rules';
import { checkBillingAddress } from './billing-check';

const NOW = new Date('2026-05-01T10:00:00Z');

const event = (overrides: Partial<PublicEvent> = {}) =>
  ({
    startTime: '2026-06-01T16:00:00Z',
    availableSeats: 10,
    priceUnit: 'per_person',
    priceCents: 14900,
    earlyBirdPriceCents: null,
    earlyBirdEndsAt: null,
    ...overrides,
  }) as PublicEvent;

describe('maxQuantity (docs/product/booking-and-seats.md#tickets-left)', () => {
  it('per person: one seat per ticket', () => {
    expect(maxQuantity(event({ availableSeats: 7 }))).toBe(7);
    expect(maxQuantity(event({ availableSeats: 1 }))).toBe(1);
  });

  it('per pair: two seats per ticket, rounded down', () => {
    expect(maxQuantity(event({ priceUnit: 'per_pair', availableSeats: 7 }))).toBe(3);
    expect(maxQuantity(event({ priceUnit: 'per_pair', availableSeats: 8 }))).toBe(4);
    expect(maxQuantity(event({ priceUnit: 'per_pair', availableSeats: 1 }))).toBe(0);
  });

  it('never more than 20 per booking, never below 0', () => {
    expect(maxQuantity(event({ availableSeats: 500 }))).toBe(20);
    expect(maxQuantity(event({ priceUnit: 'per_pair', availableSeats: 41 }))).toBe(20);
    expect(maxQuantity(event({ availableSeats: 0 }))).toBe(0);
    expect(maxQuantity(event({ availableSeats: -3 }))).toBe(0);
  });
});

describe('clampQuantity', () => {
  it('keeps the quantity inside 1…max', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-2, 5)).toBe(1);
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    // a sold-out event still yields 1; the page shows 'Ausgebucht' instead of the stepper
    expect(clampQuantity(4, 0)).toBe(1);
  });
});

describe('orderPrice (docs/product/booking-and-seats.md#server-prices, early bird)', () => {
  const early = { earlyBirdPriceCents: 9900, earlyBirdEndsAt: '2026-05-10T00:00:00Z' };

  it('total = unit price × quantity at the normal price', () => {
    expect(orderPrice(event(), 3, NOW)).toEqual({
      unitCents: 14900,
      regularUnitCents: 14900,
      early: false,
      totalCents: 44700,
      free: false,
    });
  });

  it('uses the early-bird price while it runs, the normal price from its end on', () => {
    const during = orderPrice(event(early), 2, NOW);
    expect(during).toMatchObject({
      unitCents: 9900,
      regularUnitCents: 14900,
      early: true,
      totalCents: 19800,
    });
    const atEnd = orderPrice(event(early), 2, new Date('2026-05-10T00:00:00Z'));
    expect(atEnd).toMatchObject({ unitCents: 14900, early: false, totalCents: 29800 });
  });

  it('free events (also a free early-bird price) are free', () => {
    expect(orderPrice(event({ priceCents: 0 }), 4, NOW)).toMatchObject({ totalCents: 0, free: true });
    const freeEarly = orderPrice(event({ ...early, earlyBirdPriceCents: 0 }), 2, NOW);
    expect(freeEarly).toMatchObject({ unitCents: 0, free: true, early: true });
  });
});

describe('availability', () => {
  it('past, sold out (also a per-pair event with one seat left), bookable', () => {
    expect(availability(event({ startTime: '2026-04-30T10:00:00Z' }), NOW)).toBe('past');
    expect(availability(event({ availableSeats: 0 }), NOW)).toBe('soldout');
    expect(availability(event({ priceUnit: 'per_pair', availableSeats: 1 }), NOW)).toBe('soldout');
    expect(availability(event({ availableSeats: 1 }), NOW)).toBe('bookable');
  });
});

describe('profile completeness (docs/product/booking-and-seats.md#profile-before-booking)', () => {
  const complete = { emailConfirmed: true, fullName: 'Anna Beispiel', phone: '0151 234' };

  it('lists what is missing, in the server order, blank counts as missing', () => {
    expect(missingProfileParts(complete)).toEqual([]);
    expect(missingProfileParts({ emailConfirmed: false, fullName: '  ', phone: null })).toEqual([
      BOOKING_MESSAGES.confirmEmail,
      BOOKING_MESSAGES.name,
      BOOKING_MESSAGES.phone,
    ]);
    expect(missingProfileParts({ ...complete, phone: ' ' })).toEqual([BOOKING_MESSAGES.phone]);
  });

  it('combined text and target: unconfirmed e-mail goes home with the notice, else onboarding', () => {
    expect(profileIncompleteMessage([BOOKING_MESSAGES.name, BOOKING_MESSAGES.phone])).toBe(
      'Um ein Ticket zu buchen, benötigen wir noch: Bitte gib deinen Namen an, Bitte gib deine Telefonnummer an',
    );
    expect(profileTarget([BOOKING_MESSAGES.confirmEmail, BOOKING_MESSAGES.name])).toBe(
      '/?message=please-confirm-email',
    );
    expect(profileTarget([BOOKING_MESSAGES.phone])).toBe('/onboarding');
  });
});

describe('orderButtonState (docs/product/booking-and-seats.md#order-button, § 312j BGB)', () => {
  const ready: OrderButtonInput = {
    signedIn: true,
    holderName: 'Anna Beispiel',
    quantity: 2,
    maxQuantity: 5,
    free: false,
    payments: 'ready',
    busy: false,
  };

  it('labels: paid orders "Zahlungspflichtig bestellen", free ones "Kostenlos buchen"', () => {
    expect(orderButtonState(ready)).toEqual({ label: 'Zahlungspflichtig bestellen', disabled: false });
    expect(orderButtonState({ ...ready, free: true })).toEqual({
      label: 'Kostenlos buchen',
      disabled: false,
    });
  });

  it('disabled unless signed in, a name is present and the quantity is at least 1', () => {
    expect(orderButtonState({ ...ready, signedIn: false }).disabled).toBe(true);
    expect(orderButtonState({ ...ready, holderName: '   ' }).disabled).toBe(true);
    expect(orderButtonState({ ...ready, quantity: 0 }).disabled).toBe(true);
    expect(orderButtonState({ ...ready, quantity: 6 }).disabled).toBe(true);
    expect(orderButtonState({ ...ready, busy: true }).disabled).toBe(true);
  });

  it('paid events wait for the payment config and are blocked without a provider; free ones are not', () => {
    expect(orderButtonState({ ...ready, payments: 'loading' }).disabled).toBe(true);
    expect(orderButtonState({ ...ready, payments: 'unavailable' }).disabled).toBe(true);
    expect(orderButtonState({ ...ready, free: true, payments: 'unavailable' }).disabled).toBe(false);
  });
});

describe('Rechnungsadresse (docs/product/invoices.md#billing-address)', () => {
  const address = {
    ...emptyBillingAddress('Anna Beispiel'),
    street: 'Hauptstraße 5',
    postalCode: '10115',
    city: 'Berlin',
  };

  it('is required above 250 €, not at 250 €', () => {
    expect(billingAddressRequired(25_000)).toBe(false);
    expect(billingAddressRequired(25_001)).toBe(true);
    expect(billingAddressRequired(0)).toBe(false);
  });

  it("is checked with the server's schema: the address to send, or the first message per field", () => {
    expect(checkBillingAddress(address)).toEqual({ address });
    expect(checkBillingAddress({ ...address, postalCode: '1011', city: ' ' }).errors).toEqual({
      postalCode: 'Bitte gib eine gültige Postleitzahl an.',
      city: 'Bitte gib den Ort an.',
    });
    // outside Germany a postcode may have letters
    expect(checkBillingAddress({ ...address, country: 'NL', postalCode: '1011 AB' }).address).toBeDefined();
    expect(checkBillingAddress({ ...address, vatId: 'de 1' }).errors).toEqual({
      vatId: 'Bitte gib eine gültige USt-IdNr. an (z. B. DE123456789).',
    });
  });

  it('counts the e-invoice box only with a company', () => {
    expect(checkBillingAddress({ ...address, eInvoice: true }).address?.eInvoice).toBe(false);
    expect(checkBillingAddress({ ...address, company: 'Muster GmbH', eInvoice: true }).address).toMatchObject(
      {
        company: 'Muster GmbH',
        eInvoice: true,
      },
    );
  });

  it("reads a 422 answer's address details: per field, or the whole address missing", () => {
    expect(
      billingAddressProblems([
        { path: 'billingAddress.postalCode', message: 'PLZ' },
        { path: 'billingAddress.postalCode', message: 'second' },
        { path: 'holderName', message: 'Name' },
      ]),
    ).toEqual({ errors: { postalCode: 'PLZ' }, missing: null });
    expect(
      billingAddressProblems([{ path: 'billingAddress', message: BOOKING_MESSAGES.billingAddressRequired }]),
    ).toEqual({
      errors: {},
      missing: BOOKING_MESSAGES.billingAddressRequired,
    });
    expect(billingAddressProblems([{ path: 'holderName', message: 'Name' }])).toBeNull();
    expect(billingAddressProblems({ missing: ['x'] })).toBeNull();
    expect(billingAddressProblems(undefined)).toBeNull();
  });
});
