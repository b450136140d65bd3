import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_REFUND_DEFAULT_REASON,
  ADMIN_REFUND_REFERENCE_MESSAGE,
  ADMIN_REFUND_ZERO_MESSAGE,
  adminRefundCents,
} from '@shared/admin-refunds';
import { fractionProblem } from '@shared/refund-percent';
import type { Db } from '../../db/types';
import { bookings, refunds } from '../../db/schema';
import { AppError } from '../app-error';
import { holderOf } from '../bookings/booking-mails';
import { loadBookingWithBuyer } from '../bookings/load-booking-with-buyer';
import { findBookingIdByReference } from '../bookings/find-booking-by-reference';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailContext } from '../mail/templates/mail-context';
import { formatCents } from '../mail/templates/booking-mail-parts';
import { refundIssuedMail } from '../mail/templates/refund-issued';
import { refundableByBooking } from '../tickets/refund-terms';
import { issueCancellationInvoice } from '../invoices/issue-invoice';

export const ADMIN_REFUND_MESSAGES = {
  bookingId: ADMIN_REFUND_REFERENCE_MESSAGE,
  amount: 'Betrag ungültig',
  notFound: 'Buchung nicht gefunden.',
  nothingPaid: 'Für diese Buchung gibt es keine Zahlung, die erstattet werden kann.',
  zero: ADMIN_REFUND_ZERO_MESSAGE,
} as const;

/**
 * The refund request: bookingId, reason, percent (0..1) or amountCents. `bookingId` also takes
 * the booking's order number (docs/product/admin.md#admin-refund-target).
 */
export const adminRefundSchema = z
  .object({
    bookingId: z.string(ADMIN_REFUND_MESSAGES.bookingId).trim().min(1, ADMIN_REFUND_MESSAGES.bookingId),
    reason: z.string().trim().max(500).optional(),
    // a fraction; above 1 or below 1 % it is refused as ambiguous (docs/decisions/023-refund-percentages.md)
    percent: z
      .number(ADMIN_REFUND_MESSAGES.amount)
      .superRefine((value, ctx) => {
        const problem = fractionProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    amountCents: z
      .number(ADMIN_REFUND_MESSAGES.amount)
      .int(ADMIN_REFUND_MESSAGES.amount)
      .min(0, ADMIN_REFUND_MESSAGES.amount)
      .optional(),
  })
  .refine((v) => (v.percent === undefined) !== (v.amountCents === undefined), {
    message: ADMIN_REFUND_MESSAGES.amount,
    path: ['amountCents'],
  });

/**
 * Admin Refund (docs/product/admin.md#admin-refund): money back on a booking without cancelling tickets. The
 * booking is named by its id or its order number (docs/decisions/020-order-numbers.md). A percentage is of
 * the amount paid and is capped at what is left refundable; an explicit amount above that is refused with the
 * figure: never more than is left refundable (docs/product/admin.md#admin-refund-amount). The refund row, the
 * booking's payment status and the buyer's e-mail are written in one transaction; the provider is called
 * afterwards.
 */
export async function adminRefund(options: {
  db: Db;
  input: z.infer<typeof adminRefundSchema>;
  adminId: string;
  mail: MailContext;
}): Promise<{ refundId: string; amountCents: number; currency: string }> {
  const { db, input, adminId, mail } = options;
  const bookingId = await findBookingIdByReference(db, input.bookingId);
  if (!bookingId) throw new AppError('not_found', ADMIN_REFUND_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw new AppError('not_found', ADMIN_REFUND_MESSAGES.notFound);
    const payment = (await refundableByBooking(tx, [booking.id])).get(booking.id);
    if (!payment || payment.refundableCents <= 0)
      throw new AppError('conflict', ADMIN_REFUND_MESSAGES.nothingPaid);
    const amountCents = adminRefundCents(payment, input);
    if (amountCents <= 0) throw new AppError('validation_failed', ADMIN_REFUND_MESSAGES.zero);
    if (amountCents > payment.refundableCents) {
      throw new AppError(
        'conflict',
        `Es sind nur noch ${formatCents(payment.refundableCents, booking.currency)} erstattbar.`,
        { refundableCents: payment.refundableCents },
      );
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.paymentId,
        bookingId: booking.id,
        amountCents,
        currency: booking.currency,
        // the admin's words; the Stripe adapter alone knows Stripe's reason codes
        // (docs/decisions/049-admin-screens-say-what-they-mean.md)
        reason: input.reason || ADMIN_REFUND_DEFAULT_REASON,
        createdBy: adminId,
      })
      .returning({ id: refunds.id });
    await issueCancellationInvoice(tx, { id: refund!.id, bookingId: booking.id, amountCents }, new Date());
    const left = payment.refundableCents - amountCents;
    await tx
      .update(bookings)
      .set({ paymentStatus: left <= 0 ? 'refunded' : 'partially_refunded' })
      .where(eq(bookings.id, booking.id));
    const row = await loadBookingWithBuyer(tx, booking.id);
    if (row?.email) {
      const content = refundIssuedMail({
        context: mail,
        orderNumber: booking.orderNumber,
        holderName: holderOf(row),
        eventTitle: row.event.title,
        amountCents,
        currency: booking.currency,
      });
      await enqueueMail(tx, { to: row.email, ...content });
    }
    return { refundId: refund!.id, amountCents, currency: booking.currency };
  });
}
