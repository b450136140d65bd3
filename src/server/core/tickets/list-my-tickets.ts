import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { ticketCode } from '@shared/booking';
import { transferCutoff } from '@shared/ticket-transfer';
import type { MyTicket } from '@shared/tickets';
import type { Db } from '../../db/types';
import { bookings, certificates, events, invoices, ticketTransfers, tickets } from '../../db/schema';
import { eventTimeAndPlaceColumns } from '../events/event-columns';
import { deliveredOnlineUrl } from '../events/online-link';
import { paymentMethodNames } from '../bookings/booking-payment-method';
import { myTicketAnswers } from './my-ticket-answers';
import { loadPolicyRules, refundableByBooking, selfServiceRefund } from './refund-terms';

/** Whose 'Meine Tickets' it is: the signed-in user's id and sign-in address (without: bought tickets only). */
export interface TicketViewer {
  id: string;
  email?: string;
}

const normalEmail = (viewer: TicketViewer) => viewer.email?.trim().toLowerCase() ?? '';

/** The viewer's tickets: bought by them, or held by their address. */
const mineWhere = (viewer: TicketViewer): SQL => {
  const email = normalEmail(viewer);
  return email
    ? or(eq(tickets.profileId, viewer.id), eq(tickets.holderEmail, email))!
    : eq(tickets.profileId, viewer.id);
};

/**
 * GET /api/tickets: the caller's tickets, newest first, with their events
 * (docs/product/tickets-and-refunds.md#my-tickets): those of their bookings (also when transferred to a
 * substitute, then marked transferredTo) and those transferred to their address
 * (docs/product/tickets-and-refunds.md#ticket-transfer). Each comes with what cancelling it now would refund,
 * computed here with the same rules the cancel itself uses.
 */
export async function listMyTickets(db: Db, viewer: TicketViewer, now = new Date()): Promise<MyTicket[]> {
  return myTicketRows(db, viewer, mineWhere(viewer), now);
}

/** One ticket as the viewer's 'Meine Tickets' shows it; undefined when it is not theirs. */
export async function loadMyTicket(
  db: Db,
  viewer: TicketViewer,
  ticketId: string,
  now = new Date(),
): Promise<MyTicket | undefined> {
  return (await myTicketRows(db, viewer, and(eq(tickets.id, ticketId), mineWhere(viewer))!, now))[0];
}

