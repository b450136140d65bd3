import type { EventMode } from '@shared/events';
import type { DbOrTx } from '../../db/types';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailContext } from '../mail/templates/mail-context';
import { onlineLinkChangedMail } from '../mail/templates/online-link-changed';
import { deliveredOnlineUrl } from '../events/online-link';
import { loadActiveHolders, loadMailEvent } from './booking-mails';

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
  const after = await loadMailEvent(db, eventId);
  if (!after) return 0;
  const previous = deliveredOnlineUrl(before, true);
  const current = deliveredOnlineUrl(after, true);
  if (!current || current === previous) return 0;
  const holders = await loadActiveHolders(db, eventId);
  for (const holder of holders) {
    const content = onlineLinkChangedMail({
      context,
      orderNumber: holder.orderNumber,
      holderName: holder.greeting,
      event: after,
      onlineUrl: current,
      first: previous === null,
    });
    await enqueueMail(db, { to: holder.email, ...content });
  }
  return holders.length;
}
