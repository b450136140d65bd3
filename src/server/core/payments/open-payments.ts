import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { OpenPayment } from '@shared/late-payments';
import type { Db } from '../../db/types';
import { bookings, events } from '../../db/schema';

/**
 * GET /api/payments/open: the buyer's bookings whose payment is open after a late verdict
 * (docs/decisions/054-late-verdicts-and-returned-debits.md), for 'Offene Zahlungen' in Meine Tickets: in
 * processing (seats held until the verdict), failed after processing while the pay-again hold runs, and
 * returned debits until they are paid again or cancelled.
 */
export async function listOpenPayments(db: Db, profileId: string, now = new Date()): Promise<OpenPayment[]> {
  const rows = await db
    .select({
      booking: {
        id: bookings.id,
        orderNumber: bookings.orderNumber,
        paymentStatus: bookings.paymentStatus,
        totalAmountCents: bookings.totalAmountCents,
        currency: bookings.currency,
        holdExpiresAt: bookings.holdExpiresAt,
        paymentDueAt: bookings.paymentDueAt,
      },
      event: {
        title: events.title,
        slug: events.slug,
        startTime: events.startTime,
        timezone: events.timezone,
      },
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(
      and(
        eq(bookings.profileId, profileId),
        or(
          and(eq(bookings.status, 'pending'), eq(bookings.paymentStatus, 'processing')),
          and(
            eq(bookings.status, 'pending'),
            eq(bookings.paymentStatus, 'failed'),
            gt(bookings.holdExpiresAt, now),
          ),
          and(eq(bookings.status, 'confirmed'), inArray(bookings.paymentStatus, ['returned'])),
        ),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(50);
  return rows.map(({ booking, event }) => {
    const state = booking.paymentStatus as OpenPayment['state'];
    const payUntil =
      state === 'failed' ? booking.holdExpiresAt : state === 'returned' ? booking.paymentDueAt : null;
    return {
      bookingId: booking.id,
      orderNumber: booking.orderNumber,
      state,
      amountCents: booking.totalAmountCents,
      currency: booking.currency,
      payUntil: payUntil?.toISOString() ?? null,
      event: { ...event, startTime: event.startTime.toISOString() },
    };
  });
}
