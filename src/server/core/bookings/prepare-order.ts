import { BOOKING_MESSAGES } from '@shared/booking';
import type { CreateBookingInput } from '@shared/booking-schemas';
import { DISCOUNT_CODE_MESSAGES } from '@shared/discount-codes';
import { SIMPLIFIED_INVOICE_LIMIT_CENTS } from '@shared/invoices';
import type { StoredAnswer } from '@shared/questions';
import {
  CATEGORY_MESSAGES,
  priceOrder,
  saleState,
  type OrderItemInput,
  type PricedOrder,
} from '@shared/ticket-categories';
import type { DbOrTx } from '../../db/types';
import { AppError } from '../app-error';
import { assertAnswersComplete, toStoredAnswers } from './stored-answers';
import { discountRuleOf, findOrderCode, type DiscountCodeRow } from '../discount-codes/redeem-code';
import {
  loadCategories,
  loadQuestions,
  toEventQuestion,
  type CategoryRow,
} from '../ticket-categories/category-seats';

/** An order checked and priced before any seat is taken. */
export interface PreparedOrder {
  eventId: string;
  categories: Map<string, CategoryRow>;
  priced: PricedOrder;
  code: DiscountCodeRow | null;
  answers: StoredAnswer[] | null;
  /** No code and no category with seats of its own: the one-statement hold may take it (decision 014). */
  plain: boolean;
}

const invalid = (path: string, message: string) =>
  new AppError('validation_failed', message, [{ path, message }]);

/**
 * Checks an order against the event's categories, code and questions and prices it on the server
 * (docs/product/ticket-categories.md#pricing): every category of this event, on sale now, bookable without a
 * code or unlocked by the one given, within its limits per order; the code valid for this event and these
 * lines; the answers complete. Nothing is taken or counted here: the booking's transaction does that under
 * the event's lock, and the discount's use is counted there too (redeemCode).
 */
export async function prepareOrder(db: DbOrTx, input: CreateBookingInput, now: Date): Promise<PreparedOrder> {
  const [rows, questionRows] = await Promise.all([
    loadCategories(db, [input.eventId]),
    loadQuestions(db, [input.eventId]),
  ]);
  if (rows.length === 0) throw new AppError('not_found', BOOKING_MESSAGES.eventNotFound);
  const categories = new Map(rows.map((row) => [row.id, row]));
  const code = input.code ? await findOrderCode(db, { code: input.code, eventId: input.eventId, now }) : null;
  const unlocked = new Set(code?.categoryIds ?? []);
  const items: OrderItemInput[] = input.items ?? [
    { categoryId: (rows.find((row) => !row.requiresCode) ?? rows[0]!).id, quantity: input.quantity ?? 1 },
  ];
  items.forEach((item, index) => checkItem(categories.get(item.categoryId), item, index, unlocked, now));
  const rule = code ? discountRuleOf(code) : null;
  if (rule && rule.kind !== 'unlock' && rule.categoryIds) {
    if (!items.some((item) => rule.categoryIds!.includes(item.categoryId))) {
      throw invalid('code', DISCOUNT_CODE_MESSAGES.wrongCategory);
    }
  }
  const priced = priceOrder(
    rows.map((row) => ({ ...row, earlyBirdEndsAt: row.earlyBirdEndsAt?.toISOString() ?? null })),
    items,
    now,
    rule,
  );
  if (priced.totalCents > SIMPLIFIED_INVOICE_LIMIT_CENTS && !input.billingAddress) {
    throw invalid('billingAddress', BOOKING_MESSAGES.billingAddressRequired);
  }
  const questions = questionRows.map(toEventQuestion);
  const given = toStoredAnswers(questions, input.answers ?? []);
  assertAnswersComplete(questions, given, priced.lines);
  return {
    eventId: input.eventId,
    categories,
    priced,
    code,
    answers: questions.length > 0 ? given : null,
    plain: !code && priced.lines.every((line) => categories.get(line.categoryId)!.capacity === null),
  };
}

function checkItem(
  category: CategoryRow | undefined,
  item: OrderItemInput,
  index: number,
  unlocked: Set<string>,
  now: Date,
): void {
  const path = `items.${index}`;
  if (!category) throw invalid(`${path}.categoryId`, CATEGORY_MESSAGES.unknownCategory);
  if (category.requiresCode && !unlocked.has(category.id)) {
    throw invalid(`${path}.categoryId`, CATEGORY_MESSAGES.needsCode(category.name));
  }
  const state = saleState(
    {
      saleStartsAt: category.saleStartsAt?.toISOString() ?? null,
      saleEndsAt: category.saleEndsAt?.toISOString() ?? null,
    },
    now,
  );
  if (state === 'not_started')
    throw invalid(`${path}.categoryId`, CATEGORY_MESSAGES.saleNotStarted(category.name));
  if (state === 'ended') throw invalid(`${path}.categoryId`, CATEGORY_MESSAGES.saleEnded(category.name));
  if (item.quantity < category.minPerOrder) {
    throw invalid(`${path}.quantity`, CATEGORY_MESSAGES.minPerOrder(category.name, category.minPerOrder));
  }
  if (category.maxPerOrder !== null && item.quantity > category.maxPerOrder) {
    throw invalid(`${path}.quantity`, CATEGORY_MESSAGES.maxPerOrder(category.name, category.maxPerOrder));
  }
}
