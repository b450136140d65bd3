import type { PublicTicketCategory } from './ticket-categories';

// Discount codes ('Gutscheincodes', docs/product/ticket-categories.md#codes): what a code takes off, where it
// applies, and the German answers at checkout.
export const DISCOUNT_CODE_KINDS = ['percent', 'fixed', 'unlock'] as const;
export type DiscountCodeKind = (typeof DISCOUNT_CODE_KINDS)[number];

export const DISCOUNT_CODE_MESSAGES = {
  unknown: 'Diesen Code kennen wir nicht.',
  expired: 'Dieser Code ist abgelaufen.',
  notYetValid: 'Dieser Code gilt noch nicht.',
  usedUp: 'Dieser Code ist bereits aufgebraucht.',
  usedUpForYou: 'Du hast diesen Code schon so oft genutzt, wie er gilt.',
  wrongEvent: 'Dieser Code gilt nicht für dieses Event.',
  wrongCategory: 'Dieser Code gilt nicht für die gewählten Tickets.',
  tooManyTries: 'Zu viele Versuche. Bitte warte einen Moment.',
  format: 'Bitte gib einen gültigen Code ein (Buchstaben, Ziffern und Bindestriche).',
  taken: 'Diesen Code gibt es schon.',
} as const;

/** Codes are compared upper-case, without spaces. */
export const normalizeCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** What checkout learns of a valid code (POST /api/discount-codes/check). */
export interface DiscountCodePreview {
  code: string;
  kind: DiscountCodeKind;
  value: number;
  /** Categories it applies to; null = all of the event's. */
  categoryIds: string[] | null;
  /** Hidden categories of this event that the code unlocks (with their seats and prices). */
  unlocked: PublicTicketCategory[];
}

/** '10 %' or '15,00 €' or 'schaltet Tickets frei'. */
export function discountLabel(kind: DiscountCodeKind, value: number, currency = 'EUR'): string {
  if (kind === 'percent') return `${value} %`;
  if (kind === 'unlock') return 'schaltet Tickets frei';
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(value / 100);
}
