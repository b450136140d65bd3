import { releaseExpiredHolds } from '../core/bookings/release-expired-holds';
import { PeriodicJob, type JobObserver } from './periodic-task';

export interface HoldExpiryJobOptions {
  /** The services of the round's use case (core/bookings/release-expired-holds.ts). */
  deps: Parameters<typeof releaseExpiredHolds>[0];
  intervalMs?: number;
  now?: () => Date;
  observer?: JobObserver;
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
    const { deps } = options;
    super({
      name: 'hold expiry',
      logger: deps.logger,
      intervalMs: options.intervalMs ?? 30_000,
      now: options.now,
      observer: options.observer,
      // the number of bookings and offers that ended
      round: (now) => releaseExpiredHolds(deps, now),
    });
  }
}
