import { sql } from 'drizzle-orm';
import { paymentMethodName } from '@shared/payment-methods';
import type { DbOrTx } from '../../db/types';
import { payments } from '../../db/schema';

/**
 * How each booking's payment reads (docs/product/payments.md#method-names): the payment that counts is the
 * booking's succeeded one (the latest), else its latest attempt. Bookings without a payment (free ones) and
 * payments whose method is unknown and has no fallback are left out. Asked after paging, one query for all.
 */
export async function paymentMethodNames(db: DbOrTx, bookingIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(bookingIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([payments.bookingId], {
      bookingId: payments.bookingId,
      method: payments.method,
      provider: payments.provider,
    })
    .from(payments)
    .where(sql`${payments.bookingId} = any(${sql.param(ids)}::uuid[])`)
    .orderBy(
      payments.bookingId,
      sql`(${payments.status} = 'succeeded') desc`,
      sql`${payments.createdAt} desc`,
      sql`${payments.id} desc`,
    );
  const names = new Map<string, string>();
  for (const row of rows) {
    const name = paymentMethodName(row.method, row.provider);
    if (name) names.set(row.bookingId, name);
  }
  return names;
}
