import { desc } from 'drizzle-orm';
import type { CancellationPolicy, CancellationRule } from '@shared/cancellation-policies';
import type { Db } from '../../db/types';
import { cancellationPolicies, cancellationPolicyRules } from '../../db/schema';
import { toPolicy, toRule } from './policy-rows';

/** Policies newest change first, each with all its rules (active or not, for the editor). */
export async function listPolicies(db: Db): Promise<CancellationPolicy[]> {
  const [policies, rules] = await Promise.all([
    db
      .select()
      .from(cancellationPolicies)
      .orderBy(desc(cancellationPolicies.updatedAt), cancellationPolicies.id),
    db.select().from(cancellationPolicyRules),
  ]);
  const rulesOf = new Map<string, CancellationRule[]>();
  for (const row of rules) {
    const list = rulesOf.get(row.policyId) ?? [];
    list.push(toRule(row));
    rulesOf.set(row.policyId, list);
  }
  return policies.map((policy) => toPolicy(policy, rulesOf.get(policy.id) ?? []));
}
