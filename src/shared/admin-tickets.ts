import { z } from 'zod';
import { fractionProblem } from './refund-percent';
import type { RefundRule } from './refund-rules';
import type { PaymentReturn } from './late-payments';
import type { TicketStatus } from './tickets';

// 'Tickets verwalten' (docs/product/admin.md#tickets-screen): the list, the display state, the cancel dialog
// (docs/product/admin.md#admin-cancel-dialog) and the CSV export (docs/product/admin.md#csv-export).

export const ADMIN_TICKET_MESSAGES = {
  empty: 'Keine Tickets gefunden.',
  loadFailed: 'Fehler beim Laden',
  deleteFailed: 'Fehler beim Löschen',
  cancelFailed: 'Fehler beim Stornieren',
  rerenderFailed: 'Fehler beim Neu-Rendern',
  // also the Admin Refund card's text for a bad amount
  amountInvalid: 'Betrag ungültig',
  percentInvalid: 'Prozentsatz ungültig',
  overrideInvalid: 'Unbekannte Erstattungsart.',
  filterInvalid: 'Ungültiger Filter.',
  tooManyIds: 'Zu viele Tickets ausgewählt.',
  noSelection: 'Bitte mindestens ein Ticket auswählen.',
} as const;

/** 'PDF Fehler: 404'. */
export const pdfErrorMessage = (status: number | string) => `PDF Fehler: ${status}`;

export const ADMIN_TICKET_STATUSES = ['all', 'active', 'cancelled', 'past'] as const;
export type AdminTicketStatusFilter = (typeof ADMIN_TICKET_STATUSES)[number];
export const ADMIN_TICKET_STATUS_LABELS: Record<AdminTicketStatusFilter, string> = {
  all: 'Alle',
  active: 'Aktiv',
  cancelled: 'Storniert',
  past: 'Vergangen',
};

/** 10, 25, 50 or 0 (all); default 25 (docs/product/admin.md#tickets-screen). */
export const ADMIN_TICKET_PAGE_SIZES = [10, 25, 50, 0] as const;
export type AdminTicketPageSize = (typeof ADMIN_TICKET_PAGE_SIZES)[number];
export const ADMIN_TICKET_DEFAULT_PAGE_SIZE: AdminTicketPageSize = 25;
/** Selections exported or acted on at once (a GET URL holds about 400 ids; the POST body many more). */
export const ADMIN_TICKET_MAX_IDS = 10_000;

/** A comma list or repeated parameter: `event=a,b` and `event=a&event=b` mean the same. */
const idList = (id: z.ZodType<string, string>) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      [value ?? []]
        .flat()
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(id).max(ADMIN_TICKET_MAX_IDS, ADMIN_TICKET_MESSAGES.tooManyIds));

const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === '1' || value === 'true');

/**
 * GET /api/admin/tickets (and export.csv): events, users, without test tickets, only cancellation requests,
 * plus search, status and paging (docs/product/admin.md#tickets-screen). pageSize 0 means all.
 */
export const adminTicketQuerySchema = z.object({
  search: z.string().trim().max(200).default(''),
  event: idList(z.uuid(ADMIN_TICKET_MESSAGES.filterInvalid)),
  user: idList(z.string().min(1).max(100)),
  status: z
    .enum(ADMIN_TICKET_STATUSES, { error: ADMIN_TICKET_MESSAGES.filterInvalid })
    .optional()
    .default('all'),
  hideTest: flag,
  onlyCancellationRequests: flag,
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z
    .union([z.literal('all'), z.coerce.number()])
    .optional()
    .transform((value) => (value === 'all' ? 0 : (value ?? ADMIN_TICKET_DEFAULT_PAGE_SIZE)))
    .pipe(z.literal(ADMIN_TICKET_PAGE_SIZES, { error: 'Ungültige Seitengröße.' })),
  /** Only these tickets (the selection's CSV); the other filters still apply. */
  ids: idList(z.uuid(ADMIN_TICKET_MESSAGES.filterInvalid)),
});
export type AdminTicketQuery = z.output<typeof adminTicketQuerySchema>;

