import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { REFUND_TYPES } from '@shared/refund-rules';
import { createdAt, updatedAt } from './columns';

export const refundType = pgEnum('refund_type', REFUND_TYPES);

// Refund values: for 'percentage' a fraction 0..1 (1 = 100 %,
// docs/product/tickets-and-refunds.md#fraction-in-api); for 'fixed_amount' an amount in major currency units
// (EUR, step 0.01 as the admin form edits it), converted to cents by the refund code.
const refundValue = (name: string) => numeric(name, { precision: 12, scale: 4, mode: 'number' });

/** The defaults are those of a new policy (docs/product/admin.md#policies-screen). */
export const cancellationPolicies = pgTable(
  'cancellation_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default('Neue Richtlinie'),
    isActive: boolean('is_active').notNull().default(true),
    cancellationType: refundType('cancellation_type').notNull().default('percentage'),
    value: refundValue('value').notNull().default(1),
    minHoursBeforeEvent: integer('min_hours_before_event').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cancellation_policies_min_hours_non_negative', sql`${t.minHoursBeforeEvent} >= 0`),
    check(
      'cancellation_policies_value_in_range',
      sql`${t.value} >= 0 AND (${t.cancellationType} <> 'percentage' OR ${t.value} <= 1)`,
    ),
  ],
);

/**
 * Defaults are those of a new rule (docs/product/admin.md#new-rule-defaults: 168 h, percentage, 0.7,
 * priority 1, active). The effective rule is the active one with the highest min_hours_before_event not
 * above the hours left before the event (docs/product/tickets-and-refunds.md#policy-first).
 */
export const cancellationPolicyRules = pgTable(
  'cancellation_policy_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => cancellationPolicies.id, { onDelete: 'cascade' }),
    minHoursBeforeEvent: integer('min_hours_before_event').notNull().default(168),
    refundType: refundType('refund_type').notNull().default('percentage'),
    refundValue: refundValue('refund_value').notNull().default(0.7),
    priority: integer('priority').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cancellation_policy_rules_policy_id_idx').on(t.policyId),
    check('cancellation_policy_rules_min_hours_non_negative', sql`${t.minHoursBeforeEvent} >= 0`),
    check(
      'cancellation_policy_rules_value_in_range',
      sql`${t.refundValue} >= 0 AND (${t.refundType} <> 'percentage' OR ${t.refundValue} <= 1)`,
    ),
  ],
);
