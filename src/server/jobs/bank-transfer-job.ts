import {
  cancelUnpaidTransfers,
  paidTransferPayments,
  sendTransferReminders,
} from '../core/bank-transfer/due-dates';
import type { MailContext } from '../core/mail/templates/mail-context';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import { PeriodicJob, type JobObserver } from './periodic-task';

/**
 * The due dates of bookings paid by transfer (docs/product/bank-transfer.md#due-dates), every 10 minutes:
 * reminders before the due date, cancellation of unpaid bookings after the grace days, and the settlement of
 * bookings whose money was credited but not yet settled. Every step claims its rows with conditional UPDATEs,
 * so instances never double up.
 */
export class BankTransferJob extends PeriodicJob {
  constructor(options: {
    db: Db;
    logger: Logger;
    mailContext: () => Promise<MailContext>;
    settle: (paymentId: string) => Promise<unknown>;
    kickOutbox?: () => void;
    intervalMs?: number;
    now?: () => Date;
    observer?: JobObserver;
  }) {
    const { db, logger } = options;
    super({
      name: 'bank transfer',
      logger,
      intervalMs: options.intervalMs ?? 10 * 60_000,
      firstDelayMs: 20_000,
      now: options.now,
      observer: options.observer,
      // reminders written, bookings cancelled and payments settled
      round: async (now) => {
        const mail = await options.mailContext();
        const settled = await paidTransferPayments(db);
        for (const paymentId of settled) await options.settle(paymentId);
        const reminded = await sendTransferReminders(db, now, mail);
        const cancelled = await cancelUnpaidTransfers(db, now, mail);
        if (reminded + cancelled > 0) options.kickOutbox?.();
        return settled.length + reminded + cancelled;
      },
    });
  }
}
