import type { AdminSettings } from '@shared/admin-settings';
import { useAdminSettings } from '../api/get-admin-settings';
import { loadErrorOf } from './server-message';

/**
 * A card's part of the admin settings and the card's state for SettingsCard (components/ui/settings-card.tsx):
 * loading until the settings are there, then the part; the load error as the card says it.
 */
export function useSettingsPart<Part>(pick: (settings: AdminSettings['settings']) => Part) {
  const query = useAdminSettings();
  const part = query.data ? pick(query.data.settings) : undefined;
  return { part, card: { loading: part === undefined, loadError: loadErrorOf(query) } };
}
