// The event form's values and their conversion to the API input (seats parsed as
// integers, prices as decimals, dates converted to ISO). Pure: unit-tested in event-form-values.test.ts.
import {
  ADMIN_EVENT_MESSAGES,
  DEFAULT_MIN_DECISION_HOURS,
  adminEventCreateSchema,
  eventRuleIssues,
  type EventRuleValues,
  type AdminEvent,
  type AdminEventCreateInput,
  type FieldIssue,
} from '@shared/admin-events';
import { DEFAULT_EVENT_TIMEZONE } from '@shared/event-rules';
import { isoToZonedLocal, zonedLocalToIso } from '@web/lib/zoned-local-time';
import type { EventMode, EventStatus, PriceUnit } from '@shared/events';
import type { TaxMode } from '@shared/invoices';
import { DEFAULT_OFFER_HOURS } from '@shared/waitlist';
import { categoryMirror, type AdminCategoryInput } from '@shared/admin-categories';
import {
  categoryValuesOf,
  defaultCategories,
  listErrorKey,
  questionValuesOf,
  toCategoryInputs,
  toQuestionInputs,
  type CategoryFormValues,
  type QuestionFormValues,
} from './category-form-values';

/** What the inputs hold: texts as typed (euros, local wall times of the event's zone), choices as values. */
export interface EventFormValues {
  title: string;
  slug: string;
  shortDescription: string;
  description: string;
  /** 'YYYY-MM-DDTHH:mm' (datetime-local) in `timezone`. */
  start: string;
  end: string;
  timezone: string;
  location: string;
  venue: string;
  room: string;
  mode: EventMode;
  onlineUrl: string;
  totalSeats: string;
  /** Euros as typed: '49', '49,90', '1.249,00'. */
  price: string;
  currency: string;
  priceUnit: PriceUnit;
  earlyBirdPrice: string;
  earlyBirdEndsAt: string;
  isFeatured: boolean;
  isPrivate: boolean;
  hidden: boolean;
  status: EventStatus;
  /** '' = no policy. */
  cancellationPolicyId: string;
  /** Whole hours before the start as typed; '0' = until the start. */
  transferCutoffHours: string;
  /** docs/product/waiting-list.md#waitlist-per-event */
  waitlistEnabled: boolean;
  /** Whole hours as typed (docs/product/waiting-list.md#offer-time). */
  waitlistOfferHours: string;
  /** As typed; '' = no minimum (docs/product/event-mails.md#minimum-attendance). */
  minParticipants: string;
  /** Whole hours before the start as typed. */
  minDecisionHours: string;
  /** '' = 'Wie in den Einstellungen' (null; docs/product/invoices.md#tax-modes). */
  taxMode: TaxMode | '';
  organizerIds: string[];
  /**
   * The ticket categories in order (docs/product/ticket-categories.md#pricing); null = not known (an answer
   * without them): then none are sent and nothing about them changes. With one, its prices are the event's
   * price fields above (the compact form, #one-category).
   */
  categories: CategoryFormValues[] | null;
  /** The questions to the buyer in order (#questions); null = not known, none sent. */
  questions: QuestionFormValues[] | null;
}

export type EventFormField = keyof EventFormValues;
/** Keys inside the lists: 'categories.1.price', 'categories.1' (the card), 'questions.0.options'. */
export type ListErrorKey = `categories.${string}` | `questions.${string}`;
export type EventFormErrors = Partial<Record<EventFormField | ListErrorKey, string>>;

/**
 * A new event: the defaults (draft, Präsenz, EUR, per person, Europe/Berlin;
 * docs/product/events.md#event-defaults).
 */
export function emptyFormValues(timezone = DEFAULT_EVENT_TIMEZONE): EventFormValues {
  return {
    title: '',
    slug: '',
    shortDescription: '',
    description: '',
    start: '',
    end: '',
    timezone,
    location: '',
    venue: '',
    room: '',
    mode: 'presence',
    onlineUrl: '',
    totalSeats: '',
    price: '',
    currency: 'EUR',
    priceUnit: 'per_person',
    earlyBirdPrice: '',
    earlyBirdEndsAt: '',
    isFeatured: false,
    isPrivate: false,
    hidden: false,
    status: 'draft',
    cancellationPolicyId: '',
    transferCutoffHours: '0',
    waitlistEnabled: true,
    waitlistOfferHours: String(DEFAULT_OFFER_HOURS),
    minParticipants: '',
    minDecisionHours: String(DEFAULT_MIN_DECISION_HOURS),
    taxMode: '',
    organizerIds: [],
    categories: defaultCategories(),
    questions: [],
  };
}

