import type { CancellationPolicy, CancellationRule } from '@shared/cancellation-policies';
import type { cancellationPolicies, cancellationPolicyRules } from '../../db/schema';

type PolicyRow = typeof cancellationPolicies.$inferSelect;
type RuleRow = typeof cancellationPolicyRules.$inferSelect;

export const toRule = (row: RuleRow): CancellationRule => ({
  id: row.id,
  policyId: row.policyId,
  minHoursBeforeEvent: row.minHoursBeforeEvent,
  refundType: row.refundType,
  refundValue: Number(row.refundValue),
  priority: row.priority,
  isActive: row.isActive,
});

/**
 * Rules in the order the refund code applies them: lead time down, then priority
 * (docs/product/tickets-and-refunds.md#policy-first).
 */
export const byEffectOrder = (a: CancellationRule, b: CancellationRule) =>
  b.minHoursBeforeEvent - a.minHoursBeforeEvent || a.priority - b.priority;

export const toPolicy = (row: PolicyRow, rules: CancellationRule[]): CancellationPolicy => ({
  id: row.id,
  name: row.name,
  isActive: row.isActive,
  updatedAt: row.updatedAt.toISOString(),
  rules: [...rules].sort(byEffectOrder),
});
