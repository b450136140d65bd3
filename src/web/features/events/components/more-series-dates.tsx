import { isPastEvent } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { seriesPagePath } from '@shared/series-page';
import { Link } from 'react-router';
import { useEvents } from '../api/get-events';
import { SeriesDates } from './series-dates';

const SHOWN = 4;

/**
 * 'Weitere Termine' on a date's event page: up to four coming dates of its series and the link to the
 * series page (docs/product/event-series.md#series-page).
 */
export function MoreSeriesDates({ event, now }: { event: PublicEvent; now: Date }) {
  const { data: events } = useEvents();
  const series = event.series;
  if (!series) return null;
  const others = (events ?? []).filter(
    (other) => other.series?.slug === series.slug && other.id !== event.id && !isPastEvent(other, now),
  );
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="more-dates-heading" className="mt-8">
      <h2 id="more-dates-heading" className="text-lg font-semibold">
        Weitere Termine
      </h2>
      <div className="mt-3">
        <SeriesDates dates={others.slice(0, SHOWN)} now={now} label="Weitere Termine" />
      </div>
      <Link
        to={seriesPagePath(series.slug)}
        className="mt-3 inline-block text-primary underline underline-offset-2"
      >
        Alle Termine der Reihe
      </Link>
    </section>
  );
}
