import {
  ADMIN_TICKET_MESSAGES,
  refundOverrideSchema,
  type AdminCancelPreview,
  type RefundOverrideInput,
} from '@shared/admin-tickets';
import { parsePercentField } from '@shared/refund-percent';
import { leadTimeInWords } from '@shared/cancellation-policies';
import { formatPrice } from '@web/lib/format';

// The cancel dialog's choices and their checks (docs/product/admin.md#admin-cancel-dialog), apart from the
// markup.

export type RefundChoiceKind = 'policy' | 'goodwill' | 'percentage' | 'fixed_amount';

export interface RefundChoice {
  kind: RefundChoiceKind;
  /** Percent 0..100 as typed (a comma is a decimal point). */
  percent: string;
  /** Euros as typed. */
  amount: string;
}

export const INITIAL_CHOICE: RefundChoice = { kind: 'policy', percent: '100', amount: '' };

const decimal = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/** The override to send (null: the policy decides), or the German reason it cannot be sent. */
export function overrideOf(
  choice: RefundChoice,
): { ok: true; override: RefundOverrideInput | null } | { ok: false; message: string } {
  if (choice.kind === 'policy') return { ok: true, override: null };
  if (choice.kind === 'goodwill') return { ok: true, override: { type: 'goodwill' } };
  if (choice.kind === 'percentage') {
    // entered in percent, clamped to 0..100 and sent as a fraction; 0 < p < 1 is refused as
    // ambiguous (docs/product/tickets-and-refunds.md#ambiguous-share)
    const percent = parsePercentField(choice.percent, { clampNegative: true });
    if (!percent.ok) return { ok: false, message: percent.message };
    return { ok: true, override: { type: 'percentage', value: percent.fraction } };
  }
  const parsed = refundOverrideSchema.safeParse({ type: 'fixed_amount', value: decimal(choice.amount) });
  if (parsed.success) return { ok: true, override: parsed.data };
  return { ok: false, message: ADMIN_TICKET_MESSAGES.amountInvalid };
}

const percentText = (share: number) => `${Math.round(share * 1000) / 10} %`.replace('.', ',');

/** 'Richtlinie „Flex“: 70 % ab 1 Woche vor Beginn', or the default tiers' share. */
export function policyLabel(preview: AdminCancelPreview): string {
  if (preview.usesDefaultTiers) {
    const inactive = preview.policy ? ` (Richtlinie „${preview.policy.name}“ ist inaktiv)` : '';
    return `Standard-Staffel: ${percentText(preview.share)}${inactive}`;
  }
  const name = `Richtlinie „${preview.policy?.name ?? 'Ohne Namen'}“`;
  const rule = preview.effectiveRule;
  if (!rule) return `${name}: keine Regel greift, keine Erstattung`;
  const value =
    rule.refundType === 'percentage'
      ? percentText(rule.refundValue)
      : formatPrice(Math.round(rule.refundValue * 100), preview.currency);
  return `${name}: ${value} ab ${leadTimeInWords(rule.minHoursBeforeEvent)} vor Beginn`;
}

/** 'Noch 170 Stunden bis zum Beginn (ca. 7,1 Tage)'. */
export function timeLeftText(preview: Pick<AdminCancelPreview, 'hoursLeft' | 'daysApprox'>): string {
  if (preview.hoursLeft < 0) return 'Das Event hat bereits begonnen.';
  const days = preview.daysApprox.toLocaleString('de-DE', { maximumFractionDigits: 1 });
  const hours = preview.hoursLeft === 1 ? '1 Stunde' : `${preview.hoursLeft} Stunden`;
  return `Noch ${hours} bis zum Beginn (ca. ${days} ${preview.daysApprox === 1 ? 'Tag' : 'Tage'})`;
}
