import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ADDRESS_MESSAGES, BOOKING_MESSAGES, type BookingView } from '@shared/booking';
import type { BillingAddress } from '@shared/invoices';
import { createEvent } from '@server/demo/factories';
import { bookings, invoices } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { availableSeats, bookingRow, DAY, signedInUser, type ErrorBody } from '../helpers/tickets';

// The 'Rechnungsadresse' of an order (docs/product/invoices.md#billing-address): required above 250 €,
// checked field by field, stored on the booking and copied into the invoice at payment.

let t: TestApp;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await signedInUser(t);
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const ADDRESS: BillingAddress = {
  company: 'Muster GmbH',
  name: 'Anna Beispiel',
  street: 'Hauptstraße 5',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE123456789',
  eInvoice: true,
};

const order = (eventId: string, quantity: number, billingAddress?: unknown) =>
  post(
    t,
    '/api/bookings',
    { eventId, quantity, holderName: 'Anna Beispiel', ...(billingAddress ? { billingAddress } : {}) },
    { cookie: buyer.cookie },
  );
const bookingsOf = (eventId: string) =>
  t.database.db.select().from(bookings).where(eq(bookings.eventId, eventId));

describe('an order above 250 € needs a billing address', () => {
  it('without one: 422 at billingAddress, no booking, no seats taken', async () => {
    const event = await createEvent(t.database.db, { priceCents: 13_000, totalSeats: 10 });
    const res = await order(event.id, 2); // 260 €
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody & { error: { details: unknown } };
    expect(body.error).toMatchObject({
      code: 'validation_failed',
      message: BOOKING_MESSAGES.billingAddressRequired,
      details: [{ path: 'billingAddress', message: BOOKING_MESSAGES.billingAddressRequired }],
    });
    expect(await bookingsOf(event.id)).toEqual([]);
    expect(await availableSeats(t, event.id)).toBe(10);
  });

  it('at 250 € and at an early-bird price below the limit it stays optional', async () => {
    const event = await createEvent(t.database.db, { priceCents: 12_500 });
    expect((await order(event.id, 2)).status).toBe(201); // exactly 250 €
    const early = await createEvent(t.database.db, {
      priceCents: 30_000,
      earlyBirdPriceCents: 20_000,
      earlyBirdEndsAt: new Date(Date.now() + DAY),
    });
    const res = await order(early.id, 1);
    expect(res.status).toBe(201);
    expect((await bookingRow(t, ((await res.json()) as BookingView).id)).billingAddress).toBeNull();
  });

  it('with one: 201, stored on the booking as checked (VAT id without spaces, upper-case)', async () => {
    const event = await createEvent(t.database.db, { priceCents: 30_000, totalSeats: 10 });
    const res = await order(event.id, 1, { ...ADDRESS, vatId: 'de 123 456 789' });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as BookingView;
    expect((await bookingRow(t, booking.id)).billingAddress).toEqual(ADDRESS);
    expect(await availableSeats(t, event.id)).toBe(9);
  });

  it('bad fields: 422 with details per field, no booking', async () => {
    const event = await createEvent(t.database.db, { priceCents: 30_000, totalSeats: 10 });
    const res = await order(event.id, 1, { ...ADDRESS, postalCode: '1011', company: '', city: ' ' });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { code: string; details: unknown[] } };
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'billingAddress.postalCode', message: BILLING_ADDRESS_MESSAGES.postalCode },
        { path: 'billingAddress.city', message: BILLING_ADDRESS_MESSAGES.city },
        // an e-invoice needs a company
        { path: 'billingAddress.company', message: BILLING_ADDRESS_MESSAGES.eInvoiceCompany },
      ]),
    );
    expect(await bookingsOf(event.id)).toEqual([]);
    expect(await availableSeats(t, event.id)).toBe(10);
  });
});

describe('the invoice of a paid order (docs/product/invoices.md#when)', () => {
  it("carries the address sent as the buyer's address", async () => {
    const event = await createEvent(t.database.db, { priceCents: 30_000 });
    const res = await order(event.id, 1, ADDRESS);
    expect(res.status).toBe(201);
    const booking = (await res.json()) as BookingView;
    const as = { cookie: buyer.cookie };
    expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as)).status).toBe(200);
    expect((await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as)).status).toBe(200);

    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
    expect(invoice?.kind).toBe('invoice');
    expect(invoice!.document.buyer.address).toEqual(ADDRESS);
  });

  it('without an address the invoice says none was given', async () => {
    const event = await createEvent(t.database.db, { priceCents: 4_900 });
    const booking = (await (await order(event.id, 1)).json()) as BookingView;
    const as = { cookie: buyer.cookie };
    await post(t, `/api/bookings/${booking.id}/payment`, {}, as);
    expect((await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as)).status).toBe(200);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
    expect(invoice!.document.buyer.address).toBeNull();
  });
});
