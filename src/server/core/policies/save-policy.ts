import { eq } from 'drizzle-orm';
import { POLICY_MESSAGES, type CancellationPolicy } from '@shared/cancellation-policies';
import type { Db } from '../../db/client';
import { cancellationPolicies, cancellationPolicyRules } from '../../db/schema';
import { AppError } from '../app-error';
import { toPolicy, toRule } from './policy-rows';

/** spec admin §2 'New': a policy named 'Neue Richtlinie', active, without rules (column defaults, §9). */
export async function createPolicy(db: Db): Promise<CancellationPolicy> {
  const [row] = await db
    .insert(cancellationPolicies)
    .values({ name: POLICY_MESSAGES.newPolicyName })
    .returning();
  return toPolicy(row!, []);
}

/** spec admin §2 'Save': name (an empty one was turned into 'Ohne Namen' by the schema) and active flag. */
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
