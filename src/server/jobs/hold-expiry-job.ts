import { expireHolds } from '../core/bookings/expire-holds';
import { expireOffers } from '../core/waitlist/expire-offers';
import type { MailContext } from '../core/mail/templates/mail-context';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import type { BusinessMetrics } from '../adapters/metrics/business-metrics';
import { PeriodicJob, type JobObserver } from './periodic-task';

export interface HoldExpiryJobOptions {
  db: Db;
  logger: Logger;
  /** The offer mails of the waiting list are written with it (the saved settings over the configuration). */
  mailContext: () => Promise<MailContext>;
  /** Wakes the mail outbox after a round that made offers. */
  kickOutbox?: () => void;
  intervalMs?: number;
  now?: () => Date;
  observer?: JobObserver;
  /** Counts the expired bookings (docs/architecture.md#metrics). */
  metrics?: Pick<BusinessMetrics, 'booking'>;
}

/**
 * Releases expired seat holds (docs/product/booking-and-seats.md#hold-expiry) and ends due waiting-list offers
 * (docs/product/waiting-list.md#decline) every 30 s; the seats they give back are offered to the next entries
 * in the same transactions. Safe with several app instances: each release is a conditional UPDATE under the
 * event's row lock, so two instances never return the same seats twice. A failing round is logged and retried
 * on the next tick; it never takes the process down.
 */
export class HoldExpiryJob extends PeriodicJob {
  constructor(options: HoldExpiryJobOptions) {
    const { db, logger } = options;
    super({
      name: 'hold expiry',
      logger,
      intervalMs: options.intervalMs ?? 30_000,
      now: options.now,
      observer: options.observer,
      // the number of bookings and offers that ended
      round: async (now) => {
        const mail = await options.mailContext();
        const expired = await expireHolds(db, now, mail);
        if (expired > 0) logger.info({ expired }, 'seat holds expired');
        options.metrics?.booking('expired', expired);
        const offers = await expireOffers(db, now, mail);
        if (offers.ended > 0)
          logger.info({ ended: offers.ended, offered: offers.offered }, 'waiting-list offers ended');
        if (expired > 0 || offers.ended > 0) options.kickOutbox?.();
        return expired + offers.ended;
      },
    });
  }
}
