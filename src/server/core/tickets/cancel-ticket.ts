import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { overrideRefundCents, type RefundOverrideInput } from '@shared/admin-tickets';
import { CHECK_IN_MESSAGES } from '@shared/participants';
import {
  cancelSuccessMessage,
  FREE_TICKET_TEXTS,
  isFreeTicket,
  TICKET_MESSAGES,
  type CancelTicketResult,
} from '@shared/tickets';
import type { Actor } from '../actor';
import type { Db, DbOrTx } from '../../db/types';
import { bookings, events, profiles, refunds, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import { enqueueOrganizerNotice, holderOf } from '../bookings/booking-mails';
import { loadBookingWithBuyer } from '../bookings/load-booking-with-buyer';
import { publishSeatChange } from '../events/event-changes';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailContext } from '../mail/templates/mail-context';
import type { BusinessMetrics } from '../../adapters/metrics/business-metrics';
import { ticketCancelledMail } from '../mail/templates/ticket-cancelled';
import { settleWaitlist } from '../waitlist/settle-waitlist';
import { loadPolicyRules, refundableByBooking, selfServiceRefund } from './refund-terms';
import { issueCancellationInvoice } from '../invoices/issue-invoice';
import { enqueueTicketCancelled } from '../webhooks/webhook-data';

export interface CancelTicketOutcome extends CancelTicketResult {
  /** Refund rows recorded; send them with `deps.payments.sendRefunds` after the commit. */
  refundIds: string[];
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * Cancels one ticket (docs/product/tickets-and-refunds.md#cancel-effects). In one transaction, with
 * the ticket and its booking locked: the ticket becomes 'canceled', its seats go back to the event and
 * leave the booking (so the seat invariant holds), the booking is cancelled with its last ticket, the
 * refund owed is recorded (never more than is left refundable on the payment) and the e-mail is queued.
 * The provider is called after the commit, by the caller.
 *
 * Attendees cancel only their own active tickets of events that have not started, at the policy's share;
 * admins cancel any active ticket, with an optional override.
 */
export async function cancelTicket(options: {
  db: Db;
  ticketId: string;
  actor: Actor;
  /** Admin only. Without it the event's policy (or the default tiers) decides. */
  override?: RefundOverrideInput;
  /** Where a refund of a transfer goes, when the buyer named an account (docs/product/bank-transfer.md#refunds). */
  payout?: { iban: string; name: string };
  reason?: string;
  mail: MailContext;
  now?: Date;
  /** Counts the booking cancelled with its last ticket, after the commit (docs/architecture.md#metrics). */
  metrics?: Pick<BusinessMetrics, 'booking'>;
}): Promise<CancelTicketOutcome> {
  const { db, ticketId, actor, override, mail, now = new Date() } = options;
  const asAdmin = actor.role === 'admin';
  if (override && !asAdmin) throw new AppError('forbidden', TICKET_MESSAGES.cancel403);
  const notFound = new AppError('not_found', TICKET_MESSAGES.notFound);
  if (!isUuid(ticketId)) throw notFound;

  let bookingCancelled = false;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        ticket: tickets,
        booking: bookings,
        startTime: events.startTime,
        policyId: events.cancellationPolicyId,
      })
      .from(tickets)
      .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(eq(tickets.id, ticketId))
      .for('update', { of: [tickets, bookings] });
    if (!row || (!asAdmin && row.ticket.profileId !== actor.id)) throw notFound;
    const { ticket, booking } = row;
    if (ticket.status !== 'active') throw new AppError('conflict', TICKET_MESSAGES.alreadyCancelled);
    // the person is inside: no cancellation, for buyers and admins alike
    // (docs/product/organizer-day.md#no-cancel-after-check-in)
    if (ticket.checkedInAt) throw new AppError('conflict', CHECK_IN_MESSAGES.noCancelAfterCheckIn);
    if (!asAdmin && row.startTime.getTime() <= now.getTime()) {
      throw new AppError('conflict', TICKET_MESSAGES.eventStarted);
    }

    const payment = (await refundableByBooking(tx, [booking.id])).get(booking.id);
    const refundableCents = payment?.refundableCents ?? 0;
    let refundCents: number;
    if (override) {
      refundCents = overrideRefundCents(override, ticket.priceCents, refundableCents);
    } else {
      const rules = row.policyId ? (await loadPolicyRules(tx, [row.policyId])).get(row.policyId) : undefined;
      refundCents = selfServiceRefund({
        startTime: row.startTime,
        priceCents: ticket.priceCents,
        refundableCents,
        rules,
        now,
      }).refundCents;
    }

