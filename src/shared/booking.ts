import { currentUnitPriceCents, isEarlyBird, seatsPerTicket } from './event-rules';
import type { PriceUnit, PublicEvent } from './events';
import type { SessionUser } from './session';
import type { TicketEventSummary } from './tickets';
import type { StoredAnswer } from './questions';

// Placing an order (docs/product/booking-and-seats.md#placing-an-order): the request, the answer and the
// messages of the booking rules.
export const BOOKING_MESSAGES = {
  signInRequired: 'Sie müssen angemeldet sein, um ein Event zu buchen.',
  profileIncompletePrefix: 'Um ein Ticket zu buchen, benötigen wir noch: ',
  confirmEmail: 'Bitte bestätige deine Email-Adresse',
  name: 'Bitte gib deinen Namen an',
  phone: 'Bitte gib deine Telefonnummer an',
  eventNotFound: 'Event nicht gefunden',
  soldOut: 'Leider sind nicht mehr genug Plätze frei.',
  bookingNotFound: 'Buchung nicht gefunden oder nicht mehr verfügbar.',
  failed: 'Buchung fehlgeschlagen',
  quantity: 'Bitte wähle zwischen 1 und 20 Tickets.',
  holderName: 'Bitte gib den Namen für das Ticket an.',
  holderNameTooLong: 'Der Name für das Ticket darf höchstens 200 Zeichen lang sein.',
  invalidEvent: 'Bitte ein gültiges Event wählen.',
  billingAddressRequired: 'Für Rechnungen über 250 € brauchen wir deine Rechnungsadresse.',
  itemsOrQuantity: 'Bitte wähle mindestens ein Ticket.',
  duplicateCategory: 'Bitte wähle jede Ticketart nur einmal.',
} as const;

export const BILLING_ADDRESS_MESSAGES = {
  name: 'Bitte gib den Namen für die Rechnung an.',
  street: 'Bitte gib Straße und Hausnummer an.',
  postalCode: 'Bitte gib eine gültige Postleitzahl an.',
  city: 'Bitte gib den Ort an.',
  country: 'Bitte wähle ein Land.',
  vatId: 'Bitte gib eine gültige USt-IdNr. an (z. B. DE123456789).',
  eInvoiceCompany: 'Für eine E-Rechnung brauchen wir den Namen deiner Firma.',
  tooLong: 'Bitte höchstens 200 Zeichen.',
} as const;

export const MAX_TICKETS_PER_BOOKING = 20;

// The zod schemas of the order (and CreateBookingInput) are in booking-schemas.ts: pages that only need the
// texts stay without zod.

/** Stored values, db/schema's enums derive from them (docs/product/booking-and-seats.md#booking-states). */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_PAYMENT_STATUSES = [
  'pending',
  'paid',
  'failed',
  'refunded',
  'partially_refunded',
  'not_required',
  /** a payment the bank has not decided yet (SEPA debit): the seats stay held (docs/product/payments.md#processing) */
  'processing',
  /** a debit returned after success (Rücklastschrift): to be paid again by its due date (docs/product/payments.md#returned) */
  'returned',
] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

/**
 * The event of a booking, enough for the success page and its add-to-calendar links: what a ticket shows of
 * it, always with venue and room, and the details the success page adds.
 */
export interface BookingEventSummary extends TicketEventSummary {
  locationDetails: string | null;
  venue: string | null;
  room: string | null;
  shortDescription: string | null;
}

/** One line of an order: a category, how many, at what price (docs/product/ticket-categories.md#pricing). */
export interface BookingItemView {
  categoryId: string;
  name: string;
  quantity: number;
  seatsPerTicket: number;
  /** What one ticket cost when booked (early bird applied), before the discount. */
  unitPriceCents: number;
  /** The category's normal price then, shown struck through during the early bird. */
  regularUnitPriceCents: number;
  /** The line's share of the booking's discount. */
  discountCents: number;
}

export interface BookingTicketView {
  id: string;
  ticketNumber: string;
  /** The last 4 characters of the ticket number (docs/product/booking-and-seats.md#ticket-number). */
  code: string;
}

/** What POST /api/bookings and GET /api/bookings/:id answer. Amounts are integer cents; times ISO. */
export interface BookingView {
  id: string;
  /** The buyer's reference, 'WR-7K3Q9F' (docs/decisions/020-order-numbers.md). */
  orderNumber: string;
  eventId: string;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  quantity: number;
  /** Persons held: quantity × 2 on per-pair events. */
  seats: number;
  /** The first line's unit price (from before categories; read `items` instead). */
  unitPriceCents: number;
  /** What the buyer pays: the lines less the discount. */
  totalAmountCents: number;
  currency: string;
  /** The lines of the order, in order. */
  items: BookingItemView[];
  /** The discount code as typed, and what it took off (docs/product/ticket-categories.md#codes). */
  discountCode: string | null;
  discountCents: number;
  /** The answers to the event's questions (docs/product/ticket-categories.md#answers). */
  answers: StoredAnswer[];
  /** Until when a pending booking holds its seats; null once confirmed or for free bookings. */
  holdExpiresAt: string | null;
  /**
   * The due date of a payment still owed: a transfer's, or a returned debit's
   * (docs/product/payments.md#returned); null otherwise.
   */
  paymentDueAt?: string | null;
  holderName: string | null;
  isTest: boolean;
  createdAt: string;
  event: BookingEventSummary;
  tickets: BookingTicketView[];
  /**
   * The access link of an online event while the booking holds an active ticket, else null
   * (docs/product/tickets-and-refunds.md#online-link-buyers-only).
   */
  onlineUrl: string | null;
}

/** The ticket code: the last 4 characters of the ticket number. */
export const ticketCode = (ticketNumber: string) => ticketNumber.slice(-4);

// --- the rules of an order: the server books by them, the checkout shows them beforehand -------------

/**
 * What a profile still needs before booking (docs/product/booking-and-seats.md#profile-before-booking): the
 * texts of the missing parts, empty when the profile is complete; without a user, all three.
 */
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

/** 'Um ein Ticket zu buchen, benötigen wir noch: …' */
export const profileIncompleteMessage = (missing: string[]) =>
  `${BOOKING_MESSAGES.profileIncompletePrefix}${missing.join(', ')}`;

/** The persons a booking holds (docs/product/booking-and-seats.md#per-pair-two-seats). */
export const bookingSeats = (quantity: number, unit: PriceUnit) => quantity * seatsPerTicket(unit);

export interface OrderPrice {
  /** What one ticket costs now (the early-bird price while it runs). */
  unitCents: number;
  /** The normal price, shown struck through during the early-bird phase. */
  regularUnitCents: number;
  early: boolean;
  totalCents: number;
  free: boolean;
}

/**
 * Total = current unit price × quantity, in integer cents (docs/product/booking-and-seats.md#server-prices,
 * docs/product/events.md#early-bird); a total of 0 is a free booking (docs/product/events.md#free-event).
 */
export function orderPrice(
  event: Pick<PublicEvent, 'priceCents' | 'earlyBirdPriceCents' | 'earlyBirdEndsAt'>,
  quantity: number,
  now: Date,
): OrderPrice {
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
