import type { QueryClient } from '@tanstack/react-query';
import { settingsQuery } from '@web/lib/settings';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';

/** After a save: the admin view and the public settings (site name in the header, logos, …). */
export async function invalidateSettings(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_SETTINGS_KEY }),
    queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
  ]);
}
