import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicEvent } from '@shared/events';
import { formatDate, formatTimeRange } from '@web/lib/format';
import { EventPrice } from './event-price';
import { SeatBadgeView } from './seat-badge';

/**
 * Dates of a series as a list of links to their event pages, each with day, time, place, price and seats
 * left (docs/product/event-series.md#series-page).
 */
export function SeriesDates({ dates, now, label }: { dates: PublicEvent[]; now: Date; label: string }) {
  return (
    <ul
      aria-label={label}
      className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card"
    >
      {dates.map((date) => (
        <li key={date.id}>
          <Link
            to={`/event/${date.slug}`}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium tabular-nums">
                {formatDate(date.startTime, date.timezone)}
              </span>
              <span className="block text-sm text-muted-foreground">
                {formatTimeRange(date.startTime, date.endTime, date.timezone)}
                {date.mode === 'online' ? ' · Online' : date.location ? ` · ${date.location}` : ''}
              </span>
            </span>
            <span className="text-sm">
              <EventPrice event={date} now={now} />
            </span>
            <SeatBadgeView event={date} now={now} />
            <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
