import type { PublicEvent } from '@shared/events';
import { formatDate } from '@web/lib/format';
import { BookButton } from './book-button';
import { eventTimeRange } from '@shared/date-range';

/**
 * On phones a bar at the bottom with title, date, time range and 'Jetzt buchen'
 * (docs/product/booking-and-seats.md#book-button).
 */
export function MobileBookingBar({ event, now }: { event: PublicEvent; now: Date }) {
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur md:hidden"
      data-testid="mobile-booking-bar"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{event.title}</p>
          <p className="text-xs text-muted-foreground">
            <span className="whitespace-nowrap">{formatDate(event.startTime, event.timezone)}</span> ·{' '}
            <span className="whitespace-nowrap">{eventTimeRange(event)}</span>
          </p>
        </div>
        <BookButton event={event} now={now} size="md" className="shrink-0" />
      </div>
    </div>
  );
}
