import { and, eq, inArray } from 'drizzle-orm';
import { categoryMirror, type AdminCategoryValues } from '@shared/admin-categories';
import { CATEGORY_MESSAGES } from '@shared/ticket-categories';
import type { FieldIssue } from '@shared/admin-events';
import type { Tx } from '../../db/types';
import { events, ticketCategories } from '../../db/schema';
import { AppError } from '../app-error';
import { categorySeatsTaken, loadCategories } from '../ticket-categories/category-seats';
import { usedCategoryIds } from './admin-event-categories';

export interface SaveEventCategoriesOptions {
  eventId: string;
  /** The whole list in its order; entries without id are new, stored ones not listed are deleted. */
  categories: AdminCategoryValues[];
}

const refused = (issue: FieldIssue, code: 'conflict' | 'validation_failed' = 'conflict') =>
  new AppError(code, issue.message, [issue]);

/**
 * Replaces an event's categories by id (docs/product/ticket-categories.md#pricing), inside the caller's
 * transaction and under the event's row lock, so no booking counts seats meanwhile
 * (docs/product/ticket-categories.md#seats). Refused, changing nothing: an id of another event, deleting a
 * category that was ever booked (its lines and tickets keep it; FK restrict is the backstop), a capacity
 * below the persons it already holds. Positions follow the list. Afterwards the event's price columns are
 * set to the mirror (the cheapest visible category). Tickets and booking lines store their price, so a price
 * change here never touches what was sold.
 */
export async function saveEventCategories(tx: Tx, options: SaveEventCategoriesOptions): Promise<void> {
  const { eventId, categories } = options;
  const stored = await loadCategories(tx, [eventId]);
  const storedById = new Map(stored.map((row) => [row.id, row]));
  categories.forEach((category, index) => {
    if (category.id && !storedById.has(category.id))
      throw refused(
        { path: `categories.${index}`, message: CATEGORY_MESSAGES.unknownCategory },
        'validation_failed',
      );
  });

  const kept = new Set(categories.flatMap((category) => (category.id ? [category.id] : [])));
  const removed = stored.filter((row) => !kept.has(row.id));
  const used = await usedCategoryIds(
    tx,
    removed.map((row) => row.id),
  );
  const firstUsed = removed.find((row) => used.has(row.id));
  if (firstUsed) throw refused({ path: 'categories', message: CATEGORY_MESSAGES.inUse(firstUsed.name) });

  const taken = await categorySeatsTaken(tx, [eventId]);
  categories.forEach((category, index) => {
    const held = category.id ? (taken.get(category.id) ?? 0) : 0;
    if (category.capacity !== null && category.capacity < held) {
      const name = category.name;
      throw refused({
        path: `categories.${index}.capacity`,
        message: CATEGORY_MESSAGES.capacityBelowSold(name, held),
      });
    }
  });

  if (removed.length > 0)
    await tx.delete(ticketCategories).where(
      inArray(
        ticketCategories.id,
        removed.map((row) => row.id),
      ),
    );
  for (const [position, category] of categories.entries()) {
    const { id, ...fields } = category;
    const row = {
      ...fields,
      earlyBirdEndsAt: toDate(fields.earlyBirdEndsAt),
      saleStartsAt: toDate(fields.saleStartsAt),
      saleEndsAt: toDate(fields.saleEndsAt),
      position,
    };
    if (id)
      await tx
        .update(ticketCategories)
        .set(row)
        .where(and(eq(ticketCategories.id, id), eq(ticketCategories.eventId, eventId)));
    else await tx.insert(ticketCategories).values({ ...row, eventId });
  }

  // The mirror (docs/product/ticket-categories.md#one-category): with one category left the trigger of
  // migration 0019 copies this back into it, which is what it already holds.
  const mirror = categoryMirror(categories);
  await tx
    .update(events)
    .set({ ...mirror, earlyBirdEndsAt: toDate(mirror.earlyBirdEndsAt) })
    .where(eq(events.id, eventId));
}

const toDate = (iso: string | null) => (iso ? new Date(iso) : null);
