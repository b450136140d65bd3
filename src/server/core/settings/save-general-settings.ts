import type { GeneralSettings } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import type { Db } from '../../db/client';
import { publishEventChange } from '../events/event-changes';
import type { SettingsStore } from './settings-store';
import { mergeSettingRow, putSettingValue } from './setting-rows';

/**
 * spec admin §2 'Allgemeine Einstellungen': onboarding, time zone, site name and contact e-mail. The contact
 * address is both the brand's and the support address shown in the footer and in e-mails (mail-context.ts
 * prefers `supportEmail`), so one field changes both. The cached public settings are dropped afterwards.
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
    await mergeSettingRow(tx, 'brand', { siteName: input.siteName, contactEmail: input.contactEmail });
    await putSettingValue(tx, 'supportEmail', input.contactEmail);
    await publishEventChange(tx, null); // other app instances drop their cached settings
  });
  settings.invalidate();
  return settings.get();
}
