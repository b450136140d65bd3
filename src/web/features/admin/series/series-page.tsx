import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EVENT_STATUS_LABELS, type AdminEvent, type EventFormOptions } from '@shared/admin-events';
import { SERIES_MESSAGES, seriesPagePath, type AdminSeries } from '@shared/series';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Form } from '@web/components/ui/form';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { cardClass } from '@web/features/admin/kit/admin-styles';
import { apiFetch, ApiError } from '@web/lib/api-client';
import { formatDateTimeShort, formatCount } from '@web/lib/format';
import { usePageTitle } from '@web/lib/page-title';
import { toast } from '@web/lib/toast';
import { useAdminSeries } from './api/get-admin-series';
import { useUpdateFutureDates } from './api/update-future-dates';
import {
  futureUpdateOf,
  futureValuesOf,
  newCategoryRow,
  type CategoryRow,
  type FutureFormValues,
} from './series-future-form';

/**
 * A series in the back office (/admin/series/:id, docs/product/event-series.md#admin-list): its dates with
 * sold tickets and free seats, and 'Alle künftigen Termine ändern' (#future-dates).
 */
export function SeriesPage() {
  const { id = '' } = useParams();
  const { data: series, isPending, error } = useAdminSeries(id);
  usePageTitle(series ? `Reihe: ${series.title}` : 'Reihe');
  if (isPending) return <PageSpinner />;
  if (!series) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{missing ? SERIES_MESSAGES.notFound : 'Fehler beim Laden'}</p>
        <Link to="/admin/events" className={buttonClasses('secondary')}>
          Zur Übersicht
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="series-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="series-heading" className="text-2xl font-semibold tracking-tight">
          Reihe: {series.title}
        </h1>
        <Link to={seriesPagePath(series.slug)} className={buttonClasses('ghost', 'sm')}>
          <ExternalLink className="h-4 w-4" aria-hidden />
          Seite der Reihe ansehen
        </Link>
      </div>
      <SeriesDates series={series} />
      {series.nextDateId ? (
        <FutureDatesCard series={series} nextDateId={series.nextDateId} />
      ) : (
        <p className="text-sm text-muted-foreground">{SERIES_MESSAGES.noFutureDates}</p>
      )}
    </section>
  );
}

