import { describe, expect, it } from 'vitest';
import { seatBadge } from '@shared/event-rules';
import { seatsSummary } from './seats-summary';

// Issue 12 item 11, docs/decisions/024-seats-in-tickets-and-date-ranges.md
describe('seatsSummary of the admin events list', () => {
  it('keeps seats for a per-person event', () => {
    const event = { soldTickets: 2, availableSeats: 18, totalSeats: 20, priceUnit: 'per_person' as const };
    expect(seatsSummary(event)).toBe('2 verkauft · 18 von 20 Plätzen frei');
  });

  it('names pair tickets and the tickets left, the number of the shop badge', () => {
    const event = { soldTickets: 3, availableSeats: 14, totalSeats: 20, priceUnit: 'per_pair' as const };
    expect(seatsSummary(event)).toBe('3 Paar-Tickets verkauft · 14 von 20 Plätzen frei (7 Tickets)');
    const badge = seatBadge({ ...event, startTime: '2999-01-01T10:00:00Z' }, new Date());
    expect(badge?.label).toBe('7 Tickets übrig');
    expect(seatsSummary({ ...event, availableSeats: 3 })).toContain('(1 Ticket)');
  });
});
