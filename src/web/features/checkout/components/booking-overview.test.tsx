// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { BookingOverview } from './booking-overview';

// The success page's 'Gebucht' names each line and the code's discount as the server booked them
// (docs/product/ticket-categories.md#discount-lines); a booking of one line without a code reads as before.

const start = Date.now() + 40 * 86_400_000;
const item = (name: string, quantity: number, unitPriceCents: number, discountCents = 0) => ({
  categoryId: name,
  name,
  quantity,
  seatsPerTicket: 1,
  unitPriceCents,
  regularUnitPriceCents: unitPriceCents,
  discountCents,
});
const booking = (overrides: Partial<BookingView>): BookingView =>
  ({
    id: 'b1',
    orderNumber: 'WR-7K3Q9F',
    eventId: 'e1',
    status: 'confirmed',
    paymentStatus: 'paid',
    quantity: 1,
    seats: 1,
    unitPriceCents: 6000,
    totalAmountCents: 6000,
    items: [item('Ticket', 1, 6000)],
    discountCode: null,
    discountCents: 0,
    answers: [],
    currency: 'EUR',
    holderName: 'Anna Berg',
    event: {
      id: 'e1',
      slug: 'retreat',
      title: 'Retreat',
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 7_200_000).toISOString(),
      timezone: 'Europe/Berlin',
      location: 'Undeloh',
      locationDetails: null,
      venue: null,
      room: null,
      mode: 'presence',
      priceUnit: 'per_person',
      imageUrl: null,
      shortDescription: null,
    },
    ...overrides,
  }) as BookingView;
const text = (view: BookingView) =>
  renderToString(<BookingOverview booking={view} />)
    .replace(/<!-- -->/g, '')
    .replace(/\u00a0/g, ' ');

describe('BookingOverview: lines and discount', () => {
  it('lists the lines and the discount when there are several or a code', () => {
    const html = text(
      booking({
        quantity: 3,
        items: [item('Einzelzimmer', 2, 6000, 1200), item('Doppelzimmer', 1, 10000, 1000)],
        discountCode: 'FREUNDE10',
        discountCents: 2200,
        totalAmountCents: 19800,
      }),
    );
    expect(html).toContain('2 × Einzelzimmer · <span class="tabular-nums">120,00 €</span>');
    expect(html).toContain('1 × Doppelzimmer · <span class="tabular-nums">100,00 €</span>');
    expect(html).toContain('Gutschein FREUNDE10 · <span class="tabular-nums">−22,00 €</span>');
    expect(html).toContain('198,00 €');
  });

  it('shows one line without a code as before', () => {
    expect(text(booking({}))).not.toContain('booking-lines');
  });
});
