import { z } from 'zod';
import { DEFAULT_OFFER_HOURS, MAX_OFFER_HOURS, MIN_OFFER_HOURS, WAITLIST_MESSAGES } from './waitlist';
import { isPastEvent, isTimeZone } from './event-rules';
import {
  EVENT_MODES,
  EVENT_STATUSES,
  PRICE_UNITS,
  type EventMode,
  type EventStatus,
  type PriceUnit,
} from './events';
import { isValidSlug, normalizeDescription } from './event-text';
import { TAX_MODES, type TaxMode } from './invoices';
import { MAIL_RULE_MESSAGES } from './mail-rules';
import {
  adminCategoriesSchema,
  adminQuestionsSchema,
  categoryMirror,
  categoryStartIssues,
  type AdminCategory,
  type AdminCategoryValues,
  type AdminQuestion,
} from './admin-categories';
import { isHttpUrl } from './profile';
import type { SeatFigures } from './seat-figures';

// The admin event contract (the events list, the create and edit form;
// docs/product/events.md#editing-admins): one zod schema validates the form in the browser and the request on
// the server. Prices are integer cents in the API (the form edits euros); times are ISO 8601 instants.

/** The texts of the event screens and the form's field messages. */
export const ADMIN_EVENT_MESSAGES = {
  notFound: 'Event nicht gefunden.',
  createFailed: 'Fehler beim Erstellen des Events.',
  saveFailed: 'Fehler beim Speichern.',
  organizersFailed: 'Fehler beim Speichern der Veranstalter.',
  saved: 'Event erfolgreich gespeichert.',
  organizersSaved: 'Veranstalter gespeichert.',
  coverSaved: 'Titelbild aktualisiert',
  title: 'Bitte einen Titel angeben.',
  titleTooLong: 'Der Titel darf höchstens 200 Zeichen lang sein.',
  slug: 'Der Slug darf nur Kleinbuchstaben (a–z), Ziffern und einzelne Bindestriche enthalten (höchstens 120 Zeichen).',
  slugTaken: 'Dieser Slug wird bereits von einem anderen Event verwendet. Bitte einen anderen wählen.',
  shortDescriptionTooLong: 'Der Untertitel darf höchstens 300 Zeichen lang sein.',
  description: 'Bitte eine Beschreibung angeben.',
  descriptionTooLong: 'Die Beschreibung darf höchstens 20.000 Zeichen lang sein.',
  startTime: 'Bitte Beginn (Datum und Uhrzeit) angeben.',
  endTime: 'Bitte Ende (Datum und Uhrzeit) angeben.',
  endBeforeStart: 'Das Ende muss nach dem Beginn liegen.',
  timezone: 'Bitte eine gültige Zeitzone wählen.',
  location: 'Bitte einen Ort angeben.',
  textTooLong: 'Bitte höchstens 300 Zeichen eingeben.',
  mode: 'Bitte Präsenz oder Online wählen.',
  onlineUrl:
    'Bitte eine gültige Adresse für die Online-Teilnahme angeben (beginnend mit http:// oder https://).',
  totalSeats: 'Bitte die Anzahl der Plätze als ganze Zahl von 0 bis 100.000 angeben.',
  price: 'Bitte einen gültigen Preis angeben (0 oder mehr, höchstens 2 Nachkommastellen).',
  currency: 'Bitte eine Währung als dreistelligen Code angeben (z. B. EUR).',
  priceUnit: 'Bitte „pro Person“ oder „pro Paar“ wählen.',
  earlyBirdPrice: 'Bitte einen gültigen Frühbucherpreis angeben (0 oder mehr, höchstens 2 Nachkommastellen).',
  earlyBirdEndsAt: 'Bitte ein gültiges Frühbucher-Ende (Datum und Uhrzeit) angeben.',
  earlyBirdPair: 'Bitte Frühbucherpreis und Frühbucher-Ende zusammen angeben oder beide leer lassen.',
  earlyBirdNotLower: 'Der Frühbucherpreis muss unter dem regulären Preis liegen.',
  earlyBirdAfterStart: 'Das Frühbucher-Ende darf nicht nach dem Beginn des Events liegen.',
  status: 'Bitte einen gültigen Status wählen.',
  flag: 'Bitte ja oder nein angeben.',
  policy: 'Diese Stornierungsrichtlinie gibt es nicht.',
  organizers: 'Als Veranstalter können nur Admins und Veranstalter eingetragen werden.',
  seatsBelowTaken: (taken: number) =>
    `Die Platzanzahl kann nicht unter die bereits vergebenen Plätze (${taken}) gesenkt werden.`,
  deleteHasBookings:
    'Dieses Event hat Buchungen oder Tickets und kann nicht gelöscht werden. Setze den Status stattdessen auf „Abgesagt“.',
  deleteHasPayments:
    'Zu diesem Event gibt es Zahlungsdaten, die aufbewahrt werden müssen. Setze den Status stattdessen auf „Abgesagt“.',
  refundAllNeedsCancelled: 'Alle Tickets erstatten geht nur zusammen mit dem Status „Abgesagt“.',
  refundAllConfirm: (count: number) =>
    `Event absagen und alle ${count} ${count === 1 ? 'Ticket' : 'Tickets'} voll erstatten?`,
  bulkEmpty: 'Bitte mindestens ein Event auswählen.',
  taxMode: 'Bitte eine steuerliche Behandlung wählen.',
} as const;