function SeriesDates({ series }: { series: AdminSeries }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card text-card-foreground">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Termine der Reihe</caption>
        <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-3">
              Termin
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Tickets
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Frei
            </th>
          </tr>
        </thead>
        <tbody>
          {series.dates.map((date) => (
            <tr key={date.id} className="border-b border-border last:border-b-0">
              <td className="px-3 py-3">
                <Link
                  to={`/admin/events/${date.id}/edit`}
                  className="font-medium tabular-nums hover:underline"
                >
                  {formatDateTimeShort(date.startTime, series.timezone)}
                </Link>
                {date.isPast && <span className="ml-2 text-xs text-muted-foreground">vergangen</span>}
              </td>
              <td className="px-3 py-3">
                <Badge
                  tone={
                    date.status === 'published'
                      ? 'success'
                      : date.status === 'cancelled'
                        ? 'destructive'
                        : 'neutral'
                  }
                >
                  {EVENT_STATUS_LABELS[date.status]}
                </Badge>
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{formatCount(date.soldTickets)}</td>
              <td className="px-3 py-3 text-right tabular-nums">
                {formatCount(date.availableSeats)} von {formatCount(date.totalSeats)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FutureDatesCard({ series, nextDateId }: { series: AdminSeries; nextDateId: string }) {
  const next = useQuery({
    queryKey: ADMIN_EVENT_KEYS.detail(nextDateId),
    queryFn: ({ signal }) => apiFetch<AdminEvent>(`/api/admin/events/${nextDateId}`, { signal }),
  });
  const options = useQuery({
    queryKey: ADMIN_EVENT_KEYS.formOptions,
    queryFn: ({ signal }) => apiFetch<EventFormOptions>('/api/admin/events/form-options', { signal }),
  });
  if (!next.data) return next.isPending ? <PageSpinner /> : <ErrorText>Fehler beim Laden</ErrorText>;
  return (
    <FutureDatesForm
      key={`${nextDateId}-${next.data.updatedAt}`}
      series={series}
      next={next.data}
      policies={options.data?.policies ?? []}
    />
  );
}

function FutureDatesForm({
  series,
  next,
  policies,
}: {
  series: AdminSeries;
  next: AdminEvent;
  policies: EventFormOptions['policies'];
}) {
  const [initial] = useState(() => futureValuesOf(next));
  const [values, setValues] = useState<FutureFormValues>(initial);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const save = useUpdateFutureDates();
  const coming = series.dates.filter((date) => !date.isPast && date.status !== 'cancelled');
  const withSales = coming.filter((date) => date.hasSales).length;
  const set = (change: Partial<FutureFormValues>) => setValues((current) => ({ ...current, ...change }));
  const setRow = (index: number, change: Partial<CategoryRow>) =>
    set({ categories: values.categories.map((row, at) => (at === index ? { ...row, ...change } : row)) });

  const submit = async () => {
    setKept(null);
    const made = futureUpdateOf(initial, values);
    if ('error' in made) return setError(made.error);
    setError(null);
    try {
      const answer = await save.mutateAsync({ id: series.id, update: made.update });
      toast.success(SERIES_MESSAGES.futureSaved);
      if (answer.keptTimes > 0)
        setKept(
          `${answer.keptTimes} ${answer.keptTimes === 1 ? 'Termin mit verkauften Tickets behält' : 'Termine mit verkauften Tickets behalten'} ihre Uhrzeit. Ändere sie einzeln, dann bekommen die Käufer eine E-Mail.`,
        );
    } catch (failure) {
      setError(messageOf(failure, 'Fehler beim Speichern.'));
    }
  };

  return (
    <section aria-labelledby="future-heading" className={cardClass}>
      <h2 id="future-heading" className="text-lg font-semibold">
        Alle künftigen Termine ändern
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Gilt für {coming.length} {coming.length === 1 ? 'kommenden Termin' : 'kommende Termine'}; vergangene
        bleiben, wie sie sind.
        {withSales > 0 &&
          ` ${withSales} davon ${withSales === 1 ? 'hat' : 'haben'} schon Tickets und behalten ihre Uhrzeit.`}
      </p>
      <Form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
        <Field label="Titel" required>
          <Input value={values.title} onChange={(input) => set({ title: input.target.value })} />
        </Field>
        <Field label="Untertitel">
          <Input
            value={values.shortDescription}
            onChange={(input) => set({ shortDescription: input.target.value })}
          />
        </Field>
        <Field label="Beschreibung" required>
          <Textarea
            value={values.description}
            onChange={(input) => set({ description: input.target.value })}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Beginn (Uhrzeit)" hint={`Ortszeit ${series.timezone}`}>
            <Input
              type="time"
              value={values.startClock}
              onChange={(input) => set({ startClock: input.target.value })}
            />
          </Field>
          <Field label="Ende (Uhrzeit)">
            <Input
              type="time"
              value={values.endClock}
              onChange={(input) => set({ endClock: input.target.value })}
            />
          </Field>
        </div>
        <Field label="Stornierungsrichtlinie">
          <Select
            value={values.cancellationPolicyId}
            onChange={(input) => set({ cancellationPolicyId: input.target.value })}
          >
            <option value="">Standard (gestaffelt)</option>
            {policies.map((policy) => (
              <option key={policy.id} value={policy.id}>
                {policy.name}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Ticketarten und Preise</legend>
          {values.categories.map((row, index) => (
            <div key={row.id ?? `new-${index}`} className="flex flex-wrap items-end gap-2">
              <Field label="Name" compact className="min-w-40 flex-1">
                <Input
                  size="sm"
                  value={row.name}
                  onChange={(input) => setRow(index, { name: input.target.value })}
                />
              </Field>
              <Field label="Preis (€)" compact className="w-32">
                <Input
                  size="sm"
                  inputMode="decimal"
                  value={row.price}
                  onChange={(input) => setRow(index, { price: input.target.value })}
                />
              </Field>
              {!row.inUse && values.categories.length > 1 && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Ticketart ${row.name || index + 1} entfernen`}
                  onClick={() => set({ categories: values.categories.filter((_, at) => at !== index) })}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              )}
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => set({ categories: [...values.categories, newCategoryRow()] })}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Ticketart hinzufügen
          </Button>
        </fieldset>
        {error && <ErrorText>{error}</ErrorText>}
        {kept && (
          <p role="status" className="text-sm">
            {kept}
          </p>
        )}
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {save.isPending ? 'Wird gespeichert …' : 'Alle künftigen Termine speichern'}
        </Button>
      </Form>
    </section>
  );
}
