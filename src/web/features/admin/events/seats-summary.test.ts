import { describe, expect, it } from 'vitest';
import { seatBadge } from '@shared/event-rules';
import type { SeatFigures } from '@shared/seat-figures';
import { seatsSummary } from './seats-summary';

const seats = (figures: Partial<SeatFigures>): SeatFigures => ({
  totalSeats: 20,
  soldSeats: 0,
  offeredSeats: 0,
  heldSeats: 0,
  freeSeats: 20,
  ...figures,
});

// Issue 12 item 11, docs/decisions/024-seats-in-tickets-and-date-ranges.md; issue 29 item 21,
// docs/decisions/049-admin-screens-say-what-they-mean.md
describe('seatsSummary of the admin events list', () => {
  it('keeps seats for a per-person event', () => {
    const event = {
      soldTickets: 2,
      seats: seats({ soldSeats: 2, freeSeats: 18 }),
      priceUnit: 'per_person' as const,
    };
    expect(seatsSummary(event)).toBe('2 verkauft · 18 frei von 20 Plätzen');
  });

  it('names an open waiting-list offer and a hold apart from the sold seats', () => {
    const event = {
      soldTickets: 12,
      seats: seats({ totalSeats: 14, soldSeats: 12, offeredSeats: 1, heldSeats: 1, freeSeats: 0 }),
      priceUnit: 'per_person' as const,
    };
    expect(seatsSummary(event)).toBe(
      '12 verkauft · 1 angeboten (Warteliste) · 1 reserviert · 0 frei von 14 Plätzen',
    );
  });

  it('names pair tickets and the tickets left, the number of the shop badge', () => {
    const event = {
      soldTickets: 3,
      seats: seats({ soldSeats: 6, freeSeats: 14 }),
      priceUnit: 'per_pair' as const,
    };
    expect(seatsSummary(event)).toBe(
      '6 verkauft · 14 frei von 20 Plätzen · Paar-Tickets: 3 verkauft, noch 7 Tickets',
    );
    const badge = seatBadge(
      { totalSeats: 20, availableSeats: 14, priceUnit: 'per_pair', startTime: '2999-01-01T10:00:00Z' },
      new Date(),
    );
    expect(badge?.label).toBe('7 Tickets übrig');
    expect(seatsSummary({ ...event, seats: seats({ soldSeats: 6, heldSeats: 11, freeSeats: 3 }) })).toContain(
      'noch 1 Ticket',
    );
  });
});
