import { dueRefundIds } from '../core/payments/process-refund';
import type { PaymentService } from '../core/payments/payment-service';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

/**
 * Retries refunds that are recorded but not yet confirmed by the provider (provider down, process crashed
 * after the commit), every minute with back-off per refund (DESIGN §4: nothing is lost when the payment
 * provider or the process fails). Claiming is a conditional UPDATE, so several instances never double up.
 */
export class RefundJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;

  constructor(
    private readonly options: { db: Db; payments: PaymentService; logger: Logger; intervalMs?: number },
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(5_000);
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
  }

  async runOnce(now = new Date()): Promise<number> {
    try {
      const due = await dueRefundIds(this.options.db, now);
      await this.options.payments.sendRefunds(due);
      return due.length;
    } catch (error) {
      this.options.logger.error({ err: error }, 'refund round failed; retrying later');
      return 0;
    }
  }

  private schedule(delayMs: number) {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce().then(() => {
        this.running = undefined;
        this.schedule(this.options.intervalMs ?? 60_000);
      });
    }, delayMs);
    this.timer.unref();
  }
}
