import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';

/**
 * Gives back the code uses of bookings that ended without being paid (docs/product/ticket-categories.md#codes):
 * `uses` counts pending and confirmed bookings, so one use per booking that held a code goes back. Call it in
 * the transaction that moved these bookings from pending to expired/cancelled, with only those bookings; a
 * confirmed booking keeps its use, however it ends later. The codes' rows are locked in id order, so two
 * expiry rounds that share codes cannot deadlock.
 */
export async function releaseCodeUses(tx: DbOrTx, bookingIds: string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx.execute(sql`
    WITH held AS (
      SELECT discount_code_id AS id, count(*)::int AS n FROM bookings
      WHERE id = ANY(${sql.param(bookingIds)}::uuid[]) AND discount_code_id IS NOT NULL
      GROUP BY discount_code_id
    ), locked AS (
      SELECT d.id FROM discount_codes d JOIN held ON held.id = d.id ORDER BY d.id FOR UPDATE OF d
    )
    UPDATE discount_codes d SET uses = greatest(d.uses - held.n, 0)
    FROM held WHERE d.id = held.id AND d.id IN (SELECT id FROM locked)`);
}

/**
 * A booking that expired comes back because its money arrived late (settle-payment.ts): it holds its code
 * again. The buyer already paid the discounted price, so a code used up meanwhile does not refuse the money;
 * the count then stays at its maximum (the CHECK uses ≤ max_uses holds) and the booking still shows in the
 * code's revenue, which counts confirmed bookings.
 */
export async function reclaimCodeUse(tx: DbOrTx, bookingId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE discount_codes d SET uses = d.uses + 1
    FROM bookings b
    WHERE b.id = ${bookingId}::uuid AND d.id = b.discount_code_id
      AND (d.max_uses IS NULL OR d.uses < d.max_uses)`);
}
