import { dueRefundIds } from '../core/payments/process-refund';
import type { UseCaseDeps } from '../core/use-case-deps';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import { PeriodicJob, type JobObserver } from './periodic-task';

/**
 * Retries refunds that are recorded but not yet confirmed by the provider (provider down, process crashed
 * after the commit), every minute with back-off per refund: nothing is lost when the payment provider or the
 * process fails (docs/product/tickets-and-refunds.md#refund-retry). Claiming is a conditional UPDATE, so
 * several instances never double up.
 */
export class RefundJob extends PeriodicJob {
  constructor(options: {
    db: Db;
    payments: UseCaseDeps['payments'];
    logger: Logger;
    intervalMs?: number;
    observer?: JobObserver;
  }) {
    const { db, payments, logger } = options;
    super({
      name: 'refund',
      logger,
      intervalMs: options.intervalMs ?? 60_000,
      firstDelayMs: 5_000,
      observer: options.observer,
      // the number of refunds that were due
      round: async (now) => {
        const due = await dueRefundIds(db, now);
        await payments.sendRefunds(due, { dueBy: now });
        return due.length;
      },
    });
  }
}
