// The 'Ticketarten' and 'Fragen an Teilnehmende' parts of the event form (docs/product/ticket-categories.md#pricing,
// #questions): their values as typed and their conversion to the API input. Pure: unit-tested.
import type {
  AdminCategory,
  AdminCategoryInput,
  AdminQuestion,
  AdminQuestionInput,
} from '@shared/admin-categories';
import type { PriceUnit } from '@shared/events';
import type { QuestionKind } from '@shared/questions';
import { DEFAULT_CATEGORY_NAME } from '@shared/ticket-categories';

/** One category as its card holds it: texts as typed, times as wall times of the event's zone. */
export interface CategoryFormValues {
  /** '' = new (not saved yet). */
  id: string;
  name: string;
  description: string;
  price: string;
  earlyBirdPrice: string;
  earlyBirdEndsAt: string;
  priceUnit: PriceUnit;
  /** '' = only the event's total counts (docs/product/ticket-categories.md#seats). */
  capacity: string;
  saleStartsAt: string;
  saleEndsAt: string;
  minPerOrder: string;
  /** '' = no limit of its own. */
  maxPerOrder: string;
  requiresCode: boolean;
  /** Persons it holds now (the server's count): the capacity's floor. */
  taken: number;
  /** Booked once: 'Entfernen' is refused. */
  inUse: boolean;
}

/** The fields of a card; the price fields are the ones the one-category form shows at the event. */
export type CategoryField = Exclude<keyof CategoryFormValues, 'id' | 'taken' | 'inUse'>;
export const PRICE_FIELDS = ['price', 'earlyBirdPrice', 'earlyBirdEndsAt', 'priceUnit'] as const;

export interface QuestionFormValues {
  id: string;
  label: string;
  help: string;
  kind: QuestionKind;
  /** The choices as typed, one row each (blank rows are dropped on saving). */
  options: string[];
  required: boolean;
  perTicket: boolean;
}
export type QuestionField = Exclude<keyof QuestionFormValues, 'id'>;

export const newCategory = (name = ''): CategoryFormValues => ({
  id: '',
  name,
  description: '',
  price: '',
  earlyBirdPrice: '',
  earlyBirdEndsAt: '',
  priceUnit: 'per_person',
  capacity: '',
  saleStartsAt: '',
  saleEndsAt: '',
  minPerOrder: '1',
  maxPerOrder: '',
  requiresCode: false,
  taken: 0,
  inUse: false,
});

export const newQuestion = (): QuestionFormValues => ({
  id: '',
  label: '',
  help: '',
  kind: 'text',
  options: ['', ''],
  required: false,
  perTicket: false,
});

/** An event's one category as it starts: 'Ticket' at the event's price. */
export const defaultCategories = () => [newCategory(DEFAULT_CATEGORY_NAME)];

interface Converters {
  cents: (cents: number) => string;
  local: (iso: string) => string;
}

export function categoryValuesOf(category: AdminCategory, to: Converters): CategoryFormValues {
  return {
    id: category.id,
    name: category.name,
    description: category.description ?? '',
    price: to.cents(category.priceCents),
    earlyBirdPrice: category.earlyBirdPriceCents === null ? '' : to.cents(category.earlyBirdPriceCents),
    earlyBirdEndsAt: category.earlyBirdEndsAt ? to.local(category.earlyBirdEndsAt) : '',
    priceUnit: category.priceUnit,
    capacity: category.capacity === null ? '' : String(category.capacity),
    saleStartsAt: category.saleStartsAt ? to.local(category.saleStartsAt) : '',
    saleEndsAt: category.saleEndsAt ? to.local(category.saleEndsAt) : '',
    minPerOrder: String(category.minPerOrder),
    maxPerOrder: category.maxPerOrder === null ? '' : String(category.maxPerOrder),
    requiresCode: category.requiresCode,
    taken: category.taken,
    inUse: category.inUse,
  };
}

export const questionValuesOf = (question: AdminQuestion): QuestionFormValues => ({
  id: question.id,
  label: question.label,
  help: question.help ?? '',
  kind: question.kind,
  options: question.options.length > 0 ? [...question.options] : ['', ''],
  required: question.required,
  perTicket: question.perTicket,
});

interface Parsers {
  /** cents, null when blank, NaN when unreadable */
  cents: (text: string) => number | null;
  /** ISO instant, null when malformed */
  instant: (local: string) => string | null;
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const optionalWhole = (text: string) => (text.trim() === '' ? null : whole(text));
const optionalInstant = (local: string, parse: Parsers['instant']) =>
  local.trim() === '' ? null : (parse(local) ?? '');

/** The list as the API takes it; unreadable numbers become NaN and times '' so the schema names them. */
export function toCategoryInputs(categories: CategoryFormValues[], parse: Parsers): AdminCategoryInput[] {
  return categories.map((category) => ({
    ...(category.id ? { id: category.id } : {}),
    name: category.name,
    description: category.description,
    priceCents: parse.cents(category.price) ?? Number.NaN,
    earlyBirdPriceCents: parse.cents(category.earlyBirdPrice),
    earlyBirdEndsAt: optionalInstant(category.earlyBirdEndsAt, parse.instant),
    priceUnit: category.priceUnit,
    capacity: optionalWhole(category.capacity),
    saleStartsAt: optionalInstant(category.saleStartsAt, parse.instant),
    saleEndsAt: optionalInstant(category.saleEndsAt, parse.instant),
    minPerOrder: whole(category.minPerOrder),
    maxPerOrder: optionalWhole(category.maxPerOrder),
    requiresCode: category.requiresCode,
  }));
}

export const toQuestionInputs = (questions: QuestionFormValues[]): AdminQuestionInput[] =>
  questions.map((question) => ({
    ...(question.id ? { id: question.id } : {}),
    label: question.label,
    help: question.help,
    kind: question.kind,
    options: question.kind === 'choice' || question.kind === 'multi' ? question.options : [],
    required: question.required,
    perTicket: question.perTicket,
  }));

/** The list with the item at `from` moved to `to` (a new array; out of range: unchanged). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

// ------------------------------------------------------------------------------------------------ errors

/** API field names inside a category → the card's field. */
const CATEGORY_FIELD_OF: Record<string, CategoryField> = {
  priceCents: 'price',
  earlyBirdPriceCents: 'earlyBirdPrice',
};

/**
 * The form's key of an issue inside the lists: 'categories.1.priceCents' → 'categories.1.price',
 * 'categories.1.id' or 'categories.1' → 'categories.1' (the card), 'questions.0.options.2' → 'questions.0.options'.
 * With one category (the compact form) its price issues belong to the event's price fields.
 */
export function listErrorKey(path: string, singleCategory: boolean): string | null {
  const [list, index, field] = path.split('.');
  if (list !== 'categories' && list !== 'questions') return null;
  if (index === undefined || !/^\d+$/.test(index)) return list;
  if (list === 'questions')
    return field && field !== 'id' ? `questions.${index}.${field}` : `questions.${index}`;
  const cardField = field === undefined || field === 'id' ? null : (CATEGORY_FIELD_OF[field] ?? field);
  if (singleCategory && index === '0' && cardField && (PRICE_FIELDS as readonly string[]).includes(cardField))
    return cardField;
  return cardField ? `categories.${index}.${cardField}` : `categories.${index}`;
}
