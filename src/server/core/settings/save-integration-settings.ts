import type { IntegrationSettings } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import type { Db } from '../../db/client';
import type { SettingsStore } from './settings-store';
import { mergeSettingRow } from './setting-rows';

/**
 * spec admin §2 'Integrationen': of the original's fields only the Stripe publishable key applies here (it is
 * public: every buyer's browser gets it). An empty value falls back to STRIPE_PUBLISHABLE_KEY.
 */
export async function saveIntegrationSettings(options: {
  db: Db;
  settings: SettingsStore;
  input: IntegrationSettings;
}): Promise<AppSettings> {
  const { db, settings, input } = options;
  await mergeSettingRow(db, 'integrations', { stripePublishableKey: input.stripePublishableKey });
  settings.invalidate();
  return settings.get();
}
