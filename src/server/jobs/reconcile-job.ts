import { reconcilePayments } from '../core/payments/reconcile-payments';
import { PeriodicJob, type JobObserver } from './periodic-task';

/**
 * Nothing stuck (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md): every minute it asks the
 * provider about payment attempts still open some minutes after they started (a webhook that never came, a
 * SEPA debit in processing) and settles them as the webhook would; the test provider's simulated debits get
 * their verdict when their time comes. Each attempt is claimed with a conditional UPDATE, so instances never
 * ask twice.
 */
export class ReconcileJob extends PeriodicJob {
  constructor(options: {
    /** The services of the round's use case (core/payments/reconcile-payments.ts). */
    deps: Parameters<typeof reconcilePayments>[0];
    intervalMs?: number;
    now?: () => Date;
    observer?: JobObserver;
  }) {
    const { deps } = options;
    super({
      name: 'reconcile',
      logger: deps.logger,
      intervalMs: options.intervalMs ?? 60_000,
      firstDelayMs: 15_000,
      now: options.now,
      observer: options.observer,
      // the number of attempts the provider was asked about
      round: (now) => reconcilePayments(deps, now),
    });
  }
}
