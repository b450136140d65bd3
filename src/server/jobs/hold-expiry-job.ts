import { expireHolds } from '../core/bookings/expire-holds';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import type { BusinessMetrics } from '../adapters/metrics/business-metrics';
import { PeriodicJob, type JobObserver } from './periodic-task';

export interface HoldExpiryJobOptions {
  db: Db;
  logger: Logger;
  intervalMs?: number;
  now?: () => Date;
  observer?: JobObserver;
  /** Counts the expired bookings (docs/architecture.md#metrics). */
  metrics?: Pick<BusinessMetrics, 'booking'>;
}

/**
 * Releases expired seat holds every 30 s (docs/product/booking-and-seats.md#hold-expiry). Safe with several
 * app instances: each round is one conditional UPDATE, so two instances never return the same seats twice. A
 * failing round is logged and retried on the next tick; it never takes the process down.
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
      // the number of bookings that expired
      round: async (now) => {
        const expired = await expireHolds(db, now);
        if (expired > 0) logger.info({ expired }, 'seat holds expired');
        options.metrics?.booking('expired', expired);
        return expired;
      },
    });
  }
}
