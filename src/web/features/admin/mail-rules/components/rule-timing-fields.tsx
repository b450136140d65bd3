import { MAIL_RULE_TRIGGERS, MAIL_RULE_TRIGGER_LABELS, type MailRuleTrigger } from '@shared/mail-rules';
import type { MailRuleValues, RuleErrors } from '../mail-rule-form-values';
import { OFFSET_UNITS, OFFSET_UNIT_LABELS, type OffsetUnit } from '../mail-rule-timing';
import { Input, Select } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

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
        <Input
          size="sm"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-label="Anzahl"
          aria-invalid={errors.offsetMinutes ? true : undefined}
          aria-describedby={timingError ? 'mail-rule-timing-error' : undefined}
          value={values.amount}
          onChange={(event) => onChange('amount', event.target.value)}
          className="w-24"
        />
        <Select
          size="sm"
          aria-label="Einheit"
          value={values.unit}
          onChange={(event) => onChange('unit', event.target.value as OffsetUnit)}
          className="w-auto"
        >
          {OFFSET_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {OFFSET_UNIT_LABELS[unit]}
            </option>
          ))}
        </Select>
        <Select
          size="sm"
          aria-label="Bezug"
          aria-invalid={errors.trigger ? true : undefined}
          value={values.trigger}
          onChange={(event) => onChange('trigger', event.target.value as MailRuleTrigger)}
          className="w-auto"
        >
          {MAIL_RULE_TRIGGERS.map((trigger) => (
            <option key={trigger} value={trigger}>
              {MAIL_RULE_TRIGGER_LABELS[trigger]}
            </option>
          ))}
        </Select>
      </div>
      {timingError && (
        <ErrorText id="mail-rule-timing-error" alert={false}>
          {timingError}
        </ErrorText>
      )}
    </fieldset>
  );
}
