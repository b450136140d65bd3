import type { SeatUpdate } from '@shared/events';
import type { SeatFeed } from './seat-feed';

export interface SeatEventStreamOptions {
  /** Admins also get seat changes of drafts (they see drafts in lists); visitors only of visible events. */
  includeHidden: boolean;
  heartbeatMs?: number;
  /** Reconnect delay the browser's EventSource uses after the connection drops. */
  retryMs?: number;
}

/** A client that stops reading would otherwise make the server buffer for it without limit. */
const MAX_QUEUED_CHUNKS = 500;

/**
 * The body of GET /api/events/live (server-sent events): `event: seats` with a SeatUpdate as JSON for each
 * seat change, `event: resync` when changes may have been missed (refetch the events), a comment as
 * heartbeat so proxies keep the connection open, and a `retry:` hint. Cancelled when the client goes away.
 */
export function seatEventStream(feed: SeatFeed, options: SeatEventStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const close = () => {
        if (!open) return;
        open = false;
        cleanup();
        controller.close();
      };
      const send = (text: string) => {
        if (!open) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return close();
        controller.enqueue(encoder.encode(text));
      };
      const heartbeat = setInterval(() => send(': ping\n\n'), heartbeatMs);
      const unwatch = feed.watch((event) => {
        if (event.kind === 'seats' && (event.visible || options.includeHidden)) {
          const update: SeatUpdate = {
            eventId: event.eventId,
            availableSeats: event.availableSeats,
            totalSeats: event.totalSeats,
          };
          send(`event: seats\ndata: ${JSON.stringify(update)}\n\n`);
        } else if (event.kind === 'resync') {
          send('event: resync\ndata: {}\n\n');
        } else if (event.kind === 'stopped') {
          close();
        }
      });
      cleanup = () => {
        open = false;
        clearInterval(heartbeat);
        unwatch();
      };
      send(`retry: ${options.retryMs ?? 3000}\n: verbunden\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
}
