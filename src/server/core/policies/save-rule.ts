import { eq } from 'drizzle-orm';
import { POLICY_MESSAGES, type CancellationRule } from '@shared/cancellation-policies';
import type { RefundType } from '@shared/refund-rules';
import type { Db, Tx } from '../../db/types';
import { cancellationPolicies, cancellationPolicyRules } from '../../db/schema';
import { AppError } from '../app-error';
import { toRule } from './policy-rows';

/** Validated by ruleInputSchema: whole hours ≥ 0, percentage 0..1, fixed amount ≥ 0 (the table checks it too). */
export interface RuleValues {
  minHoursBeforeEvent: number;
  refundType: RefundType;
  refundValue: number;
  priority: number;
  isActive: boolean;
}

/**
 * A new rule of the policy, stored at once with the values given (docs/product/admin.md#new-rule-defaults).
 */
export async function createRule(db: Db, policyId: string, values: RuleValues): Promise<CancellationRule> {
  return db.transaction(async (tx) => {
    const [policy] = await tx
      .select({ id: cancellationPolicies.id })
      .from(cancellationPolicies)
      .where(eq(cancellationPolicies.id, policyId));
    if (!policy) throw new AppError('not_found', POLICY_MESSAGES.policyNotFound);
    const [row] = await tx
      .insert(cancellationPolicyRules)
      .values({ policyId, ...values })
      .returning();
    await touchPolicy(tx, policyId);
    return toRule(row!);
  });
}

/** A rule's edits are saved together when its Save is pressed (docs/product/admin.md#policies-screen). */
export async function updateRule(db: Db, id: string, values: RuleValues): Promise<CancellationRule> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(cancellationPolicyRules)
      .set(values)
      .where(eq(cancellationPolicyRules.id, id))
      .returning();
    if (!row) throw new AppError('not_found', POLICY_MESSAGES.ruleNotFound);
    await touchPolicy(tx, row.policyId);
    return toRule(row);
  });
}

export async function deleteRule(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(cancellationPolicyRules)
      .where(eq(cancellationPolicyRules.id, id))
      .returning({ policyId: cancellationPolicyRules.policyId });
    if (!row) throw new AppError('not_found', POLICY_MESSAGES.ruleNotFound);
    await touchPolicy(tx, row.policyId);
  });
}

/** A rule change is a change of its policy: the list is ordered by the policy's updated_at. */
async function touchPolicy(tx: Tx, policyId: string) {
  await tx
    .update(cancellationPolicies)
    .set({ updatedAt: new Date() })
    .where(eq(cancellationPolicies.id, policyId));
}
