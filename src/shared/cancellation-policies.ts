import { z } from 'zod';
import { fractionProblem } from './refund-percent';
import { REFUND_TYPES, type RefundType } from './refund-rules';

// Cancellation policies and their rules as the settings edit them (docs/product/admin.md#policies-screen,
// docs/product/admin.md#new-rule-defaults, docs/product/admin.md#lead-time-input).

export const POLICY_MESSAGES = {
  emptyRules: 'Keine Regeln vorhanden.',
  emptyEvents: 'Keine Events gefunden.',
  confirmDeleteRule: 'Regel wirklich löschen?',
  newPolicyName: 'Neue Richtlinie',
  unnamed: 'Ohne Namen',
  // validation texts of our own
  percentage: 'Ein Prozentwert liegt zwischen 0 und 1 (1 = 100 %).',
  /** The rule editor's percent field (docs/decisions/023-refund-percentages.md). */
  percentField: 'Ein Prozentwert liegt zwischen 0 und 100.',
  fixedAmount: 'Ein fester Betrag darf nicht negativ sein.',
  hours: 'Die Vorlaufzeit ist eine ganze, nicht negative Zahl von Stunden.',
  priority: 'Die Priorität ist eine ganze Zahl.',
  nameTooLong: 'Der Name darf höchstens 100 Zeichen lang sein.',
  policyNotFound: 'Richtlinie nicht gefunden.',
  ruleNotFound: 'Regel nicht gefunden.',
  eventNotFound: 'Event nicht gefunden.',
  saved: 'Gespeichert',
  saveFailed: 'Speichern fehlgeschlagen.',
  deleteFailed: 'Löschen fehlgeschlagen.',
} as const;

export { REFUND_TYPES };
export const REFUND_TYPE_LABELS: Record<RefundType, string> = {
  // people type percent; the rule keeps a fraction (docs/product/tickets-and-refunds.md#fraction-in-api)
  percentage: 'Prozent (0–100)',
  // '€' as on every other screen (docs/decisions/049-admin-screens-say-what-they-mean.md)
  fixed_amount: 'Fester Betrag (€)',
};

const unit = (n: number, one: string, many: string) => `${n.toLocaleString('de-DE')} ${n === 1 ? one : many}`;

/** Hours in words: '1 Stunde', '36 Stunden'. */
export const hoursInWords = (hours: number) => unit(hours, 'Stunde', 'Stunden');

/**
 * A rule's lead time in words for people, in weeks or days when exact: 336 → '2 Wochen', 24 → '1 Tag', 1 →
 * '1 Stunde'. The editor's input keeps its short form ('2w', docs/product/admin.md#lead-time-input); a text
 * that people read never shows it (docs/decisions/049-admin-screens-say-what-they-mean.md).
 */
export function leadTimeInWords(hours: number): string {
  if (hours > 0 && hours % 168 === 0) return unit(hours / 168, 'Woche', 'Wochen');
  if (hours > 0 && hours % 24 === 0) return unit(hours / 24, 'Tag', 'Tage');
  return hoursInWords(hours);
}

/** A new rule is 168 h, percentage, 0.7, priority 1, active (docs/product/admin.md#new-rule-defaults). */
export const NEW_RULE = {
  minHoursBeforeEvent: 168,
  refundType: 'percentage',
  refundValue: 0.7,
  priority: 1,
  isActive: true,
} as const satisfies RuleInput;

export interface CancellationRule {
  id: string;
  policyId: string;
  minHoursBeforeEvent: number;
  refundType: RefundType;
  refundValue: number;
  priority: number;
  isActive: boolean;
}

export interface CancellationPolicy {
  id: string;
  name: string;
  isActive: boolean;
  updatedAt: string;
  /** Ordered as the refund code applies them: highest lead time first, then priority. */
  rules: CancellationRule[];
}

export interface PolicyEvent {
  id: string;
  title: string;
  startTime: string;
  cancellationPolicyId: string | null;
}

/** An empty name on save becomes 'Ohne Namen' (docs/product/admin.md#policies-screen). */
export const policyName = (name: string) => name.trim() || POLICY_MESSAGES.unnamed;

export const policyInputSchema = z.object({
  name: z.string().trim().max(100, POLICY_MESSAGES.nameTooLong).transform(policyName),
  isActive: z.boolean(),
});
export type PolicyInput = z.input<typeof policyInputSchema>;

export const ruleInputSchema = z
  .object({
    minHoursBeforeEvent: z
      .number({ error: POLICY_MESSAGES.hours })
      .int(POLICY_MESSAGES.hours)
      .min(0, POLICY_MESSAGES.hours)
      .max(100_000, POLICY_MESSAGES.hours),
    refundType: z.enum(REFUND_TYPES, { error: 'Unbekannte Erstattungsart.' }),
    refundValue: z.number({ error: 'Bitte einen Wert angeben.' }).finite(),
    priority: z
      .number({ error: POLICY_MESSAGES.priority })
      .int(POLICY_MESSAGES.priority)
      .min(-1000)
      .max(1000),
    isActive: z.boolean(),
  })
  .superRefine((rule, ctx) => {
    if (rule.refundType === 'percentage' && (rule.refundValue < 0 || rule.refundValue > 1)) {
      ctx.addIssue({ code: 'custom', path: ['refundValue'], message: POLICY_MESSAGES.percentage });
    } else if (rule.refundType === 'percentage' && fractionProblem(rule.refundValue)) {
      // between 0 and 1 %: a percent divided twice (docs/decisions/023-refund-percentages.md)
      ctx.addIssue({ code: 'custom', path: ['refundValue'], message: fractionProblem(rule.refundValue)! });
    }
    if (rule.refundType === 'fixed_amount' && (rule.refundValue < 0 || rule.refundValue > 1_000_000)) {
      ctx.addIssue({ code: 'custom', path: ['refundValue'], message: POLICY_MESSAGES.fixedAmount });
    }
  });
export type RuleInput = z.input<typeof ruleInputSchema>;

/** PUT /api/admin/settings/policy-events/:eventId: none (null) or a policy. */
export const eventPolicySchema = z.object({ policyId: z.uuid('Unbekannte Richtlinie.').nullable() });

/** The rule editor's numbers fall back to 0 if not numeric. */
export const numberOrZero = (value: string) => {
  const parsed = Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : 0;
};
