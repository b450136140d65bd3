import { CalendarDays, Clock, MapPin } from 'lucide-react';
import { eventPlace, isPastEvent, seatBadge } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { eventDateRange, eventTimeRange } from '@shared/date-range';
import { EventCover } from '@web/components/event-cover';
import { buttonClasses } from '@web/components/ui/button';
import { EventPrice } from './event-price';
import { SeatBadgeView } from './seat-badge';

/**
 * One card of the booking widget (docs/product/widget.md#widget-page): the shop's card with live seats. Its links
 * open the shop in a new tab, first-party, where sign-in works under every browser's default privacy settings
 * (docs/product/widget.md#book-in-new-tab). Its text keeps a fixed height, so the host page can reserve it.
 */
export function WidgetEventCard({ event, now, eager }: { event: PublicEvent; now: Date; eager: boolean }) {
  const facts = [
    { icon: CalendarDays, label: 'Datum', text: eventDateRange(event) },
    { icon: Clock, label: 'Zeit', text: eventTimeRange(event) },
    { icon: MapPin, label: 'Ort', text: eventPlace(event) },
  ];
  const soldOut = seatBadge(event, now)?.kind === 'soldout';
  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm"
      data-testid="widget-event-card"
    >
      <EventCover event={event} loading={eager ? 'eager' : 'lazy'} className="aspect-[2/1]" />
      <div className="flex h-[290px] flex-col gap-2 p-4">
        <h2 className="line-clamp-2 h-[2lh] shrink-0 text-base font-semibold leading-snug break-words hyphens-auto">
          <a href={`/event/${event.slug}`} target="_blank" rel="noopener" className="hover:underline">
            {event.title}
          </a>
        </h2>
        <dl className="flex shrink-0 flex-col gap-1 text-sm text-muted-foreground">
          {facts.map(({ icon: Icon, label, text }) => (
            <div key={label} className="flex min-w-0 items-center gap-2">
              <dt>
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                <span className="sr-only">{label}</span>
              </dt>
              <dd className="truncate">{text}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-auto flex items-end justify-between gap-2">
          <EventPrice event={event} now={now} />
          <SeatBadgeView event={event} now={now} />
        </div>
        {soldOut || isPastEvent(event, now) ? (
          <a
            href={`/event/${event.slug}`}
            target="_blank"
            rel="noopener"
            className={buttonClasses('secondary', 'md', 'w-full')}
          >
            {event.waitlistEnabled ? 'Ausgebucht – zur Warteliste' : 'Ausgebucht – Details'}
          </a>
        ) : (
          <a
            href={`/checkout/${event.id}`}
            target="_blank"
            rel="noopener"
            className={buttonClasses('primary', 'md', 'w-full')}
          >
            Tickets buchen
            <span className="sr-only"> für {event.title} (öffnet in neuem Tab)</span>
          </a>
        )}
      </div>
    </li>
  );
}
