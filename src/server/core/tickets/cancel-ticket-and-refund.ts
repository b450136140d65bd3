import type { CancelTicketResult } from '@shared/tickets';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { cancelTicket } from './cancel-ticket';

export type CancelTicketInput = Omit<Parameters<typeof cancelTicket>[0], 'db' | 'mail' | 'metrics'>;

/**
 * The use case of both cancel buttons, the buyer's ('Meine Tickets') and the admin area's: cancelTicket's
 * transaction, then, after its commit, the outbox is woken for its mails and the refund it recorded is sent
 * to the provider (the refund job retries a failure), before the answer.
 */
export async function cancelTicketAndRefund(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox' | 'payments' | 'metrics'>,
  input: CancelTicketInput,
): Promise<CancelTicketResult> {
  const outcome = await cancelTicket({
    ...input,
    db: deps.database.db,
    mail: await mailContextOf(deps),
    metrics: deps.metrics,
  });
  deps.outbox.kick();
  await deps.payments.sendRefunds(outcome.refundIds);
  return { refund: outcome.refund, message: outcome.message };
}
