import { MAIL_RULE_TRIGGERS, MAIL_RULE_TRIGGER_LABELS, type MailRuleTrigger } from '@shared/mail-rules';
import { inputClass, selectClass } from '@web/features/admin/kit/admin-styles';
import type { MailRuleValues, RuleErrors } from '../mail-rule-form-values';
import { OFFSET_UNITS, OFFSET_UNIT_LABELS, type OffsetUnit } from '../mail-rule-timing';

/** 'Zeitpunkt': a whole number, its unit (Tage, Stunden, Minuten) and 'vor Beginn' or 'nach Ende'. */
export function RuleTimingFields({
  values,
  errors,
  onChange,
}: {
  values: Pick<MailRuleValues, 'amount' | 'unit' | 'trigger'>;
  errors: RuleErrors;
  onChange: <K extends 'amount' | 'unit' | 'trigger'>(key: K, value: MailRuleValues[K]) => void;
}) {
  const timingError = errors.offsetMinutes ?? errors.trigger;
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={timingError ? 'mail-rule-timing-error' : undefined}
    >
      <legend className="text-sm font-medium">Zeitpunkt</legend>
      <div className="flex flex-wrap gap-2">
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-label="Anzahl"
          aria-invalid={errors.offsetMinutes ? true : undefined}
          aria-describedby={timingError ? 'mail-rule-timing-error' : undefined}
          value={values.amount}
          onChange={(event) => onChange('amount', event.target.value)}
          className={`${inputClass} w-24`}
        />
        <select
          aria-label="Einheit"
          value={values.unit}
          onChange={(event) => onChange('unit', event.target.value as OffsetUnit)}
          className={`${selectClass} w-auto`}
        >
          {OFFSET_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {OFFSET_UNIT_LABELS[unit]}
            </option>
          ))}
        </select>
        <select
          aria-label="Bezug"
          aria-invalid={errors.trigger ? true : undefined}
          value={values.trigger}
          onChange={(event) => onChange('trigger', event.target.value as MailRuleTrigger)}
          className={`${selectClass} w-auto`}
        >
          {MAIL_RULE_TRIGGERS.map((trigger) => (
            <option key={trigger} value={trigger}>
              {MAIL_RULE_TRIGGER_LABELS[trigger]}
            </option>
          ))}
        </select>
      </div>
      {timingError && (
        <p id="mail-rule-timing-error" className="text-sm text-destructive">
          {timingError}
        </p>
      )}
    </fieldset>
  );
}
