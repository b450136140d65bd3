import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { DISCOUNT_CODE_MESSAGES, normalizeCode } from '@shared/discount-codes';
import type { DiscountRule } from '@shared/ticket-categories';
import type { DbOrTx, Tx } from '../../db/types';
import { bookings, discountCodes } from '../../db/schema';
import { AppError } from '../app-error';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

const refuse = (message: string) => new AppError('validation_failed', message, [{ path: 'code', message }]);

/**
 * The code a buyer typed, if it may be used for this event now (docs/product/ticket-categories.md#codes):
 * known and active, inside its validity, for this event, not used up. Throws the German refusal otherwise.
 * The use itself is counted by redeemCode in the booking's transaction; this read only answers early.
 */
export async function findOrderCode(
  db: DbOrTx,
  options: { code: string; eventId: string; now: Date },
): Promise<DiscountCodeRow> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normalizeCode(options.code)))
    .limit(1);
  if (!row || !row.active) throw refuse(DISCOUNT_CODE_MESSAGES.unknown);
  const now = options.now.getTime();
  if (row.validUntil && now >= row.validUntil.getTime()) throw refuse(DISCOUNT_CODE_MESSAGES.expired);
  if (row.validFrom && now < row.validFrom.getTime()) throw refuse(DISCOUNT_CODE_MESSAGES.notYetValid);
  if (row.eventIds && row.eventIds.length > 0 && !row.eventIds.includes(options.eventId)) {
    throw refuse(DISCOUNT_CODE_MESSAGES.wrongEvent);
  }
  if (row.maxUses !== null && row.uses >= row.maxUses) throw refuse(DISCOUNT_CODE_MESSAGES.usedUp);
  return row;
}

/** What the code takes off, for priceOrder; its categories null when it covers all. */
export const discountRuleOf = (row: DiscountCodeRow): DiscountRule => ({
  kind: row.kind,
  value: row.value,
  categoryIds: row.categoryIds && row.categoryIds.length > 0 ? row.categoryIds : null,
});

/**
 * Counts one use of the code for this booking, inside the booking's transaction
 * (docs/product/ticket-categories.md#codes): the conditional UPDATE takes the code's row lock and raises
 * `uses` only while below max_uses, so parallel checkouts redeem exactly max_uses; under that lock the buyer's
 * own uses (pending and confirmed bookings) are counted against max_per_buyer. Throws the German refusal,
 * which rolls the booking (and its seats) back.
 */
export async function redeemCode(tx: Tx, options: { codeId: string; profileId: string }): Promise<void> {
  const [taken] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, options.codeId),
        sql`(${discountCodes.maxUses} IS NULL OR ${discountCodes.uses} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ maxPerBuyer: discountCodes.maxPerBuyer });
  if (!taken) throw refuse(DISCOUNT_CODE_MESSAGES.usedUp);
  if (taken.maxPerBuyer === null) return;
  const [own] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.discountCodeId, options.codeId),
        eq(bookings.profileId, options.profileId),
        inArray(bookings.status, ['pending', 'confirmed']),
      ),
    );
  if ((own?.n ?? 0) >= taken.maxPerBuyer) throw refuse(DISCOUNT_CODE_MESSAGES.usedUpForYou);
}