export { EVENT_STATUSES, PRICE_UNITS };
/** The form's order of the modes: 'Präsenz', the default, first (the stored list is EVENT_MODES). */
export const EVENT_MODE_CHOICES = ['presence', 'online'] as const satisfies readonly EventMode[];

/** The statuses as the back office shows them (docs/product/events.md#admin-events-list). */
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  draft: 'Entwurf',
  published: 'Veröffentlicht',
  cancelled: 'Abgesagt',
  completed: 'Abgeschlossen',
};
/** Presence (the default) or online (docs/product/events.md#event-defaults, docs/product/events.md#place). */
export const EVENT_MODE_LABELS: Record<EventMode, string> = { presence: 'Präsenz', online: 'Online' };

/** Covers are 2.818:1, exported 1409 px wide (1409 × 500; docs/product/events.md#event-cover). */
export const COVER_ASPECT = 2.818;
export const COVER_WIDTH = 1409;
export const COVER_HEIGHT = Math.round(COVER_WIDTH / COVER_ASPECT);

export const MAX_TOTAL_SEATS = 100_000;
/** 1 Mio. in cents: far above any workshop price, low enough that totals stay exact integers. */
export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_DESCRIPTION_LENGTH = 20_000;
export const MAX_ORGANIZERS = 50;
export const MAX_BULK_EVENTS = 200;
/** A transfer cut-off of at most 30 days before the start. */
export const MAX_TRANSFER_CUTOFF_HOURS = 720;
/** Minimum attendance (docs/product/event-mails.md#minimum-attendance): at most the seat limit. */
export const MAX_MIN_PARTICIPANTS = 100_000;
/** Decided at most 90 days before the start; by default 7 days (168 hours) before. */
export const MAX_MIN_DECISION_HOURS = 2160;
export const DEFAULT_MIN_DECISION_HOURS = 168;
const TRANSFER_CUTOFF_MESSAGE = `Die Übertragungsfrist ist eine ganze Zahl von Stunden zwischen 0 und ${MAX_TRANSFER_CUTOFF_HOURS}.`;

const M = ADMIN_EVENT_MESSAGES;
const M_TEXT = M.textTooLong;

/** Optional text: trimmed; blank becomes null. */
const optionalText = (max: number, message: string = M_TEXT) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value ? value : null));

