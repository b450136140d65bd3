import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { overrideRefundCents, type AdminCancelPreview } from '@shared/admin-tickets';
import { hoursUntil } from '@shared/refund-rules';
import { TICKET_MESSAGES } from '@shared/tickets';
import type { DbOrTx } from '../../db/types';
import { bookings, cancellationPolicies, events, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import { loadPolicyRules, refundableByBooking, selfServiceRefund } from './refund-terms';

/**
 * The cancel dialog (docs/product/admin.md#admin-cancel-dialog): hours and approximate days left, the event's
 * policy and the rule in effect now, what it would refund, what goodwill would refund, and what is left
 * refundable on the booking. The same terms cancelTicket applies without an override, so the preview and the
 * cancel agree.
 */
export async function previewAdminCancel(
  db: DbOrTx,
  ticketId: string,
  now = new Date(),
): Promise<AdminCancelPreview> {
  const notFound = new AppError('not_found', TICKET_MESSAGES.notFound);
  if (!z.uuid().safeParse(ticketId).success) throw notFound;
  const [row] = await db
    .select({ ticket: tickets, currency: bookings.currency, event: events })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.id, ticketId));
  if (!row) throw notFound;
  const { ticket, event } = row;

  const policyId = event.cancellationPolicyId;
  const [policy] = policyId
    ? await db
        .select({
          id: cancellationPolicies.id,
          name: cancellationPolicies.name,
          isActive: cancellationPolicies.isActive,
        })
        .from(cancellationPolicies)
        .where(eq(cancellationPolicies.id, policyId))
    : [];
  const rules = policyId ? (await loadPolicyRules(db, [policyId])).get(policyId) : undefined;
  const refundableCents =
    (await refundableByBooking(db, [ticket.bookingId])).get(ticket.bookingId)?.refundableCents ?? 0;
  const terms = selfServiceRefund({
    startTime: event.startTime,
    priceCents: ticket.priceCents,
    refundableCents,
    rules,
    now,
  });
  const hours = hoursUntil(event.startTime, now);
  const rule = terms.rule;
  return {
    ticketId: ticket.id,
    status: ticket.status,
    // a checked-in ticket cannot be cancelled (docs/product/organizer-day.md#no-cancel-after-check-in)
    cancellable: ticket.status === 'active' && !ticket.checkedInAt,
    event: {
      id: event.id,
      title: event.title,
      startTime: event.startTime.toISOString(),
      timezone: event.timezone,
    },
    hoursLeft: Math.floor(hours),
    daysApprox: Math.round((hours / 24) * 10) / 10,
    priceCents: ticket.priceCents,
    currency: row.currency,
    refundableCents,
    policy: policy ?? null,
    effectiveRule: rule
      ? {
          minHoursBeforeEvent: rule.minHoursBeforeEvent,
          refundType: rule.refundType,
          refundValue: Number(rule.refundValue),
          priority: rule.priority,
        }
      : null,
    usesDefaultTiers: !rules,
    // the policy's tier; the dialog shows what is left beside it ('Noch erstattbar')
    share: terms.tierShare,
    refundCents: terms.refundCents,
    goodwillCents: overrideRefundCents({ type: 'goodwill' }, ticket.priceCents, refundableCents),
  };
}
