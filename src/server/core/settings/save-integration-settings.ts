import type { IntegrationSettings } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import type { Db } from '../../db/types';
import { publishEventChange } from '../events/event-changes';
import type { SettingsStore } from './settings-store';
import { mergeSettingRow } from './setting-rows';

/**
 * 'Integrationen': only the Stripe publishable key (docs/product/payments.md#publishable-key; it is
 * public: every buyer's browser gets it). An empty value falls back to STRIPE_PUBLISHABLE_KEY.
 */
export async function saveIntegrationSettings(options: {
  db: Db;
  settings: SettingsStore;
  input: IntegrationSettings;
}): Promise<AppSettings> {
  const { db, settings, input } = options;
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'integrations', { stripePublishableKey: input.stripePublishableKey });
    await publishEventChange(tx, null); // other app instances drop their cached settings
  });
  settings.invalidate();
  return settings.get();
}
