import { asc } from 'drizzle-orm';
import type { DiscountCodeFormOptions } from '@shared/discount-code-schemas';
import type { DbOrTx } from '../../db/types';
import { events } from '../../db/schema';
import { loadCategories } from '../ticket-categories/category-seats';

/**
 * What the code form offers (docs/product/ticket-categories.md#codes): every event, by start (a code may still
 * name a past one), with its categories; hidden ones are marked, as a code that lists them unlocks them.
 */
export async function discountCodeFormOptions(db: DbOrTx): Promise<DiscountCodeFormOptions> {
  const eventRows = await db
    .select({ id: events.id, title: events.title, startTime: events.startTime })
    .from(events)
    .orderBy(asc(events.startTime), asc(events.id));
  const categories = await loadCategories(
    db,
    eventRows.map((row) => row.id),
  );
  return {
    events: eventRows.map((event) => ({
      id: event.id,
      title: event.title,
      startTime: event.startTime.toISOString(),
      categories: categories
        .filter((category) => category.eventId === event.id)
        .map(({ id, name, requiresCode }) => ({ id, name, requiresCode })),
    })),
  };
}
