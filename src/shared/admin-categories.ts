import { z } from 'zod';
import { PRICE_UNITS, type PriceUnit } from './events';
import { QUESTION_KINDS, QUESTION_MESSAGES, type EventQuestion } from './questions';
import { CATEGORY_MESSAGES, MAX_CATEGORIES_PER_EVENT, type PublicTicketCategory } from './ticket-categories';

// The admin side of ticket categories ('Ticketarten') and questions ('Fragen an Teilnehmende') in the event
// form (docs/product/ticket-categories.md#pricing, #questions): one schema for the form and the request.
// Kept free of admin-events.ts (which imports it) so the two modules never import each other.

export const ADMIN_CATEGORY_MESSAGES = {
  name: 'Bitte einen Namen für die Ticketart angeben (höchstens 100 Zeichen).',
  description: 'Die Beschreibung darf höchstens 1.000 Zeichen lang sein.',
  price: 'Bitte einen gültigen Preis angeben (0 oder mehr, höchstens 2 Nachkommastellen).',
  priceUnit: 'Bitte „pro Person“ oder „pro Paar“ wählen.',
  earlyBirdPrice: 'Bitte einen gültigen Frühbucherpreis angeben (0 oder mehr, höchstens 2 Nachkommastellen).',
  earlyBirdEndsAt: 'Bitte ein gültiges Frühbucher-Ende (Datum und Uhrzeit) angeben.',
  earlyBirdPair: 'Bitte Frühbucherpreis und Frühbucher-Ende zusammen angeben oder beide leer lassen.',
  earlyBirdNotLower: 'Der Frühbucherpreis muss unter dem regulären Preis liegen.',
  earlyBirdAfterStart: 'Das Frühbucher-Ende darf nicht nach dem Beginn des Events liegen.',
  capacity: 'Bitte die Plätze der Ticketart als ganze Zahl von 0 bis 100.000 angeben oder leer lassen.',
  saleStartsAt: 'Bitte einen gültigen Verkaufsbeginn (Datum und Uhrzeit) angeben.',
  saleEndsAt: 'Bitte ein gültiges Verkaufsende (Datum und Uhrzeit) angeben.',
  saleWindow: 'Das Verkaufsende muss nach dem Verkaufsbeginn liegen.',
  minPerOrder: 'Bitte eine ganze Zahl von 1 bis 20 angeben.',
  maxPerOrder: 'Bitte eine ganze Zahl von 1 bis 20 angeben oder leer lassen.',
  maxBelowMin: 'Das Höchste pro Bestellung darf nicht unter dem Mindesten liegen.',
  tooMany: `Ein Event kann höchstens ${MAX_CATEGORIES_PER_EVENT} Ticketarten haben.`,
  duplicateId: 'Diese Ticketart ist doppelt angegeben.',
  flag: 'Bitte ja oder nein angeben.',
  questionKind: 'Bitte eine Art der Frage wählen.',
  questionLabel: `${QUESTION_MESSAGES.label} (höchstens 200 Zeichen)`,
  questionHelp: 'Der Hinweis darf höchstens 500 Zeichen lang sein.',
  option: 'Eine Möglichkeit darf höchstens 100 Zeichen lang sein.',
  optionTwice: 'Jede Möglichkeit darf nur einmal vorkommen.',
  tooManyOptions: 'Höchstens 30 Möglichkeiten.',
  tooManyQuestions: 'Ein Event kann höchstens 30 Fragen haben.',
  unknownQuestion: QUESTION_MESSAGES.unknownQuestion,
} as const;

export const MAX_CATEGORY_CAPACITY = 100_000;
export const MAX_PER_ORDER = 20;
export const MAX_QUESTIONS_PER_EVENT = 30;
const MAX_OPTIONS = 30;
/** 1 Mio. in cents, as the event's price (admin-events.ts MAX_PRICE_CENTS). */
const MAX_CENTS = 100_000_000;

const C = ADMIN_CATEGORY_MESSAGES;

const optionalText = (max: number, message: string) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value ? value : null))
    .default(null);
