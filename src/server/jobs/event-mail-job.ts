import { runMailRules } from '../core/event-mails/run-mail-rules';
import { runMinimumAttendance } from '../core/event-mails/minimum-attendance';
import type { MailContext } from '../core/mail/templates/mail-context';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import { PeriodicJob, type JobObserver } from './periodic-task';

export interface EventMailJobOptions {
  db: Db;
  logger: Logger;
  /** The mails are written with the saved settings over the configuration, and the sender's signature. */
  mailContext: () => Promise<MailContext & { signature?: string }>;
  /** Sends the refunds of events cancelled for too few participants, after their commit. */
  sendRefunds: (refundIds: string[]) => Promise<void>;
  kickOutbox?: () => void;
  intervalMs?: number;
  now?: () => Date;
  observer?: JobObserver;
}

/**
 * The event's own mails, every minute (docs/product/event-mails.md): the scheduled rules that are due
 * (docs/product/event-mails.md#exactly-once) and the minimum-attendance decisions
 * (docs/product/event-mails.md#minimum-attendance). Every step is idempotent, so several app instances and
 * restarts never double a mail or a decision; a failing round is logged and tried again on the next tick.
 */
export class EventMailJob extends PeriodicJob {
  constructor(options: EventMailJobOptions) {
    const { db, logger } = options;
    super({
      name: 'event mails',
      logger,
      intervalMs: options.intervalMs ?? 60_000,
      firstDelayMs: 10_000,
      now: options.now,
      observer: options.observer,
      // the number of mails and decisions of the round
      round: async (now) => {
        const mail = await options.mailContext();
        const sent = await runMailRules(db, { now, mail, signature: mail.signature });
        const decided = await runMinimumAttendance(db, { now, mail, sendRefunds: options.sendRefunds });
        const total = sent + decided.warned + decided.held + decided.cancelled;
        if (sent > 0) logger.info({ sent }, 'scheduled event mails written');
        if (decided.cancelled + decided.held + decided.warned > 0) logger.info(decided, 'minimum attendance');
        if (total > 0) options.kickOutbox?.();
        return total;
      },
    });
  }
}
