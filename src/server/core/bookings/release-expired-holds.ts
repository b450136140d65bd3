import { expireOffers } from '../waitlist/expire-offers';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { expireHolds } from './expire-holds';

/**
 * The hold-expiry job's round: expired seat holds (docs/product/booking-and-seats.md#hold-expiry) and due
 * waiting-list offers (docs/product/waiting-list.md#decline) end, each in its own transaction, and the seats
 * they give back are offered to the next entries; then the expired bookings are counted and the outbox is
 * woken for the offer mails. Answers how many bookings and offers ended.
 */
export async function releaseExpiredHolds(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox' | 'logger' | 'metrics'>,
  now: Date,
): Promise<number> {
  const { db } = deps.database;
  const mail = await mailContextOf(deps);
  const expired = await expireHolds(db, now, mail);
  if (expired > 0) deps.logger.info({ expired }, 'seat holds expired');
  deps.metrics?.booking('expired', expired);
  const offers = await expireOffers(db, now, mail);
  if (offers.ended > 0)
    deps.logger.info({ ended: offers.ended, offered: offers.offered }, 'waiting-list offers ended');
  if (expired > 0 || offers.ended > 0) deps.outbox.kick();
  return expired + offers.ended;
}