const instant = (message: string) => z.iso.datetime({ offset: true, error: message });
const cents = (message: string) =>
  z.number(message).int(message).min(0, message).max(MAX_PRICE_CENTS, message);
const flag = z.boolean(M.flag);

export const slugSchema = z
  .string(M.slug)
  .trim()
  .refine((value) => isValidSlug(value), M.slug);

/**
 * Every field, none defaulted: PATCH uses `.partial()` of it, and a default would silently overwrite a
 * field the request did not send. Create adds the defaults on top (docs/product/events.md#event-defaults).
 */
const eventFields = z.object({
  title: z.string(M.title).trim().min(1, M.title).max(200, M.titleTooLong),
  slug: slugSchema,
  shortDescription: optionalText(300, M.shortDescriptionTooLong),
  description: z
    .string(M.description)
    .overwrite(normalizeDescription)
    .min(1, M.description)
    .max(MAX_DESCRIPTION_LENGTH, M.descriptionTooLong),
  startTime: instant(M.startTime),
  endTime: instant(M.endTime),
  timezone: z
    .string(M.timezone)
    .trim()
    .refine((value) => isTimeZone(value), M.timezone),
  location: z.string(M.location).trim().min(1, M.location).max(300, M_TEXT),
  /** the venue's name, e.g. 'Heidehof Wilsede'; shown with the town (docs/product/events.md#venue-for-buyers) */
  venue: optionalText(200),
  room: optionalText(300),
  mode: z.enum(EVENT_MODES, { error: M.mode }),
  onlineUrl: z
    .string(M.onlineUrl)
    .trim()
    .max(2000, M.onlineUrl)
    .refine((value) => value === '' || isHttpUrl(value), M.onlineUrl)
    .nullable()
    .transform((value) => (value ? value : null)),
  totalSeats: z
    .number(M.totalSeats)
    .int(M.totalSeats)
    .min(0, M.totalSeats)
    .max(MAX_TOTAL_SEATS, M.totalSeats),
  priceCents: cents(M.price),
  currency: z
    .string(M.currency)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, M.currency),
  priceUnit: z.enum(PRICE_UNITS, { error: M.priceUnit }),
  earlyBirdPriceCents: cents(M.earlyBirdPrice).nullable(),
  earlyBirdEndsAt: instant(M.earlyBirdEndsAt).nullable(),
  isFeatured: flag,
  isPrivate: flag,
  hidden: flag,
  status: z.enum(EVENT_STATUSES, { error: M.status }),
  cancellationPolicyId: z.uuid(M.policy).nullable(),
  /** Hours before the start until which buyers may transfer (docs/product/tickets-and-refunds.md#ticket-transfer). */
  transferCutoffHours: z
    .number({ error: TRANSFER_CUTOFF_MESSAGE })
    .int(TRANSFER_CUTOFF_MESSAGE)
    .min(0, TRANSFER_CUTOFF_MESSAGE)
    .max(MAX_TRANSFER_CUTOFF_HOURS, TRANSFER_CUTOFF_MESSAGE),
  /** The event's waiting list is open (docs/product/waiting-list.md#waitlist-per-event). */
  waitlistEnabled: flag,
  /** How long an offer of a freed seat holds it (docs/product/waiting-list.md#offer-time). */
  waitlistOfferHours: z
    .number({ error: WAITLIST_MESSAGES.offerHours })
    .int(WAITLIST_MESSAGES.offerHours)
    .min(MIN_OFFER_HOURS, WAITLIST_MESSAGES.offerHours)
    .max(MAX_OFFER_HOURS, WAITLIST_MESSAGES.offerHours),
  /** null = no minimum; below it at the decision time the event is cancelled and refunded in full. */
  minParticipants: z
    .number({ error: MAIL_RULE_MESSAGES.minimum })
    .int(MAIL_RULE_MESSAGES.minimum)
    .min(1, MAIL_RULE_MESSAGES.minimum)
    .max(MAX_MIN_PARTICIPANTS, MAIL_RULE_MESSAGES.minimum)
    .nullable(),
  /** The decision time is the start minus these hours (docs/product/event-mails.md#minimum-attendance). */
  minDecisionHours: z
    .number({ error: MAIL_RULE_MESSAGES.decisionHours })
    .int(MAIL_RULE_MESSAGES.decisionHours)
    .min(1, MAIL_RULE_MESSAGES.decisionHours)
    .max(MAX_MIN_DECISION_HOURS, MAIL_RULE_MESSAGES.decisionHours),
  /** The event's own tax mode on invoices; null = the setting's (docs/product/invoices.md#tax-modes). */
  taxMode: z.enum(TAX_MODES, { error: M.taxMode }).nullable(),
  organizerIds: z
    .array(z.string(M.organizers).min(1, M.organizers).max(100, M.organizers), { error: M.organizers })
    .max(MAX_ORGANIZERS, M.organizers)
    .transform((ids) => [...new Set(ids)]),
});

