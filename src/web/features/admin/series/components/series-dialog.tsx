import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminEvent } from '@shared/admin-events';
import { MAX_SERIES_DATES, SERIES_MESSAGES, type SeriesDateTimes } from '@shared/series';
import { Button } from '@web/components/ui/button';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Form } from '@web/components/ui/form';
import { FormDialog } from '@web/components/ui/form-dialog';
import { Input, Select } from '@web/components/ui/input';
import { NumberField } from '@web/components/ui/number-field';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { formatDate, formatTime, formatTimeRange } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useCreateSeries, usePreviewSeries } from '../api/create-series';
import {
  initialRuleValues,
  monthlyLabel,
  ruleOf,
  type RuleFormValues,
  type Rhythm,
} from '../series-rule-form';

/**
 * 'Als Reihe anlegen' (docs/product/event-series.md#create-series): the rule, its dates as a preview, then
 * all dates at once; the series' page opens afterwards.
 */
export function SeriesDialog({
  event,
  open,
  onClose,
}: {
  event: AdminEvent;
  open: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState<RuleFormValues>(initialRuleValues);
  const [error, setError] = useState<string | null>(null);
  const [dates, setDates] = useState<SeriesDateTimes[] | null>(null);
  const preview = usePreviewSeries();
  const create = useCreateSeries();
  const navigate = useNavigate();
  const busy = preview.isPending || create.isPending;
  const change = (next: Partial<RuleFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setDates(null);
    setError(null);
  };
  const close = () => {
    if (busy) return;
    setValues(initialRuleValues);
    setDates(null);
    setError(null);
    onClose();
  };

  const showPreview = async () => {
    const made = ruleOf(values);
    if ('error' in made) return setError(made.error);
    try {
      setDates((await preview.mutateAsync({ eventId: event.id, rule: made.rule })).dates);
    } catch (failure) {
      setError(messageOf(failure, 'Die Vorschau ist fehlgeschlagen.'));
    }
  };
  const submit = async () => {
    const made = ruleOf(values);
    if ('error' in made) return setError(made.error);
    try {
      const series = await create.mutateAsync({ eventId: event.id, rule: made.rule });
      toast.success(SERIES_MESSAGES.created(series.dates.length));
      onClose();
      void navigate(`/admin/series/${series.id}`);
    } catch (failure) {
      setError(messageOf(failure, 'Die Reihe konnte nicht angelegt werden.'));
    }
  };

  const zone = event.timezone;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Als Reihe anlegen"
      width="lg"
      description={
        <>
          Jeder Termin wird eine vollständige Kopie dieses Events mit eigenen Plätzen. Alle beginnen um{' '}
          {formatTime(event.startTime, zone)} Uhr ({zone}), auch nach der Zeitumstellung.
        </>
      }
    >
      <Form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
        <Field label="Rhythmus">
          <Select
            size="sm"
            value={values.rhythm}
            onChange={(input) => change({ rhythm: input.target.value as Rhythm })}
          >
            <option value="weekly">Jede Woche am {formatWeekdayName(event.startTime, zone)}</option>
            <option value="every_n_weeks">Alle n Wochen am {formatWeekdayName(event.startTime, zone)}</option>
            <option value="monthly_weekday">{monthlyLabel(event.startTime, zone)}</option>
            <option value="dates">An bestimmten Tagen</option>
          </Select>
        </Field>
        {values.rhythm === 'every_n_weeks' && (
          <Field label="Alle wie viele Wochen?" hint="1 bis 12">
            <NumberField
              size="sm"
              kind="whole"
              min={1}
              max={12}
              value={values.interval}
              onChange={(input) => change({ interval: input.target.value })}
            />
          </Field>
        )}
        {values.rhythm === 'dates' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">
              Weitere Tage (nach dem {formatDate(event.startTime, zone)})
            </legend>
            {values.dates.map((day, index) => (
              <div key={index} className="flex items-center gap-2">
                <Input
                  size="sm"
                  type="date"
                  aria-label={`Tag ${index + 2}`}
                  value={day}
                  onChange={(input) =>
                    change({
                      dates: values.dates.map((old, at) => (at === index ? input.target.value : old)),
                    })
                  }
                />
                {values.dates.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Tag ${index + 2} entfernen`}
                    onClick={() => change({ dates: values.dates.filter((_, at) => at !== index) })}
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </Button>
                )}
              </div>
            ))}
            {values.dates.length < MAX_SERIES_DATES - 1 && (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                className="self-start"
                onClick={() => change({ dates: [...values.dates, ''] })}
              >
                <Plus className="h-4 w-4" aria-hidden />
                Weiteren Tag hinzufügen
              </Button>
            )}
          </fieldset>
        ) : (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">Ende der Reihe</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="series-end"
                className="h-4 w-4 accent-primary"
                checked={values.endKind === 'count'}
                onChange={() => change({ endKind: 'count' })}
              />
              Nach einer Anzahl von Terminen
            </label>
            {values.endKind === 'count' && (
              <Field
                label="Anzahl Termine"
                hint={`Mit diesem Event, höchstens ${MAX_SERIES_DATES}`}
                className="ml-6"
              >
                <NumberField
                  size="sm"
                  kind="whole"
                  min={2}
                  max={MAX_SERIES_DATES}
                  value={values.count}
                  onChange={(input) => change({ count: input.target.value })}
                />
              </Field>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="series-end"
                className="h-4 w-4 accent-primary"
                checked={values.endKind === 'until'}
                onChange={() => change({ endKind: 'until' })}
              />
              Bis zu einem Tag
            </label>
            {values.endKind === 'until' && (
              <Field label="Bis einschließlich" className="ml-6">
                <Input
                  size="sm"
                  type="date"
                  value={values.until}
                  onChange={(input) => change({ until: input.target.value })}
                />
              </Field>
            )}
          </fieldset>
        )}
        {dates && (
          <section aria-label="Vorschau der Termine" className="rounded-xl border border-border p-3">
            <h3 className="text-sm font-semibold">{dates.length} Termine</h3>
            <ol className="mt-2 grid gap-1 text-sm tabular-nums sm:grid-cols-2">
              {dates.map((date) => (
                <li key={date.startTime}>
                  {formatDate(date.startTime, zone)}, {formatTimeRange(date.startTime, date.endTime, zone)}
                </li>
              ))}
            </ol>
          </section>
        )}
        {error && <ErrorText>{error}</ErrorText>}
        <DialogActions
          onCancel={close}
          busy={create.isPending}
          submitLabel="Reihe anlegen"
          busyLabel="Wird angelegt …"
          submitDisabled={preview.isPending}
        >
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void showPreview()}>
            Vorschau
          </Button>
        </DialogActions>
      </Form>
    </FormDialog>
  );
}

const formatWeekdayName = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('de-DE', { weekday: 'long', timeZone }).format(new Date(at));