async function myTicketRows(db: Db, viewer: TicketViewer, where: SQL, now: Date): Promise<MyTicket[]> {
  const email = normalEmail(viewer);
  const rows = await db
    .select({
      ticket: tickets,
      holderName: bookings.holderName,
      transferCutoffHours: events.transferCutoffHours,
      orderNumber: bookings.orderNumber,
      currency: bookings.currency,
      paidByTransfer: bookings.paymentDueAt,
      paymentStatus: bookings.paymentStatus,
      answers: bookings.answers,
      policyId: events.cancellationPolicyId,
      onlineUrl: events.onlineUrl,
      event: {
        ...eventTimeAndPlaceColumns,
        id: events.id,
        slug: events.slug,
        priceUnit: events.priceUnit,
        imageUrl: events.imageUrl,
      },
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.position));
  const rules = await loadPolicyRules(
    db,
    rows.flatMap((r) => (r.policyId ? [r.policyId] : [])),
  );
  const refundable = await refundableByBooking(
    db,
    rows.map((r) => r.ticket.bookingId),
  );
  // the buyer's invoice; a substitute holds the ticket, not the order (docs/product/invoices.md#buyer)
  const bought = rows.filter((r) => r.ticket.profileId === viewer.id).map((r) => r.ticket.bookingId);
  const invoiceOf = new Map<string, { id: string; number: string }>();
  const methodOf = await paymentMethodNames(db, bought);
  if (bought.length > 0) {
    const issued = await db
      .select({ bookingId: invoices.bookingId, id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(and(inArray(invoices.bookingId, [...new Set(bought)]), eq(invoices.kind, 'invoice')));
    for (const invoice of issued)
      invoiceOf.set(invoice.bookingId, { id: invoice.id, number: invoice.number });
  }
  const transferred = rows.filter((r) => r.ticket.holderEmail !== null && r.ticket.profileId === viewer.id);
  const lastTransfer = new Map<string, Date>();
  if (transferred.length > 0) {
    const logged = await db
      .select({ ticketId: ticketTransfers.ticketId, at: ticketTransfers.at })
      .from(ticketTransfers)
      .where(
        inArray(
          ticketTransfers.ticketId,
          transferred.map((r) => r.ticket.id),
        ),
      )
      .orderBy(ticketTransfers.at);
    for (const entry of logged) lastTransfer.set(entry.ticketId, entry.at);
  }
  // the valid certificates of the tickets the viewer holds (docs/product/certificates.md#my-tickets)
  const certificateOf = new Map<string, { id: string; code: string }>();
  if (rows.length > 0) {
    const valid = await db
      .select({ ticketId: certificates.ticketId, id: certificates.id, code: certificates.code })
      .from(certificates)
      .where(
        and(
          inArray(
            certificates.ticketId,
            rows.map((r) => r.ticket.id),
          ),
          eq(certificates.status, 'valid'),
        ),
      );
    for (const row of valid) certificateOf.set(row.ticketId, { id: row.id, code: row.code });
  }
  const answersOf = await myTicketAnswers(
    db,
    rows.map((row) => ({
      isBuyer: row.ticket.profileId === viewer.id,
      ticketId: row.ticket.id,
      bookingId: row.ticket.bookingId,
      eventId: row.event.id,
      position: row.ticket.position,
      active: row.ticket.status === 'active',
      started: row.event.startTime.getTime() <= now.getTime(),
      answers: row.answers,
    })),
  );
  return rows.map((row) => {
    const { ticket, event, orderNumber, currency, policyId, onlineUrl } = row;
    // the buyer keeps order, payment and refund rights; a substitute holds the ticket only
    // (docs/product/tickets-and-refunds.md#ticket-transfer)
    const isBuyer = ticket.profileId === viewer.id;
    const open = ticket.status === 'active' && !ticket.checkedInAt;
    const started = event.startTime.getTime() <= now.getTime();
    const cutoff = transferCutoff(event.startTime, row.transferCutoffHours);
    // checked-in tickets cannot be cancelled (docs/product/organizer-day.md#no-cancel-after-check-in)
    const cancellable = isBuyer && open && !started;
    const transferredTo =
      isBuyer && ticket.holderEmail && ticket.holderEmail !== email
        ? {
            name: ticket.holderName ?? '',
            email: ticket.holderEmail,
            at: (lastTransfer.get(ticket.id) ?? ticket.createdAt).toISOString(),
          }
        : undefined;
    const payment = refundable.get(ticket.bookingId);
    const terms = cancellable
      ? selfServiceRefund({
          startTime: event.startTime,
          priceCents: ticket.priceCents,
          refundableCents: payment?.refundableCents ?? 0,
          rules: policyId ? rules.get(policyId) : undefined,
          now,
        })
      : null;
    return {
      id: ticket.id,
      bookingId: ticket.bookingId,
      orderNumber,
      ticketNumber: ticket.ticketNumber,
      code: ticketCode(ticket.ticketNumber),
      status: ticket.status,
      isTest: ticket.isTest,
      isCheckedIn: ticket.isCheckedIn,
      cancellationRequested: ticket.cancellationRequested,
      holderName: ticket.holderName ?? row.holderName,
      holderEmail: ticket.holderEmail,
      isBuyer,
      invoice: isBuyer ? (invoiceOf.get(ticket.bookingId) ?? null) : null,
      // the certificate names the holder: the buyer only while the ticket was not passed on
      certificate: transferredTo ? null : (certificateOf.get(ticket.id) ?? null),
      // a returned debit's due date is no transfer (docs/decisions/054-late-verdicts-and-returned-debits.md)
      paidByTransfer: isBuyer && row.paidByTransfer !== null && row.paymentStatus !== 'returned',
      paymentMethod: isBuyer ? (methodOf.get(ticket.bookingId) ?? null) : null,
      ...(transferredTo ? { transferredTo } : {}),
      transferableUntil: isBuyer && open && now.getTime() < cutoff.getTime() ? cutoff.toISOString() : null,
      // docs/product/tickets-and-refunds.md#holder-name-change
      holderNameEditable: isBuyer && ticket.status === 'active' && !started,
      priceCents: ticket.priceCents,
      currency,
      createdAt: ticket.createdAt.toISOString(),
      categoryName: ticket.categoryName,
      answers: answersOf.get(ticket.id) ?? null,
      event: { ...event, startTime: event.startTime.toISOString(), endTime: event.endTime.toISOString() },
      onlineUrl: deliveredOnlineUrl({ mode: event.mode, onlineUrl }, ticket.status === 'active'),
      // the button shows the tier by days left (docs/product/tickets-and-refunds.md#cancel-button-label), a free
      // ticket none (share 0: docs/product/tickets-and-refunds.md#free-ticket-cancel); after an earlier refund
      // on the booking the share is what is left (docs/product/tickets-and-refunds.md#already-refunded)
      cancellation: terms
        ? {
            share: terms.share,
            refundCents: terms.refundCents,
            ...(terms.capped && payment
              ? { alreadyRefundedCents: payment.paidCents - payment.refundableCents }
              : {}),
          }
        : null,
    };
  });
}
