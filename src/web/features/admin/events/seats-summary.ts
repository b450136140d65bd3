import type { AdminEventListItem } from '@shared/admin-events';
import { ticketsLeft } from '@shared/event-rules';

type SeatsOfEvent = Pick<AdminEventListItem, 'soldTickets' | 'availableSeats' | 'totalSeats' | 'priceUnit'>;

/**
 * The events list's seat line. Seats are persons (the form's 'Plätze gesamt'); a pair event says that its
 * sold tickets are pair tickets and how many tickets the free seats still make, the number the shop's badge
 * shows (docs/decisions/024-seats-in-tickets-and-date-ranges.md).
 */
export function seatsSummary(event: SeatsOfEvent): string {
  const seats = `${event.availableSeats} von ${event.totalSeats} Plätzen frei`;
  if (event.priceUnit !== 'per_pair') return `${event.soldTickets} verkauft · ${seats}`;
  const left = ticketsLeft(event);
  return `${event.soldTickets} Paar-Tickets verkauft · ${seats} (${left} ${left === 1 ? 'Ticket' : 'Tickets'})`;
}
