import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { tickets } from '../../db/schema';
import type { MailContext } from '../mail/templates/mail-context';
import { cancelTicket } from '../tickets/cancel-ticket';
import type { BusinessMetrics } from '../../adapters/metrics/business-metrics';

export interface RefundAllTicketsOptions {
  db: Db;
  eventId: string;
  /**
   * The admin who cancelled the event (recorded as the refunds' creator); null when the shop decided itself
   * (docs/product/event-mails.md#minimum-attendance), recorded without a creator.
   */
  actorId: string | null;
  reason: string;
  mail: MailContext;
  /** Sends the recorded refunds to the provider after each commit (`deps.payments.sendRefunds`). */
  sendRefunds: (refundIds: string[]) => Promise<void>;
  now?: Date;
  /** Counts the cancelled bookings (docs/architecture.md#metrics). */
  metrics?: Pick<BusinessMetrics, 'booking'>;
}

export interface RefundAllTicketsResult {
  refundedTickets: number;
  refundedCents: number;
}

/**
 * When an admin cancels an event ('Abgesagt') and confirms (docs/product/admin.md#cancel-event-refund-all,
 * and the AGB), every active ticket is cancelled with a full refund (goodwill, regardless of the policy), its
 * seats released and its buyer mailed. One short transaction per ticket (cancelTicket), so a failure half-way
 * leaves every ticket either fully cancelled and refunded or untouched; running it again finishes the rest.
 */
export async function refundAllTicketsOfEvent(
  options: RefundAllTicketsOptions,
): Promise<RefundAllTicketsResult> {
  const { db, eventId, actorId, reason, mail, sendRefunds, now, metrics } = options;
  const active = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, 'active')));
  let refundedCents = 0;
  for (const ticket of active) {
    const outcome = await cancelTicket({
      db,
      ticketId: ticket.id,
      // an empty id is no user: cancelTicket records no creator for it
      actor: { id: actorId ?? '', role: 'admin' },
      override: { type: 'goodwill' },
      reason,
      mail,
      now,
      metrics,
    });
    refundedCents += outcome.refund?.amountCents ?? 0;
    await sendRefunds(outcome.refundIds);
  }
  return { refundedTickets: active.length, refundedCents };
}
