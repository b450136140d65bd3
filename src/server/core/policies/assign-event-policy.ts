import { asc, eq } from 'drizzle-orm';
import { POLICY_MESSAGES, type PolicyEvent } from '@shared/cancellation-policies';
import type { Db } from '../../db/types';
import { cancellationPolicies, events } from '../../db/schema';
import { AppError } from '../app-error';

/** Events with their policy, by start ascending, for the assignment list. */
export async function listPolicyEvents(db: Db): Promise<PolicyEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      startTime: events.startTime,
      cancellationPolicyId: events.cancellationPolicyId,
    })
    .from(events)
    .orderBy(asc(events.startTime), events.id);
  return rows.map((row) => ({ ...row, startTime: row.startTime.toISOString() }));
}

/**
 * None or a policy (docs/product/admin.md#policies-screen; an inactive one may be chosen, the list marks
 * it). Applies to cancellations from now on.
 */
export async function assignEventPolicy(
  db: Db,
  input: { eventId: string; policyId: string | null },
): Promise<PolicyEvent> {
  return db.transaction(async (tx) => {
    if (input.policyId) {
      const [policy] = await tx
        .select({ id: cancellationPolicies.id })
        .from(cancellationPolicies)
        .where(eq(cancellationPolicies.id, input.policyId));
      if (!policy) throw new AppError('not_found', POLICY_MESSAGES.policyNotFound);
    }
    const [row] = await tx
      .update(events)
      .set({ cancellationPolicyId: input.policyId })
      .where(eq(events.id, input.eventId))
      .returning({
        id: events.id,
        title: events.title,
        startTime: events.startTime,
        cancellationPolicyId: events.cancellationPolicyId,
      });
    if (!row) throw new AppError('not_found', POLICY_MESSAGES.eventNotFound);
    return { ...row, startTime: row.startTime.toISOString() };
  });
}
