import { and, desc, inArray, isNotNull, eq } from 'drizzle-orm';
import type { PaymentReturn } from '@shared/late-payments';
import type { DbOrTx } from '../../db/types';
import { bookings, payments } from '../../db/schema';

/**
 * The returned debits of bookings (docs/decisions/054-late-verdicts-and-returned-debits.md), for the admin's
 * lists: per booking its latest returned payment with the fee the shop paid, and while the booking is still
 * 'Zahlung zurückgebucht' the date it must be paid again by. One query for all rows, asked after paging.
 */
export async function paymentReturns(db: DbOrTx, bookingIds: string[]): Promise<Map<string, PaymentReturn>> {
  const ids = [...new Set(bookingIds)];
  const result = new Map<string, PaymentReturn>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      bookingId: payments.bookingId,
      returnedAt: payments.returnedAt,
      feeCents: payments.returnFeeCents,
      paymentStatus: bookings.paymentStatus,
      dueAt: bookings.paymentDueAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(inArray(payments.bookingId, ids), isNotNull(payments.returnedAt)))
    .orderBy(desc(payments.returnedAt));
  for (const row of rows) {
    if (result.has(row.bookingId)) continue;
    const open = row.paymentStatus === 'returned';
    result.set(row.bookingId, {
      returnedAt: row.returnedAt!.toISOString(),
      feeCents: row.feeCents ?? 0,
      open,
      dueAt: open ? (row.dueAt?.toISOString() ?? null) : null,
    });
  }
  return result;
}
