import { sendDueRefunds } from '../core/payments/send-refunds';
import { PeriodicJob, type JobObserver } from './periodic-task';

/**
 * Retries refunds that are recorded but not yet confirmed by the provider (provider down, process crashed
 * after the commit), every minute with back-off per refund: nothing is lost when the payment provider or the
 * process fails (docs/product/tickets-and-refunds.md#refund-retry). Claiming is a conditional UPDATE, so
 * several instances never double up.
 */
export class RefundJob extends PeriodicJob {
  constructor(options: {
    /** The services of the round's use case (core/payments/send-refunds.ts). */
    deps: Parameters<typeof sendDueRefunds>[0];
    intervalMs?: number;
    observer?: JobObserver;
  }) {
    const { deps } = options;
    super({
      name: 'refund',
      logger: deps.logger,
      intervalMs: options.intervalMs ?? 60_000,
      firstDelayMs: 5_000,
      observer: options.observer,
      // the number of refunds that were due
      round: (now) => sendDueRefunds(deps, now),
    });
  }
}
