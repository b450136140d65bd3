import { Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  POLICY_MESSAGES,
  REFUND_TYPES,
  REFUND_TYPE_LABELS,
  hoursInWords,
  numberOrZero,
  ruleInputSchema,
  type CancellationRule,
} from '@shared/cancellation-policies';
import { fractionToPercent, parsePercentField } from '@shared/refund-percent';
import { LEAD_TIME_QUICK, formatLeadTime, parseLeadTime, type RefundType } from '@shared/refund-rules';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { checkboxClass, labelClass } from '@web/features/admin/kit/admin-styles';
import { useUpdateRule } from '../api/save-rule';
import { Input, Select } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

interface Draft {
  leadText: string;
  hours: number;
  refundType: RefundType;
  refundValue: string;
  priority: string;
  isActive: boolean;
}

const draftOf = (rule: CancellationRule): Draft => ({
  leadText: formatLeadTime(rule.minHoursBeforeEvent),
  hours: rule.minHoursBeforeEvent,
  refundType: rule.refundType,
  // a percentage is shown and typed as percent 0–100, stored as a fraction
  // (docs/product/tickets-and-refunds.md#fraction-in-api)
  refundValue:
    rule.refundType === 'percentage' ? String(fractionToPercent(rule.refundValue)) : String(rule.refundValue),
  priority: String(rule.priority),
  isActive: rule.isActive,
});

/**
 * The value to store: euros as typed, or the typed percent as a fraction. Not numeric falls back to 0;
 * a percent above 100 or between 0 and 1 is refused (docs/product/tickets-and-refunds.md#ambiguous-share).
 */
function refundValueOf(draft: Draft): { ok: true; value: number } | { ok: false; message: string } {
  const typed = numberOrZero(draft.refundValue);
  if (draft.refundType !== 'percentage') return { ok: true, value: typed };
  if (typed < 0 || typed > 100) return { ok: false, message: POLICY_MESSAGES.percentField };
  const percent = parsePercentField(String(typed));
  return percent.ok ? { ok: true, value: percent.fraction } : percent;
}

/**
 * One rule of a policy (docs/product/admin.md#policies-screen): edits stay in this row until its Save is
 * pressed. The lead time takes '60min', '24h', '3d', '1w' or plain hours; invalid input is ignored
 * (docs/product/admin.md#lead-time-input).
 */
export function PolicyRuleRow({
  rule,
  index,
  onDelete,
}: {
  rule: CancellationRule;
  index: number;
  onDelete: (rule: CancellationRule) => void;
}) {
  // the last saved state: what 'nicht gespeichert' compares with
  const [base, setBase] = useState(rule);
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateRule();
  const id = `rule-${rule.id}`;
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const settleLeadTime = () => {
    const hours = parseLeadTime(draft.leadText);
    set(
      hours === null ? { leadText: formatLeadTime(draft.hours) } : { hours, leadText: formatLeadTime(hours) },
    );
  };

  const save = async () => {
    const hours = parseLeadTime(draft.leadText) ?? draft.hours;
    const value = refundValueOf(draft);
    if (!value.ok) {
      setError(value.message);
      return;
    }
    const parsed = ruleInputSchema.safeParse({
      minHoursBeforeEvent: hours,
      refundType: draft.refundType,
      refundValue: value.value,
      priority: Math.trunc(numberOrZero(draft.priority)),
      isActive: draft.isActive,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? POLICY_MESSAGES.saveFailed);
      return;
    }
    setError(null);
    try {
      const saved = await update.mutateAsync({ id: rule.id, ...parsed.data });
      setBase(saved);
      setDraft(draftOf(saved));
      toast.success(POLICY_MESSAGES.saved);
    } catch (failure) {
      setError(messageOf(failure, POLICY_MESSAGES.saveFailed));
    }
  };

  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(base));

  return (
    <li className="rounded-xl border border-border p-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="flex items-center gap-2 text-sm font-semibold">
          Regel {index + 1}
          {changed && <span className="text-xs font-normal text-warning">nicht gespeichert</span>}
        </legend>
        {/* lead time on its own row, then three columns wide enough for 'Prozent (0–100)' (a fourth column
            cut it to 'Prozent (0–10…' beside the settings navigation) */}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-3">
            <label htmlFor={`${id}-lead`} className={labelClass}>
              Vorlaufzeit vor dem Event
            </label>
            <div className="flex flex-wrap gap-2">
              <Input
                size="sm"
                id={`${id}-lead`}
                value={draft.leadText}
                onChange={(event) => set({ leadText: event.target.value })}
                onBlur={settleLeadTime}
                aria-describedby={`${id}-lead-hint`}
                className="w-28"
              />
              {LEAD_TIME_QUICK.map((quick) => (
                <Button
                  key={quick.label}
                  variant="secondary"
                  size="sm"
                  aria-label={`Vorlaufzeit ${quick.label}`}
                  aria-pressed={draft.hours === quick.hours}
                  onClick={() => set({ hours: quick.hours, leadText: formatLeadTime(quick.hours) })}
                >
                  {quick.label}
                </Button>
              ))}
            </div>
            <p id={`${id}-lead-hint`} className="text-xs text-muted-foreground">
              = {hoursInWords(draft.hours)}. Eingabe z. B. 60min, 24h, 3d oder 1w.
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-type`} className={labelClass}>
              Art
            </label>
            <Select
              size="sm"
              id={`${id}-type`}
              value={draft.refundType}
              onChange={(event) => set({ refundType: event.target.value as RefundType })}
              className="min-w-[10.5rem]"
            >
              {REFUND_TYPES.map((type) => (
                <option key={type} value={type}>
                  {REFUND_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-value`} className={labelClass}>
              Wert
            </label>
            <Input
              size="sm"
              id={`${id}-value`}
              type="number"
              step={draft.refundType === 'percentage' ? 1 : 0.01}
              min={0}
              max={draft.refundType === 'percentage' ? 100 : undefined}
              value={draft.refundValue}
              onChange={(event) => set({ refundValue: event.target.value })}
              aria-describedby={`${id}-value-hint`}
            />
            <p id={`${id}-value-hint`} className="text-xs text-muted-foreground">
              {draft.refundType === 'percentage' ? 'In Prozent, 0 bis 100.' : 'In Euro.'}
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-priority`} className={labelClass}>
              Priorität
            </label>
            <Input
              size="sm"
              id={`${id}-priority`}
              type="number"
              step={1}
              value={draft.priority}
              onChange={(event) => set({ priority: event.target.value })}
            />
          </div>
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input
              type="checkbox"
              checked={draft.isActive}
              onChange={(event) => set({ isActive: event.target.checked })}
              className={checkboxClass}
            />
            Aktiv
          </label>
        </div>
        {error && <ErrorText>{error}</ErrorText>}
        <div className="flex gap-2">
          <Button size="sm" onClick={() => void save()} disabled={update.isPending}>
            <Save className="h-4 w-4" aria-hidden />
            {update.isPending ? 'Wird gespeichert …' : 'Speichern'}
          </Button>
          <Button variant="ghost" size="sm" className="text-destructive" onClick={() => onDelete(rule)}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Löschen
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
