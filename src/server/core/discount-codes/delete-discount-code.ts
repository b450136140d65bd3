import { eq } from 'drizzle-orm';
import { DISCOUNT_CODE_ADMIN_MESSAGES as M } from '@shared/discount-code-schemas';
import type { Db } from '../../db/types';
import { bookings, discountCodes } from '../../db/schema';
import { AppError } from '../app-error';

/**
 * Deletes a code no booking ever held (docs/product/ticket-categories.md#codes); one that was redeemed, even by a
 * hold that expired, stays for its figures and is refused with the German reason: deactivate it instead. The
 * code's row lock (which every redemption takes) keeps a booking from redeeming it while it goes.
 */
export async function deleteDiscountCode(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ uses: discountCodes.uses })
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
      .for('update');
    if (!row) throw new AppError('not_found', M.notFound);
    const [redeemed] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.discountCodeId, id))
      .limit(1);
    if (row.uses > 0 || redeemed) throw new AppError('conflict', M.inUse);
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
  });
}
