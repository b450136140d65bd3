import { useState } from 'react';
import type { DiscountCodePreview } from '@shared/discount-codes';
import type { PublicEvent } from '@shared/events';
import { categoryUnitPrice, priceOrder, type PublicTicketCategory } from '@shared/ticket-categories';
import { clampQuantity, maxQuantity, type OrderPrice } from './checkout-rules';
import {
  categoryMax,
  checkoutCategories,
  linesValid,
  orderItems,
  othersOf,
  type Quantities,
} from './order-lines';

/**
 * What the buyer orders (docs/product/ticket-categories.md#pricing): with one category the one number of old
 * (docs/product/ticket-categories.md#one-category), with several a number per category; priced with the
 * redeemed code. `reserved`: the tickets of a waiting-list offer, booked exactly.
 */
export function useOrderLines(
  event: PublicEvent,
  now: Date,
  code: DiscountCodePreview | null,
  reserved: number | null,
) {
  const categories = checkoutCategories(event, code?.unlocked);
  const several = categories.length > 1;
  const [wanted, setWanted] = useState(1);
  const [quantities, setQuantities] = useState<Quantities>({});

  const single = categories[0]!;
  // one category: as before; live seat updates may lower the maximum below the chosen number
  const singleMax = reserved ?? Math.min(maxQuantity(event), single.maxPerOrder ?? Number.POSITIVE_INFINITY);
  const singleQuantity = reserved ?? clampQuantity(wanted, singleMax);

  const items = several
    ? orderItems(categories, quantities)
    : [{ categoryId: single.id, quantity: singleQuantity }];
  const priced = priceOrder(categories, items, now, code);
  const quantity = priced.quantity;
  const valid = several
    ? linesValid(categories, quantities, event, now, reserved)
    : singleQuantity >= 1 && singleQuantity <= singleMax;
  // nothing chosen yet: free only if every category is
  const free =
    items.length > 0 ? priced.free : categories.every((category) => categoryUnitPrice(category, now) === 0);

  const first = priced.lines[0];
  /** The one line's price as the page showed it before categories (summary, event box, button). */
  const price: OrderPrice = {
    unitCents: first?.unitPriceCents ?? 0,
    regularUnitCents: first?.regularUnitPriceCents ?? 0,
    early: first?.early ?? false,
    totalCents: priced.totalCents,
    free,
  };

  const maxOf = (category: PublicTicketCategory) =>
    categoryMax(category, othersOf(categories, quantities, category.id), event, now, reserved);
  const setQuantity = (id: string, value: number) =>
    setQuantities((current) => ({ ...current, [id]: value }));

  return {
    categories,
    several,
    /** One category: the number and its bounds. */
    single: { quantity: singleQuantity, max: singleMax, change: setWanted },
    quantities,
    setQuantity,
    maxOf,
    items,
    priced,
    quantity,
    price,
    free,
    valid,
  };
}

export type OrderLines = ReturnType<typeof useOrderLines>;
