import { CalendarDays, Clock, MapPin } from 'lucide-react';
import { eventPlace, isPastEvent, seatBadge } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { eventDateRange, eventTimeRange } from '@shared/date-range';
import { WIDGET_LAYOUT } from '@shared/widget-messages';
import { EventCover } from '@web/components/event-cover';
import { buttonClasses } from '@web/components/ui/button';
import { EventPrice } from './event-price';
import { SeatBadgeView } from './seat-badge';

/** A card's width in the widget's row: its own, or less in a narrow frame, so the next card peeks in. */
export const WIDGET_CARD_WIDTH = `min(${WIDGET_LAYOUT.cardWidthPx}px, calc(100% - 40px))`;

/**
 * One card of the booking widget (docs/product/widget.md#widget-page): the shop's card with live seats. Its links
 * open the shop in a new tab, first-party, where sign-in works under every browser's default privacy settings
 * (docs/product/widget.md#book-in-new-tab). Cover and text keep a fixed height at any width, so the host page
 * reserves the widget's height before it loads (docs/product/widget.md#no-layout-shift).
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
      className="flex shrink-0 snap-start flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm"
      style={{ width: WIDGET_CARD_WIDTH }}
      data-testid="widget-event-card"
    >
      <div className="shrink-0" style={{ height: WIDGET_LAYOUT.coverPx }}>
        <EventCover event={event} loading={eager ? 'eager' : 'lazy'} className="h-full" />
      </div>
      <div className="flex shrink-0 flex-col gap-2 p-4" style={{ height: WIDGET_LAYOUT.cardBodyPx }}>
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
        {/* seats on a line of their own: beside a price with an early bird they would not fit a card this narrow */}
        <div className="mt-auto flex min-h-5 shrink-0 items-center">
          <SeatBadgeView event={event} now={now} />
        </div>
        <div className="shrink-0">
          <EventPrice event={event} now={now} />
        </div>
        {soldOut || isPastEvent(event, now) ? (
          <a
            href={`/event/${event.slug}`}
            target="_blank"
            rel="noopener"
            className={buttonClasses('secondary', 'md', 'w-full shrink-0')}
          >
            {event.waitlistEnabled ? 'Ausgebucht – zur Warteliste' : 'Ausgebucht – Details'}
          </a>
        ) : (
          <a
            href={`/checkout/${event.id}`}
            target="_blank"
            rel="noopener"
            className={buttonClasses('primary', 'md', 'w-full shrink-0')}
          >
            Tickets buchen
            <span className="sr-only"> für {event.title} (öffnet in neuem Tab)</span>
          </a>
        )}
      </div>
    </li>
  );
}
