import {
  MAIL_RULE_AUDIENCE_LABELS,
  MAIL_RULE_TRIGGER_LABELS,
  type MailRule,
  type MailRuleTrigger,
} from '@shared/mail-rules';

// When a rule is due, in the admin's words ('2 Tage vor Beginn'), and the dialog's number + unit.

export const OFFSET_UNITS = ['days', 'hours', 'minutes'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];

export const MINUTES_PER_UNIT: Record<OffsetUnit, number> = { days: 1440, hours: 60, minutes: 1 };

/** The unit select's options. */
export const OFFSET_UNIT_LABELS: Record<OffsetUnit, string> = {
  days: 'Tage',
  hours: 'Stunden',
  minutes: 'Minuten',
};

const UNIT_WORDS: Record<OffsetUnit, [one: string, many: string]> = {
  days: ['Tag', 'Tage'],
  hours: ['Stunde', 'Stunden'],
  minutes: ['Minute', 'Minuten'],
};

/** The largest unit the offset is a whole number of: 2880 → 2 days, 90 → 90 minutes. */
export function splitOffset(offsetMinutes: number): { amount: number; unit: OffsetUnit } {
  const unit =
    OFFSET_UNITS.find((candidate) => offsetMinutes % MINUTES_PER_UNIT[candidate] === 0) ?? 'minutes';
  return { amount: offsetMinutes / MINUTES_PER_UNIT[unit], unit };
}

/** '2 Tage', '1 Stunde', '90 Minuten'. */
export function formatOffset(offsetMinutes: number): string {
  const { amount, unit } =
    offsetMinutes === 0 ? { amount: 0, unit: 'minutes' as const } : splitOffset(offsetMinutes);
  const [one, many] = UNIT_WORDS[unit];
  return `${amount} ${amount === 1 ? one : many}`;
}

/** '2 Tage vor Beginn', '1 Tag nach Ende'; at 0: 'Zu Beginn', 'Direkt nach Ende'. */
export function formatRuleTiming(trigger: MailRuleTrigger, offsetMinutes: number): string {
  if (offsetMinutes === 0) return trigger === 'before_start' ? 'Zu Beginn' : 'Direkt nach Ende';
  return `${formatOffset(offsetMinutes)} ${MAIL_RULE_TRIGGER_LABELS[trigger]}`;
}

/** One line about a rule for the lists: when and to whom. */
export const ruleSummary = (rule: Pick<MailRule, 'trigger' | 'offsetMinutes' | 'audience'>) =>
  `${formatRuleTiming(rule.trigger, rule.offsetMinutes)} · ${MAIL_RULE_AUDIENCE_LABELS[rule.audience]}`;

/** The dialog's 'Zeitpunkt' in minutes; NaN for anything but a whole number, which the schema refuses. */
export function offsetMinutesOf(amount: string, unit: OffsetUnit): number {
  const text = amount.trim();
  return /^\d+$/.test(text) ? Number(text) * MINUTES_PER_UNIT[unit] : Number.NaN;
}
