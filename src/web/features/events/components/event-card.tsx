import { CalendarDays, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { eventPlace } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { EventCover } from '@web/components/event-cover';
import { Badge } from '@web/components/ui/badge';
import { EventPrice } from './event-price';
import { eventDateRange, eventTimeRange } from '@shared/date-range';
import { SeatBadgeView } from './seat-badge';

/** One card of the list (docs/product/events.md#home-views); the whole card opens the event. */
export function EventCard({ event, now, eager }: { event: PublicEvent; now: Date; eager: boolean }) {
  const facts = [
    { icon: CalendarDays, label: 'Datum', text: eventDateRange(event) },
    { icon: Clock, label: 'Zeit', text: eventTimeRange(event) },
    { icon: MapPin, label: 'Ort', text: eventPlace(event) },
  ];
  return (
    <li
      className="relative flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring"
      data-testid="event-card"
    >
      <EventCover event={event} loading={eager ? 'eager' : 'lazy'} className="aspect-[2/1]" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {event.status === 'draft' && (
          <div>
            <Badge tone="warning">Entwurf</Badge>
          </div>
        )}
        <h3 className="text-lg font-semibold leading-snug break-words hyphens-auto">
          <Link
            to={`/event/${event.slug}`}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {event.title}
          </Link>
        </h3>
        <dl className="flex flex-col gap-1.5 text-sm text-muted-foreground">
          {facts.map(({ icon: Icon, label, text }) => (
            <div key={label} className="flex items-center gap-2">
              <dt>
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                <span className="sr-only">{label}</span>
              </dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 border-t border-border pt-3">
          <EventPrice event={event} now={now} />
          <SeatBadgeView event={event} now={now} />
        </div>
      </div>
    </li>
  );
}
