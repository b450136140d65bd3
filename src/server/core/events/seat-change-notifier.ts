import type { Db } from '../../db/types';
import type { Logger } from '../../logger';
import { publishSeatChange } from './event-changes';

/**
 * Announces seat changes of the booking hot path after their commit, at most once per event per window
 * (leading and trailing edge). NOTIFY inside the booking statement serialises every commit on PostgreSQL's
 * notification queue lock, which halved booking throughput in the benchmark (bench/booking-throughput.mjs);
 * here a rush of bookings on one event costs one NOTIFY per window. The count is read when the NOTIFY is
 * sent, so the last one always carries the current value. A crash inside the window loses one refresh:
 * caches expire after 60 s anyway (public-event-cache.ts), and seats themselves are guarded by the database.
 */
export class SeatChangeNotifier {
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; again: boolean }>();
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly windowMs = 50,
  ) {}

  touch(eventId: string): void {
    const open = this.pending.get(eventId);
    if (open) {
      open.again = true;
      return;
    }
    this.send(eventId);
    const entry = {
      again: false,
      timer: setTimeout(() => {
        this.pending.delete(eventId);
        if (entry.again) this.touch(eventId);
      }, this.windowMs),
    };
    entry.timer.unref();
    this.pending.set(eventId, entry);
  }

  /**
   * At shutdown, before the pool closes (decision 033): sends the announcements still waiting for their window
   * now and waits for those under way, so other instances do not keep a stale count until their caches expire.
   */
  async flush(): Promise<void> {
    for (const [eventId, entry] of this.pending) {
      clearTimeout(entry.timer);
      this.pending.delete(eventId);
      if (entry.again) this.send(eventId);
    }
    await Promise.all([...this.sending]);
  }

  private send(eventId: string) {
    const sent: Promise<void> = publishSeatChange(this.db, eventId)
      .catch((error: unknown) => this.logger.warn({ err: error, eventId }, 'seat change not announced'))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }
}
