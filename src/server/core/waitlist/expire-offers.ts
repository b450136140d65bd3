import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { waitlistEntries } from '../../db/schema';
import { publishSeatChange } from '../events/event-changes';
import type { MailContext } from '../mail/templates/mail-context';
import { offerIsDue, settleWaitlist } from './settle-waitlist';

export interface ExpiredOffers {
  /** Offers that ended. */
  ended: number;
  /** Offers made to the next entries with the seats they gave back. */
  offered: number;
}

/**
 * Ends the offers that are due (docs/product/waiting-list.md#decline): past their time, or of an event that
 * started, was cancelled or hidden (docs/product/waiting-list.md#no-offers-after-start). One short transaction
 * per event: settleWaitlist locks the event's row, ends them, and offers the seats to the next entries at once.
 * Safe with several app instances: a second instance finds nothing left to end under the same lock.
 */
export async function expireOffers(db: Db, now: Date, mail: MailContext): Promise<ExpiredOffers> {
  const due = await db
    .selectDistinct({ eventId: waitlistEntries.eventId })
    .from(waitlistEntries)
    .where(offerIsDue(now))
    .orderBy(sql`1`);
  const total: ExpiredOffers = { ended: 0, offered: 0 };
  for (const { eventId } of due) {
    const settled = await db.transaction(async (tx) => {
      const result = await settleWaitlist(tx, eventId, { now, mail });
      if (result.ended > 0 || result.offered.length > 0) await publishSeatChange(tx, eventId);
      return result;
    });
    total.ended += settled.ended;
    total.offered += settled.offered.length;
  }
  return total;
}
