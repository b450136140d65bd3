import type { PGlite } from '@electric-sql/pglite';
import { EVENT_CHANGES_CHANNEL } from './event-change-message';
import type { ChangeListener } from './change-listener';

/**
 * PGlite runs in this process and has a single connection, so its LISTEN cannot drop: notifications are
 * handed over when the notifying transaction commits, before that commit returns to its caller.
 */
export class PgliteListener implements ChangeListener {
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly pglite: PGlite) {}

  async start(handlers: Parameters<ChangeListener['start']>[0]): Promise<void> {
    this.unlisten = await this.pglite.listen(EVENT_CHANGES_CHANNEL, (payload) => handlers.payload(payload));
    handlers.state(true);
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    // after database.close() there is nothing left to unlisten from
    if (unlisten && !this.pglite.closed) await unlisten().catch(() => undefined);
  }
}
