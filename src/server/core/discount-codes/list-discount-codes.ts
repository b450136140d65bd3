import { desc, inArray, sql } from 'drizzle-orm';
import type { AdminDiscountCode } from '@shared/discount-code-schemas';
import type { DbOrTx } from '../../db/types';
import { bookings, discountCodes, events, ticketCategories } from '../../db/schema';

/**
 * The codes as the admin list shows them (docs/product/ticket-categories.md#codes): how often each is held now
 * (`uses`: pending and confirmed bookings), and of its confirmed bookings how many, what they paid (revenue =
 * their total_amount_cents) and what the code took off. Only `ids`, when given. Newest first.
 */
export async function listDiscountCodes(db: DbOrTx, ids?: string[]): Promise<AdminDiscountCode[]> {
  if (ids && ids.length === 0) return [];
  const confirmed = db
    .select({
      codeId: sql<string>`${bookings.discountCodeId}`.as('code_id'),
      count: sql<number>`count(*)::int`.as('confirmed_count'),
      revenue: sql<number>`coalesce(sum(${bookings.totalAmountCents}), 0)::int`.as('revenue'),
      discount: sql<number>`coalesce(sum(${bookings.discountCents}), 0)::int`.as('discount'),
    })
    .from(bookings)
    .where(sql`${bookings.status} = 'confirmed' AND ${bookings.discountCodeId} IS NOT NULL`)
    .groupBy(bookings.discountCodeId)
    .as('confirmed');
  const rows = await db
    .select({
      code: discountCodes,
      confirmedBookings: sql<number>`coalesce(${confirmed.count}, 0)::int`,
      revenueCents: sql<number>`coalesce(${confirmed.revenue}, 0)::int`,
      discountCents: sql<number>`coalesce(${confirmed.discount}, 0)::int`,
      redeemed: sql<boolean>`exists (select 1 from ${bookings} where ${bookings.discountCodeId} = ${discountCodes.id})`,
    })
    .from(discountCodes)
    .leftJoin(confirmed, sql`${confirmed.codeId} = ${discountCodes.id}`)
    .where(ids ? inArray(discountCodes.id, ids) : undefined)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));

  const eventIds = [...new Set(rows.flatMap((row) => row.code.eventIds ?? []))];
  const categoryIds = [...new Set(rows.flatMap((row) => row.code.categoryIds ?? []))];
  const [eventRows, categoryRows] = await Promise.all([
    eventIds.length === 0
      ? []
      : db.select({ id: events.id, title: events.title }).from(events).where(inArray(events.id, eventIds)),
    categoryIds.length === 0
      ? []
      : db
          .select({
            id: ticketCategories.id,
            name: ticketCategories.name,
            eventId: ticketCategories.eventId,
            requiresCode: ticketCategories.requiresCode,
          })
          .from(ticketCategories)
          .where(inArray(ticketCategories.id, categoryIds)),
  ]);
  const eventById = new Map(eventRows.map((row) => [row.id, row]));
  const categoryById = new Map(categoryRows.map((row) => [row.id, row]));

  return rows.map(({ code, ...figures }) => ({
    id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.value,
    // a deleted event or category drops out of the list; the code keeps applying to the rest
    events: (code.eventIds ?? []).flatMap((id) => eventById.get(id) ?? []),
    categories: (code.categoryIds ?? []).flatMap((id) => categoryById.get(id) ?? []),
    maxUses: code.maxUses,
    maxPerBuyer: code.maxPerBuyer,
    validFrom: code.validFrom?.toISOString() ?? null,
    validUntil: code.validUntil?.toISOString() ?? null,
    active: code.active,
    note: code.note,
    uses: code.uses,
    confirmedBookings: Number(figures.confirmedBookings),
    revenueCents: Number(figures.revenueCents),
    discountCents: Number(figures.discountCents),
    deletable: code.uses === 0 && !figures.redeemed,
    createdAt: code.createdAt.toISOString(),
  }));
}
