// An event's seats as every back-office screen names them (docs/product/admin.md#seat-figures): sold, offered
// to the waiting list, held by open checkouts and transfers, free. One read model on the server computes them
// (src/server/core/admin-events/seat-figures.ts); dashboard, events list, editor and organizer page print them
// with `seatFiguresText`, so the same event never shows two different 'sold' numbers.

/** Seats are persons: a pair ticket takes two (docs/product/booking-and-seats.md#seats-are-persons). */
export interface SeatFigures {
  totalSeats: number;
  /** Seats of confirmed bookings. */
  soldSeats: number;
  /** Seats of open waiting-list offers (docs/product/waiting-list.md#seat-invariant-offers). */
  offeredSeats: number;
  /** Seats of pending bookings: checkouts in progress and transfers not yet paid. */
  heldSeats: number;
  /** The event's free seats (what the shop can still sell). */
  freeSeats: number;
}

const count = (n: number) => n.toLocaleString('de-DE');

/**
 * '12 verkauft · 1 angeboten (Warteliste) · 1 reserviert · 0 frei von 14 Plätzen'. Sold and free are always
 * named; offers and holds only when there are any, so an ordinary event reads '4 verkauft · 46 frei von 50
 * Plätzen'.
 */
export function seatFiguresText(figures: SeatFigures): string {
  const parts = [`${count(figures.soldSeats)} verkauft`];
  if (figures.offeredSeats > 0) parts.push(`${count(figures.offeredSeats)} angeboten (Warteliste)`);
  if (figures.heldSeats > 0) parts.push(`${count(figures.heldSeats)} reserviert`);
  const places = figures.totalSeats === 1 ? 'Platz' : 'Plätzen';
  parts.push(`${count(figures.freeSeats)} frei von ${count(figures.totalSeats)} ${places}`);
  return parts.join(' · ');
}
