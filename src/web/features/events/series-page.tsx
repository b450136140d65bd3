import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isPastEvent } from '@shared/event-rules';
import { SERIES_NOT_FOUND } from '@shared/series-page';
import { buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { usePageTitle } from '@web/lib/page-title';
import { useNow } from '@web/lib/use-now';
import { useEvents } from './api/get-events';
import { SeriesDates } from './components/series-dates';
import { SeriesFeedback } from './components/featured-feedback';
import { useLiveSeats } from './use-live-seats';

/**
 * /series/{slug}: the dates of a series with seats left, each linking to its event page, where it is booked
 * (docs/product/event-series.md#series-page). Read from the public event list, which the server renders in.
 */
export function SeriesPage() {
  const { slug = '' } = useParams();
  const { data: events, isPending } = useEvents();
  const now = useNow();
  useLiveSeats();
  const dates = (events ?? []).filter((event) => event.series?.slug === slug);
  const series = dates[0]?.series;
  usePageTitle(series?.title ?? (isPending ? 'Reihe' : SERIES_NOT_FOUND));
  if (!series) {
    if (isPending) return <PageSpinner />;
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="font-serif text-3xl font-semibold tracking-tight">{SERIES_NOT_FOUND}</h1>
        <p className="mt-3 text-muted-foreground">
          Diese Reihe gibt es nicht (mehr) oder sie hat keine öffentlichen Termine.
        </p>
        <Link to="/" className={`${buttonClasses('primary', 'lg')} mt-8`}>
          Alle Veranstaltungen
        </Link>
      </section>
    );
  }
  const coming = dates.filter((date) => !isPastEvent(date, now));
  const past = dates.filter((date) => isPastEvent(date, now)).reverse();
  const first = coming[0] ?? dates[0]!;
  return (
    <article className="mx-auto max-w-3xl px-4 pt-6 pb-16 sm:px-6">
      <Link
        to="/"
        className="inline-flex items-center gap-1 rounded-md text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Alle Veranstaltungen
      </Link>
      <header className="mt-6">
        <p className="text-sm font-medium text-primary">Reihe · {dates.length} Termine</p>
        <h1 className="mt-2 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">{series.title}</h1>
        {first.shortDescription && (
          <p className="mt-3 text-lg text-muted-foreground">{first.shortDescription}</p>
        )}
      </header>
      <section aria-labelledby="coming-heading" className="mt-8">
        <h2 id="coming-heading" className="text-lg font-semibold">
          Termine
        </h2>
        {coming.length > 0 ? (
          <div className="mt-3">
            <SeriesDates dates={coming} now={now} label="Kommende Termine" />
          </div>
        ) : (
          <p className="mt-2 text-muted-foreground">Alle Termine dieser Reihe haben schon stattgefunden.</p>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-heading" className="mt-10">
          <h2 id="past-heading" className="text-lg font-semibold text-muted-foreground">
            Vergangene Termine
          </h2>
          <div className="mt-3 opacity-80">
            <SeriesDates dates={past} now={now} label="Vergangene Termine" />
          </div>
        </section>
      )}
      {/* docs/product/feedback.md#featured */}
      <SeriesFeedback slug={slug} />
    </article>
  );
}