/** The fields that depend on each other; checked on create and, after merging with the row, on PATCH. */
export interface EventRuleValues {
  startTime: string;
  endTime: string;
  priceCents: number;
  earlyBirdPriceCents: number | null;
  earlyBirdEndsAt: string | null;
}

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * End after start; early bird complete, cheaper than the price and over by the start
 * (docs/product/events.md#event-field-limits, docs/product/events.md#early-bird-fields).
 */
export function eventRuleIssues(values: EventRuleValues): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const start = Date.parse(values.startTime);
  if (!(Date.parse(values.endTime) > start)) issues.push({ path: 'endTime', message: M.endBeforeStart });
  const { earlyBirdPriceCents: early, earlyBirdEndsAt: endsAt } = values;
  if ((early === null) !== (endsAt === null)) {
    issues.push({
      path: early === null ? 'earlyBirdPriceCents' : 'earlyBirdEndsAt',
      message: M.earlyBirdPair,
    });
  } else if (early !== null && endsAt !== null) {
    if (early >= values.priceCents)
      issues.push({ path: 'earlyBirdPriceCents', message: M.earlyBirdNotLower });
    if (Date.parse(endsAt) > start) issues.push({ path: 'earlyBirdEndsAt', message: M.earlyBirdAfterStart });
  }
  return issues;
}

/**
 * With categories the event's price columns are their mirror (docs/product/ticket-categories.md#pricing), so the
 * event's rules are checked on the mirror and every category's early bird against the start.
 */
const withRules = <T extends EventRuleValues & { categories?: AdminCategoryValues[] }>(
  values: T,
  ctx: z.RefinementCtx,
) => {
  const { categories } = values;
  const priced = categories && categories.length > 0 ? { ...values, ...categoryMirror(categories) } : values;
  for (const issue of eventRuleIssues(priced)) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
  for (const issue of categories ? categoryStartIssues(categories, values.startTime) : []) {
    ctx.addIssue({ code: 'custom', path: issue.path.split('.').map(segment), message: issue.message });
  }
};
const segment = (part: string) => (/^\d+$/.test(part) ? Number(part) : part);

/**
 * POST /api/admin/events and the form on both screens. Without a slug the server derives one from the title
 * (docs/product/events.md#slug); the defaults are draft, Präsenz, EUR, per person, Berlin
 * (docs/product/events.md#event-defaults).
 */
