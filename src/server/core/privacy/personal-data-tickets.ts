import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { answerText } from '@shared/questions';
import type { Db } from '../../db/types';
import {
  bookingItems,
  bookings,
  events,
  invoices,
  bankCredits,
  bankStatementLines,
  payments,
  profiles,
  refunds,
  ticketTransfers,
  tickets,
  user,
} from '../../db/schema';
import {
  eventColumns,
  eventOf,
  iso,
  lowerEquals,
  type ExportedTicketTransfer,
} from './personal-data-document';

// The bookings, tickets and money part of 'Meine Daten herunterladen'
// (docs/product/accounts-and-consent.md#data-export), read by exportPersonalData.

/** The person's bookings with their tickets and payments, and the refunds and invoices of those bookings. */
export async function ownBookings(db: Db, userId: string) {
  const rows = await db
    .select({ booking: bookings, event: eventColumns })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.profileId, userId))
    .orderBy(asc(bookings.createdAt));
  const ids = rows.map((row) => row.booking.id);
  if (ids.length === 0) return { bookings: [], refunds: [], invoices: [] };
  const orderNumberOf = new Map(rows.map((row) => [row.booking.id, row.booking.orderNumber]));

  const ticketRows = await db
    .select()
    .from(tickets)
    .where(inArray(tickets.bookingId, ids))
    .orderBy(asc(tickets.position));
  const lineRows = await db
    .select()
    .from(bookingItems)
    .where(inArray(bookingItems.bookingId, ids))
    .orderBy(asc(bookingItems.position));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, ids))
    .orderBy(asc(payments.createdAt));
  const refundRows = await db
    .select({ refund: refunds, ticketNumber: tickets.ticketNumber })
    .from(refunds)
    .leftJoin(tickets, eq(tickets.id, refunds.ticketId))
    .where(inArray(refunds.bookingId, ids))
    .orderBy(asc(refunds.createdAt));
  const creditRows = await db
    .select({
      bookingId: bankCredits.bookingId,
      amountCents: bankCredits.amountCents,
      bookedOn: bankStatementLines.bookedOn,
      payerName: bankStatementLines.counterpartyName,
      payerIban: bankStatementLines.counterpartyIban,
      remittance: bankStatementLines.remittance,
    })
    .from(bankCredits)
    .innerJoin(bankStatementLines, eq(bankStatementLines.id, bankCredits.lineId))
    .where(inArray(bankCredits.bookingId, ids))
    .orderBy(asc(bankCredits.createdAt));
  // The list only: the documents themselves are downloaded from 'Meine Tickets'.
  const invoiceRows = await db
    .select({
      number: invoices.number,
      kind: invoices.kind,
      bookingId: invoices.bookingId,
      issuedAt: invoices.issuedAt,
      grossCents: invoices.grossCents,
      currency: invoices.currency,
    })
    .from(invoices)
    .where(inArray(invoices.bookingId, ids))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));

  return {
    bookings: rows.map(({ booking, event }) => ({
      orderNumber: booking.orderNumber,
      event: eventOf(event),
      quantity: booking.quantity,
      seats: booking.seats,
      unitPriceCents: booking.unitPriceCents,
      totalAmountCents: booking.totalAmountCents,
      lines: lineRows
        .filter((line) => line.bookingId === booking.id)
        .map((line) => ({
          category: line.name,
          quantity: line.quantity,
          seatsPerTicket: line.seatsPerTicket,
          unitPriceCents: line.unitPriceCents,
          discountCents: line.discountCents,
        })),
      discountCode: booking.discountCode,
      discountCents: booking.discountCents,
      currency: booking.currency,
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      holderName: booking.holderName,
      billingAddress: booking.billingAddress,
      // with the question's label, as given (docs/product/ticket-categories.md#answers)
      answers: (booking.answers ?? []).map((answer) => ({
        question: answer.label,
        ticket: answer.ticket,
        person: answer.person,
        answer: answerText(answer.value),
      })),
      isTest: booking.isTest,
      createdAt: booking.createdAt.toISOString(),
      confirmedAt: iso(booking.confirmedAt),
      cancellationDate: iso(booking.cancellationDate),
      refundReason: booking.refundReason,
      tickets: ticketRows
        .filter((ticket) => ticket.bookingId === booking.id)
        .map((ticket) => ({
          ticketNumber: ticket.ticketNumber,
          position: ticket.position,
          status: ticket.status,
          seats: ticket.seats,
          categoryName: ticket.categoryName,
          priceCents: ticket.priceCents,
          isTest: ticket.isTest,
          checkedInAt: iso(ticket.checkedInAt),
          holderName: ticket.holderName,
          holderEmail: ticket.holderEmail,
          cancellationRequested: ticket.cancellationRequested,
          createdAt: ticket.createdAt.toISOString(),
          canceledAt: iso(ticket.canceledAt),
        })),
      payments: paymentRows
        .filter((payment) => payment.bookingId === booking.id)
        .map((payment) => ({
          provider: payment.provider,
          amountCents: payment.amountCents,
          currency: payment.currency,
          status: payment.status,
          createdAt: payment.createdAt.toISOString(),
        })),
      transfersReceived: creditRows
        .filter((credit) => credit.bookingId === booking.id)
        .map(({ bookingId: _, ...credit }) => credit),
    })),
    refunds: refundRows.map(({ refund, ticketNumber }) => ({
      orderNumber: orderNumberOf.get(refund.bookingId)!,
      ticketNumber,
      amountCents: refund.amountCents,
      currency: refund.currency,
      reason: refund.reason,
      status: refund.status,
      payoutIban: refund.payoutIban,
      payoutName: refund.payoutName,
      createdAt: refund.createdAt.toISOString(),
    })),
    invoices: invoiceRows.map(({ bookingId, issuedAt, ...invoice }) => ({
      ...invoice,
      orderNumber: orderNumberOf.get(bookingId)!,
      issuedAt: issuedAt.toISOString(),
    })),
  };
}

