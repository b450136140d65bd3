// Ticket categories ('Ticketarten') and how an order of several is priced (docs/product/ticket-categories.md).
// Pure rules shared by the server (which books by them) and the checkout (which shows them beforehand); no zod
// here, so pages that only show prices stay small (decision 043).
import { currentUnitPriceCents, isEarlyBird, seatsPerTicket } from './event-rules';
import type { PublicTicketCategory } from './events';

export const CATEGORY_MESSAGES = {
  chooseCategory: 'Bitte wähle mindestens ein Ticket.',
  unknownCategory: 'Diese Ticketart gibt es für dieses Event nicht.',
  notOnSale: (name: string) => `„${name}“ ist gerade nicht buchbar.`,
  saleNotStarted: (name: string) => `„${name}“ ist noch nicht buchbar.`,
  saleEnded: (name: string) => `„${name}“ ist nicht mehr buchbar.`,
  minPerOrder: (name: string, min: number) => `Von „${name}“ kannst du nur ab ${min} Tickets buchen.`,
  maxPerOrder: (name: string, max: number) =>
    `Von „${name}“ kannst du höchstens ${max} ${max === 1 ? 'Ticket' : 'Tickets'} buchen.`,
  soldOut: (name: string) => `Leider sind für „${name}“ nicht mehr genug Plätze frei.`,
  needsCode: (name: string) => `„${name}“ ist nur mit einem Code buchbar.`,
  inUse: (name: string) => `„${name}“ hat schon Tickets und kann nicht gelöscht werden.`,
  capacityBelowSold: (name: string, taken: number) =>
    `„${name}“ hat schon ${taken} ${taken === 1 ? 'Platz' : 'Plätze'} verkauft oder reserviert; weniger geht nicht.`,
  atLeastOne: 'Ein Event braucht mindestens eine Ticketart.',
} as const;

/** The name of the one category every event starts with, and of each migrated event's category. */
export const DEFAULT_CATEGORY_NAME = 'Ticket';
/** At most this many categories per event; at most this many lines per order. */
export const MAX_CATEGORIES_PER_EVENT = 20;

export type { PublicTicketCategory };

/** One line of an order: how many tickets of which category. */
export interface OrderItemInput {
  categoryId: string;
  quantity: number;
}

/** A priced line: the category's price now (early bird while it runs), its seats and its share of a discount. */
export interface PricedLine {
  categoryId: string;
  name: string;
  quantity: number;
  seatsPerTicket: number;
  unitPriceCents: number;
  regularUnitPriceCents: number;
  early: boolean;
  grossCents: number;
  discountCents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  quantity: number;
  seats: number;
  /** Before the discount. */
  grossCents: number;
  discountCents: number;
  /** What the buyer pays: gross − discount. */
  totalCents: number;
  free: boolean;
}

type PricedCategory = Pick<
  PublicTicketCategory,
  'id' | 'name' | 'priceCents' | 'earlyBirdPriceCents' | 'earlyBirdEndsAt' | 'priceUnit'
>;

/** The category's price now: its early-bird price while that runs (docs/product/events.md#early-bird). */
export const categoryUnitPrice = (category: PricedCategory, now: Date) =>
  currentUnitPriceCents(category, now);

/**
 * Prices an order (docs/product/ticket-categories.md#pricing): each line at its category's current price, then
 * the discount spread over the lines it applies to. Lines keep the order of the items.
 */
export function priceOrder(
  categories: PricedCategory[],
  items: OrderItemInput[],
  now: Date,
  discount: DiscountRule | null = null,
): PricedOrder {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const lines: PricedLine[] = items.map((item) => {
    const category = byId.get(item.categoryId);
    if (!category) throw new Error(`unknown category ${item.categoryId}`);
    const unit = categoryUnitPrice(category, now);
    return {
      categoryId: category.id,
      name: category.name,
      quantity: item.quantity,
      seatsPerTicket: seatsPerTicket(category.priceUnit),
      unitPriceCents: unit,
      regularUnitPriceCents: category.priceCents,
      early: isEarlyBird(category, now),
      grossCents: unit * item.quantity,
      discountCents: 0,
    };
  });
  if (discount) applyDiscount(lines, discount);
  const grossCents = sum(lines.map((line) => line.grossCents));
  const discountCents = sum(lines.map((line) => line.discountCents));
  const totalCents = grossCents - discountCents;
  const quantity = sum(lines.map((line) => line.quantity));
  return {
    lines,
    quantity,
    seats: sum(lines.map((line) => line.quantity * line.seatsPerTicket)),
    grossCents,
    discountCents,
    totalCents,
    // nothing chosen yet is not a free order (the checkout shows 0,00 €, not 'Kostenlos')
    free: quantity > 0 && totalCents === 0,
  };
}

