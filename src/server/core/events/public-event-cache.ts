import type { PublicEvent, SeatUpdate } from '@shared/events';
import type { Db } from '../../db/types';
import { EncodedJson } from './encoded-json';
import { loadPublicEvents } from './load-public-events';

/** What the cache needs of the seat feed (adapters/seat-feed): whether it hears changes, and the changes. */
export interface ChangeSource {
  readonly isListening: boolean;
  watch(watcher: (event: { kind: string }) => void): () => void;
}

/** Each event's seat counts, as a live seat message carries them. */
export const seatCountsOf = (events: PublicEvent[]): SeatUpdate[] =>
  events.map(({ id, availableSeats, totalSeats }) => ({ eventId: id, availableSeats, totalSeats }));

/** The visitor's view of all events at one moment: the list answer and each event's detail answer. */
export class PublicEventSnapshot {
  readonly list: EncodedJson;
  private readonly byKey = new Map<string, { event: PublicEvent; json: EncodedJson }>();

  constructor(readonly events: PublicEvent[]) {
    // the checkout's questions only with one event (docs/product/ticket-categories.md#questions)
    this.list = new EncodedJson(events.map(({ questions: _questions, ...listed }) => listed));
    const entries = events.map((event) => ({ event, json: new EncodedJson(event) }));
    // ids first, then slugs: a slug that happens to look like another event's id still finds its own event
    for (const entry of entries) this.byKey.set(entry.event.id, entry);
    for (const entry of entries) this.byKey.set(entry.event.slug, entry);
  }

  private counts: SeatUpdate[] | undefined;

  /**
   * Every event's seat counts, which a live seat stream starts with (docs/product/booking-and-seats.md#live-seats);
   * one array per snapshot, so the streams opened on it share one serialisation.
   */
  get seatCounts(): SeatUpdate[] {
    this.counts ??= seatCountsOf(this.events);
    return this.counts;
  }

  /** By slug, or by id as a fallback. */
  find(slugOrId: string) {
    return this.byKey.get(slugOrId) ?? null;
  }
}

export interface PublicEventCacheOptions {
  db: Db;
  feed: ChangeSource;
  /** Safety net for writes that forget publishEventChange (e.g. an organizer's new portrait). */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The visitor's event list and details, held in memory (issue: GET /api/events at ≥ 10,000 requests/s)
 * and dropped on every change the seat feed reports: seat changes and event writes of any app instance
 * (NOTIFY), and a resync after the feed lost its connection. Memory is trusted only while the feed is
 * listening; otherwise, e.g. in tests that never start the feed, every call reads the database.
 */
export class PublicEventCache {
  private current: Promise<PublicEventSnapshot> | undefined;
  private loadedAt = 0;
  private readonly db: Db;
  private readonly feed: ChangeSource;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: PublicEventCacheOptions) {
    this.db = options.db;
    this.feed = options.feed;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
    // any change may touch what visitors see (seats, an event, an organizer): rebuilt on the next request
    this.feed.watch(() => this.invalidate());
  }

  /** Drops the cached view; the next request rebuilds it from the database. */
  invalidate(): void {
    this.current = undefined;
  }

  /** True when the next snapshot() is answered from memory. */
  get isWarm(): boolean {
    return this.current !== undefined && this.feed.isListening && !this.expired();
  }

  snapshot(): Promise<PublicEventSnapshot> {
    if (!this.feed.isListening) {
      this.current = undefined;
      return this.build();
    }
    if (this.current && !this.expired()) return this.current;
    // single flight: concurrent requests after a change share one rebuild
    const building = this.build().then((snapshot) => {
      snapshot.list.precompute();
      return snapshot;
    });
    this.current = building;
    this.loadedAt = this.now();
    building.catch(() => {
      if (this.current === building) this.current = undefined;
    });
    return building;
  }

  private expired(): boolean {
    return this.now() - this.loadedAt > this.maxAgeMs;
  }

  private async build(): Promise<PublicEventSnapshot> {
    return new PublicEventSnapshot(await loadPublicEvents(this.db, { audience: 'visitor' }));
  }
}
