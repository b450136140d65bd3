import { and, eq, inArray } from 'drizzle-orm';
import { ACTIVE_WAITLIST_STATUSES } from '@shared/waitlist';
import type { Tx } from '../../db/types';
import { events, profiles, waitlistEntries } from '../../db/schema';
import { mailEventColumns } from '../events/event-columns';
import { enqueueMails } from '../mail/enqueue-mail';
import type { MailContext } from '../mail/templates/mail-context';
import { waitlistEventCancelledMail } from '../mail/templates/waitlist-event-cancelled';
import { settleWaitlist } from '../waitlist/settle-waitlist';

/**
 * The waiting list of an event just cancelled for too few participants
 * (docs/product/event-mails.md#minimum-attendance), inside the cancelling transaction with the event's row
 * locked: open offers end through settleWaitlist (the event is no longer bookable), which gives their seats
 * back to available_seats (docs/product/waiting-list.md#seat-invariant-offers); the waiting entries end as
 * 'removed'; every one of these persons gets a mail that the event does not take place. Answers how many.
 */
export async function endWaitlistOfCancelledEvent(
  tx: Tx,
  eventId: string,
  options: { now: Date; mail: MailContext },
): Promise<number> {
  const { now, mail } = options;
  // read before settleWaitlist ends the offers, so their holders are told too
  const entries = await tx
    .select({ id: waitlistEntries.id, email: profiles.email, fullName: profiles.fullName })
    .from(waitlistEntries)
    .leftJoin(profiles, eq(profiles.id, waitlistEntries.profileId))
    .where(
      and(
        eq(waitlistEntries.eventId, eventId),
        inArray(waitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]),
      ),
    )
    .for('update', { of: waitlistEntries });
  if (entries.length === 0) return 0;

  await settleWaitlist(tx, eventId, { now, mail });
  await tx
    .update(waitlistEntries)
    .set({ status: 'removed', endedAt: now, updatedAt: now })
    .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'waiting')));

  const [event] = await tx.select(mailEventColumns).from(events).where(eq(events.id, eventId));
  if (!event) return 0;
  const mails = entries.flatMap(({ email, fullName }) =>
    email
      ? [{ to: email, ...waitlistEventCancelledMail({ context: mail, event, name: fullName || email }) }]
      : [],
  );
  await enqueueMails(tx, mails);
  return entries.length;
}
