// Pure rules of the checkout (spec visitor §2 'Checkout', §5 validation rules). The server decides again
// on every booking (prices, seats, profile); these only make the page say the same thing beforehand.
import { BOOKING_MESSAGES, MAX_TICKETS_PER_BOOKING } from '@shared/booking';
import { currentUnitPriceCents, isEarlyBird, isPastEvent, ticketsLeft } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { PAYMENT_MESSAGES } from '@shared/payments';
import type { SessionUser } from '@shared/session';

type SeatEvent = Pick<PublicEvent, 'availableSeats' | 'priceUnit'>;
type PriceEvent = Pick<PublicEvent, 'priceCents' | 'earlyBirdPriceCents' | 'earlyBirdEndsAt'>;

/**
 * spec visitor §5: at most the tickets the free seats allow (a per-pair ticket takes two seats, so the seats
 * are halved and rounded down) and never more than 20 per booking. 0 means sold out.
 */
export function maxQuantity(event: SeatEvent): number {
  return Math.min(MAX_TICKETS_PER_BOOKING, ticketsLeft(event));
}

/** A quantity inside 1…max (max below 1 still gives 1: the page then shows 'Ausgebucht' instead). */
export function clampQuantity(value: number, max: number): number {
  const whole = Number.isFinite(value) ? Math.floor(value) : 1;
  return Math.min(Math.max(1, whole), Math.max(1, max));
}

export interface OrderPrice {
  /** What one ticket costs now (the early-bird price while it runs). */
  unitCents: number;
  /** The normal price, shown struck through during the early-bird phase. */
  regularUnitCents: number;
  early: boolean;
  totalCents: number;
  free: boolean;
}

/** spec visitor §4 'Early bird', DESIGN §4: total = current unit price × quantity (the server's rule). */
export function orderPrice(event: PriceEvent, quantity: number, now: Date): OrderPrice {
  const unitCents = currentUnitPriceCents(event, now);
  const totalCents = unitCents * quantity;
  return {
    unitCents,
    regularUnitCents: event.priceCents,
    early: isEarlyBird(event, now),
    totalCents,
    free: totalCents === 0,
  };
}

export type Availability = 'bookable' | 'past' | 'soldout';

export function availability(event: Pick<PublicEvent, 'startTime'> & SeatEvent, now: Date): Availability {
  if (isPastEvent(event, now)) return 'past';
  return maxQuantity(event) < 1 ? 'soldout' : 'bookable';
}

/** spec visitor §5: booking needs a confirmed e-mail, a name and a phone number (the server's own list). */
export function missingProfileParts(
  user: Pick<SessionUser, 'emailConfirmed' | 'fullName' | 'phone'> | null,
): string[] {
  if (!user) return [BOOKING_MESSAGES.confirmEmail, BOOKING_MESSAGES.name, BOOKING_MESSAGES.phone];
  const missing: string[] = [];
  if (!user.emailConfirmed) missing.push(BOOKING_MESSAGES.confirmEmail);
  if (!user.fullName?.trim()) missing.push(BOOKING_MESSAGES.name);
  if (!user.phone?.trim()) missing.push(BOOKING_MESSAGES.phone);
  return missing;
}

/** spec visitor §5: 'Um ein Ticket zu buchen, benötigen wir noch: …' */
export const profileIncompleteMessage = (missing: string[]) =>
  `${BOOKING_MESSAGES.profileIncompletePrefix}${missing.join(', ')}`;

/** Where an incomplete profile is completed: the home page asks to confirm the e-mail first (spec §2). */
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
 * spec visitor §5: disabled unless signed in, a name is present and the quantity is at least 1; also while
 * sending, when the quantity exceeds the seats, and for paid events without a payment provider. §312j BGB:
 * a paid order's button reads 'Zahlungspflichtig bestellen'.
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
