import { mergeSettings, type AppSettings } from '@shared/settings';
import { appSettings } from '../../db/schema';
import type { Db } from '../../db/client';

/**
 * Application settings (spec visitor §3) read from `app_settings` rows and merged over the defaults.
 * Read on almost every page load and changed rarely, so they are kept in memory and reloaded after a write.
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

  private async load(): Promise<AppSettings> {
    const rows = await this.db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings);
    return mergeSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
  }
}