/** One row of the tickets table. */
export interface AdminTicketRow {
  id: string;
  eventId: string;
  /** The ticket's booking ('Mit Stripe abgleichen' asks about its payment; docs/product/payments.md#reconcile-by-hand). */
  bookingId: string;
  /** The booking's order number, 'WR-7K3Q9F' (docs/decisions/020-order-numbers.md). */
  orderNumber: string;
  ticketNumber: string;
  /** Last 4 characters of the ticket number ('code4_last4'); '0000' without one. */
  code: string;
  status: TicketStatus;
  isTest: boolean;
  cancellationRequested: boolean;
  /**
   * The event has started and the ticket is not cancelled
   * (docs/product/tickets-and-refunds.md#ticket-filter).
   */
  past: boolean;
  createdAt: string;
  holderName: string | null;
  /**
   * The substitute's e-mail (lower-case) once the ticket was transferred; null while the buyer holds it
   * (docs/product/tickets-and-refunds.md#ticket-transfer).
   */
  holderEmail: string | null;
  /** When the ticket was last transferred (the latest ticket_transfers row); null if never. */
  transferredAt: string | null;
  /** When it was checked in at the door (docs/product/organizer-day.md#check-in); null if not. */
  checkedInAt: string | null;
  buyerEmail: string | null;
  profileId: string | null;
  /** What was paid for the ticket (after a code's discount). */
  priceCents: number;
  currency: string;
  /** The ticket's category ('Einzelzimmer'), as named when booked; null on tickets without one. */
  categoryName: string | null;
  /** Refunds recorded for this ticket so far (pending or paid out). */
  refundedCents: number;
  /**
   * What the booking was paid with, as shown (docs/product/payments.md#method-names): 'PayPal',
   * 'SEPA-Lastschrift', …; null when nothing was paid (free) or the method is unknown.
   */
  paymentMethod: string | null;
  /**
   * The booking's debit was returned (docs/decisions/054-late-verdicts-and-returned-debits.md): when, the fee,
   * and whether it is still to be paid again; absent when it never was.
   */
  paymentReturn?: PaymentReturn;
}

export interface AdminTicketEvent {
  id: string;
  title: string;
  startTime: string;
  timezone: string;
}

export interface AdminTicketGroup {
  event: AdminTicketEvent;
  /** Tickets of this event that match the filters, on all pages. */
  count: number;
  /** This page's tickets of the event, newest first. */
  tickets: AdminTicketRow[];
}

/**
 * Tickets newest first, paged, then grouped per event in the order they first appear
 * (docs/product/admin.md#tickets-screen).
 */
export interface AdminTicketPage {
  total: number;
  page: number;
  pageSize: AdminTicketPageSize;
  groups: AdminTicketGroup[];
}

/** GET /api/admin/tickets/filters: what the two multi-selects offer (only events and users with tickets). */
export interface AdminTicketFilterOptions {
  events: { id: string; title: string; startTime: string }[];
  users: { id: string; email: string; name: string | null }[];
}

export const ticketShortId = (id: string) => id.slice(0, 8);
export const adminTicketCode = (ticketNumber: string | null | undefined) =>
  ticketNumber && ticketNumber.length >= 4 ? ticketNumber.slice(-4) : '0000';

export type AdminTicketBadge = 'STORNIERT' | 'AKTIV' | 'VERGANGEN' | 'STORNO-ANFRAGE' | 'TEST';

/**
 * The display state (docs/product/tickets-and-refunds.md#ticket-filter): cancelled if revoked or canceled,
 * otherwise active (past once the event started); 'STORNO-ANFRAGE' on a requested, not cancelled ticket;
 * 'TEST' on test tickets.
 */
export function adminTicketBadges(
  ticket: Pick<AdminTicketRow, 'status' | 'past' | 'cancellationRequested' | 'isTest'>,
): AdminTicketBadge[] {
  const cancelled = ticket.status !== 'active';
  const badges: AdminTicketBadge[] = [cancelled ? 'STORNIERT' : ticket.past ? 'VERGANGEN' : 'AKTIV'];
  if (ticket.cancellationRequested && !cancelled) badges.push('STORNO-ANFRAGE');
  if (ticket.isTest) badges.push('TEST');
  return badges;
}

// --- cancel (docs/product/admin.md#admin-cancel-dialog) -----------------------------------------------

