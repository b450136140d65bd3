import { isIP } from 'node:net';
import type { SeatUpdate } from '@shared/events';
import type { FeedEvent, SeatFeed } from './seat-feed';

export interface SeatEventStreamsOptions {
  /** Open streams one client (its address; an IPv6 client by its /64) may hold at once. */
  perClient?: number;
  /** Open streams of this instance at once; beyond it new ones are refused until others close. */
  total?: number;
  heartbeatMs?: number;
  /** Reconnect delay the browser's EventSource uses after the connection drops; each stream gets ±50 %. */
  retryMs?: number;
  /** Randomness of the retry hint (tests pass a fixed one). */
  random?: () => number;
}

/** Why a stream was not opened: too many from this client, or too many on this instance. */
export type StreamRefusal = 'client' | 'total';

/** A client that stops reading would otherwise make the server buffer for it without limit. */
const MAX_QUEUED_CHUNKS = 500;

interface Stream {
  client: string;
  includeHidden: boolean;
  controller: ReadableStreamDefaultController<Uint8Array>;
  open: boolean;
  /** What came for the stream while its first counts were being read; written after them. */
  held?: Uint8Array[];
}

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': ping\n\n');
const RESYNC = encoder.encode('event: resync\ndata: {}\n\n');

/**
 * The bodies of GET /api/events/live (server-sent events) of this instance, for any number of visitors at once
 * (docs/product/booking-and-seats.md#live-seats, decision 062): `event: counts` with every event's SeatUpdate
 * first (the counts now, so that a change made between reading the page and opening its stream is not
 * lost), `event: seats` with a SeatUpdate as JSON for each seat change, `event: resync` when changes may have
 * been missed (refetch the events), a comment as heartbeat so proxies keep the connection open, and a
 * `retry:` hint. One watcher on the feed serves all streams: each change is serialised once (once for
 * visitors, once for admins, who also see drafts) and the same bytes are written to every stream; one timer
 * beats for all. Per client and per instance the number of open streams is capped, so that one client cannot
 * hold thousands of connections.
 */
export class SeatEventStreams {
  private readonly streams = new Set<Stream>();
  /** The `counts` message per counts array: the streams opened on one snapshot share its bytes. */
  private readonly encodedCounts = new WeakMap<SeatUpdate[], Uint8Array>();
  private readonly perClientCount = new Map<string, number>();
  private unwatch: (() => void) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly perClient: number;
  private readonly total: number;
  private readonly heartbeatMs: number;
  private readonly retryMs: number;
  private readonly random: () => number;

  constructor(
    private readonly feed: SeatFeed,
    options: SeatEventStreamsOptions = {},
  ) {
    this.perClient = options.perClient ?? 100;
    this.total = options.total ?? 10_000;
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    this.retryMs = options.retryMs ?? 3000;
    this.random = options.random ?? Math.random;
  }

  /** Open streams right now. */
  get size(): number {
    return this.streams.size;
  }

