import type { SeatUpdate } from '@shared/events';
import type { Logger } from '../../logger';
import type { ChangeListener } from './change-listener';
import { parseEventChange, type EventChangeMessage } from './event-change-message';

/**
 * What the feed tells its watchers: a change from the channel; `resync` after a gap in listening (changes
 * may have been missed: drop caches, let clients refetch); `stopped` when the feed shuts down.
 */
export type FeedEvent = EventChangeMessage | { kind: 'resync' } | { kind: 'stopped' };

/**
 * Live seat counts and event changes for this app instance (docs/architecture.md#adapters: in-process on
 * PGlite, LISTEN/NOTIFY on PostgreSQL so several instances agree). One database listener per instance fans
 * out to any number of watchers (server-sent event streams, the public event cache). Publishing is
 * `publishSeatChange`.
 */
export class SeatFeed {
  private readonly watchers = new Set<(event: FeedEvent) => void>();
  private listening = false;
  private hadGap = false;
  private started = false;
  private stopped = false;

  constructor(
    private readonly listener: ChangeListener,
    private readonly logger: Logger,
  ) {}

  /** True while notifications are being received; caches may only trust memory while it holds. */
  get isListening(): boolean {
    return this.listening;
  }

  get watcherCount(): number {
    return this.watchers.size;
  }

  /** Starts listening; resolves after the first attempt (a failed one is retried in the background). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    await this.listener.start({
      payload: (text) => this.receive(text),
      state: (listening) => this.setListening(listening),
    });
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopped = true;
    await this.listener.stop();
    this.listening = false;
    this.emit({ kind: 'stopped' });
  }

  /** Seat updates of all events (visible or not); returns the unsubscribe function. */
  subscribe(listener: (update: SeatUpdate) => void): () => void {
    return this.watch((event) => {
      if (event.kind === 'seats') {
        listener({
          eventId: event.eventId,
          availableSeats: event.availableSeats,
          totalSeats: event.totalSeats,
        });
      }
    });
  }

  /**
   * Every feed event, including resync and stopped; returns the unsubscribe function. A watcher added after
   * stop() (a live seat stream opened while the instance shuts down, decision 033) is told `stopped` at once.
   */
  watch(watcher: (event: FeedEvent) => void): () => void {
    this.watchers.add(watcher);
    if (this.stopped) {
      queueMicrotask(() => {
        if (this.watchers.has(watcher)) this.tell(watcher, { kind: 'stopped' });
      });
    }
    return () => {
      this.watchers.delete(watcher);
    };
  }

  private receive(text: string | undefined) {
    const message = parseEventChange(text);
    if (!message) {
      this.logger.warn({ payload: text }, 'seat feed: malformed notification ignored');
      return;
    }
    this.emit(message);
  }

  private setListening(listening: boolean) {
    if (listening === this.listening) return;
    this.listening = listening;
    if (!listening) {
      this.hadGap = true;
      this.logger.warn('seat feed: not listening, reconnecting');
      this.emit({ kind: 'resync' });
    } else if (this.hadGap) {
      this.logger.info('seat feed: listening again');
      this.emit({ kind: 'resync' });
    }
  }

  private emit(event: FeedEvent) {
    for (const watcher of [...this.watchers]) this.tell(watcher, event);
  }

  private tell(watcher: (event: FeedEvent) => void, event: FeedEvent) {
    try {
      watcher(event);
    } catch (error) {
      this.logger.error({ err: error }, 'seat feed: watcher failed');
    }
  }
}
