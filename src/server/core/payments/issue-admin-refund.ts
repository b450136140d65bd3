import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { adminRefund } from './admin-refund';

/**
 * The Admin Refund card's use case: adminRefund's transaction, then, after its commit, the outbox is woken
 * for the buyer's mail and the refund goes to the provider (the refund job retries a failure).
 */
export async function issueAdminRefund(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox' | 'payments'>,
  options: Omit<Parameters<typeof adminRefund>[0], 'db' | 'mail'>,
): ReturnType<typeof adminRefund> {
  const result = await adminRefund({ ...options, db: deps.database.db, mail: await mailContextOf(deps) });
  deps.outbox.kick();
  await deps.payments.sendRefunds([result.refundId]);
  return result;
}
