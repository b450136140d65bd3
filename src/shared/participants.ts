import { z } from 'zod';
import type { AnswerLine } from './answer-lists';
import type { SeatFigures } from './seat-figures';

// Who is coming to an event, and checking them in at the door (docs/product/organizer-day.md). Shared by the
// server's answers and the pages /admin/events/{id}/teilnehmende, /veranstalter and /checkin/{eventId}.

/** A ticket's state in the participant list and at the door. */
export type ParticipantState = 'active' | 'cancelled' | 'checked-in';

export const PARTICIPANT_STATE_LABELS: Record<ParticipantState, string> = {
  active: 'aktiv',
  cancelled: 'storniert',
  'checked-in': 'eingecheckt',
};

/** One row per ticket of a confirmed booking. */
export interface Participant {
  ticketId: string;
  /** The 4-digit ticket code (last 4 of the ticket number), as printed under the barcode. */
  code: string;
  ticketNumber: string;
  /** 'Name auf dem Ticket' (the booking's holder name; the buyer's name when none was given). */
  holderName: string;
  buyerName: string;
  email: string;
  phone: string | null;
  orderNumber: string;
  /** What this ticket cost (the booking's unit price; 0 for free events). */
  priceCents: number;
  /** Persons admitted (2 on per-pair tickets). */
  seats: number;
  state: ParticipantState;
  /** ISO time of the check-in, and who checked in (display name), when checked in. */
  checkedInAt: string | null;
  checkedInBy: string | null;
  /** ISO time the booking was placed. */
  bookedAt: string;
  /** The ticket's category ('Ticketart', docs/product/ticket-categories.md#answers); optional for old fixtures. */
  categoryName?: string | null;
  /**
   * The answers for this ticket (docs/product/ticket-categories.md#answers): the order's, then its persons'
   * (both of a pair ticket); optional for old fixtures.
   */
  answers?: AnswerLine[];
}

export interface ParticipantCounts {
  /** Seats taken by active and checked-in tickets, of the event's seats. */
  soldSeats: number;
  totalSeats: number;
  /** Tickets (not seats). */
  checkedIn: number;
  /** Valid tickets not (yet) checked in. */
  active: number;
  cancelled: number;
  /** Bookings still waiting for their payment (pending). */
  openPayments: number;
}

export interface EventSales {
  currency: string;
  /** Paid for confirmed bookings. */
  grossCents: number;
  /** Refunds that succeeded or are on their way. */
  refundedCents: number;
  netCents: number;
}

/** The event as the participant list and the organizer area name it. */
export interface StaffEventSummary {
  id: string;
  title: string;
  slug: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  location: string | null;
}

/** GET /api/participants/{eventId} */
export interface ParticipantList {
  event: StaffEventSummary & { venue: string | null };
  counts: ParticipantCounts;
  /** Sold, offered, held and free seats, as every back-office screen names them (docs/product/admin.md#seat-figures). */
  seats: SeatFigures;
  sales: EventSales;
  participants: Participant[];
  /** The columns of the answers: the event's questions, then deleted ones still answered. */
  answerColumns?: { questionId: string; label: string }[];
}

/** An event as the organizer area lists it (GET /api/organizer/events). */
export interface OrganizerEvent extends StaffEventSummary {
  status: string;
  counts: ParticipantCounts;
  /** Sold, offered, held and free seats (docs/product/admin.md#seat-figures). */
  seats: SeatFigures;
}

// ---- check-in at the door ----

/** The answer to a scan or a tap on a name: what the door shows at a glance. */
export type CheckInOutcome =
  | { result: 'checked-in'; participant: Participant }
  | { result: 'already'; participant: Participant }
  | { result: 'cancelled'; participant: Participant }
  | { result: 'other-event'; eventTitle: string }
  | { result: 'unknown' };

export const CHECK_IN_TEXTS = {
  checkedIn: 'Eingecheckt',
  /** 'Bereits eingecheckt um 18:42' (HH:MM in the event's time zone), with who when known. */
  already: (time: string, by: string | null) => `Bereits eingecheckt um ${time}${by ? ` (von ${by})` : ''}`,
  cancelled: 'Storniert',
  otherEvent: 'Ticket für ein anderes Event',
  unknown: 'Unbekanntes Ticket',
  undo: 'Rückgängig',
  undone: 'Check-in zurückgenommen',
  counter: (checkedIn: number, total: number) => `${checkedIn} von ${total} eingecheckt`,
  offline: 'Offline – Check-ins werden gespeichert und gesendet, sobald wieder Verbindung besteht.',
  syncConflicts: (count: number) =>
    count === 1
      ? '1 Check-in war bereits auf einem anderen Gerät erfasst.'
      : `${count} Check-ins waren bereits auf einem anderen Gerät erfasst.`,
} as const;

