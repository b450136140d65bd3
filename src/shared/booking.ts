import { z } from 'zod';

// spec visitor §4 'Booking', §5 booking rules, §8 booking errors: the messages, word for word where the
// spec has them. The sold-out, quantity and holder-name texts are ours (the spec has none).
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
} as const;

export const MAX_TICKETS_PER_BOOKING = 20;

/** POST /api/bookings. Prices are never taken from the client (DESIGN §4). */
export const createBookingSchema = z.object({
  eventId: z.uuid(BOOKING_MESSAGES.invalidEvent),
  quantity: z
    .number(BOOKING_MESSAGES.quantity)
    .int(BOOKING_MESSAGES.quantity)
    .min(1, BOOKING_MESSAGES.quantity)
    .max(MAX_TICKETS_PER_BOOKING, BOOKING_MESSAGES.quantity),
  holderName: z
    .string(BOOKING_MESSAGES.holderName)
    .trim()
    .min(1, BOOKING_MESSAGES.holderName)
    .max(200, BOOKING_MESSAGES.holderNameTooLong),
});

export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export type BookingStatus = 'pending' | 'confirmed' | 'cancelled' | 'expired';
export type BookingPaymentStatus =
  'pending' | 'paid' | 'failed' | 'refunded' | 'partially_refunded' | 'not_required';

/** The event of a booking, enough for the success page and its add-to-calendar links. */
export interface BookingEventSummary {
  id: string;
  slug: string;
  title: string;
  startTime: string;
  endTime: string;
  timezone: string;
  location: string;
  locationDetails: string | null;
  mode: 'online' | 'presence';
  priceUnit: 'per_person' | 'per_pair';
  imageUrl: string | null;
  shortDescription: string | null;
}

export interface BookingTicketView {
  id: string;
  ticketNumber: string;
  /** The last 4 characters of the ticket number (spec visitor §9). */
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
  unitPriceCents: number;
  totalAmountCents: number;
  currency: string;
  /** Until when a pending booking holds its seats; null once confirmed or for free bookings. */
  holdExpiresAt: string | null;
  holderName: string | null;
  isTest: boolean;
  createdAt: string;
  event: BookingEventSummary;
  tickets: BookingTicketView[];
  /**
   * The access link of an online event while the booking holds an active ticket, else null (spec admin §3
   * 'visible only to buyers'; docs/decisions/019-online-links.md).
   */
  onlineUrl: string | null;
}

/** The ticket code: the last 4 characters of the ticket number. */
export const ticketCode = (ticketNumber: string) => ticketNumber.slice(-4);