/**
 * Tickets of other people's bookings held by the person's address. The buyer is not named; their names and
 * address are collected so the mails can leave them out too.
 */
export async function receivedTickets(db: Db, userId: string, email: string) {
  const rows = await db
    .select({
      ticket: tickets,
      event: eventColumns,
      holderName: bookings.holderName,
      billingName: sql<string | null>`${bookings.billingAddress}->>'name'`,
      buyer: {
        email: profiles.email,
        fullName: profiles.fullName,
        displayName: profiles.displayName,
        phone: profiles.phone,
      },
      buyerName: user.name,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .leftJoin(user, eq(user.id, bookings.profileId))
    .where(and(eq(tickets.holderEmail, email), notOwnBooking(userId)))
    .orderBy(asc(tickets.createdAt));
  const otherPersons = rows.flatMap((row) => [
    row.holderName,
    row.billingName,
    row.buyer?.email,
    row.buyer?.fullName,
    row.buyer?.displayName,
    row.buyer?.phone,
    row.buyerName,
  ]);
  return {
    otherPersons,
    tickets: rows.map(({ ticket, event }) => ({
      event: eventOf(event),
      ticketNumber: ticket.ticketNumber,
      status: ticket.status,
      seats: ticket.seats,
      holderName: ticket.holderName,
      holderEmail: ticket.holderEmail,
      checkedInAt: iso(ticket.checkedInAt),
      canceledAt: iso(ticket.canceledAt),
    })),
  };
}

const notOwnBooking = (userId: string) => or(isNull(bookings.profileId), ne(bookings.profileId, userId));

/** Transfers of the person's own tickets, to their address, and away from them as a substitute. */
export async function transfersOf(db: Db, userId: string, email: string): Promise<ExportedTicketTransfer[]> {
  const rows = await db
    .select({ transfer: ticketTransfers, event: eventColumns, bookingProfileId: bookings.profileId })
    .from(ticketTransfers)
    .innerJoin(tickets, eq(tickets.id, ticketTransfers.ticketId))
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(
      or(
        eq(bookings.profileId, userId),
        lowerEquals(ticketTransfers.toEmail, email),
        lowerEquals(ticketTransfers.fromEmail, email),
      ),
    )
    .orderBy(asc(ticketTransfers.at));
  return rows.map(({ transfer, event, bookingProfileId }) => {
    const common = { at: transfer.at.toISOString(), event: eventOf(event), actorRole: transfer.actorRole };
    if (bookingProfileId === userId) {
      return {
        direction: 'made',
        ...common,
        fromName: transfer.fromName,
        fromEmail: transfer.fromEmail,
        toName: transfer.toName,
        toEmail: transfer.toEmail,
        oldTicketNumber: transfer.oldTicketNumber,
        newTicketNumber: transfer.newTicketNumber,
      };
    }
    if (transfer.toEmail.toLowerCase() === email) {
      return {
        direction: 'received',
        ...common,
        fromName: null,
        fromEmail: null,
        toName: transfer.toName,
        toEmail: transfer.toEmail,
        oldTicketNumber: null,
        newTicketNumber: transfer.newTicketNumber,
      };
    }
    return {
      direction: 'passed-on',
      ...common,
      fromName: transfer.fromName,
      fromEmail: transfer.fromEmail,
      toName: null,
      toEmail: null,
      oldTicketNumber: transfer.oldTicketNumber,
      newTicketNumber: null,
    };
  });
}
