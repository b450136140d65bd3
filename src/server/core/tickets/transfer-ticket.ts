import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ticketCode } from '@shared/booking';
import {
  TICKET_TRANSFER_MESSAGES,
  transferClosedMessage,
  transferCutoff,
  type HolderNameChangeInput,
  type TicketTransferInput,
} from '@shared/ticket-transfer';
import { TICKET_MESSAGES, type MyTicket } from '@shared/tickets';
import type { Actor } from '../actor';
import type { Db, DbOrTx } from '../../db/types';
import { bookings, events, profiles, ticketTransfers, tickets } from '../../db/schema';
import { mailEventColumns } from '../events/event-columns';
import { AppError } from '../app-error';
import { newTicketNumber } from '../bookings/issue-tickets';
import { enqueueMail } from '../mail/enqueue-mail';
import { ticketReceivedMail, ticketTransferredMail } from '../mail/templates/ticket-transferred';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { loadMyTicket, type TicketViewer } from './list-my-tickets';
import { enqueueTicketTransferred } from '../webhooks/webhook-data';
import { deliveredOnlineUrl } from '../events/online-link';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The ticket with its booking, event and buyer, locked for the change. */
async function lockTicket(tx: DbOrTx, ticketId: string) {
  const [row] = await tx
    .select({
      ticket: tickets,
      booking: bookings,
      event: {
        ...mailEventColumns,
        onlineUrl: events.onlineUrl,
        transferCutoffHours: events.transferCutoffHours,
      },
      buyerEmail: profiles.email,
      buyerName: profiles.fullName,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(eq(tickets.id, ticketId))
    .for('update', { of: [tickets] });
  return row;
}

type LockedTicket = NonNullable<Awaited<ReturnType<typeof lockTicket>>>;

/** The buyer as the viewer of 'Meine Tickets': what every endpoint here answers with. */
const buyerViewer = (row: LockedTicket): TicketViewer => ({
  id: row.booking.profileId ?? '',
  email: row.buyerEmail ?? undefined,
});

/**
 * Only the buyer (booking.profile_id) changes a ticket here, admins any; everyone else, the substitute
 * included, gets the 404 of a missing ticket (docs/product/tickets-and-refunds.md#ticket-documents).
 */
function assertMayChange(row: LockedTicket | undefined, actor: Actor, notFound: AppError): asserts row {
  if (!row) throw notFound;
  if (actor.role === 'admin') return;
  if (row.booking.profileId !== actor.id || row.ticket.profileId !== actor.id) throw notFound;
}

/** A fresh ticket number whose 4-digit code differs from the old one, so the old code never admits. */
function freshTicketNumber(old: string, now: Date): string {
  for (;;) {
    const next = newTicketNumber(now);
    if (ticketCode(next) !== ticketCode(old)) return next;
  }
}

export interface TransferTicketInput {
  ticketId: string;
  actor: Actor;
  /** 'admin' (an admin only) lifts the cut-off (until the start); 'buyer' checks ownership and the cut-off. */
  as: 'buyer' | 'admin';
  input: TicketTransferInput;
  now?: Date;
}

/**
 * Transfers a ticket to a substitute (docs/product/tickets-and-refunds.md#ticket-transfer), the use case of
 * both transfer endpoints, the buyer's and the admin area's. In one transaction with the ticket locked: a new
 * ticket number (new code and barcode; the old barcode answers 'unknown' at the door), the substitute's name
 * and e-mail on the ticket, a ticket_transfers row, and the mails: the substitute gets the ticket with its
 * PDF, the previous holder and the buyer 'Ticket übertragen an …'; they are sent after the commit. No seat
 * moves. Answers the ticket as the buyer's 'Meine Tickets' shows it.
 */
export async function transferTicket(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox'>,
  options: TransferTicketInput,
): Promise<MyTicket> {
  const { ticketId, actor, input, now = new Date() } = options;
  const { db } = deps.database;
  const asAdmin = options.as === 'admin' && actor.role === 'admin';
  const notFound = new AppError('not_found', TICKET_MESSAGES.notFound);
  if (!isUuid(ticketId)) throw notFound;
  const toEmail = input.email.trim().toLowerCase();
  const toName = input.name.trim();
  const mail = await mailContextOf(deps);

  const viewer = await db.transaction(async (tx) => {
    const row = await lockTicket(tx, ticketId);
    assertMayChange(row, asAdmin ? actor : { ...actor, role: 'attendee' }, notFound);
    const { ticket, booking, event } = row;
    if (ticket.status !== 'active') throw new AppError('conflict', TICKET_TRANSFER_MESSAGES.cancelled);
    if (ticket.checkedInAt) throw new AppError('conflict', TICKET_TRANSFER_MESSAGES.checkedIn);
    if (event.startTime.getTime() <= now.getTime()) {
      throw new AppError('conflict', TICKET_TRANSFER_MESSAGES.started);
    }
    const cutoff = transferCutoff(event.startTime, event.transferCutoffHours);
    if (!asAdmin && cutoff.getTime() <= now.getTime()) {
      throw new AppError('conflict', transferClosedMessage(cutoff, event.timezone));
    }

    const fromName = ticket.holderName || booking.holderName || row.buyerName || row.buyerEmail || '';
    const fromEmail = ticket.holderEmail ?? row.buyerEmail;
    if (fromEmail === toEmail && fromName === toName) {
      throw new AppError('conflict', TICKET_TRANSFER_MESSAGES.sameHolder);
    }
    const newNumber = freshTicketNumber(ticket.ticketNumber, now);
    await tx
      .update(tickets)
      .set({ ticketNumber: newNumber, holderName: toName, holderEmail: toEmail })
      .where(eq(tickets.id, ticket.id));
    await tx.insert(ticketTransfers).values({
      ticketId: ticket.id,
      at: now,
      actorId: actor.id,
      actorRole: asAdmin ? 'admin' : 'buyer',
      fromName,
      fromEmail,
      toName,
      toEmail,
      oldTicketNumber: ticket.ticketNumber,
      newTicketNumber: newNumber,
    });
    await enqueueTicketTransferred(tx, ticket.id, now); // docs/product/webhooks.md#event-types

    const received = ticketReceivedMail({
      context: mail,
      event,
      orderNumber: booking.orderNumber,
      holderName: toName,
      fromName: row.buyerName || fromName,
      ticketCode: ticketCode(newNumber),
      onlineUrl: deliveredOnlineUrl(event, true),
      isTest: ticket.isTest,
    });
    await enqueueMail(tx, {
      to: toEmail,
      ...received,
      deferredAttachments: [
        {
          filename: `ticket-${ticketCode(newNumber)}.pdf`,
          contentType: 'application/pdf',
          render: { kind: 'ticket-pdf', ticketId: ticket.id },
        },
      ],
    });
    // the previous holder and the buyer, once each (the buyer is often the previous holder)
    const notices = new Map<string, { name: string; isBuyer: boolean }>();
    if (fromEmail && fromEmail !== toEmail) {
      notices.set(fromEmail, { name: fromName, isBuyer: fromEmail === row.buyerEmail });
    }
    if (row.buyerEmail && row.buyerEmail !== toEmail) {
      notices.set(row.buyerEmail, {
        name: booking.holderName || row.buyerName || row.buyerEmail,
        isBuyer: true,
      });
    }
    for (const [to, notice] of notices) {
      const content = ticketTransferredMail({
        context: mail,
        event,
        orderNumber: booking.orderNumber,
        greetingName: notice.name,
        toName,
        toEmail,
        oldTicketCode: ticketCode(ticket.ticketNumber),
        isBuyer: notice.isBuyer,
      });
      await enqueueMail(tx, { to, ...content });
    }
    return buyerViewer(row);
  });
  deps.outbox.kick();
  return (await loadMyTicket(db, viewer, ticketId, now))!;
}

/**
 * Fixes the name on a ticket, e.g. a typo (docs/product/tickets-and-refunds.md#holder-name-change): the
 * buyer, until the start; the number, code and holder e-mail stay. No mail, no log row.
 */
export async function changeHolderName(
  db: Db,
  actor: Actor,
  ticketId: string,
  input: HolderNameChangeInput,
  now = new Date(),
): Promise<MyTicket> {
  const notFound = new AppError('not_found', TICKET_MESSAGES.notFound);
  if (!isUuid(ticketId)) throw notFound;
  const viewer = await db.transaction(async (tx) => {
    const row = await lockTicket(tx, ticketId);
    assertMayChange(row, { ...actor, role: 'attendee' }, notFound);
    if (row.ticket.status !== 'active') {
      throw new AppError('conflict', TICKET_TRANSFER_MESSAGES.nameCancelled);
    }
    if (row.event.startTime.getTime() <= now.getTime()) {
      throw new AppError('conflict', TICKET_TRANSFER_MESSAGES.nameStarted);
    }
    await tx.update(tickets).set({ holderName: input.name.trim() }).where(eq(tickets.id, ticketId));
    return buyerViewer(row);
  });
  return (await loadMyTicket(db, viewer, ticketId, now))!;
}
