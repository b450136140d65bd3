import { sql } from 'drizzle-orm';
import type { AppSettingKey, AppSettings } from '@shared/settings';
import type { DbOrTx } from '../../db/types';
import { appSettings } from '../../db/schema';

/**
 * Writes some fields of one settings row (an upsert), keeping the others: the
 * stored object and the new fields are merged in the database, so two admins saving different cards at
 * once (e.g. the site name and a logo, both in `brand`) do not undo each other.
 */
export async function mergeSettingRow<K extends AppSettingKey>(
  db: DbOrTx,
  key: K,
  fields: AppSettings[K] extends object ? Partial<AppSettings[K]> : never,
): Promise<void> {
  const value = JSON.stringify(fields);
  await db
    .insert(appSettings)
    .values({ key, value: fields })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: {
        value: sql`case when jsonb_typeof(${appSettings.value}) = 'object'
          then ${appSettings.value} || ${value}::jsonb else ${value}::jsonb end`,
        updatedAt: new Date(),
      },
    });
}

/** A top-level value that is not an object (e.g. `supportEmail`). */
export async function putSettingValue(db: DbOrTx, key: AppSettingKey, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}
