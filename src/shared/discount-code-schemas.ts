import { z } from 'zod';
import {
  CODE_PATTERN,
  DISCOUNT_CODE_KINDS,
  DISCOUNT_CODE_MESSAGES,
  normalizeCode,
  type DiscountCodeKind,
} from './discount-codes';

// The admin's discount codes ('Gutscheincodes', docs/product/ticket-categories.md#codes): the form's schema,
// shared by the form and the server, the list's rows and the German texts of the admin screen.

export const DISCOUNT_CODE_ADMIN_MESSAGES = {
  kind: 'Bitte wähle, was der Code bewirkt: Prozent, fester Betrag oder Tickets freischalten.',
  percent: 'Bitte gib einen Rabatt von 1 bis 100 % an.',
  fixed: 'Bitte gib einen Betrag von 0,01 € bis 100.000 € an.',
  unlockValue: 'Ein Code, der nur Tickets freischaltet, gibt keinen Rabatt.',
  unlockNeedsCategory: 'Bitte wähle die versteckten Ticketarten, die der Code freischaltet.',
  unlockNeedsHidden:
    'Bitte wähle mindestens eine versteckte Ticketart („nur mit Code“), die der Code freischaltet.',
  maxUses: 'Bitte gib eine Anzahl ab 1 an oder lass das Feld leer (unbegrenzt).',
  maxPerBuyer: 'Bitte gib eine Anzahl ab 1 an oder lass das Feld leer (unbegrenzt).',
  date: 'Bitte gib ein gültiges Datum mit Uhrzeit an.',
  validity: '„Gültig bis“ muss nach „Gültig ab“ liegen.',
  note: 'Die Notiz darf höchstens 500 Zeichen lang sein.',
  unknownEvent: 'Eines der gewählten Events gibt es nicht (mehr).',
  unknownCategory: 'Eine der gewählten Ticketarten gehört zu keinem der gewählten Events.',
  maxUsesBelowUses: (uses: number) =>
    `Der Code wurde schon ${uses}-mal eingelöst; weniger Einlösungen insgesamt gehen nicht.`,
  notFound: 'Diesen Gutscheincode gibt es nicht.',
  inUse: 'Dieser Code wurde schon eingelöst und kann nicht gelöscht werden. Deaktiviere ihn stattdessen.',
  saved: 'Gutscheincode gespeichert.',
  deleted: 'Gutscheincode gelöscht.',
  deactivated: 'Gutscheincode deaktiviert.',
  activated: 'Gutscheincode aktiviert.',
} as const;
const M = DISCOUNT_CODE_ADMIN_MESSAGES;

/** A fixed discount of at most 100.000 €. */
const MAX_FIXED_CENTS = 10_000_000;
const limit = (message: string) =>
  z.number(message).int(message).min(1, message).max(1_000_000, message).nullable();
const instant = z.iso.datetime({ offset: true, error: M.date }).nullable();

/** POST /api/admin/discount-codes and PUT /api/admin/discount-codes/:id. */
export const discountCodeInputSchema = z
  .object({
    code: z
      .string(DISCOUNT_CODE_MESSAGES.format)
      .transform(normalizeCode)
      .pipe(z.string().regex(CODE_PATTERN, DISCOUNT_CODE_MESSAGES.format)),
    kind: z.enum(DISCOUNT_CODE_KINDS, { error: M.kind }),
    /** Percent 1–100, cents > 0 for 'fixed', 0 for 'unlock'. */
    value: z.number(M.percent).int(M.percent),
    /** Empty: every event. */
    eventIds: z.array(z.uuid(M.unknownEvent)).max(500, M.unknownEvent).default([]),
    /** Empty: every category of those events; listed hidden categories are unlocked. */
    categoryIds: z.array(z.uuid(M.unknownCategory)).max(500, M.unknownCategory).default([]),
    /** null: unlimited. */
    maxUses: limit(M.maxUses),
    maxPerBuyer: limit(M.maxPerBuyer),
    validFrom: instant,
    validUntil: instant,
    active: z.boolean().default(true),
    note: z
      .string(M.note)
      .trim()
      .max(500, M.note)
      .nullable()
      .optional()
      .transform((note) => note || null),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.kind === 'percent' && (value.value < 1 || value.value > 100)) issue('value', M.percent);
    if (value.kind === 'fixed' && (value.value <= 0 || value.value > MAX_FIXED_CENTS))
      issue('value', M.fixed);
    if (value.kind === 'unlock' && value.value !== 0) issue('value', M.unlockValue);
    if (value.kind === 'unlock' && value.categoryIds.length === 0)
      issue('categoryIds', M.unlockNeedsCategory);
    if (value.validFrom && value.validUntil && Date.parse(value.validFrom) >= Date.parse(value.validUntil)) {
      issue('validUntil', M.validity);
    }
  });
export type DiscountCodeInput = z.input<typeof discountCodeInputSchema>;
export type DiscountCodeValues = z.output<typeof discountCodeInputSchema>;

/** PUT /api/admin/discount-codes/:id/active: 'Deaktivieren' and back. */
export const discountCodeActiveSchema = z.object({ active: z.boolean() });

/** POST /api/discount-codes/check: checkout asks what a code does before booking. */
export const discountCodeCheckSchema = z.object({
  eventId: z.uuid(DISCOUNT_CODE_MESSAGES.wrongEvent),
  code: z
    .string(DISCOUNT_CODE_MESSAGES.format)
    .max(100, DISCOUNT_CODE_MESSAGES.format)
    .transform(normalizeCode)
    .pipe(z.string().regex(CODE_PATTERN, DISCOUNT_CODE_MESSAGES.format)),
});

/** One code as the admin list shows it (GET /api/admin/discount-codes). */
export interface AdminDiscountCode {
  id: string;
  code: string;
  kind: DiscountCodeKind;
  value: number;
  /** Empty: every event. */
  events: { id: string; title: string }[];
  /** Empty: every category. */
  categories: { id: string; name: string; eventId: string; requiresCode: boolean }[];
  maxUses: number | null;
  maxPerBuyer: number | null;
  validFrom: string | null;
  validUntil: string | null;
  active: boolean;
  note: string | null;
  /** Bookings holding the code now (pending or confirmed). */
  uses: number;
  /** Confirmed bookings with the code, what they paid and what the code took off. */
  confirmedBookings: number;
  revenueCents: number;
  discountCents: number;
  /** Never redeemed by any booking: only then may it be deleted. */
  deletable: boolean;
  createdAt: string;
}

export interface AdminDiscountCodeList {
  codes: AdminDiscountCode[];
}

/** GET /api/admin/discount-codes/options: the events and their categories the form offers. */
export interface DiscountCodeFormOptions {
  events: {
    id: string;
    title: string;
    startTime: string;
    categories: { id: string; name: string; requiresCode: boolean }[];
  }[];
}

/** The file name of the CSV export. */
export const DISCOUNT_CODES_CSV = 'gutscheincodes.csv';
