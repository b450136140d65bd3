import { mergeSettings, type AppSettings } from '@shared/settings';
import { appSettings } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/types';

/**
 * Application settings read from `app_settings` rows and merged over the defaults
 * (docs/product/admin.md#settings-defaults). Read on almost every page load and changed rarely, so they are
 * kept in memory and reloaded after a write.
 */
export class SettingsStore {
  private cached: Promise<AppSettings> | undefined;

  constructor(private readonly db: Db) {}

  get(): Promise<AppSettings> {
    this.cached ??= this.load().catch((error: unknown) => {
      this.cached = undefined;
      throw error;
    });
    return this.cached;
  }

  invalidate(): void {
    this.cached = undefined;
  }

  /**
   * Drops the cache when any app instance changed settings (they announce it as a change of "anything shown
   * with events", `publishEventChange(tx, null)`, on the shared notification channel) and after the feed
   * lost its connection, when such a notice may have been missed (decision 003).
   */
  follow(feed: { watch(watcher: (event: { kind: string; eventId?: string | null }) => void): () => void }) {
    return feed.watch((event) => {
      if (event.kind === 'resync' || (event.kind === 'event' && event.eventId === null)) this.invalidate();
    });
  }

  private load(): Promise<AppSettings> {
    return loadSettings(this.db);
  }
}

/** The settings rows merged over the defaults, as `db` (or a transaction) sees them now. */
export async function loadSettings(db: DbOrTx): Promise<AppSettings> {
  const rows = await db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings);
  return mergeSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}
