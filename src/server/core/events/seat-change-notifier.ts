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

  private send(eventId: string) {
    publishSeatChange(this.db, eventId).catch((error: unknown) =>
      this.logger.warn({ err: error, eventId }, 'seat change not announced'),
    );
  }
}
