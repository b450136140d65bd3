import type { MyTicketAnswers } from './answer-lists';
import type { EventMode, PriceUnit } from './events';

// 'Meine Tickets' and cancelling (docs/product/tickets-and-refunds.md#my-tickets,
// docs/product/tickets-and-refunds.md#who-cancels).

/** Stored values, db/schema's enum derives from them (docs/product/tickets-and-refunds.md#ticket-states). */
export const TICKET_STATUSES = ['active', 'canceled', 'revoked'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The event as a ticket shows it. */
export interface TicketEventSummary {
  id: string;
  slug: string;
  title: string;
  startTime: string;
  endTime: string;
  timezone: string;
  location: string;
  /** The venue's name and the room, shown with the town (docs/product/events.md#venue-for-buyers). */
  venue?: string | null;
  room?: string | null;
  mode: EventMode;
  priceUnit: PriceUnit;
  imageUrl: string | null;
}

/** GET /api/tickets: the signed-in user's tickets, newest first. */
export interface MyTicket {
  id: string;
  bookingId: string;
  /** The booking's order number, 'WR-7K3Q9F' (docs/decisions/020-order-numbers.md). */
  orderNumber: string;
  ticketNumber: string;
  /** Last 4 characters of the ticket number. */
  code: string;
  status: TicketStatus;
  isTest: boolean;
  isCheckedIn: boolean;
  cancellationRequested: boolean;
  // The server always sends the transfer fields below (holderEmail … holderNameEditable); they are optional
  // only so older fixtures still type-check.
  /** The name on the ticket: a substitute's, else the booking's holder name. */
  holderName: string | null;
  /** The substitute's e-mail once transferred; null while the buyer's booking holds it. */
  holderEmail?: string | null;
  /**
   * true when the signed-in user booked it (keeps order, payment, cancel and transfer rights); false when
   * they see it as its substitute holder (docs/product/tickets-and-refunds.md#ticket-transfer).
   */
  isBuyer?: boolean;
  /** For the buyer only: set when the ticket was transferred to someone else. */
  transferredTo?: { name: string; email: string; at: string };
  /**
   * Until when the buyer may transfer it (ISO time: the start minus the event's cut-off); null when it
   * cannot be transferred (not the buyer, cancelled, checked in, cut-off passed).
   */
  transferableUntil?: string | null;
  /** The buyer may fix the name until the start (docs/product/tickets-and-refunds.md#holder-name-change). */
  holderNameEditable?: boolean;
  priceCents: number;
  currency: string;
  createdAt: string;
  /**
   * The invoice of the ticket's booking (GET /api/invoices/:id/pdf); null while there is none. Optional only
   * so older fixtures still type-check.
   */
  invoice?: { id: string; number: string } | null;
  /**
   * The valid certificate of attendance, for whoever holds the ticket (GET /api/certificates/:id/pdf;
   * docs/product/certificates.md#my-tickets); null while there is none. Optional like `invoice`.
   */
  certificate?: { id: string; code: string } | null;
  /**
   * Paid by bank transfer: cancelling asks for the account the refund goes to (POST …/cancel with
   * payoutIban and payoutName; docs/product/bank-transfer.md#refunds). Optional like `invoice`.
   */
  paidByTransfer?: boolean;
  /**
   * For the buyer: what the booking was paid with, as shown ('PayPal', 'SEPA-Lastschrift', …;
   * docs/product/payments.md#method-names); null when free or unknown. Optional like `invoice`.
   */
  paymentMethod?: string | null;
  /** The ticket's category ('Ticketart'); optional for old fixtures. */
  categoryName?: string | null;
  /**
   * For the buyer: the answers to the event's questions (docs/product/ticket-categories.md#answers); null when
   * the event asks nothing and nothing was answered, and for a substitute holder. Optional like `invoice`.
   */
  answers?: MyTicketAnswers | null;
  event: TicketEventSummary;
  /**
   * The access link of an online event, on active tickets only; null otherwise
   * (docs/product/tickets-and-refunds.md#online-link-buyers-only).
   */
  onlineUrl: string | null;
  /**
   * What cancelling now would refund (server-computed from the event's policy or the default tiers);
   * null when the ticket cannot be cancelled (cancelled already, or the event has started).
   */
  cancellation: {
    share: number;
    refundCents: number;
    /**
     * Set when earlier refunds on the booking leave less than the tier would give: what the booking got
     * back already. The share is then refundCents of the price (docs/decisions/023-refund-percentages.md).
     */
    alreadyRefundedCents?: number;
  } | null;
}

/** POST /api/tickets/:id/cancel: the refund {amount, currency} and a message. */
export interface CancelTicketResult {
  refund: { amountCents: number; currency: string } | null;
  message: string;
}

export const TICKETS_CACHE_KEY = 'my-tickets-cache';
/** The ticket list is cached in session storage for 2 minutes. */
export const TICKETS_CACHE_MS = 2 * 60_000;

export const TICKET_MESSAGES = {
  empty: 'Keine Tickets vorhanden',
  loadFailed: 'Fehler beim Laden deiner Tickets.',
  cancelled: 'Dieses Ticket wurde storniert.',
  unavailable: 'Ticket nicht verfügbar',
  cancelFailedTitle: 'Stornierung fehlgeschlagen',
  cancelSuccessNoRefund: 'Stornierung erfolgreich (keine Erstattung gemäß Richtlinie).',
  previewFailed: 'Vorschau fehlgeschlagen',
  /** The success toast of a preview refresh. */
  previewUpdated: 'Vorschau aktualisiert',
  pdfFailed: 'PDF fehlgeschlagen',
  deleteFailed: 'Löschen fehlgeschlagen',
  deletedTitle: 'Ticket gelöscht',
  deletedText: 'Das Ticket wurde entfernt.',
  notFound: 'Ticket nicht gefunden.',
  // cancel errors by status (docs/product/tickets-and-refunds.md#cancel-messages)
  cancel400:
    'Dieses Ticket konnte nicht storniert werden. Es wurde möglicherweise bereits storniert oder existiert nicht.',
  cancel403: 'Du bist nicht berechtigt, dieses Ticket zu stornieren.',
  cancel409: 'Dieses Ticket befindet sich in einem Zustand, der keine Stornierung erlaubt.',
  cancel422: 'Die Anfrage war unvollständig oder ungültig. Bitte lade die Seite neu und versuche es erneut.',
  cancelUnavailable:
    'Der Stornierungsdienst ist gerade nicht erreichbar. Bitte versuche es später erneut oder wende dich an den Support.',
  cancelNetwork: 'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung.',
  cancelUnknown: 'Unbekannter Fehler bei der Stornierung. Bitte versuche es erneut.',
  // server-side reasons
  alreadyCancelled: 'Dieses Ticket wurde bereits storniert.',
  eventStarted: 'Tickets für Events, die bereits begonnen haben, können nicht mehr storniert werden.',
} as const;

/**
 * A free ticket (price 0) tells one story when cancelled: it was free, nothing comes back, the seat is released;
 * no refund percentage and no policy anywhere (docs/product/tickets-and-refunds.md#free-ticket-cancel).
 */
export const FREE_TICKET_TEXTS = {
  /** The cancel button in Meine Tickets. */
  button: 'Stornieren',
  /** The cancel dialog; its last line already says the seat is released. */
  dialog: 'Das Ticket war kostenlos, es gibt nichts zu erstatten.',
  /** The server's answer, shown in the toast. */
  cancelled: 'Stornierung erfolgreich. Das Ticket war kostenlos, dein Platz ist wieder frei.',
  /** The cancellation mail; when the event was called off, without the seat. */
  mail: 'Das Ticket war kostenlos, es gibt nichts zu erstatten. Dein Platz ist wieder frei.',
  mailEventCancelled: 'Das Ticket war kostenlos, es gibt nichts zu erstatten.',
  /** The admin's cancel dialog, instead of the refund choices. */
  admin: 'Kostenloses Ticket: Es gibt nichts zu erstatten, der Platz wird wieder frei.',
  /** A ticket's line in 'Konto löschen', among the tickets the deletion cancels. */
  deletionLine: 'kostenlos, nichts zu erstatten',
} as const;

export const isFreeTicket = (ticket: { priceCents: number }) => ticket.priceCents <= 0;

/**
 * 'Stornierung erfolgreich. Erstattung: 12,50 EUR' (docs/product/tickets-and-refunds.md#cancel-button-label).
 */
export function cancelSuccessMessage(refundCents: number, currency: string): string {
  if (refundCents <= 0) return TICKET_MESSAGES.cancelSuccessNoRefund;
  const amount = (refundCents / 100).toLocaleString('de-DE', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `Stornierung erfolgreich. Erstattung: ${amount} ${currency}`;
}

/**
 * A JSON message from the server is shown as is; otherwise by status
 * (docs/product/tickets-and-refunds.md#cancel-messages). status 0
 * stands for a network error or timeout.
 */
export function cancelErrorMessage(status: number, serverMessage?: string | null): string {
  if (serverMessage) return serverMessage;
  if (status === 0) return TICKET_MESSAGES.cancelNetwork;
  if (status === 400) return TICKET_MESSAGES.cancel400;
  if (status === 403) return TICKET_MESSAGES.cancel403;
  if (status === 409) return TICKET_MESSAGES.cancel409;
  if (status === 422) return TICKET_MESSAGES.cancel422;
  if (status === 404 || status >= 300) return TICKET_MESSAGES.cancelUnavailable;
  return TICKET_MESSAGES.cancelUnknown;
}

export type TicketDisplayStatus = 'Storniert' | 'Eingecheckt' | 'Vorbei' | 'Bevorstehend';

/**
 * 'Storniert', 'Eingecheckt', 'Vorbei' or 'Bevorstehend' (docs/product/tickets-and-refunds.md#my-tickets).
 */
export function ticketDisplayStatus(
  ticket: Pick<MyTicket, 'status' | 'isCheckedIn'> & { event: Pick<TicketEventSummary, 'startTime'> },
  now: Date,
): TicketDisplayStatus {
  if (ticket.status !== 'active') return 'Storniert';
  if (ticket.isCheckedIn) return 'Eingecheckt';
  if (new Date(ticket.event.startTime).getTime() <= now.getTime()) return 'Vorbei';
  return 'Bevorstehend';
}

/**
 * Upcoming = event start in the future; newest ticket first in each
 * (docs/product/tickets-and-refunds.md#my-tickets).
 */
export function splitTickets<
  T extends Pick<MyTicket, 'createdAt'> & { event: Pick<TicketEventSummary, 'startTime'> },
>(tickets: readonly T[], now: Date): { upcoming: T[]; past: T[] } {
  const newestFirst = [...tickets].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const isUpcoming = (t: T) => new Date(t.event.startTime).getTime() > now.getTime();
  return { upcoming: newestFirst.filter(isUpcoming), past: newestFirst.filter((t) => !isUpcoming(t)) };
}

/**
 * Code128 of the last 4 digits of the ticket number plus the first 8 characters of the id without dashes
 * (docs/product/tickets-and-refunds.md#ticket-barcode).
 */
export const ticketBarcodeContent = (ticketId: string, ticketNumber: string) =>
  `${ticketNumber.slice(-4)}${ticketId.replace(/-/g, '').slice(0, 8)}`;

/** Entry opens 15 minutes before the start (docs/product/tickets-and-refunds.md#entry-time). */
export const ENTRY_MINUTES_BEFORE_START = 15;

export const ticketPdfFileName = (code: string) => `ticket-${code}.pdf`;
export const ticketImageFileName = (ticketId: string) => `ticket-${ticketId}.png`;