const finiteNumber = (message: string) =>
  z
    .union([z.number(), z.string().trim().min(1)], { error: message })
    .transform(Number)
    // zod 4's number() refuses NaN and ±Infinity
    .pipe(z.number({ error: message }));

/**
 * A fixed amount (EUR) must be at least 0. The percentage is a fraction 0..1; the dialog clamps
 * what is typed and the server refuses a share above 1 or below 1 % as ambiguous instead of
 * clamping it (1.5 may mean 1,5 %; docs/product/tickets-and-refunds.md#ambiguous-share).
 */
export const refundOverrideSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('goodwill') }),
    z.object({
      type: z.literal('percentage'),
      value: finiteNumber(ADMIN_TICKET_MESSAGES.percentInvalid).superRefine((value, ctx) => {
        const problem = fractionProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    }),
    z.object({
      type: z.literal('fixed_amount'),
      value: finiteNumber(ADMIN_TICKET_MESSAGES.amountInvalid).pipe(
        z
          .number()
          .min(0, ADMIN_TICKET_MESSAGES.amountInvalid)
          .max(1_000_000, ADMIN_TICKET_MESSAGES.amountInvalid),
      ),
    }),
  ],
  { error: ADMIN_TICKET_MESSAGES.overrideInvalid },
);
export type RefundOverrideInput = z.output<typeof refundOverrideSchema>;

export const adminCancelSchema = z.object({
  override: refundOverrideSchema.nullable().optional().default(null),
  reason: z.string().trim().max(500).optional(),
});

/**
 * What an override refunds: goodwill the ticket's price, a share of the price, or a fixed amount; never more
 * than the price nor than is left refundable (docs/product/tickets-and-refunds.md#admin-override). The one
 * rule for the server's cancelTicket and the dialog's preview.
 */
export function overrideRefundCents(
  override: RefundOverrideInput,
  priceCents: number,
  refundableCents: number,
): number {
  let cents: number;
  if (override.type === 'goodwill') cents = priceCents;
  else if (override.type === 'percentage')
    cents = Math.floor(priceCents * Math.min(1, Math.max(0, override.value)));
  else cents = Math.round(Math.max(0, override.value) * 100);
  return Math.max(0, Math.min(cents, priceCents, refundableCents));
}

/** GET /api/admin/tickets/:id/cancel-preview. */
export interface AdminCancelPreview {
  ticketId: string;
  status: TicketStatus;
  /** Only active tickets can be cancelled. */
  cancellable: boolean;
  event: AdminTicketEvent;
  /** Whole hours until the start (negative once it started) and the same in days, one decimal. */
  hoursLeft: number;
  daysApprox: number;
  priceCents: number;
  currency: string;
  /** What the booking's payment still allows (all its tickets together). */
  refundableCents: number;
  /** The event's policy; null without one. Inactive policies fall back to the default tiers. */
  policy: { id: string; name: string; isActive: boolean } | null;
  /**
   * The rule in effect now (docs/product/tickets-and-refunds.md#policy-first); null when the default tiers
   * decide or no rule applies.
   */
  effectiveRule: RefundRule | null;
  usesDefaultTiers: boolean;
  /** The policy's share and refund for this ticket now. */
  share: number;
  refundCents: number;
  /** What goodwill (100 %) would refund. */
  goodwillCents: number;
}

// --- CSV (docs/product/admin.md#csv-export) -----------------------------------------------------------

export const ADMIN_TICKET_CSV_COLUMNS = [
  'ticket_id',
  'event_id',
  'event_title',
  'profile_label',
  'status',
  'created_at',
  'profile_id',
  // added last, so the other columns keep their positions (docs/decisions/020-order-numbers.md)
  'Bestellnummer',
  // the payment method's name (docs/product/payments.md#method-names), last for the same reason
  'Zahlungsart',
  // the ticket's category (docs/product/ticket-categories.md#invoice-lines), last for the same reason
  'Ticketart',
] as const;

/** The page shown exports as 'tickets-page-{n}.csv', a selection as 'tickets-auswahl.csv'. */
export const ticketsCsvFileName = (page: number) => `tickets-page-${page}.csv`;
export const TICKETS_SELECTION_CSV = 'tickets-auswahl.csv';
