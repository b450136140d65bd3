import { and, asc, eq } from 'drizzle-orm';
import { ticketCode } from '@shared/booking';
import { slugify } from '@shared/event-text';
import type { DbOrTx } from '../../db/types';
import { bookings, eventOrganizers, events, invoices, profiles, tickets } from '../../db/schema';
import { invoiceFileName } from '@shared/invoices';
import { enqueueMail } from '../mail/enqueue-mail';
import { bookingConfirmationMail } from '../mail/templates/booking-confirmation';
import { mailPlace, type MailEvent } from '../mail/templates/booking-mail-parts';
import type { MailContent, MailContext } from '../mail/templates/mail-context';
import { paymentRefundedMail } from '../mail/templates/payment-refunded';
import { latePaymentMail, type LatePaymentMailKind } from '../mail/templates/late-payment';
import { organizerBookingMail } from '../mail/templates/organizer-booking';
import { adminCancellationIssueMail } from '../mail/templates/admin-cancellation-issue';
import { eventUpdateMail } from '../mail/templates/event-update';
import { deliveredOnlineUrl } from '../events/online-link';
import { mailEventColumns } from '../events/event-columns';
import { loadBookingWithBuyer, type BookingWithBuyer } from './load-booking-with-buyer';

/** An event as the mails to its holders show it, with its online link (undefined when it is gone). */
export async function loadMailEvent(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ ...mailEventColumns, onlineUrl: events.onlineUrl })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** One row per booking with an active ticket for the event: whom a change of the event is mailed to. */
export async function loadActiveHolders(db: DbOrTx, eventId: string) {
  const rows = await db
    .selectDistinctOn([bookings.id], {
      orderNumber: bookings.orderNumber,
      email: profiles.email,
      holderName: bookings.holderName,
      fullName: profiles.fullName,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, 'active')));
  return rows.map((row) => ({ ...row, greeting: row.holderName || row.fullName || row.email }));
}

const holderOf = (row: BookingWithBuyer) => row.booking.holderName || row.fullName || row.email || '';

/**
 * The confirmation with the tickets (docs/product/payments.md#confirm-on-success), written in the confirming
 * transaction. The PDF and the calendar file are rendered by the outbox worker just before sending (deferred
 * attachments), so this transaction never waits for a renderer.
 */
