import { runTransferDueDates } from '../core/bank-transfer/due-dates';
import { cancelUnpaidReturns } from '../core/payments/cancel-unpaid-returns';
import { PeriodicJob, type JobObserver } from './periodic-task';

/**
 * The due dates of bookings paid by transfer (docs/product/bank-transfer.md#due-dates), every 10 minutes:
 * reminders before the due date, cancellation of unpaid bookings after the grace days, and the settlement of
 * bookings whose money was credited but not yet settled; and the due dates of returned debits
 * (docs/product/payments.md#returned-unpaid): unpaid ones are cancelled. Every step claims its rows with conditional UPDATEs,
 * so instances never double up.
 */
export class BankTransferJob extends PeriodicJob {
  constructor(options: {
    /** The services of the round's use case (core/bank-transfer/due-dates.ts). */
    deps: Parameters<typeof runTransferDueDates>[0];
    intervalMs?: number;
    now?: () => Date;
    observer?: JobObserver;
  }) {
    const { deps } = options;
    super({
      name: 'bank transfer',
      logger: deps.logger,
      intervalMs: options.intervalMs ?? 10 * 60_000,
      firstDelayMs: 20_000,
      now: options.now,
      observer: options.observer,
      // payments settled, reminders written and bookings cancelled
      round: async (now) => (await runTransferDueDates(deps, now)) + (await cancelUnpaidReturns(deps, now)),
    });
  }
}
