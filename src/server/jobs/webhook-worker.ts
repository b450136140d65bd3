import { deliverDueWebhooks, type WebhookDeliveryDeps } from '../core/webhooks/deliver-webhooks';
import { PeriodicTask, type JobObserver } from './periodic-task';

/** Most deliveries one round claims; a full round starts the next at once. */
const ROUND_LIMIT = 100;

/**
 * Sends what enqueueWebhook wrote (docs/architecture.md#background-jobs, docs/product/webhooks.md#outbox): every
 * second, or at once after 'Erneut senden' or a test message, one round of core/webhooks/deliver-webhooks.ts.
 * Safe with several instances: each delivery is claimed with FOR UPDATE SKIP LOCKED and a lease.
 */
export class WebhookWorker {
  private readonly task: PeriodicTask;

  constructor(
    private readonly options: { deps: WebhookDeliveryDeps; intervalMs?: number; observer?: JobObserver },
  ) {
    this.task = new PeriodicTask({
      name: 'webhooks',
      logger: options.deps.logger,
      intervalMs: options.intervalMs ?? 1000,
      observer: options.observer,
      round: async () => (await this.drainOnce()) >= ROUND_LIMIT,
    });
  }

  start(): void {
    if (!this.task.isStarted) this.task.start();
  }

  /** Waits for the round in progress (its sends end within their 10 s timeout); nothing runs afterwards. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  kick(): void {
    this.task.kick();
  }

  /** One round now: the deliveries claimed (sent or failed). */
  drainOnce(limit = ROUND_LIMIT): Promise<number> {
    return deliverDueWebhooks(this.options.deps, limit);
  }
}
