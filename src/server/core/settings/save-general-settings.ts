import type { GeneralSettings } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import type { Db } from '../../db/types';
import { publishEventChange } from '../events/event-changes';
import type { SettingsStore } from './settings-store';
import { mergeSettingRow } from './setting-rows';

/**
 * 'Allgemeine Einstellungen': onboarding, time zone and site name (docs/product/admin.md#settings-defaults;
 * the support e-mail is saved with the legal data, docs/decisions/021). The cached public settings are
 * dropped afterwards.
 */
export async function saveGeneralSettings(options: {
  db: Db;
  settings: SettingsStore;
  input: GeneralSettings;
}): Promise<AppSettings> {
  const { db, settings, input } = options;
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'onboarding', { enabled: input.onboardingEnabled });
    await mergeSettingRow(tx, 'timezone', { name: input.timezone });
    await mergeSettingRow(tx, 'brand', { siteName: input.siteName });
    await publishEventChange(tx, null); // other app instances drop their cached settings
  });
  settings.invalidate();
  return settings.get();
}