const instant = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).nullable().default(null);
const cents = (message: string) => z.number(message).int(message).min(0, message).max(MAX_CENTS, message);
const perOrder = (message: string) =>
  z.number(message).int(message).min(1, message).max(MAX_PER_ORDER, message);

/**
 * One category as the form sends it; without `id` it is new. Prices in cents; early bird as the event's
 * (both or neither, below the price); capacity in persons, null = only the event's total
 * (docs/product/ticket-categories.md#seats); the sale window (#sale-window); hidden behind a code (#hidden).
 */
export const adminCategorySchema = z
  .object({
    id: z.uuid(C.duplicateId).optional(),
    name: z.string(C.name).trim().min(1, C.name).max(100, C.name),
    description: optionalText(1000, C.description),
    priceCents: cents(C.price),
    earlyBirdPriceCents: cents(C.earlyBirdPrice).nullable().default(null),
    earlyBirdEndsAt: instant(C.earlyBirdEndsAt),
    priceUnit: z.enum(PRICE_UNITS, { error: C.priceUnit }).default('per_person'),
    capacity: z
      .number(C.capacity)
      .int(C.capacity)
      .min(0, C.capacity)
      .max(MAX_CATEGORY_CAPACITY, C.capacity)
      .nullable()
      .default(null),
    saleStartsAt: instant(C.saleStartsAt),
    saleEndsAt: instant(C.saleEndsAt),
    minPerOrder: perOrder(C.minPerOrder).default(1),
    maxPerOrder: perOrder(C.maxPerOrder).nullable().default(null),
    requiresCode: z.boolean(C.flag).default(false),
  })
  .superRefine((category, ctx) => {
    for (const issue of categoryRuleIssues(category)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type AdminCategoryInput = z.input<typeof adminCategorySchema>;
export type AdminCategoryValues = z.output<typeof adminCategorySchema>;

type Issue = { path: string[]; message: string };

/** The rules between a category's own fields (the event's start is checked with the event). */
export function categoryRuleIssues(
  category: Pick<
    AdminCategoryValues,
    | 'priceCents'
    | 'earlyBirdPriceCents'
    | 'earlyBirdEndsAt'
    | 'saleStartsAt'
    | 'saleEndsAt'
    | 'minPerOrder'
    | 'maxPerOrder'
  >,
): Issue[] {
  const issues: Issue[] = [];
  const { earlyBirdPriceCents: early, earlyBirdEndsAt: endsAt } = category;
  if ((early === null) !== (endsAt === null)) {
    issues.push({
      path: [early === null ? 'earlyBirdPriceCents' : 'earlyBirdEndsAt'],
      message: C.earlyBirdPair,
    });
  } else if (early !== null && early >= category.priceCents) {
    issues.push({ path: ['earlyBirdPriceCents'], message: C.earlyBirdNotLower });
  }
  if (
    category.saleStartsAt &&
    category.saleEndsAt &&
    Date.parse(category.saleEndsAt) <= Date.parse(category.saleStartsAt)
  )
    issues.push({ path: ['saleEndsAt'], message: C.saleWindow });
  if (category.maxPerOrder !== null && category.maxPerOrder < category.minPerOrder)
    issues.push({ path: ['maxPerOrder'], message: C.maxBelowMin });
  return issues;
}

/** The whole list: at least one, at most 20, no id twice; their order is their position. */
export const adminCategoriesSchema = z
  .array(adminCategorySchema, { error: C.tooMany })
  .max(MAX_CATEGORIES_PER_EVENT, C.tooMany)
  .superRefine((list, ctx) => {
    if (list.length === 0) ctx.addIssue({ code: 'custom', path: [], message: CATEGORY_MESSAGES.atLeastOne });
    const seen = new Set<string>();
    list.forEach((category, index) => {
      if (!category.id) return;
      if (seen.has(category.id))
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: C.duplicateId });
      seen.add(category.id);
    });
  });

/** Options of 'choice' and 'multi': trimmed, blanks dropped, each once, at least two. */
const optionsSchema = z
  .array(z.string(C.option).trim().max(100, C.option), { error: QUESTION_MESSAGES.options })
  .max(MAX_OPTIONS, C.tooManyOptions)
  .transform((options) => options.filter((option) => option !== ''))
  .default([]);

/** A question as the form sends it (docs/product/ticket-categories.md#questions); without `id` it is new. */
export const adminQuestionSchema = z
  .object({
    id: z.uuid(C.unknownQuestion).optional(),
    label: z.string(C.questionLabel).trim().min(1, C.questionLabel).max(200, C.questionLabel),
    help: optionalText(500, C.questionHelp),
    kind: z.enum(QUESTION_KINDS, { error: C.questionKind }),
    options: optionsSchema,
    required: z.boolean(C.flag).default(false),
    perTicket: z.boolean(C.flag).default(false),
  })
  .superRefine((question, ctx) => {
    if (!hasOptions(question.kind)) return;
    if (question.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: QUESTION_MESSAGES.options });
    else if (new Set(question.options.map((option) => option.toLowerCase())).size !== question.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: C.optionTwice });
  })
  // options only belong to choices: other kinds store none
  .transform((question) => (hasOptions(question.kind) ? question : { ...question, options: [] }));