  /**
   * A new stream for `clientAddress`, or why not. The stream ends when the client goes away (the body is
   * cancelled), when it stops reading (MAX_QUEUED_CHUNKS) and when the feed stops.
   *
   * `counts` reads the seat counts now; the stream starts with them. It is called after the stream watches the
   * feed, so a change that committed before the read is in the counts or comes as a later `seats` message,
   * and what the feed tells meanwhile is held back until the counts are written: the last word on an event
   * is always the newest. Counts that fail to load are left out; the changes still come.
   */
  open(
    clientAddress: string,
    options: { includeHidden: boolean; counts?: () => Promise<SeatUpdate[]> },
  ): { body: ReadableStream<Uint8Array> } | { refused: StreamRefusal } {
    if (this.streams.size >= this.total) return { refused: 'total' };
    const client = clientKey(clientAddress);
    const held = this.perClientCount.get(client) ?? 0;
    if (held >= this.perClient) return { refused: 'client' };

    let stream!: Stream;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        stream = { client, includeHidden: options.includeHidden, controller, open: true };
      },
      cancel: () => this.remove(stream),
    });
    this.streams.add(stream);
    this.perClientCount.set(client, held + 1);
    this.follow();
    // spread over ±50 %: after a restart, 2,000 browsers do not all come back in the same instant
    const retry = Math.round(this.retryMs * (0.5 + this.random()));
    this.write(stream, encoder.encode(`retry: ${retry}\n: verbunden\n\n`));
    if (options.counts) this.startWithCounts(stream, options.counts);
    // a stream opened while the instance shuts down (decision 033) ends at once: the feed tells `stopped`
    return { body };
  }

  private startWithCounts(stream: Stream, counts: () => Promise<SeatUpdate[]>) {
    stream.held = [];
    const written = (bytes: Uint8Array | undefined) => {
      const held = stream.held ?? [];
      stream.held = undefined;
      if (bytes) this.write(stream, bytes);
      for (const chunk of held) this.write(stream, chunk);
    };
    counts().then(
      (updates) => written(this.countsMessage(updates)),
      () => written(undefined),
    );
  }

  private countsMessage(updates: SeatUpdate[]): Uint8Array {
    let bytes = this.encodedCounts.get(updates);
    if (!bytes) {
      bytes = encoder.encode(`event: counts\ndata: ${JSON.stringify(updates)}\n\n`);
      this.encodedCounts.set(updates, bytes);
    }
    return bytes;
  }

  /** Watches the feed and beats while streams are open; lets go of both when the last one closes. */
  private follow() {
    if (this.unwatch) return;
    this.unwatch = this.feed.watch((event) => this.broadcast(event));
    this.heartbeat = setInterval(() => this.writeAll(HEARTBEAT, HEARTBEAT), this.heartbeatMs);
    this.heartbeat.unref();
  }

  private broadcast(event: FeedEvent) {
    if (event.kind === 'seats') {
      const update: SeatUpdate = {
        eventId: event.eventId,
        availableSeats: event.availableSeats,
        totalSeats: event.totalSeats,
      };
      const bytes = encoder.encode(`event: seats\ndata: ${JSON.stringify(update)}\n\n`);
      this.writeAll(event.visible ? bytes : undefined, bytes);
    } else if (event.kind === 'resync') {
      this.writeAll(RESYNC, RESYNC);
    } else if (event.kind === 'stopped') {
      for (const stream of [...this.streams]) this.end(stream);
    }
  }

  /** The same bytes to every stream: `visitors` to visitors' streams (none if undefined), `admins` to admins'. */
  private writeAll(visitors: Uint8Array | undefined, admins: Uint8Array) {
    for (const stream of [...this.streams]) {
      const bytes = stream.includeHidden ? admins : visitors;
      if (bytes) this.write(stream, bytes);
    }
  }

  private write(stream: Stream, bytes: Uint8Array) {
    if (!stream.open) return;
    if (stream.held) {
      if (stream.held.length >= MAX_QUEUED_CHUNKS) return this.end(stream);
      stream.held.push(bytes);
      return;
    }
    if ((stream.controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return this.end(stream);
    // enqueued as is: a default ReadableStream hands the chunk on without copying or detaching it
    stream.controller.enqueue(bytes);
  }

  private end(stream: Stream) {
    if (!stream.open) return;
    this.remove(stream);
    stream.controller.close();
  }

  private remove(stream: Stream) {
    if (!stream.open) return;
    stream.open = false;
    this.streams.delete(stream);
    const held = (this.perClientCount.get(stream.client) ?? 1) - 1;
    if (held > 0) this.perClientCount.set(stream.client, held);
    else this.perClientCount.delete(stream.client);
    if (this.streams.size === 0) {
      this.unwatch?.();
      this.unwatch = undefined;
      clearInterval(this.heartbeat);
    }
  }
}

/**
 * Whose streams count together: an IPv4 address, or the /64 network of an IPv6 address (a single household
 * or server gets a whole /64 and could otherwise open streams from as many addresses as it likes).
 */
export function clientKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  // an embedded IPv4 tail (::ffff:1.2.3.4) takes two groups; it lies beyond the first four anyway
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
