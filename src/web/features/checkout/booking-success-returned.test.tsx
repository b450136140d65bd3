// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { BookingSuccessPage } from './booking-success-page';

// A returned debit on the booking's page: the pay-again link of its mail leads here
// (docs/decisions/054-late-verdicts-and-returned-debits.md)

resetEachTest();

const returnedBooking = (): BookingView => {
  const start = Date.now() + 40 * 86_400_000;
  const returned: BookingView = {
    id: 'b1',
    orderNumber: 'WR-7K3Q9F',
    eventId: 'e1',
    status: 'confirmed',
    paymentStatus: 'returned',
    quantity: 1,
    seats: 1,
    unitPriceCents: 5000,
    totalAmountCents: 5000,
    items: [],
    discountCode: null,
    discountCents: 0,
    answers: [],
    currency: 'EUR',
    holdExpiresAt: null,
    paymentDueAt: '2027-03-08T10:00:00.000Z',
    holderName: 'Anna Berg',
    isTest: false,
    createdAt: new Date().toISOString(),
    event: {
      id: 'e1',
      slug: 'atem-und-stille',
      title: 'Atem und Stille',
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 3_600_000).toISOString(),
      timezone: 'Europe/Berlin',
      location: 'Hamburg',
      locationDetails: null,
      venue: null,
      room: null,
      mode: 'presence',
      priceUnit: 'per_person',
      imageUrl: null,
      shortDescription: null,
    },
    tickets: [{ id: 't1', ticketNumber: 'WR-261212-A1B2C3D4E5-0421', code: '0421' }],
    onlineUrl: null,
  };
  return returned;
};

describe('BookingSuccessPage: a returned debit', () => {
  it('says so with the due date and offers the payment instead of the confirmation', async () => {
    const returned = returnedBooking();
    mockApi({
      'GET /api/bookings/b1': () => json(returned),
      'GET /api/bookings/b1/bank-transfer': () => json(null),
    });
    renderPage(<BookingSuccessPage />, {
      path: '/booking/b1/success',
      pattern: '/booking/:bookingId/success',
      user: sessionUser({ fullName: 'Anna Berg', phone: '040 1', hasDsgvoConsent: true }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zahlung zurückgebucht' })).toBeTruthy();
    expect(
      screen.getByText(/bis Mo\., 08\.03\.2027, 11:00 Uhr erneut, sonst wird die Buchung storniert/),
    ).toBeTruthy();
    expect(screen.queryByText('Buchung erfolgreich!')).toBeNull();
    expect(await screen.findByRole('heading', { level: 2, name: 'Zahlung' })).toBeTruthy();
  });

  it('offers the payment online only: a transfer is for a pending order (the server refuses it for a paid one)', async () => {
    const returned = returnedBooking();
    mockApi({
      'GET /api/bookings/b1': () => json(returned),
      'GET /api/bookings/b1/bank-transfer': () => json(null),
      'GET /api/payments/config': () =>
        json({ provider: 'test', publishableKey: null, bankTransfer: { minDaysBeforeStart: 10 } }),
      'POST /api/bookings/b1/payment': () =>
        json({ provider: 'test', paymentId: 'p1', amountCents: 5000, currency: 'EUR', methods: ['card'] }),
    });
    renderPage(<BookingSuccessPage />, {
      path: '/booking/b1/success',
      pattern: '/booking/:bookingId/success',
      user: sessionUser({ fullName: 'Anna Berg', phone: '040 1', hasDsgvoConsent: true }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Zahlung' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Testzahlung abschließen' })).toBeTruthy();
    expect(screen.queryByText('Überweisung (Vorkasse)')).toBeNull();
  });
});
