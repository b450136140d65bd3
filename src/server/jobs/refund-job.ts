import { dueRefundIds } from '../core/payments/process-refund';
import type { PaymentService } from '../core/payments/payment-service';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { PeriodicTask } from './periodic-task';

/**
 * Retries refunds that are recorded but not yet confirmed by the provider (provider down, process crashed
 * after the commit), every minute with back-off per refund (DESIGN §4: nothing is lost when the payment
 * provider or the process fails). Claiming is a conditional UPDATE, so several instances never double up.
 */
export class RefundJob {
  private readonly task: PeriodicTask;

  constructor(
    private readonly options: { db: Db; payments: PaymentService; logger: Logger; intervalMs?: number },
  ) {
    this.task = new PeriodicTask({
      name: 'refund',
      logger: options.logger,
      intervalMs: options.intervalMs ?? 60_000,
      firstDelayMs: 5_000,
      round: async () => void (await this.runOnce()),
    });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
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
}
