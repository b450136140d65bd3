import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { dueRefundIds, processRefund } from './process-refund';

/** What the payment use cases take: the provider, mails and the outbox, and the counters. */
export type PaymentDeps = Pick<
  UseCaseDeps,
  'database' | 'gateway' | 'logger' | 'settings' | 'config' | 'outbox' | 'metrics'
>;

/**
 * Sends refunds owed to the provider; used right after the commit that recorded them and, with `dueBy` (its
 * round time), by the refund job: then a refund another instance claimed meanwhile is skipped. A failure is
 * logged and left to the refund job; the outbox is woken for the mails of a refund that failed for good.
 */
export async function sendRefunds(
  deps: PaymentDeps,
  refundIds: string[],
  { dueBy }: { dueBy?: Date } = {},
): Promise<void> {
  const { gateway, logger, metrics } = deps;
  if (refundIds.length === 0) return;
  const mail = await mailContextOf(deps);
  for (const refundId of refundIds) {
    try {
      const outcome = await processRefund({ db: deps.database.db, gateway, logger, refundId, mail, dueBy });
      if (outcome !== 'skipped') metrics?.refund(outcome === 'pending' ? 'retried' : outcome);
    } catch (error) {
      logger.error({ err: error, refundId }, 'refund failed; the refund job retries');
      metrics?.refund('retried');
    }
  }
  deps.outbox.kick();
}

/**
 * The refund job's round (docs/product/tickets-and-refunds.md#refund-retry): the refunds whose back-off is over
 * at `now` are sent again; a refund another instance claimed since is skipped. Answers how many were due.
 */
export async function sendDueRefunds(deps: PaymentDeps, now: Date): Promise<number> {
  const due = await dueRefundIds(deps.database.db, now);
  await sendRefunds(deps, due, { dueBy: now });
  return due.length;
}