export const adminEventCreateSchema = eventFields
  .extend({
    slug: slugSchema.optional(),
    shortDescription: eventFields.shape.shortDescription.default(null),
    venue: eventFields.shape.venue.default(null),
    room: eventFields.shape.room.default(null),
    onlineUrl: eventFields.shape.onlineUrl.default(null),
    timezone: eventFields.shape.timezone.default('Europe/Berlin'),
    mode: eventFields.shape.mode.default('presence'),
    currency: eventFields.shape.currency.default('EUR'),
    priceUnit: eventFields.shape.priceUnit.default('per_person'),
    earlyBirdPriceCents: eventFields.shape.earlyBirdPriceCents.default(null),
    earlyBirdEndsAt: eventFields.shape.earlyBirdEndsAt.default(null),
    isFeatured: flag.default(false),
    isPrivate: flag.default(false),
    hidden: flag.default(false),
    status: eventFields.shape.status.default('draft'),
    cancellationPolicyId: eventFields.shape.cancellationPolicyId.default(null),
    transferCutoffHours: eventFields.shape.transferCutoffHours.default(0),
    waitlistEnabled: flag.default(true),
    waitlistOfferHours: eventFields.shape.waitlistOfferHours.default(DEFAULT_OFFER_HOURS),
    minParticipants: eventFields.shape.minParticipants.default(null),
    minDecisionHours: eventFields.shape.minDecisionHours.default(DEFAULT_MIN_DECISION_HOURS),
    taxMode: eventFields.shape.taxMode.default(null),
    organizerIds: eventFields.shape.organizerIds.default([]),
    /** Absent: the one category 'Ticket' with the event's price (docs/product/ticket-categories.md#one-category). */
    categories: adminCategoriesSchema.optional(),
    questions: adminQuestionsSchema.optional(),
  })
  .superRefine(withRules);
export type AdminEventCreateInput = z.input<typeof adminEventCreateSchema>;
export type AdminEventCreate = z.output<typeof adminEventCreateSchema>;

/**
 * PATCH /api/admin/events/:id: only the fields sent change. `refundAll` goes with status 'cancelled': every
 * active ticket is refunded in full (the client asks first, spec: 'Event absagen und alle N Tickets …').
 */
export const adminEventUpdateSchema = eventFields.partial().extend({
  refundAll: z.boolean(M.flag).optional(),
  /** The whole list, replaced by id; absent = unchanged (docs/product/ticket-categories.md#one-category). */
  categories: adminCategoriesSchema.optional(),
  questions: adminQuestionsSchema.optional(),
});
export type AdminEventUpdateInput = z.input<typeof adminEventUpdateSchema>;
export type AdminEventUpdate = z.output<typeof adminEventUpdateSchema>;

/** Bulk publish and delete: the events chosen in the list. */
export const adminEventBulkSchema = z.object({
  ids: z
    .array(z.uuid(M.notFound), { error: M.bulkEmpty })
    .min(1, M.bulkEmpty)
    .max(MAX_BULK_EVENTS, M.bulkEmpty)
    .transform((ids) => [...new Set(ids)]),
});

// ------------------------------------------------------------------------------------------------ answers

