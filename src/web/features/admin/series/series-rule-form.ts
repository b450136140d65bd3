import { seriesRuleSchema, SERIES_MESSAGES, type SeriesRuleInput } from '@shared/series';

/** The dialog's choices: 'Alle n Wochen' is the weekly rule with an interval. */
export type Rhythm = 'weekly' | 'every_n_weeks' | 'monthly_weekday' | 'dates';
export type EndKind = 'count' | 'until';

export interface RuleFormValues {
  rhythm: Rhythm;
  interval: string;
  endKind: EndKind;
  count: string;
  until: string;
  dates: string[];
}

export const initialRuleValues: RuleFormValues = {
  rhythm: 'monthly_weekday',
  interval: '2',
  endKind: 'count',
  count: '4',
  until: '',
  dates: [''],
};

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The rule the form describes, checked by the same schema as on the server
 * (docs/product/event-series.md#series-rules), or the first German message.
 */
export function ruleOf(values: RuleFormValues): { rule: SeriesRuleInput } | { error: string } {
  const end = values.endKind === 'count' ? { count: whole(values.count) } : { until: values.until };
  const candidate =
    values.rhythm === 'dates'
      ? { frequency: 'dates', dates: values.dates.filter((day) => day !== '') }
      : values.rhythm === 'monthly_weekday'
        ? { frequency: 'monthly_weekday', ...end }
        : {
            frequency: 'weekly',
            interval: values.rhythm === 'weekly' ? 1 : whole(values.interval),
            ...end,
          };
  const parsed = seriesRuleSchema.safeParse(candidate);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? SERIES_MESSAGES.frequency };
  return { rule: parsed.data };
}

const ORDINALS = ['1.', '2.', '3.', '4.'];

/** 'Jeden Monat am 2. Dienstag' / 'am letzten Freitag' for the event's first day (docs/product/event-series.md#monthly-weekday). */
export function monthlyLabel(startTime: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('de-DE', { day: 'numeric', weekday: 'long', timeZone }).formatToParts(
    new Date(startTime),
  );
  const day = Number(parts.find((part) => part.type === 'day')?.value ?? '1');
  const weekday = parts.find((part) => part.type === 'weekday')?.value ?? '';
  const ordinal = Math.ceil(day / 7);
  return ordinal >= 5
    ? `Jeden Monat am letzten ${weekday}`
    : `Jeden Monat am ${ORDINALS[ordinal - 1]} ${weekday}`;
}