export type AdminQuestionInput = z.input<typeof adminQuestionSchema>;
export type AdminQuestionValues = z.output<typeof adminQuestionSchema>;

export const hasOptions = (kind: string) => kind === 'choice' || kind === 'multi';

export const adminQuestionsSchema = z
  .array(adminQuestionSchema, { error: C.tooManyQuestions })
  .max(MAX_QUESTIONS_PER_EVENT, C.tooManyQuestions)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((question, index) => {
      if (!question.id) return;
      if (seen.has(question.id))
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: C.unknownQuestion });
      seen.add(question.id);
    });
  });

/** The event's price columns as the mirror of its categories: the cheapest visible one's (#pricing). */
export interface CategoryMirror {
  priceCents: number;
  earlyBirdPriceCents: number | null;
  earlyBirdEndsAt: string | null;
  priceUnit: PriceUnit;
}

/**
 * The category whose price the event's columns carry (what cards show as 'ab …'): the cheapest regular price
 * among those without a code, the first of equals; when every category needs a code, the cheapest of all.
 */
export function categoryMirror(
  categories: readonly Pick<AdminCategoryValues, keyof CategoryMirror | 'requiresCode'>[],
): CategoryMirror {
  const visible = categories.filter((category) => !category.requiresCode);
  const pool = visible.length > 0 ? visible : categories;
  const cheapest = pool.reduce((best, category) => (category.priceCents < best.priceCents ? category : best));
  return {
    priceCents: cheapest.priceCents,
    earlyBirdPriceCents: cheapest.earlyBirdPriceCents,
    earlyBirdEndsAt: cheapest.earlyBirdEndsAt,
    priceUnit: cheapest.priceUnit,
  };
}

/** Early bird of every category over by the event's start; paths 'categories.<i>.earlyBirdEndsAt'. */
export function categoryStartIssues(
  categories: readonly Pick<AdminCategoryValues, 'earlyBirdEndsAt'>[],
  startTime: string,
): { path: string; message: string }[] {
  const start = Date.parse(startTime);
  return categories.flatMap((category, index) =>
    category.earlyBirdEndsAt && Date.parse(category.earlyBirdEndsAt) > start
      ? [{ path: `categories.${index}.earlyBirdEndsAt`, message: C.earlyBirdAfterStart }]
      : [],
  );
}

/** A category as the admin form loads it: every field, hidden ones too, with its seats taken. */
export interface AdminCategory extends Omit<PublicTicketCategory, 'availableSeats'> {
  /** Persons of active tickets and pending bookings of it (docs/product/ticket-categories.md#seats). */
  taken: number;
  /** Booked at least once (any booking line or ticket): it can no longer be deleted. */
  inUse: boolean;
}

export type AdminQuestion = EventQuestion;
