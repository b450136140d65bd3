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

/** The update for `event` when it shows other counts than the update has. */
function changeFor(event: PublicEvent, updates: Map<string, SeatUpdate>): SeatUpdate | undefined {
  const update = updates.get(event.id);
  return update && (event.availableSeats !== update.availableSeats || event.totalSeats !== update.totalSeats)
    ? update
    : undefined;
}

/**
 * Writes the counts into every cached list and detail that shows other counts. Queries without a change are
 * not touched (the counts on every connection name all events), and untouched events keep their identity.
 */
export function applySeatUpdates(client: QueryClient, updates: SeatUpdate[]): void {
  const byId = new Map(updates.map((update) => [update.eventId, update]));
  const patch = (event: PublicEvent): PublicEvent => {
    const update = changeFor(event, byId);
    return update
      ? { ...event, availableSeats: update.availableSeats, totalSeats: update.totalSeats }
      : event;
  };
  const cache = client.getQueryCache();
  for (const query of cache.findAll({ queryKey: queryKeys.events.lists })) {
    const list: unknown = query.state.data;
    if (Array.isArray(list) && list.some((event: PublicEvent) => changeFor(event, byId))) {
      client.setQueryData<PublicEvent[]>(query.queryKey, (list as PublicEvent[]).map(patch));
    }
  }
  for (const query of cache.findAll({ queryKey: queryKeys.events.details })) {
    const event = query.state.data as PublicEvent | undefined;
    if (event && !Array.isArray(event) && changeFor(event, byId)) {
      client.setQueryData<PublicEvent>(query.queryKey, patch(event));
    }
  }
}

export const applySeatUpdate = (client: QueryClient, update: SeatUpdate): void =>
  applySeatUpdates(client, [update]);

function parsed(message: Event): unknown {
  try {
    return JSON.parse((message as MessageEvent<string>).data);
  } catch {
    return undefined; // a malformed message changes nothing
  }
}

function connect(client: QueryClient): void {
  if (typeof EventSource === 'undefined') return;
  const live = new EventSource(LIVE_URL);
  source = live;
  live.addEventListener('seats', (message) => {
    const update = parsed(message);
    if (isSeatUpdate(update)) applySeatUpdate(client, update);
  });
  // the counts now, first on every connection: a change between reading the page and connecting shows too
  live.addEventListener('counts', (message) => {
    const updates = parsed(message);
    if (Array.isArray(updates)) applySeatUpdates(client, updates.filter(isSeatUpdate));
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
