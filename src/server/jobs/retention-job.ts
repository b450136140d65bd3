import { applyRetention } from '../core/privacy/retention';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import { PeriodicJob, type JobObserver } from './periodic-task';

/**
 * Deletes what has no reason to stay (docs/product/accounts-and-consent.md#retention): at start, then every
 * 6 hours. Every statement is a plain DELETE or UPDATE by time, so several instances running it at once
 * only repeat work that is already done.
 */
export class RetentionJob extends PeriodicJob {
  constructor(options: {
    db: Db;
    logger: Logger;
    intervalMs?: number;
    now?: () => Date;
    observer?: JobObserver;
  }) {
    const { db, logger } = options;
    super({
      name: 'retention',
      logger,
      intervalMs: options.intervalMs ?? 6 * 60 * 60_000,
      firstDelayMs: 30_000,
      now: options.now,
      observer: options.observer,
      // the number of rows deleted or emptied
      round: async (now) => {
        const counts = await applyRetention(db, now);
        const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
        if (total > 0) logger.info({ retention: counts }, 'retention: old data deleted');
        return total;
      },
    });
  }
}