/**
 * What a scanner or a typed search reads: the barcode's content (4-character code + 8 hex characters of the
 * ticket id, see ticketBarcodeContent in tickets.ts) or the 4-digit code alone.
 */
export const parseTicketScan = (raw: string): { code: string; idPrefix: string | null } | null => {
  const text = raw.trim().toUpperCase();
  const full = /^(\d{4})([0-9A-F]{8})$/.exec(text);
  if (full) return { code: full[1]!, idPrefix: full[2]!.toLowerCase() };
  if (/^\d{4}$/.test(text)) return { code: text, idPrefix: null };
  return null;
};

/** POST /api/checkin/{eventId}: by scan or by ticket id (a tap on a name); `at` for check-ins made offline. */
export interface CheckInRequest {
  scan?: string;
  ticketId?: string;
  /**
   * ISO time the device checked in (offline queue): within the event's days
   * (docs/product/organizer-day.md#offline-check-in-time); a check-in on record is never moved.
   */
  at?: string;
  /** An id the device made up, so a check-in sent twice counts once. */
  deviceCheckInId?: string;
  /**
   * The ticket number the device knew when it checked in (its list, offline): a ticket transferred since has
   * a new one and is not checked in (docs/product/organizer-day.md#check-in-current-number).
   */
  ticketNumber?: string;
}

export const CHECK_IN_MESSAGES = {
  eventNotFound: 'Event nicht gefunden',
  ticketNotFound: 'Ticket nicht gefunden',
  missingTicket: 'Bitte einen Ticketcode scannen oder eine Person auswählen.',
  ticketId: 'Die Ticket-ID ist ungültig.',
  scan: 'Der gescannte Code ist zu lang.',
  at: 'Die Check-in-Zeit ist ungültig.',
  atInFuture: 'Die Check-in-Zeit liegt in der Zukunft. Bitte die Uhr des Geräts prüfen.',
  /** docs/product/organizer-day.md#offline-check-in-time */
  atOutsideEvent:
    'Die Check-in-Zeit liegt nicht in der Zeit des Events (ab 2 Stunden vor Beginn bis zum Ende des letzten Tages). Bitte die Uhr des Geräts prüfen.',
  ticketNumber: 'Die Ticketnummer ist ungültig.',
  deviceCheckInId: 'Die Geräte-Kennung des Check-ins ist ungültig.',
  /** docs/product/organizer-day.md#no-cancel-after-check-in */
  noCancelAfterCheckIn: 'Eingecheckte Tickets können nicht storniert werden.',
} as const;

/** An offline device's clock may run ahead by this much; later times are refused. */
export const CHECK_IN_CLOCK_SKEW_MS = 60_000;

/**
 * An offline check-in's time may lie this long before the event's start (the door opens 15 minutes before,
 * ENTRY_MINUTES_BEFORE_START; early doors and a slow device clock get room), and until the end of the
 * event's last day in its time zone (docs/product/organizer-day.md#offline-check-in-time).
 */
export const CHECK_IN_EARLIEST_BEFORE_START_MS = 2 * 60 * 60_000;

/** The body of POST /api/checkin/{eventId}; `at` is checked against the server's clock by the server. */
export const checkInRequestSchema = z
  .object({
    scan: z.string({ error: CHECK_IN_MESSAGES.missingTicket }).max(64, CHECK_IN_MESSAGES.scan).optional(),
    ticketId: z.uuid(CHECK_IN_MESSAGES.ticketId).optional(),
    at: z.iso.datetime({ offset: true, error: CHECK_IN_MESSAGES.at }).optional(),
    deviceCheckInId: z
      .string({ error: CHECK_IN_MESSAGES.deviceCheckInId })
      .regex(/^[A-Za-z0-9_-]{1,100}$/, CHECK_IN_MESSAGES.deviceCheckInId)
      .optional(),
    ticketNumber: z
      .string({ error: CHECK_IN_MESSAGES.ticketNumber })
      .regex(/^[A-Za-z0-9-]{1,64}$/, CHECK_IN_MESSAGES.ticketNumber)
      .optional(),
  })
  .refine((body) => (body.scan !== undefined && body.scan.trim() !== '') || body.ticketId !== undefined, {
    message: CHECK_IN_MESSAGES.missingTicket,
    path: ['scan'],
  }) satisfies z.ZodType<CheckInRequest>;

/** The CSV of the participant list: German headers, one row per ticket (semicolons, UTF-8 with BOM). */
export const PARTICIPANT_CSV_COLUMNS = [
  'Name auf dem Ticket',
  'Käufer:in',
  'E-Mail',
  'Telefon',
  'Bestellnummer',
  'Ticketcode',
  'Preis',
  'Personen',
  'Status',
  'Eingecheckt um',
  'Eingecheckt von',
  'Gebucht am',
  'Ticketart',
] as const;

export const participantsCsvFileName = (slug: string) => `teilnehmende-${slug}.csv`;
