import { CalendarDays, ChartColumn, ScanLine, Star, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { EVENT_STATUS_LABELS } from '@shared/admin-events';
import type { EventStatus } from '@shared/events';
import type { OrganizerEvent } from '@shared/participants';
import { seatFiguresText } from '@shared/seat-figures';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { formatDate, formatTime, formatTimeRange } from '@web/lib/format';
import { usePageTitle } from '@web/lib/page-title';
import { useNow } from '@web/lib/use-now';
import { useOrganizerEvents } from './api/get-organizer-events';

/** Upcoming events (not yet ended) soonest first, then past ones latest first. */
export function splitByTime(events: OrganizerEvent[], now: Date) {
  const time = (value: string) => new Date(value).getTime();
  const upcoming = events
    .filter((event) => time(event.endTime) >= now.getTime())
    .sort((a, b) => time(a.startTime) - time(b.startTime));
  const past = events
    .filter((event) => time(event.endTime) < now.getTime())
    .sort((a, b) => time(b.startTime) - time(a.startTime));
  return { upcoming, past };
}

/** 'Sa., 14.03.2026, 18:30–20:00 Uhr' in the event's time zone; over several days both ends. */
function eventWhen({ startTime, endTime, timeZone }: OrganizerEvent): string {
  const startDay = formatDate(startTime, timeZone);
  const endDay = formatDate(endTime, timeZone);
  if (startDay === endDay) return `${startDay}, ${formatTimeRange(startTime, endTime, timeZone)}`;
  return `${startDay}, ${formatTime(startTime, timeZone)} Uhr – ${endDay}, ${formatTime(endTime, timeZone)} Uhr`;
}

// the charts load with their first opening, so the organizer's list stays light (docs/product/charts.md#organizer)
const EventStatsPanel = lazy(() =>
  import('@web/components/charts/event-stats-panel').then((m) => ({ default: m.EventStatsPanel })),
);

const statusLabel = (status: string) => EVENT_STATUS_LABELS[status as EventStatus] ?? status;

/**
 * 'Meine Veranstaltungen' at /veranstalter (docs/product/organizer-day.md#organizer-area): the events the
 * organizer is assigned to, upcoming first, each with its counts and the ways to its participants and the
 * door check-in. Admins may open it too; for them the server lists every event.
 */
export function OrganizerPage() {
  usePageTitle('Meine Veranstaltungen');
  const events = useOrganizerEvents();
  const now = useNow();

  return (
    <section aria-labelledby="organizer-heading" className="flex flex-col gap-6">
      <h1 id="organizer-heading" className="text-2xl font-semibold tracking-tight">
        Meine Veranstaltungen
      </h1>
      {events.isPending ? (
        <PageSpinner />
      ) : events.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <ErrorText alert={false} size="base">
            {events.error.message || 'Deine Veranstaltungen konnten nicht geladen werden.'}
          </ErrorText>
          <Button variant="secondary" onClick={() => void events.refetch()}>
            Erneut versuchen
          </Button>
        </div>
      ) : events.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
          Du bist noch keiner Veranstaltung als Veranstalter:in zugeordnet.
        </p>
      ) : (
        <EventGroups {...splitByTime(events.data, now)} />
      )}
    </section>
  );
}

function EventGroups({ upcoming, past }: { upcoming: OrganizerEvent[]; past: OrganizerEvent[] }) {
  return (
    <>
      {upcoming.length > 0 && <EventGroup title="Kommende Veranstaltungen" events={upcoming} />}
      {past.length > 0 && <EventGroup title="Vergangene Veranstaltungen" events={past} />}
    </>
  );
}

function EventGroup({ title, events }: { title: string; events: OrganizerEvent[] }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h2>
      <ul className="flex flex-col gap-3">
        {events.map((event) => (
          <EventItem key={event.id} event={event} />
        ))}
      </ul>
    </section>
  );
}

function EventItem({ event }: { event: OrganizerEvent }) {
  const { counts } = event;
  const [chartsOpen, setChartsOpen] = useState(false);
  const chartsId = `charts-${event.id}`;
  return (
    <li
      aria-label={event.title}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 text-card-foreground"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words">{event.title}</h3>
            {event.status !== 'published' && <Badge>{statusLabel(event.status)}</Badge>}
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarDays className="h-4 w-4 shrink-0" aria-hidden />
            <span>
              {eventWhen(event)}
              {event.location && ` · ${event.location}`}
            </span>
          </p>
          <p className="mt-1 text-sm">
            {seatFiguresText(event.seats)} · {counts.checkedIn} eingecheckt
            {counts.cancelled > 0 && ` · ${counts.cancelled} storniert`}
            {counts.openPayments > 0 &&
              ` · ${counts.openPayments === 1 ? '1 offene Zahlung' : `${counts.openPayments} offene Zahlungen`}`}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link
            to={`/veranstalter/events/${encodeURIComponent(event.id)}`}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`Teilnehmende von „${event.title}“`}
          >
            <Users className="h-4 w-4" aria-hidden />
            Teilnehmende
          </Link>
          {/* docs/product/feedback.md#results */}
          <Link
            to={`/veranstalter/events/${encodeURIComponent(event.id)}/feedback`}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`Feedback zu „${event.title}“`}
          >
            <Star className="h-4 w-4" aria-hidden />
            Feedback
          </Link>
          <Link
            to={`/checkin/${encodeURIComponent(event.id)}`}
            className={buttonClasses('primary', 'sm')}
            aria-label={`Check-in für „${event.title}“`}
          >
            <ScanLine className="h-4 w-4" aria-hidden />
            Check-in
          </Link>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Verlauf von „${event.title}“`}
          aria-expanded={chartsOpen}
            aria-controls={chartsId}
            onClick={() => setChartsOpen((open) => !open)}
          >
            <ChartColumn className="h-4 w-4" aria-hidden />
            {chartsOpen ? 'Verlauf ausblenden' : 'Verlauf'}
          </Button>
        </div>
      </div>
      {chartsOpen && (
        <div id={chartsId}>
          <Suspense fallback={<p className="text-sm text-muted-foreground">Diagramme werden geladen …</p>}>
            <EventStatsPanel eventId={event.id} level={4} />
          </Suspense>
        </div>
      )}
    </li>
  );
}
