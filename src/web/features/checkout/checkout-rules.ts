// Pure rules of the checkout (docs/product/booking-and-seats.md#placing-an-order). The server decides again
// on every booking (prices, seats, profile); these only make the page say the same thing beforehand.
import { BOOKING_MESSAGES, MAX_TICKETS_PER_BOOKING } from '@shared/booking';
import { isPastEvent, ticketsLeft } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { PAYMENT_MESSAGES } from '@shared/payments';

// The price and the profile check are the server's own functions (src/shared/booking.ts).
export { missingProfileParts, orderPrice, profileIncompleteMessage, type OrderPrice } from '@shared/booking';

type SeatEvent = Pick<PublicEvent, 'availableSeats' | 'priceUnit'>;

/**
 * At most the tickets the free seats allow (a per-pair ticket takes two seats, so the seats are halved and
 * rounded down) and never more than 20 per booking (docs/product/booking-and-seats.md#tickets-left,
 * docs/product/booking-and-seats.md#quantity-1-to-20). 0 means sold out.
 */
export function maxQuantity(event: SeatEvent): number {
  return Math.min(MAX_TICKETS_PER_BOOKING, ticketsLeft(event));
}

/** A quantity inside 1…max (max below 1 still gives 1: the page then shows 'Ausgebucht' instead). */
export function clampQuantity(value: number, max: number): number {
  const whole = Number.isFinite(value) ? Math.floor(value) : 1;
  return Math.min(Math.max(1, whole), Math.max(1, max));
}

export type Availability = 'bookable' | 'past' | 'soldout';

export function availability(event: Pick<PublicEvent, 'startTime'> & SeatEvent, now: Date): Availability {
  if (isPastEvent(event, now)) return 'past';
  return maxQuantity(event) < 1 ? 'soldout' : 'bookable';
}

/** Where an incomplete profile is completed: the home page asks to confirm the e-mail first. */
export const profileTarget = (missing: string[]) =>
  missing.includes(BOOKING_MESSAGES.confirmEmail) ? '/?message=please-confirm-email' : '/onboarding';

/** 'ready': free event or a provider is set; 'loading': config not known yet; 'unavailable': no provider. */
export type PaymentReadiness = 'ready' | 'loading' | 'unavailable';

export interface OrderButtonInput {
  signedIn: boolean;
  holderName: string;
  quantity: number;
  maxQuantity: number;
  free: boolean;
  payments: PaymentReadiness;
  busy: boolean;
}

export const FREE_ORDER_LABEL = 'Kostenlos buchen';

/**
 * Disabled unless signed in, a name is present and the quantity is at least 1
 * (docs/product/booking-and-seats.md#order-button); also while sending, when the quantity exceeds the seats,
 * and for paid events without a payment provider. §312j BGB: a paid order's button reads 'Zahlungspflichtig
 * bestellen'.
 */
export function orderButtonState(input: OrderButtonInput): { label: string; disabled: boolean } {
  const paidBlocked = !input.free && input.payments !== 'ready';
  const disabled =
    !input.signedIn ||
    input.holderName.trim() === '' ||
    !Number.isInteger(input.quantity) ||
    input.quantity < 1 ||
    input.quantity > input.maxQuantity ||
    paidBlocked ||
    input.busy;
  return { label: input.free ? FREE_ORDER_LABEL : PAYMENT_MESSAGES.orderButton, disabled };
}
