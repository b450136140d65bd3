import type { AdminSettings, IntegrationStatus } from '@shared/admin-settings';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { integrationStatus } from './integration-status';
import { SecretStore } from './secret-store';
import type { SettingsStore } from './settings-store';

// settings stands below use-case-deps.ts, which names its SettingsStore, so these use cases spell the
// services they take: the fields of UseCaseDeps of those names (docs/decisions/051-layers-inside-core.md).
interface SettingsDeps {
  database: { db: Db };
  config: Config;
  settings: SettingsStore;
}

/** The admin settings' secrets, encrypted with APP_SECRET (docs/product/admin.md#secrets-encrypted). */
export const secretStoreOf = (deps: Pick<SettingsDeps, 'database' | 'config'>) =>
  new SecretStore(deps.database.db, deps.config.appSecret);

/**
 * The settings screen: what is stored now, also when another instance changed it, and which secrets are
 * set (never their values).
 */
export async function loadAdminSettings(deps: SettingsDeps): Promise<AdminSettings> {
  deps.settings.invalidate();
  const settings = await deps.settings.get();
  return { settings, secrets: await secretStoreOf(deps).status() };
}

/** Which mail and payment provider this server uses, and where their keys come from. */
export async function loadIntegrationStatus(deps: SettingsDeps): Promise<IntegrationStatus> {
  const { config, settings } = deps;
  return integrationStatus({
    config,
    settings: await settings.get(),
    secrets: await secretStoreOf(deps).status(),
  });
}
