import { asc, eq } from 'drizzle-orm';
import { ticketCode } from '@shared/booking';
import { slugify, type DbOrTx } from '../../db/factories';
import { bookings, events, profiles, tickets } from '../../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { bookingConfirmationMail } from '../mail/templates/booking-confirmation';
import type { MailEvent } from '../mail/templates/booking-mail-parts';
import type { MailContext } from '../mail/templates/mail-context';
import { paymentRefundedMail } from '../mail/templates/payment-refunded';

/** The booking, its event and the buyer's address: what every booking mail needs. */
async function loadMailBooking(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({
      booking: bookings,
      email: profiles.email,
      fullName: profiles.fullName,
      event: {
        title: events.title,
        slug: events.slug,
        startTime: events.startTime,
        endTime: events.endTime,
        timezone: events.timezone,
        location: events.location,
        mode: events.mode,
      },
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

type MailBooking = NonNullable<Awaited<ReturnType<typeof loadMailBooking>>>;
const holderOf = (row: MailBooking) => row.booking.holderName || row.fullName || row.email || '';

/**
 * The confirmation with the tickets (DESIGN §4), written in the confirming transaction. The PDF and the
 * calendar file are rendered by the outbox worker just before sending (deferred attachments), so this
 * transaction never waits for a renderer.
 */
export async function enqueueBookingConfirmation(db: DbOrTx, bookingId: string, context: MailContext) {
  const row = await loadMailBooking(db, bookingId);
  if (!row?.email) return; // the account was deleted meanwhile: nobody to write to
  const issued = await db
    .select({ ticketNumber: tickets.ticketNumber })
    .from(tickets)
    .where(eq(tickets.bookingId, bookingId))
    .orderBy(asc(tickets.position));
  const codes = issued.map((t) => ticketCode(t.ticketNumber));
  const content = bookingConfirmationMail({
    context,
    event: row.event satisfies MailEvent,
    holderName: holderOf(row),
    quantity: row.booking.quantity,
    totalAmountCents: row.booking.totalAmountCents,
    currency: row.booking.currency,
    ticketCodes: codes,
    isTest: row.booking.isTest,
  });
  const pdfName = codes.length === 1 ? `ticket-${codes[0]}.pdf` : `tickets-${slugify(row.event.title)}.pdf`;
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
    ],
  });
}

/** A payment that came too late for its seats is refunded in full; the buyer is told (DESIGN §4). */
export async function enqueuePaymentRefunded(
  db: DbOrTx,
  bookingId: string,
  amountCents: number,
  context: MailContext,
) {
  const row = await loadMailBooking(db, bookingId);
  if (!row?.email) return;
  const content = paymentRefundedMail({
    context,
    event: row.event,
    holderName: holderOf(row),
    amountCents,
    currency: row.booking.currency,
  });
  await enqueueMail(db, { to: row.email, ...content });
}

export { loadMailBooking, holderOf };
