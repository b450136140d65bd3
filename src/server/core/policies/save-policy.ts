import { eq } from 'drizzle-orm';
import { POLICY_MESSAGES, type CancellationPolicy } from '@shared/cancellation-policies';
import type { Db } from '../../db/types';
import { cancellationPolicies, cancellationPolicyRules } from '../../db/schema';
import { AppError } from '../app-error';
import { toPolicy, toRule } from './policy-rows';

/**
 * A policy named 'Neue Richtlinie', active, without rules (column defaults;
 * docs/product/admin.md#policies-screen).
 */
export async function createPolicy(db: Db): Promise<CancellationPolicy> {
  const [row] = await db
    .insert(cancellationPolicies)
    .values({ name: POLICY_MESSAGES.newPolicyName })
    .returning();
  return toPolicy(row!, []);
}

/** Name (an empty one was turned into 'Ohne Namen' by the schema) and active flag. */
export async function updatePolicy(
  db: Db,
  id: string,
  input: { name: string; isActive: boolean },
): Promise<CancellationPolicy> {
  const [row] = await db
    .update(cancellationPolicies)
    .set({ name: input.name, isActive: input.isActive })
    .where(eq(cancellationPolicies.id, id))
    .returning();
  if (!row) throw new AppError('not_found', POLICY_MESSAGES.policyNotFound);
  const rules = await db
    .select()
    .from(cancellationPolicyRules)
    .where(eq(cancellationPolicyRules.policyId, id));
  return toPolicy(row, rules.map(toRule));
}
