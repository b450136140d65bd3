import type { AdminEventListItem } from '@shared/admin-events';
import { ticketsLeft } from '@shared/event-rules';
import { seatFiguresText } from '@shared/seat-figures';

type SeatsOfEvent = Pick<AdminEventListItem, 'soldTickets' | 'seats' | 'priceUnit'>;

/**
 * The events list's seat line: the back office's one seat line (docs/product/admin.md#seat-figures), in
 * seats, i.e. persons. A pair event adds its pair tickets sold and how many tickets the free seats still make,
 * the number the shop's badge shows (docs/decisions/024-seats-in-tickets-and-date-ranges.md).
 */
export function seatsSummary(event: SeatsOfEvent): string {
  const seats = seatFiguresText(event.seats);
  if (event.priceUnit !== 'per_pair') return seats;
  const left = ticketsLeft({ availableSeats: event.seats.freeSeats, priceUnit: event.priceUnit });
  return `${seats} · Paar-Tickets: ${event.soldTickets} verkauft, noch ${left} ${left === 1 ? 'Ticket' : 'Tickets'}`;
}
