import { expireHolds } from '../core/bookings/expire-holds';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { PeriodicTask } from './periodic-task';

export interface HoldExpiryJobOptions {
  db: Db;
  logger: Logger;
  intervalMs?: number;
  now?: () => Date;
}

/**
 * Releases expired seat holds every 30 s (DESIGN §4). Safe with several app instances: each round is one
 * conditional UPDATE, so two instances never return the same seats twice. A failing round is logged and
 * retried on the next tick; it never takes the process down.
 */
export class HoldExpiryJob {
  private readonly db: Db;
  private readonly logger: Logger;
  private readonly intervalMs: number;
  private readonly now: () => Date;
  private readonly task: PeriodicTask;

  constructor(options: HoldExpiryJobOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.intervalMs = options.intervalMs ?? 30_000;
    this.now = options.now ?? (() => new Date());
    this.task = new PeriodicTask({
      name: 'hold expiry',
      logger: this.logger,
      intervalMs: this.intervalMs,
      round: async () => void (await this.runOnce()),
    });
  }

  start(): void {
    this.task.start();
  }

  /** Waits for a round in progress; nothing runs afterwards. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One round, also for tests: the number of bookings that expired (0 when the round failed). */
  async runOnce(): Promise<number> {
    try {
      const expired = await expireHolds(this.db, this.now());
      if (expired > 0) this.logger.info({ expired }, 'seat holds expired');
      return expired;
    } catch (error) {
      this.logger.error({ err: error }, 'hold expiry round failed; retrying later');
      return 0;
    }
  }
}
