import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PublicTicketCategory } from '@shared/ticket-categories';
import type { EventQuestion } from '@shared/questions';
import type { DbOrTx } from '../../db/types';
import { bookingItems, eventQuestions, ticketCategories } from '../../db/schema';

export type CategoryRow = typeof ticketCategories.$inferSelect;

/**
 * The persons each category of these events holds now (docs/product/ticket-categories.md#seats): the seats of
 * its active tickets and the lines of pending bookings. Counted, never stored, so expiry, cancellation and
 * refunds need not touch categories; read under the categories' row locks it is exact, because every booking
 * that adds to a category with seats of its own takes them before it counts (create-booking.ts lockCategories).
 */
export async function categorySeatsTaken(
  db: DbOrTx,
  eventIds: string[],
  /** Only these categories (the ones with seats of their own); default: all of the events'. */
  categoryIds?: string[],
): Promise<Map<string, number>> {
  if (eventIds.length === 0 || categoryIds?.length === 0) return new Map();
  const only = categoryIds ? sql`WHERE category_id = ANY(${sql.param(categoryIds)}::uuid[])` : sql``;
  const result = await db.execute<{ category_id: string; taken: number }>(sql`
    SELECT category_id, sum(seats)::int AS taken FROM (
      SELECT t.category_id, t.seats FROM tickets t
      WHERE t.event_id = ANY(${sql.param(eventIds)}::uuid[]) AND t.status = 'active' AND t.category_id IS NOT NULL
      UNION ALL
      SELECT i.category_id, i.quantity * i.seats_per_ticket FROM booking_items i
      JOIN bookings b ON b.id = i.booking_id
      WHERE b.event_id = ANY(${sql.param(eventIds)}::uuid[]) AND b.status = 'pending'
    ) held ${only} GROUP BY category_id`);
  return new Map(result.rows.map((row) => [row.category_id, Number(row.taken)]));
}

/** The categories of these events, in their order. */
export function loadCategories(db: DbOrTx, eventIds: string[]): Promise<CategoryRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ticketCategories)
    .where(inArray(ticketCategories.eventId, eventIds))
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.createdAt));
}

/** The questions of these events, in their order. */
export async function loadQuestions(db: DbOrTx, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select()
    .from(eventQuestions)
    .where(inArray(eventQuestions.eventId, eventIds))
    .orderBy(asc(eventQuestions.position), asc(eventQuestions.createdAt));
}

export const toEventQuestion = (row: typeof eventQuestions.$inferSelect): EventQuestion => ({
  id: row.id,
  label: row.label,
  help: row.help,
  kind: row.kind,
  options: row.options,
  required: row.required,
  perTicket: row.perTicket,
  position: row.position,
});

/** A category as visitors and the checkout see it, with the persons still free in it. */
export function toPublicCategory(
  row: CategoryRow,
  taken: number,
  eventAvailableSeats: number,
): PublicTicketCategory {
  const own = row.capacity === null ? Infinity : Math.max(0, row.capacity - taken);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    earlyBirdPriceCents: row.earlyBirdPriceCents,
    earlyBirdEndsAt: row.earlyBirdEndsAt?.toISOString() ?? null,
    priceUnit: row.priceUnit,
    capacity: row.capacity,
    saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
    saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
    minPerOrder: row.minPerOrder,
    maxPerOrder: row.maxPerOrder,
    requiresCode: row.requiresCode,
    position: row.position,
    availableSeats: Math.max(0, Math.min(own, eventAvailableSeats)),
  };
}

/**
 * The public categories of events (requires_code ones left out unless `unlocked` lists them) with their free
 * seats, keyed by event id.
 */
export async function publicCategoriesOf(
  db: DbOrTx,
  events: { id: string; availableSeats: number }[],
  unlocked: string[] = [],
): Promise<Map<string, PublicTicketCategory[]>> {
  const ids = events.map((event) => event.id);
  const rows = await loadCategories(db, ids);
  const limited = rows.filter((row) => row.capacity !== null).map((row) => row.id);
  const taken = await categorySeatsTaken(db, ids, limited);
  const available = new Map(events.map((event) => [event.id, event.availableSeats]));
  const byEvent = new Map<string, PublicTicketCategory[]>(ids.map((id) => [id, []]));
  for (const row of rows) {
    if (row.requiresCode && !unlocked.includes(row.id)) continue;
    byEvent
      .get(row.eventId)!
      .push(toPublicCategory(row, taken.get(row.id) ?? 0, available.get(row.eventId) ?? 0));
  }
  return byEvent;
}

/**
 * Locks the rows of categories with seats of their own, in id order, before the event's row: every booking
 * that adds to a limited category holds them until it commits, so a count read afterwards is exact
 * (docs/product/ticket-categories.md#seats).
 */
export async function lockCategories(tx: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`SELECT id FROM ticket_categories WHERE id = ANY(${sql.param(ids)}::uuid[]) ORDER BY id FOR UPDATE`,
  );
}

/**
 * Whether a booking that no longer holds seats (an expired hold whose money came late) would still fit its
 * categories' own seats if it took them again (docs/product/ticket-categories.md#seats): its categories are
 * locked first, as every booking that adds to them does, then counted; it is not pending, so not counted itself.
 * Call it before taking the event's row.
 */
export async function linesFitCategories(tx: DbOrTx, bookingId: string): Promise<boolean> {
  const lines = await tx
    .select({
      categoryId: bookingItems.categoryId,
      eventId: ticketCategories.eventId,
      capacity: ticketCategories.capacity,
      seats: sql<number>`${bookingItems.quantity} * ${bookingItems.seatsPerTicket}`,
    })
    .from(bookingItems)
    .innerJoin(ticketCategories, eq(ticketCategories.id, bookingItems.categoryId))
    .where(eq(bookingItems.bookingId, bookingId));
  const limited = lines.filter((line) => line.capacity !== null);
  if (limited.length === 0) return true;
  const ids = limited.map((line) => line.categoryId);
  await lockCategories(tx, ids);
  const taken = await categorySeatsTaken(tx, [limited[0]!.eventId], ids);
  return limited.every((line) => (taken.get(line.categoryId) ?? 0) + Number(line.seats) <= line.capacity!);
}
