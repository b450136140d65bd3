import { inArray } from 'drizzle-orm';
import type { AdminCategory, AdminQuestion } from '@shared/admin-categories';
import type { DbOrTx } from '../../db/types';
import { bookingItems, tickets } from '../../db/schema';
import {
  categorySeatsTaken,
  loadCategories,
  loadQuestions,
  toEventQuestion,
  toPublicCategory,
} from '../ticket-categories/category-seats';

/**
 * What the event form loads of an event's categories: all of them in order, hidden ones too, with the persons
 * each holds (the floor of its capacity, docs/product/ticket-categories.md#seats) and whether it was ever
 * booked (then it cannot be deleted); and its questions.
 */
export async function loadAdminCategories(
  db: DbOrTx,
  eventId: string,
): Promise<{ categories: AdminCategory[]; questions: AdminQuestion[] }> {
  const rows = await loadCategories(db, [eventId]);
  const taken = await categorySeatsTaken(db, [eventId]);
  const used = await usedCategoryIds(
    db,
    rows.map((row) => row.id),
  );
  const categories = rows.map((row): AdminCategory => {
    const { availableSeats: _free, ...category } = toPublicCategory(row, 0, 0);
    return { ...category, taken: taken.get(row.id) ?? 0, inUse: used.has(row.id) };
  });
  const questions = (await loadQuestions(db, [eventId])).map(toEventQuestion);
  return { categories, questions };
}

/** Categories that a booking line or a ticket points to: booked once, kept for good. */
export async function usedCategoryIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const lines = await db
    .selectDistinct({ id: bookingItems.categoryId })
    .from(bookingItems)
    .where(inArray(bookingItems.categoryId, ids));
  const issued = await db
    .selectDistinct({ id: tickets.categoryId })
    .from(tickets)
    .where(inArray(tickets.categoryId, ids));
  return new Set([...lines, ...issued].flatMap((row) => (row.id ? [row.id] : [])));
}