export function formValuesOf(event: AdminEvent): EventFormValues {
  const zone = event.timezone;
  return {
    title: event.title,
    slug: event.slug,
    shortDescription: event.shortDescription ?? '',
    description: event.description,
    start: isoToZonedLocal(event.startTime, zone),
    end: isoToZonedLocal(event.endTime, zone),
    timezone: zone,
    location: event.location,
    venue: event.venue ?? '',
    room: event.room ?? '',
    mode: event.mode,
    onlineUrl: event.onlineUrl ?? '',
    totalSeats: String(event.totalSeats),
    price: centsToEuroInput(event.priceCents),
    currency: event.currency,
    priceUnit: event.priceUnit,
    earlyBirdPrice: event.earlyBirdPriceCents === null ? '' : centsToEuroInput(event.earlyBirdPriceCents),
    earlyBirdEndsAt: event.earlyBirdEndsAt ? isoToZonedLocal(event.earlyBirdEndsAt, zone) : '',
    isFeatured: event.isFeatured,
    isPrivate: event.isPrivate,
    hidden: event.hidden,
    status: event.status,
    cancellationPolicyId: event.cancellationPolicyId ?? '',
    // older answers lack the fields: the create defaults
    transferCutoffHours: String(event.transferCutoffHours ?? 0),
    waitlistEnabled: event.waitlistEnabled ?? true,
    waitlistOfferHours: String(event.waitlistOfferHours ?? DEFAULT_OFFER_HOURS),
    minParticipants: event.minParticipants == null ? '' : String(event.minParticipants),
    minDecisionHours: String(event.minDecisionHours ?? DEFAULT_MIN_DECISION_HOURS),
    taxMode: event.taxMode ?? '',
    organizerIds: event.organizerIds,
    categories:
      event.categories?.map((category) =>
        categoryValuesOf(category, { cents: centsToEuroInput, local: (iso) => isoToZonedLocal(iso, zone) }),
      ) ?? null,
    questions: event.questions?.map(questionValuesOf) ?? null,
  };
}

// ------------------------------------------------------------------------------------------------ money

/**
 * Euros as a German admin types them into cents: '49', '49,9', '49,90', '49.90', '1.249,00', '1249 €'.
 * null for an empty field, NaN for anything else (more than 2 decimals, letters, minus).
 */
export function parseEuroCents(text: string): number | null {
  const compact = text.replace(/[\s€]/g, '');
  if (compact === '') return null;
  let decimal: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(compact)) decimal = compact.replace(/\./g, '').replace(',', '.');
  else if (/^\d+([.,]\d{1,2})?$/.test(compact)) decimal = compact.replace(',', '.');
  else return Number.NaN;
  const [euros = '0', cents = ''] = decimal.split('.');
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'));
}

/** Cents as the price input shows them: '49,00' (no thousands separator, so it reads back unchanged). */
export const centsToEuroInput = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

// ------------------------------------------------------------------------------------------------ time

// ------------------------------------------------------------------------------------------------ input

/** API paths of validation issues → the form field that shows them. */
const FIELD_OF_PATH: Record<string, EventFormField> = {
  startTime: 'start',
  endTime: 'end',
  priceCents: 'price',
  earlyBirdPriceCents: 'earlyBirdPrice',
  earlyBirdEndsAt: 'earlyBirdEndsAt',
  refundAll: 'status',
};

const FORM_FIELDS = new Set<string>(Object.keys(emptyFormValues()));

/**
 * The first message per field of a list of issues (the form's zod result or a 422/409 answer's details);
 * issues inside the categories and questions land at their card's field (`singleCategory`: the compact form).
 */
