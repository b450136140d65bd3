import { runEventMails } from '../core/event-mails/run-event-mails';
import { PeriodicJob, type JobObserver } from './periodic-task';

export interface EventMailJobOptions {
  /** The services of the round's use case (core/event-mails/run-event-mails.ts). */
  deps: Parameters<typeof runEventMails>[0];
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
    const { deps } = options;
    super({
      name: 'event mails',
      logger: deps.logger,
      intervalMs: options.intervalMs ?? 60_000,
      firstDelayMs: 10_000,
      now: options.now,
      observer: options.observer,
      // the number of mails and decisions of the round
      round: (now) => runEventMails(deps, now),
    });
  }
}
