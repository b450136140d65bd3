// The checkout's lines (docs/product/ticket-categories.md#pricing): which categories can be chosen, how many of
// each, and what the order costs with a code. The server prices and checks again on every booking; these only
// make the page say the same beforehand.
import { MAX_TICKETS_PER_BOOKING } from '@shared/booking';
import { seatsPerTicket } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import {
  DEFAULT_CATEGORY_NAME,
  saleState,
  type OrderItemInput,
  type PublicTicketCategory,
} from '@shared/ticket-categories';

/** An event from before categories (or a test's): its one category is the event's own price. */
const eventCategory = (event: PublicEvent): PublicTicketCategory => ({
  id: '',
  name: DEFAULT_CATEGORY_NAME,
  description: null,
  priceCents: event.priceCents,
  earlyBirdPriceCents: event.earlyBirdPriceCents,
  earlyBirdEndsAt: event.earlyBirdEndsAt,
  priceUnit: event.priceUnit,
  capacity: null,
  saleStartsAt: null,
  saleEndsAt: null,
  minPerOrder: 1,
  maxPerOrder: null,
  requiresCode: false,
  position: 0,
  availableSeats: event.availableSeats,
});

/**
 * The categories the buyer may choose from: the event's visible ones and those a redeemed code unlocked
 * (docs/product/ticket-categories.md#hidden), in the event's order.
 */
export function checkoutCategories(event: PublicEvent, unlocked: PublicTicketCategory[] = []) {
  const visible = event.categories?.length ? event.categories : [eventCategory(event)];
  const extra = unlocked.filter((category) => !visible.some((shown) => shown.id === category.id));
  return [...visible, ...extra].sort((a, b) => a.position - b.position);
}

/** Chosen numbers per category id. */
export type Quantities = Record<string, number>;

/**
 * How many of `category` the buyer may still choose: its own limit per order, the tickets its seats and the
 * event's seats left after the other lines allow, and 20 per booking in all; 0 outside its sale window
 * (docs/product/ticket-categories.md#seats, #sale-window). `reserved`: a waiting-list offer's tickets are held
 * for the buyer, so only their number counts (docs/product/ticket-categories.md#waitlist).
 */
export function categoryMax(
  category: PublicTicketCategory,
  others: { quantity: number; seats: number },
  event: Pick<PublicEvent, 'availableSeats'>,
  now: Date,
  reserved: number | null = null,
): number {
  if (saleState(category, now) !== 'open') return 0;
  const own = category.maxPerOrder ?? MAX_TICKETS_PER_BOOKING;
  if (reserved !== null) return Math.max(0, Math.min(own, reserved - others.quantity));
  const seats = Math.min(category.availableSeats, event.availableSeats - others.seats);
  const bySeats = Math.floor(Math.max(0, seats) / seatsPerTicket(category.priceUnit));
  return Math.max(0, Math.min(own, bySeats, MAX_TICKETS_PER_BOOKING - others.quantity));
}

/** The lines of the order: the categories with a number above 0, in the page's order. */
export const orderItems = (categories: PublicTicketCategory[], quantities: Quantities): OrderItemInput[] =>
  categories
    .filter((category) => (quantities[category.id] ?? 0) > 0)
    .map((category) => ({ categoryId: category.id, quantity: quantities[category.id]! }));

/** What the other lines take: tickets and seats. */
export function othersOf(categories: PublicTicketCategory[], quantities: Quantities, id: string) {
  let quantity = 0;
  let seats = 0;
  for (const category of categories) {
    if (category.id === id) continue;
    const count = quantities[category.id] ?? 0;
    quantity += count;
    seats += count * seatsPerTicket(category.priceUnit);
  }
  return { quantity, seats };
}

/** Each line inside its category's minimum and maximum (docs/product/ticket-categories.md#seats). */
export function linesValid(
  categories: PublicTicketCategory[],
  quantities: Quantities,
  event: Pick<PublicEvent, 'availableSeats'>,
  now: Date,
  reserved: number | null,
): boolean {
  const items = orderItems(categories, quantities);
  if (items.length === 0) return false;
  const total = items.reduce((sum, item) => sum + item.quantity, 0);
  if (reserved !== null && total !== reserved) return false;
  return items.every((item) => {
    const category = categories.find((one) => one.id === item.categoryId)!;
    const max = categoryMax(category, othersOf(categories, quantities, category.id), event, now, reserved);
    return item.quantity >= category.minPerOrder && item.quantity <= max;
  });
}
