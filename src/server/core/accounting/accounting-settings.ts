import { eq } from 'drizzle-orm';
import {
  accountingSettingsSchema,
  DEFAULT_ACCOUNTING_SETTINGS,
  type AccountingSettings,
  type AccountingSettingsInput,
} from '@shared/accounting';
import { appSettings } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/types';

/**
 * The row of 'Kontenrahmen und Konten' (docs/product/accounting.md#settings). Kept in `app_settings` under its
 * own key and read only here: the accounts never leave the admin area and no page load needs them, so they
 * stay out of the cached AppSettings (decision 066).
 */
export const ACCOUNTING_SETTINGS_KEY = 'accounting';

/** The stored settings over the defaults; a stored value that no longer passes the schema counts as unset. */
export async function loadAccountingSettings(db: DbOrTx): Promise<AccountingSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, ACCOUNTING_SETTINGS_KEY));
  const parsed = accountingSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_ACCOUNTING_SETTINGS;
}

/** Saves the whole card at once (its fields belong together: a chart and its accounts). */
export async function saveAccountingSettings(options: {
  db: Db;
  input: AccountingSettingsInput;
}): Promise<{ accounting: AccountingSettings }> {
  const value = accountingSettingsSchema.parse(options.input);
  await options.db
    .insert(appSettings)
    .values({ key: ACCOUNTING_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  return { accounting: value };
}