    await tx.update(tickets).set({ status: 'canceled', canceledAt: now }).where(eq(tickets.id, ticket.id));
    await releaseSeats(tx, ticket, booking.id);
    const [stillActive] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.bookingId, booking.id), eq(tickets.status, 'active'), ne(tickets.id, ticket.id)))
      .limit(1);
    const reason = options.reason ?? (asAdmin ? 'cancelled_by_admin' : 'requested_by_customer');
    if (!stillActive) {
      await tx
        .update(bookings)
        .set({ status: 'cancelled', cancellationDate: now, refundReason: reason })
        .where(eq(bookings.id, booking.id));
      bookingCancelled = true;
    }

    const refundIds: string[] = [];
    if (refundCents > 0 && payment) {
      const [refund] = await tx
        .insert(refunds)
        .values({
          paymentId: payment.paymentId,
          bookingId: booking.id,
          ticketId: ticket.id,
          amountCents: refundCents,
          currency: booking.currency,
          reason,
          // '' is the shop itself (refund-all of an event below its minimum attendance)
          createdBy: asAdmin && actor.id !== '' ? actor.id : null,
          payoutIban: options.payout?.iban ?? null,
          payoutName: options.payout?.name ?? null,
        })
        .returning({ id: refunds.id });
      refundIds.push(refund!.id);
      await issueCancellationInvoice(
        tx,
        { id: refund!.id, bookingId: booking.id, amountCents: refundCents },
        now,
      );
      const left = refundableCents - refundCents;
      await tx
        .update(bookings)
        .set({ paymentStatus: left <= 0 ? 'refunded' : 'partially_refunded' })
        .where(eq(bookings.id, booking.id));
    }

    await enqueueTicketCancelled(tx, { ticketId: ticket.id, reason, refundCents }, now); // docs/product/webhooks.md#event-types
    await enqueueCancellationMail(tx, {
      bookingId: booking.id,
      ticketNumber: ticket.ticketNumber,
      ownerId: ticket.profileId,
      refundCents,
      currency: booking.currency,
      free: isFreeTicket(ticket),
      byShop: asAdmin && ticket.profileId !== actor.id,
      // an admin's 'Abgesagt', or the minimum attendance not reached (docs/product/event-mails.md#minimum-attendance)
      eventCancelled: reason === 'event_cancelled' || reason === 'minimum_not_reached',
      mail,
    });
    await enqueueOrganizerNotice(
      tx,
      { bookingId: booking.id, kind: 'cancelled', quantity: 1, amountCents: refundCents },
      mail,
    );
    // the freed seats go to the waiting list first (docs/product/waiting-list.md#offers)
    await settleWaitlist(tx, ticket.eventId, { now, mail });
    await publishSeatChange(tx, ticket.eventId);
    return {
      refund: refundCents > 0 ? { amountCents: refundCents, currency: booking.currency } : null,
      // a free ticket's one story (docs/product/tickets-and-refunds.md#free-ticket-cancel)
      message: isFreeTicket(ticket)
        ? FREE_TICKET_TEXTS.cancelled
        : cancelSuccessMessage(refundCents, booking.currency),
      refundIds,
    };
  });
  if (bookingCancelled) options.metrics?.booking('cancelled');
  return outcome;
}

/**
 * The ticket's persons go back to the event and leave its booking
 * (docs/product/booking-and-seats.md#seat-invariant).
 */
export async function releaseSeats(
  tx: DbOrTx,
  ticket: { eventId: string; seats: number },
  bookingId: string,
): Promise<void> {
  await tx
    .update(bookings)
    .set({ seats: sql`greatest(${bookings.seats} - ${ticket.seats}::int, 0)` })
    .where(eq(bookings.id, bookingId));
  await tx
    .update(events)
    .set({
      availableSeats: sql`least(${events.availableSeats} + ${ticket.seats}::int, ${events.totalSeats})`,
    })
    .where(eq(events.id, ticket.eventId));
}

async function enqueueCancellationMail(
  tx: DbOrTx,
  input: {
    bookingId: string;
    ticketNumber: string;
    ownerId: string | null;
    refundCents: number;
    currency: string;
    free: boolean;
    byShop: boolean;
    eventCancelled: boolean;
    mail: MailContext;
  },
) {
  const row = await loadBookingWithBuyer(tx, input.bookingId);
  const [owner] = input.ownerId
    ? await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, input.ownerId))
    : [];
  const to = owner?.email ?? row?.email;
  if (!row || !to) return;
  const content = ticketCancelledMail({
    context: input.mail,
    event: row.event,
    orderNumber: row.booking.orderNumber,
    holderName: holderOf(row),
    ticketCode: input.ticketNumber.slice(-4),
    refundCents: input.refundCents,
    currency: input.currency,
    free: input.free,
    byShop: input.byShop,
    eventCancelled: input.eventCancelled,
  });
  await enqueueMail(tx, { to, ...content });
}
