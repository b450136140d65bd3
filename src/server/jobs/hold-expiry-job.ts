import { expireHolds } from '../core/bookings/expire-holds';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;

  constructor(options: HoldExpiryJobOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.intervalMs = options.intervalMs ?? 30_000;
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Waits for a round in progress; nothing runs afterwards. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
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

  private schedule(delayMs: number) {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce().then(() => {
        this.running = undefined;
        this.schedule(this.intervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }
}