/** What a discount code takes off: a percentage or a fixed amount, of the lines whose categories it covers. */
export interface DiscountRule {
  kind: 'percent' | 'fixed' | 'unlock';
  /** Percent 1–100, or cents. */
  value: number;
  /** Category ids it applies to; null = every line. */
  categoryIds: string[] | null;
}

/**
 * Percent: the rounded share of the covered gross; fixed: the amount, at most the covered gross. The discount is
 * spread over the covered lines in proportion to their gross, remainders to the first lines, so the lines add
 * up to the discount to the cent (docs/product/ticket-categories.md#discount-lines).
 */
function applyDiscount(lines: PricedLine[], rule: DiscountRule): void {
  if (rule.kind === 'unlock') return;
  const covered = lines.filter((line) => !rule.categoryIds || rule.categoryIds.includes(line.categoryId));
  const base = sum(covered.map((line) => line.grossCents));
  if (base <= 0) return;
  const total =
    rule.kind === 'percent'
      ? Math.round((base * Math.min(100, rule.value)) / 100)
      : Math.min(rule.value, base);
  const shares = spread(
    total,
    covered.map((line) => line.grossCents),
  );
  covered.forEach((line, index) => (line.discountCents = shares[index]!));
}

/**
 * Splits `total` cents in proportion to `weights` (largest remainder), never more than a weight: the shares add
 * up to `total` exactly. Used for the discount across lines and a line's discount across its tickets.
 */
export function spread(total: number, weights: number[]): number[] {
  const whole = sum(weights);
  if (whole <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / whole);
  const shares = exact.map(Math.floor);
  let rest = total - sum(shares);
  const order = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) }));
  order.sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (rest <= 0) break;
    if (shares[index]! < weights[index]!) {
      shares[index]! += 1;
      rest -= 1;
    }
  }
  return shares;
}

/** What each ticket of a line was paid: the unit price less its share of the line's discount. */
export const ticketPrices = (line: Pick<PricedLine, 'quantity' | 'unitPriceCents' | 'discountCents'>) =>
  spread(
    line.discountCents,
    Array.from({ length: line.quantity }, () => line.unitPriceCents),
  ).map((share) => line.unitPriceCents - share);

/** The lowest price of the categories a visitor sees: 'ab 120 €' when they differ. */
export function priceFrom(
  categories: Pick<
    PublicTicketCategory,
    'priceCents' | 'earlyBirdPriceCents' | 'earlyBirdEndsAt' | 'requiresCode' | 'name' | 'id' | 'priceUnit'
  >[],
  now: Date,
): { cents: number; varies: boolean } | null {
  const visible = categories.filter((category) => !category.requiresCode);
  if (visible.length === 0) return null;
  const prices = visible.map((category) => categoryUnitPrice(category, now));
  const cents = Math.min(...prices);
  return { cents, varies: prices.some((price) => price !== cents) };
}

/** On sale now: inside its sale window (docs/product/ticket-categories.md#sale-window). */
export function saleState(
  category: Pick<PublicTicketCategory, 'saleStartsAt' | 'saleEndsAt'>,
  now: Date,
): 'open' | 'not_started' | 'ended' {
  if (category.saleStartsAt && now.getTime() < Date.parse(category.saleStartsAt)) return 'not_started';
  if (category.saleEndsAt && now.getTime() >= Date.parse(category.saleEndsAt)) return 'ended';
  return 'open';
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
