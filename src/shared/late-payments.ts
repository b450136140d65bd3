/**
 * The times of payments whose verdict comes late (docs/decisions/054-late-verdicts-and-returned-debits.md,
 * docs/product/payments.md#processing and #returned). Pure, so the server decides by them and a page may
 * show them.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A payment that failed after 'processing': the booking keeps its seats this long for paying again. */
export const PAY_AGAIN_HOURS = 48;
/** A returned debit is to be paid again within this many days ... */
export const RETURN_DUE_DAYS = 7;
/** ... but never later than this many days before the event starts ... */
export const RETURN_DUE_DAYS_BEFORE_START = 1;
/** ... and never sooner than this many days after the return. */
export const RETURN_DUE_MIN_DAYS = 2;

/** Until when a booking whose late payment failed may be paid again: 48 h, never past the event's start. */
export function payAgainUntil(now: Date, eventStart: Date): Date {
  return new Date(Math.min(now.getTime() + PAY_AGAIN_HOURS * HOUR_MS, eventStart.getTime()));
}

/**
 * The due date of a returned debit: 7 days, never later than 1 day before the event's start, and at least
 * 2 days (the minimum wins: the buyer always has two days).
 */
export function returnDueAt(now: Date, eventStart: Date): Date {
  const latest = Math.min(
    now.getTime() + RETURN_DUE_DAYS * DAY_MS,
    eventStart.getTime() - RETURN_DUE_DAYS_BEFORE_START * DAY_MS,
  );
  return new Date(Math.max(latest, now.getTime() + RETURN_DUE_MIN_DAYS * DAY_MS));
}

/**
 * A booking of the signed-in buyer whose payment is not settled in their favour yet, for 'Offene Zahlungen'
 * in Meine Tickets (GET /api/payments/open): in processing, failed after processing (pay again until
 * `payUntil`), or returned (pay again by `payUntil`).
 */
export interface OpenPayment {
  bookingId: string;
  orderNumber: string;
  state: 'processing' | 'failed' | 'returned';
  amountCents: number;
  currency: string;
  /** Until when it can be paid again (failed: the hold's end; returned: the due date); null in processing. */
  payUntil: string | null;
  event: { title: string; slug: string; startTime: string; timezone: string };
}

/** What the buyer reads about an open payment (Meine Tickets, the booking's page). */
export const OPEN_PAYMENT_TEXTS = {
  heading: 'Offene Zahlungen',
  processing: 'Zahlung in Bearbeitung',
  processingHint:
    'Deine Plätze bleiben reserviert, bis deine Bank die Zahlung bestätigt. Die Tickets kommen dann per E-Mail.',
  failed: 'Zahlung fehlgeschlagen',
  returned: 'Zahlung zurückgebucht',
  payUntil: (when: string) => `Bitte bezahle bis ${when} erneut.`,
  returnedHint: (when: string) =>
    `Deine Bank hat die Zahlung zurückgebucht. Bitte bezahle bis ${when} erneut, sonst wird die Buchung storniert.`,
  payNow: 'Jetzt bezahlen',
  view: (orderNumber: string) => `Buchung ${orderNumber} ansehen`,
} as const;

/** A booking's returned debit as the admin sees it ('Zahlung zurückgebucht', with the fee). */
export interface PaymentReturn {
  returnedAt: string;
  /** What the bank or Stripe charged the shop for it. */
  feeCents: number;
  /** The booking is still to be paid again (payment_status 'returned'); false once paid again or cancelled. */
  open: boolean;
  /** While open: the date it must be paid again by, else it is cancelled. */
  dueAt: string | null;
}

/** 'Zahlung zurückgebucht · Gebühr 3,00 €' (the admin's ticket list). */
export const paymentReturnText = (fee: string) => `${OPEN_PAYMENT_TEXTS.returned} · Gebühr ${fee}`;