export async function enqueueBookingConfirmation(db: DbOrTx, bookingId: string, context: MailContext) {
  const row = await loadBookingWithBuyer(db, bookingId);
  if (!row?.email) return; // the account was deleted meanwhile: nobody to write to
  const issued = await db
    .select({ ticketNumber: tickets.ticketNumber, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.bookingId, bookingId))
    .orderBy(asc(tickets.position));
  const codes = issued.map((t) => ticketCode(t.ticketNumber));
  const content = bookingConfirmationMail({
    context,
    event: row.event satisfies MailEvent,
    orderNumber: row.booking.orderNumber,
    holderName: holderOf(row),
    quantity: row.booking.quantity,
    totalAmountCents: row.booking.totalAmountCents,
    currency: row.booking.currency,
    ticketCodes: codes,
    isTest: row.booking.isTest,
    onlineUrl: deliveredOnlineUrl(
      { mode: row.event.mode, onlineUrl: row.onlineUrl },
      issued.some((ticket) => ticket.status === 'active'),
    ),
  });
  const [invoice] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice')));
  const pdfName = codes.length === 1 ? `ticket-${codes[0]}.pdf` : `tickets-${slugify(row.event.title)}.pdf`;
  await enqueueOrganizerNotice(
    db,
    { bookingId, kind: 'paid', quantity: row.booking.quantity, amountCents: row.booking.totalAmountCents },
    context,
  );
  await enqueueMail(db, {
    to: row.email,
    ...content,
    deferredAttachments: [
      {
        filename: pdfName,
        contentType: 'application/pdf',
        render: { kind: 'booking-tickets-pdf', bookingId },
      },
      {
        filename: `${row.event.slug}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        render: { kind: 'booking-ics', bookingId },
      },
      ...(invoice
        ? [
            {
              filename: invoiceFileName(invoice.number),
              contentType: 'application/pdf',
              render: { kind: 'invoice-pdf' as const, invoiceId: invoice.id },
            },
          ]
        : []),
    ],
  });
}

/**
 * A payment that came too late for its seats is refunded in full; the buyer is told
 * (docs/product/payments.md#late-payment).
 */
export async function enqueuePaymentRefunded(
  db: DbOrTx,
  bookingId: string,
  amountCents: number,
  context: MailContext,
) {
  const row = await loadBookingWithBuyer(db, bookingId);
  if (!row?.email) return;
  const content = paymentRefundedMail({
    context,
    event: row.event,
    orderNumber: row.booking.orderNumber,
    holderName: holderOf(row),
    amountCents,
    currency: row.booking.currency,
  });
  await enqueueMail(db, { to: row.email, ...content });
}

/**
 * A mail about a payment whose verdict comes late (docs/decisions/054-late-verdicts-and-returned-debits.md):
 * in processing, failed after processing (pay again until `dueAt`), returned (pay again by `dueAt`), or the
 * booking cancelled because the returned debit was not paid again. Written in the transaction of the change.
 */
export async function enqueueLatePaymentMail(
  db: DbOrTx,
  input: { bookingId: string; kind: LatePaymentMailKind; dueAt?: Date },
  context: MailContext,
) {
  const row = await loadBookingWithBuyer(db, input.bookingId);
  if (!row?.email) return;
  const content = latePaymentMail({
    context,
    kind: input.kind,
    event: row.event,
    orderNumber: row.booking.orderNumber,
    holderName: holderOf(row),
    bookingId: input.bookingId,
    amountCents: row.booking.totalAmountCents,
    currency: row.booking.currency,
    dueAt: input.dueAt,
  });
  // a test booking's mails say so, as its confirmation does
  const subject = row.booking.isTest ? `[TEST] ${content.subject}` : content.subject;
  await enqueueMail(db, { to: row.email, ...content, subject });
}

export { holderOf };

/**
 * 'organizer-booking-paid' / 'organizer-booking-cancelled' (docs/product/admin.md#organizer-role): each
 * organizer of the event gets a notice, in the same transaction as the booking change.
 */
export async function enqueueOrganizerNotice(
  db: DbOrTx,
  input: { bookingId: string; kind: 'paid' | 'cancelled'; quantity: number; amountCents: number },
  context: MailContext,
) {
  const row = await loadBookingWithBuyer(db, input.bookingId);
  if (!row) return;
  const organizers = await db
    .select({ email: profiles.email, fullName: profiles.fullName, displayName: profiles.displayName })
    .from(eventOrganizers)
    .innerJoin(profiles, eq(profiles.id, eventOrganizers.userId))
    .where(eq(eventOrganizers.eventId, row.booking.eventId));
  if (organizers.length === 0) return;
  const [seats] = await db
    .select({ available: events.availableSeats, total: events.totalSeats })
    .from(events)
    .where(eq(events.id, row.booking.eventId));
  for (const organizer of organizers) {
    const content = organizerBookingMail({
      context,
      kind: input.kind,
      event: row.event,
      orderNumber: row.booking.orderNumber,
      organizerName: organizer.displayName || organizer.fullName || organizer.email,
      buyerName: holderOf(row),
      buyerEmail: row.email ?? '–',
      quantity: input.quantity,
      amountCents: input.amountCents,
      currency: row.booking.currency,
      availableSeats: seats?.available ?? 0,
      totalSeats: seats?.total ?? 0,
      isTest: row.booking.isTest,
    });
    await enqueueMail(db, { to: organizer.email, ...content });
  }
}

/** One mail to every admin about a booking, written from the booking and its buyer (undefined when gone). */
export async function enqueueToAdmins(
  db: DbOrTx,
  bookingId: string,
  write: (row: BookingWithBuyer | undefined) => MailContent,
) {
  const row = await loadBookingWithBuyer(db, bookingId);
  const admins = await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.role, 'admin'));
  for (const admin of admins) await enqueueMail(db, { to: admin.email, ...write(row) });
}

/** Every admin hears of a refund that needs a person (docs/product/tickets-and-refunds.md#refund-retry). */
export async function enqueueAdminRefundIssue(
  db: DbOrTx,
  input: { bookingId: string; amountCents: number; problem: string },
  context: MailContext,
) {
  await enqueueToAdmins(db, input.bookingId, (row) =>
    adminCancellationIssueMail({
      context,
      eventTitle: row?.event.title ?? '–',
      bookingId: input.bookingId,
      orderNumber: row?.booking.orderNumber ?? '–',
      buyerEmail: row?.email ?? '–',
      amountCents: input.amountCents,
      currency: row?.booking.currency ?? 'EUR',
      problem: input.problem,
    }),
  );
}

/**
 * When the time or the place of an event changes (docs/product/admin.md#event-change-mail), every holder of
 * an active ticket is told (one mail per booking). Call it in the transaction that saves the change, with the
 * event as it was before.
 */
export async function enqueueEventUpdateMails(
  db: DbOrTx,
  eventId: string,
  before: MailEvent,
  context: MailContext,
): Promise<number> {
  const after = await loadMailEvent(db, eventId);
  if (!after) return 0;
  const changed =
    before.startTime.getTime() !== after.startTime.getTime() ||
    before.endTime.getTime() !== after.endTime.getTime() ||
    before.timezone !== after.timezone ||
    // the place as the mails print it: town, venue and room (docs/product/events.md#venue-for-buyers)
    mailPlace(before) !== mailPlace(after) ||
    before.mode !== after.mode;
  if (!changed) return 0;
  const holders = await loadActiveHolders(db, eventId);
  for (const holder of holders) {
    const content = eventUpdateMail({
      context,
      orderNumber: holder.orderNumber,
      holderName: holder.greeting,
      before,
      after,
    });
    await enqueueMail(db, { to: holder.email, ...content });
  }
  return holders.length;
}
