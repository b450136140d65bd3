import { desc, eq, sql } from 'drizzle-orm';
import { ADMIN_REFUND_LIST_LIMIT, type AdminRefundListRow } from '@shared/admin-refund-list';
import { paymentMethodName } from '@shared/payment-methods';
import type { DbOrTx } from '../../db/types';
import { bookings, events, payments, profiles, refunds } from '../../db/schema';

/**
 * GET /api/admin/refunds: the refunds list of the settings (docs/product/admin.md#refunds-list): every
 * failed refund first (they wait for 'Erneut versuchen';
 * docs/decisions/055-reconciliation-and-refunds-that-never-stick.md), then the newest, at most
 * ADMIN_REFUND_LIST_LIMIT; each with the method of the payment it goes back to.
 */
export async function listAdminRefunds(db: DbOrTx): Promise<AdminRefundListRow[]> {
  const rows = await db
    .select({
      refund: {
        id: refunds.id,
        bookingId: refunds.bookingId,
        amountCents: refunds.amountCents,
        currency: refunds.currency,
        status: refunds.status,
        reason: refunds.reason,
        lastError: refunds.lastError,
        createdAt: refunds.createdAt,
      },
      orderNumber: bookings.orderNumber,
      buyerName: sql<string | null>`coalesce(${profiles.fullName}, ${bookings.holderName})`,
      buyerEmail: profiles.email,
      eventTitle: events.title,
      method: payments.method,
      provider: payments.provider,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .orderBy(sql`(${refunds.status} = 'failed') desc`, desc(refunds.createdAt), desc(refunds.id))
    .limit(ADMIN_REFUND_LIST_LIMIT);
  return rows.map((row) => ({
    ...row.refund,
    orderNumber: row.orderNumber,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    eventTitle: row.eventTitle,
    paymentMethod: paymentMethodName(row.method, row.provider) || null,
    // a transfer's refund is paid out by the shop's bank (docs/product/bank-transfer.md#refunds)
    retryable: row.refund.status === 'failed' && row.provider !== 'bank_transfer',
    createdAt: row.refund.createdAt.toISOString(),
  }));
}
