import { and, eq } from 'drizzle-orm';
import type { EventMode } from '@shared/events';
import type { DbOrTx } from '../../db/factories';
import { bookings, events, profiles, tickets } from '../../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailContext } from '../mail/templates/mail-context';
import { onlineLinkChangedMail } from '../mail/templates/online-link-changed';
import { deliveredOnlineUrl } from '../tickets/online-link';

/**
 * When the link buyers get changes — a new online_url, the first one, or a presence event turned online
 * with one — every holder of an active ticket is mailed the link that now counts, one mail per booking
 * (docs/decisions/019-online-links.md). Call it in the transaction that saves the change, with the event
 * as it was before. A removed link mails nobody (the event-update mail tells of a new place).
 */
export async function enqueueOnlineLinkMails(
  db: DbOrTx,
  eventId: string,
  before: { mode: EventMode; onlineUrl: string | null },
  context: MailContext,
): Promise<number> {
  const [after] = await db
    .select({
      title: events.title,
      slug: events.slug,
      startTime: events.startTime,
      endTime: events.endTime,
      timezone: events.timezone,
      location: events.location,
      mode: events.mode,
      onlineUrl: events.onlineUrl,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!after) return 0;
  const previous = deliveredOnlineUrl(before, true);
  const current = deliveredOnlineUrl(after, true);
  if (!current || current === previous) return 0;
  const holders = await db
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
  for (const holder of holders) {
    const content = onlineLinkChangedMail({
      context,
      orderNumber: holder.orderNumber,
      holderName: holder.holderName || holder.fullName || holder.email,
      event: after,
      onlineUrl: current,
      first: previous === null,
    });
    await enqueueMail(db, { to: holder.email, ...content });
  }
  return holders.length;
}