/** GET /api/admin/events/:id, and the answer of create, update and cover upload. */
export interface AdminEvent {
  id: string;
  slug: string;
  title: string;
  shortDescription: string | null;
  description: string;
  startTime: string;
  endTime: string;
  timezone: string;
  location: string;
  venue: string | null;
  room: string | null;
  mode: EventMode;
  onlineUrl: string | null;
  totalSeats: number;
  availableSeats: number;
  /** Seats of pending and confirmed bookings: total − available; total_seats may not go below it. */
  takenSeats: number;
  /** Sold, offered, held and free seats (docs/product/admin.md#seat-figures). */
  seats: SeatFigures;
  priceCents: number;
  currency: string;
  priceUnit: PriceUnit;
  earlyBirdPriceCents: number | null;
  earlyBirdEndsAt: string | null;
  isFeatured: boolean;
  isPrivate: boolean;
  hidden: boolean;
  status: EventStatus;
  cancellationPolicyId: string | null;
  /**
   * Buyers may transfer tickets until this many hours before the start, 0 = until the start
   * (docs/product/tickets-and-refunds.md#ticket-transfer). Always sent; optional for older fixtures.
   */
  transferCutoffHours?: number;
  /** The waiting list is open (docs/product/waiting-list.md#waitlist-per-event). Optional for older fixtures. */
  waitlistEnabled?: boolean;
  /** Hours an offer of a freed seat lasts (docs/product/waiting-list.md#offer-time). */
  waitlistOfferHours?: number;
  /** Active waiting-list entries (waiting or offered). */
  waitlistCount?: number;
  /**
   * Minimum attendance (docs/product/event-mails.md#minimum-attendance): null = none. Optional for older
   * fixtures, like the fields above.
   */
  minParticipants?: number | null;
  /** The decision time is the start minus these hours. */
  minDecisionHours?: number;
  /** The admin's early 'Findet statt', or the decision that the minimum was reached: the event takes place. */
  minConfirmedAt?: string | null;
  /** When the decision was made (held or cancelled). */
  minDecidedAt?: string | null;
  /**
   * The event's own tax mode on its invoices, null = the setting's (docs/product/invoices.md#tax-modes).
   * Optional for older fixtures.
   */
  taxMode?: TaxMode | null;
  organizerIds: string[];
  imageUrl: string | null;
  /** Tickets not cancelled: what 'Abgesagt' with refundAll would refund. */
  activeTicketCount: number;
  /** Its ticket categories in order, hidden ones too (docs/product/ticket-categories.md). Optional for older fixtures. */
  categories?: AdminCategory[];
  /** Its questions to the buyer in order (docs/product/ticket-categories.md#questions). */
  questions?: AdminQuestion[];
  /** Its series, null for a single event (docs/product/event-series.md). Optional for older fixtures. */
  seriesId?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One row of GET /api/admin/events (drafts and hidden events included). */
export interface AdminEventListItem {
  id: string;
  slug: string;
  title: string;
  startTime: string;
  timezone: string;
  location: string;
  mode: EventMode;
  status: EventStatus;
  hidden: boolean;
  isPrivate: boolean;
  totalSeats: number;
  availableSeats: number;
  /** Active (not cancelled) tickets; a per-pair ticket takes two of the seats. */
  soldTickets: number;
  /** Sold, offered, held and free seats (docs/product/admin.md#seat-figures). */
  seats: SeatFigures;
  priceUnit: PriceUnit;
  imageUrl: string | null;
  /** Started already: listed after 'Vergangene Events' (docs/product/events.md#admin-events-list). */
  isPast: boolean;
  /** The series it is a date of (docs/product/event-series.md#admin-list). Optional for older fixtures. */
  series?: { id: string; title: string } | null;
}

export interface SlugCheckAnswer {
  slug: string;
  valid: boolean;
  available: boolean;
  /** German warning for the form, null when the slug can be used. */
  message: string | null;
}

export interface BulkEventResult {
  id: string;
  ok: boolean;
  message?: string;
}
export interface BulkEventAnswer {
  results: BulkEventResult[];
}

export interface OrganizerOption {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'organizer';
}
export interface PolicyOption {
  id: string;
  name: string;
  isActive: boolean;
}
/** GET /api/admin/events/form-options: the choices of the organizer and policy fields. */
export interface EventFormOptions {
  organizers: OrganizerOption[];
  policies: PolicyOption[];
}

export interface CoverUploadAnswer {
  url: string;
  event: AdminEvent;
}

/**
 * Upcoming events ascending by start, then past events descending, each marked
 * (docs/product/events.md#admin-events-list).
 */
export function orderAdminEvents<E extends { startTime: string }>(
  list: readonly E[],
  now: Date,
): (E & { isPast: boolean })[] {
  const marked = list.map((event) => ({ ...event, isPast: isPastEvent(event, now) }));
  const time = (event: E) => Date.parse(event.startTime);
  const upcoming = marked.filter((event) => !event.isPast).sort((a, b) => time(a) - time(b));
  const past = marked.filter((event) => event.isPast).sort((a, b) => time(b) - time(a));
  return [...upcoming, ...past];
}
