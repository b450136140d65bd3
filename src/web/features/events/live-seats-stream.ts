import type { QueryClient } from '@tanstack/react-query';
import type { PublicEvent, SeatUpdate } from '@shared/events';
import { queryKeys } from '@web/lib/query-keys';

// Seat counts on event views update live (docs/product/booking-and-seats.md#live-seats). One EventSource for
// the whole app, opened by the first event view and kept open; seat updates go straight into the query cache.
const LIVE_URL = '/api/events/live';
const MAX_RETRY_MS = 60_000;

let source: EventSource | null = null;
let retries = 0;
/** Set by a connection error: updates may have been missed, so the lists are fetched again on reconnect. */
let missedUpdates = false;

const isSeatUpdate = (value: unknown): value is SeatUpdate =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SeatUpdate).eventId === 'string' &&
  typeof (value as SeatUpdate).availableSeats === 'number' &&
  typeof (value as SeatUpdate).totalSeats === 'number';

export function applySeatUpdate(client: QueryClient, update: SeatUpdate): void {
  const patch = (event: PublicEvent): PublicEvent =>
    event.id === update.eventId
      ? { ...event, availableSeats: update.availableSeats, totalSeats: update.totalSeats }
      : event;
  client.setQueriesData<PublicEvent[]>({ queryKey: queryKeys.events.lists }, (list) =>
    Array.isArray(list) && list.some((event) => event.id === update.eventId) ? list.map(patch) : list,
  );
  client.setQueriesData<PublicEvent>({ queryKey: queryKeys.events.details }, (event) =>
    event && !Array.isArray(event) ? patch(event) : event,
  );
}

function connect(client: QueryClient): void {
  if (typeof EventSource === 'undefined') return;
  const live = new EventSource(LIVE_URL);
  source = live;
  live.addEventListener('seats', (message) => {
    try {
      const update: unknown = JSON.parse((message as MessageEvent<string>).data);
      if (isSeatUpdate(update)) applySeatUpdate(client, update);
    } catch {
      // a malformed message changes nothing
    }
  });
  live.addEventListener('open', () => {
    retries = 0;
    if (!missedUpdates) return;
    missedUpdates = false;
    void client.invalidateQueries({ queryKey: queryKeys.events.lists });
    void client.invalidateQueries({ queryKey: queryKeys.events.details });
  });
  live.addEventListener('error', () => {
    missedUpdates = true;
    // The browser retries on its own while CONNECTING; after a refused answer it gives up (CLOSED).
    if (live.readyState !== EventSource.CLOSED) return;
    live.close();
    source = null;
    const delay = Math.min(MAX_RETRY_MS, 2_000 * 2 ** retries++);
    setTimeout(() => {
      if (!source) connect(client);
    }, delay);
  });
}

/** Opens the shared connection unless it is open (use-live-seats.ts loads this module after the first render). */
export function connectOnce(client: QueryClient): void {
  if (!source) connect(client);
}
