import { ORDER_NUMBER_ALPHABET } from './order-number';

// Pay by bank transfer (docs/product/bank-transfer.md): the settings, the due date, the payment reference with
// its check character and the EPC QR code's payload (GiroCode), shared by server and client. Free of zod and
// of Node: the client imports the texts and the rules.

// The settings and their defaults are in bank-transfer-settings.ts: every page's settings need them, not the rest.
import type { BankTransferSettings } from './bank-transfer-settings';
export { DEFAULT_BANK_TRANSFER_SETTINGS, type BankTransferSettings } from './bank-transfer-settings';

/** Due: the earlier of the order + 7 days and 7 days before the start (docs/product/bank-transfer.md#due-dates). */
export const DAYS_TO_PAY = 7;
export const DAYS_DUE_BEFORE_START = 7;
/** A reminder this many days before the due date. */
export const REMINDER_DAYS_BEFORE_DUE = 3;
/** Unpaid bookings are cancelled this many days after the due date (a transfer takes a working day or two). */
export const GRACE_DAYS = 2;

const DAY_MS = 86_400_000;

export function paymentDueAt(orderedAt: Date, eventStart: Date): Date {
  return new Date(
    Math.min(
      orderedAt.getTime() + DAYS_TO_PAY * DAY_MS,
      eventStart.getTime() - DAYS_DUE_BEFORE_START * DAY_MS,
    ),
  );
}

/** When the seats of an unpaid transfer booking go back. */
export const transferHoldEnd = (dueAt: Date) => new Date(dueAt.getTime() + GRACE_DAYS * DAY_MS);

/** Switched on with an account to pay to. */
export const bankTransferReady = (settings: BankTransferSettings) =>
  settings.enabled && settings.iban !== '' && settings.accountHolder !== '';

/** Is 'Überweisung (Vorkasse)' offered for this event now? */
export function bankTransferOffered(
  settings: BankTransferSettings,
  event: { startTime: Date; currency: string },
  now: Date,
): boolean {
  return (
    bankTransferReady(settings) &&
    transferCurrency(event.currency) &&
    farEnoughAhead(settings.minDaysBeforeStart, event.startTime, now)
  );
}

/**
 * Transfers are taken in euro only: the GiroCode carries euro, and a statement's other currencies pay nothing
 * (docs/product/bank-transfer.md#euro-only).
 */
export const transferCurrency = (currency: string) => currency.toUpperCase() === 'EUR';

/** The event starts at least `minDaysBeforeStart` days after `now`: the lead time transfers need. */
export const farEnoughAhead = (minDaysBeforeStart: number, eventStart: Date, now: Date) =>
  eventStart.getTime() - now.getTime() >= minDaysBeforeStart * DAY_MS;

// ---- the reference ----

/** The characters of order numbers: no 0/O, 1/I/L. */
const ALPHABET = ORDER_NUMBER_ALPHABET;

/**
 * The check character of an order number's six characters: Luhn mod N over the order-number alphabet (N = 31),
 * which catches every single wrong character and every swap of two neighbours.
 */
export function referenceCheckCharacter(code: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = code.length - 1; i >= 0; i--) {
    const value = ALPHABET.indexOf(code[i]!);
    if (value < 0) throw new Error(`not an order-number character: ${code[i]}`);
    const product = value * factor;
    sum += Math.floor(product / ALPHABET.length) + (product % ALPHABET.length);
    factor = factor === 2 ? 1 : 2;
  }
  return ALPHABET[(ALPHABET.length - (sum % ALPHABET.length)) % ALPHABET.length]!;
}

/** 'WR-7K3Q9F' → 'WR-7K3Q9F-9': what the buyer writes in the transfer's reference field. */
export function paymentReference(orderNumber: string): string {
  const code = orderNumber.replace(/^WR-/, '');
  return `WR-${code}-${referenceCheckCharacter(code)}`;
}

// ---- EPC QR code (GiroCode) ----

/** '1234567.89' from cents, as the EPC payload wants the amount: 'EUR1234567.89'. */
const epcAmount = (cents: number) => `EUR${(cents / 100).toFixed(2)}`;

/**
 * The payload of the EPC QR code (European Payments Council, EPC069-12 version 002, SEPA credit transfer), which
 * German banking apps read as 'GiroCode': service tag, version, UTF-8, SCT, BIC (optional in 002), name (≤ 70),
 * IBAN, amount, purpose (empty), structured reference (empty), unstructured remittance (≤ 140), no note. Lines
 * separated by LF, no trailing line feed.
 */
export function epcPayload(input: {
  bic: string;
  accountHolder: string;
  iban: string;
  amountCents: number;
  reference: string;
}): string {
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    input.bic.replace(/\s+/g, '').toUpperCase(),
    input.accountHolder.trim().slice(0, 70),
    input.iban.replace(/\s+/g, '').toUpperCase(),
    epcAmount(input.amountCents),
    '',
    '',
    input.reference.slice(0, 140),
  ].join('\n');
}

/** 'DE89 3704 0044 0532 0130 00': an IBAN in groups of four, as people read and type it. */
export const formatIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})/g, '$1 ')
    .trim();

/**
 * What the buyer needs to pay by transfer: the success page, Meine Tickets and the mail show it
 * (docs/product/bank-transfer.md#instructions).
 */
export interface BankTransferInstructions {
  bookingId: string;
  orderNumber: string;
  eventTitle: string;
  accountHolder: string;
  /** formatted in groups of four */
  iban: string;
  bic: string;
  /** what is still to pay (the total less what arrived) */
  amountCents: number;
  totalCents: number;
  paidCents: number;
  currency: string;
  reference: string;
  /** ISO time; the page shows the day */
  dueAt: string;
  /** the EPC QR code as an SVG document (made on the server from the payload) */
  qrSvg: string;
}

export const BANK_TRANSFER_MESSAGES = {
  methodLabel: 'Überweisung (Vorkasse)',
  notOffered: 'Überweisung ist für dieses Event nicht (mehr) möglich.',
  chosen:
    'Bitte überweise den Betrag bis zum Fälligkeitsdatum. Deine Tickets kommen, sobald das Geld da ist.',
  iban: 'Bitte gib eine gültige IBAN an.',
  bic: 'Bitte gib einen gültigen BIC an.',
  accountHolder: 'Bitte gib den Kontoinhaber an.',
  minDays: 'Bitte gib eine Zahl von Tagen zwischen 8 und 365 an.',
} as const;

// ---- the API (docs/product/bank-transfer.md) ----
// GET /api/payments/config carries `bankTransfer: { minDaysBeforeStart } | null` (null: not offered at all).
// POST /api/bookings/:id/payment/bank-transfer → BankTransferInstructions (409 BANK_TRANSFER_MESSAGES.notOffered)
// GET  /api/bookings/:id/bank-transfer → BankTransferInstructions, or null when the booking does not wait for a transfer
// GET  /api/bank-transfers → { transfers: BankTransferInstructions[] }: the caller's open ones (Meine Tickets)
// The admin's side (statements, transfers owed, CSV mappings) is in bank-statements.ts: no page of the shop needs it.
