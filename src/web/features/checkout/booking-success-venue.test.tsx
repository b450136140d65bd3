// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { BookingSuccessPage } from './booking-success-page';

// The venue's name where the buyer needs it on the day (docs/product/events.md#venue-for-buyers): the
// success page's event box and its Google Calendar link name the venue with the town.

resetEachTest();

const start = Date.now() + 40 * 86_400_000;
const confirmed: BookingView = {
  id: 'b1',
  orderNumber: 'WR-7K3Q9F',
  eventId: 'e1',
  status: 'confirmed',
  paymentStatus: 'paid',
  quantity: 1,
  seats: 2,
  unitPriceCents: 59_000,
  totalAmountCents: 59_000,
  items: [],
  discountCode: null,
  discountCents: 0,
  answers: [],
  currency: 'EUR',
  holdExpiresAt: null,
  holderName: 'Anna Berg',
  isTest: false,
  createdAt: new Date().toISOString(),
  event: {
    id: 'e1',
    slug: 'zeit-fuer-uns',
    title: 'Zeit für uns – Paar-Retreat in der Lüneburger Heide',
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 46 * 3_600_000).toISOString(),
    timezone: 'Europe/Berlin',
    location: 'Undeloh',
    locationDetails: 'Lüneburger Heide, Niedersachsen',
    venue: 'Heidehof Wilsede',
    room: null,
    mode: 'presence',
    priceUnit: 'per_pair',
    imageUrl: null,
    shortDescription: 'Ein Wochenende zu zweit.',
  },
  tickets: [{ id: 't1', ticketNumber: 'WR-261212-A1B2C3D4E5-0421', code: '0421' }],
  onlineUrl: null,
};

describe('BookingSuccessPage: the venue (docs/product/events.md#venue-for-buyers)', () => {
  it('shows venue and town, and the Google Calendar link carries both', async () => {
    mockApi({ 'GET /api/bookings/b1': () => json(confirmed) });
    renderPage(<BookingSuccessPage />, {
      path: '/booking/b1/success',
      pattern: '/booking/:bookingId/success',
      user: sessionUser({ fullName: 'Anna Berg', phone: '040 1', hasDsgvoConsent: true }),
    });
    const box = await screen.findByRole('region', { name: confirmed.event.title });
    expect(within(box).getByText('Heidehof Wilsede, Undeloh')).toBeTruthy();
    const google = screen.getByRole('link', { name: 'Google Kalender' }).getAttribute('href')!;
    expect(new URL(google).searchParams.get('location')).toBe('Heidehof Wilsede, Undeloh');
  });
});
