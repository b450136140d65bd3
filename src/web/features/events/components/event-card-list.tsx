import type { PublicEvent } from '@shared/events';
import { EventCard } from './event-card';

export function EventCardList({ events, now }: { events: PublicEvent[]; now: Date }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event, index) => (
        // Only the first image may be above the fold; the others load when scrolled near.
        <EventCard key={event.id} event={event} now={now} eager={index === 0} />
      ))}
    </ul>
  );
}

/** Placeholders of the cards' size while the list loads, so the page below does not jump. */
export function EventCardSkeletons() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
      {[0, 1, 2].map((index) => (
        <div key={index} className="overflow-hidden rounded-xl border border-border bg-card">
          <div className="aspect-[2/1] animate-pulse bg-muted" />
          <div className="flex flex-col gap-3 p-5">
            <div className="h-6 w-4/5 rounded bg-muted" />
            <div className="h-4 w-3/5 rounded bg-muted" />
            <div className="h-4 w-2/5 rounded bg-muted" />
            <div className="h-4 w-1/2 rounded bg-muted" />
            <div className="mt-3 h-7 w-full rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