export function errorsFromIssues(issues: readonly FieldIssue[], singleCategory = true): EventFormErrors {
  const errors: EventFormErrors = {};
  for (const { path, message } of issues) {
    const top = path.split('.')[0] ?? '';
    const inList = listErrorKey(path, singleCategory) as EventFormField | ListErrorKey | null;
    const field =
      inList ?? FIELD_OF_PATH[top] ?? (FORM_FIELDS.has(top) ? (top as EventFormField) : undefined);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** Whole numbers only ('12': seats, hours); anything else is NaN, which the schema reports with its message. */
const parseWhole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export type FormResult =
  { ok: true; input: AdminEventCreateInput & { slug?: string } } | { ok: false; errors: EventFormErrors };

/**
 * Converts and validates with the shared schema, exactly as the server will. On create the slug is left out
 * (the server derives it from the title, docs/product/events.md#slug); on edit it is sent. `takenSeats`
 * (edit) is the floor for the total: seats held or sold cannot disappear
 * (docs/product/events.md#total-seats-floor).
 */
export function toEventInput(
  values: EventFormValues,
  options: { mode: 'create' | 'edit'; takenSeats?: number },
): FormResult {
  const zone = values.timezone.trim();
  const price = parseEuroCents(values.price);
  const earlyBird = parseEuroCents(values.earlyBirdPrice);
  const raw = {
    title: values.title,
    ...(options.mode === 'edit' ? { slug: values.slug } : {}),
    shortDescription: values.shortDescription,
    description: values.description,
    startTime: zonedLocalToIso(values.start, zone) ?? '',
    endTime: zonedLocalToIso(values.end, zone) ?? '',
    timezone: zone,
    location: values.location,
    venue: values.venue,
    room: values.room,
    mode: values.mode,
    onlineUrl: values.onlineUrl,
    totalSeats: parseWhole(values.totalSeats),
    priceCents: price ?? Number.NaN,
    currency: values.currency,
    priceUnit: values.priceUnit,
    earlyBirdPriceCents: earlyBird,
    earlyBirdEndsAt:
      values.earlyBirdEndsAt.trim() === '' ? null : (zonedLocalToIso(values.earlyBirdEndsAt, zone) ?? ''),
    isFeatured: values.isFeatured,
    isPrivate: values.isPrivate,
    hidden: values.hidden,
    status: values.status,
    cancellationPolicyId: values.cancellationPolicyId || null,
    transferCutoffHours: parseWhole(values.transferCutoffHours),
    waitlistEnabled: values.waitlistEnabled,
    waitlistOfferHours: parseWhole(values.waitlistOfferHours),
    minParticipants: values.minParticipants.trim() === '' ? null : parseWhole(values.minParticipants),
    minDecisionHours: parseWhole(values.minDecisionHours),
    taxMode: values.taxMode || null,
    organizerIds: values.organizerIds,
    ...listInputs(values, zone),
  };
  // with several categories the event's price fields are hidden: they carry the mirror
  // (docs/product/ticket-categories.md#pricing), the categories are checked on their own
  if (raw.categories && !isSingleCategory(values)) Object.assign(raw, mirrorOf(raw.categories));
  const parsed = adminEventCreateSchema.safeParse(raw);
  const issues: FieldIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  // zod skips the cross-field refinement while a field is invalid; the form shows them all at once
  const ruleValues = parsed.success ? null : ruleValuesOf(raw);
  if (ruleValues) issues.push(...eventRuleIssues(ruleValues));
  const taken = options.takenSeats ?? 0;
  if (taken > 0 && Number.isInteger(raw.totalSeats) && raw.totalSeats < taken) {
    issues.push({ path: 'totalSeats', message: ADMIN_EVENT_MESSAGES.seatsBelowTaken(taken) });
  }
  if (issues.length > 0) return { ok: false, errors: errorsFromIssues(issues, isSingleCategory(values)) };
  return { ok: true, input: raw as AdminEventCreateInput };
}

/** The event's price fields as the cheapest visible category's; placeholders while a price is unreadable. */
function mirrorOf(categories: AdminCategoryInput[]) {
  const readable = categories.every(
    (category) =>
      Number.isFinite(category.priceCents) &&
      (category.earlyBirdPriceCents ?? 0) >= 0 &&
      category.earlyBirdEndsAt !== '',
  );
  const placeholder = {
    priceCents: 0,
    earlyBirdPriceCents: null,
    earlyBirdEndsAt: null,
    priceUnit: 'per_person',
  };
  if (!readable) return placeholder;
  return categoryMirror(
    categories.map((category) => ({
      priceCents: category.priceCents,
      earlyBirdPriceCents: category.earlyBirdPriceCents ?? null,
      earlyBirdEndsAt: category.earlyBirdEndsAt ?? null,
      priceUnit: category.priceUnit ?? 'per_person',
      requiresCode: category.requiresCode ?? false,
    })),
  );
}

/** One category: the compact form, its prices are the event's price fields. */
export const isSingleCategory = (values: Pick<EventFormValues, 'categories'>) =>
  (values.categories?.length ?? 1) <= 1;

/** The categories and questions to send, when the form knows them (docs/product/ticket-categories.md). */
function listInputs(values: EventFormValues, zone: string) {
  const parse = {
    cents: parseEuroCents,
    instant: (local: string) => zonedLocalToIso(local, zone),
  };
  const categories =
    values.categories && isSingleCategory(values)
      ? values.categories.map((category) => ({
          ...category,
          price: values.price,
          earlyBirdPrice: values.earlyBirdPrice,
          earlyBirdEndsAt: values.earlyBirdEndsAt,
          priceUnit: values.priceUnit,
        }))
      : values.categories;
  return {
    ...(categories ? { categories: toCategoryInputs(categories, parse) } : {}),
    ...(values.questions ? { questions: toQuestionInputs(values.questions) } : {}),
  };
}

/**
 * The rule values of the raw input when its times can be compared; an unreadable price compares as
 * unknown (no 'below the price' message until it is fixed).
 */
function ruleValuesOf(raw: EventRuleValues): EventRuleValues | null {
  const readable = (value: string) => value !== '' && !Number.isNaN(Date.parse(value));
  if (!readable(raw.startTime) || !readable(raw.endTime)) return null;
  return { ...raw, priceCents: Number.isFinite(raw.priceCents) ? raw.priceCents : Number.POSITIVE_INFINITY };
}
