import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, mergeSettings, type AppSettings } from '@shared/settings';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

export const settingsQuery = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: async () => mergeSettings(await apiFetch<Record<string, unknown>>('/api/settings')),
  staleTime: 5 * 60_000,
  retry: 1,
});

/**
 * A failed settings load falls back to the defaults; the app keeps working
 * (docs/product/admin.md#settings-defaults).
 */
export function useSettings(): AppSettings {
  const { data } = useQuery(settingsQuery);
  return data ?? DEFAULT_SETTINGS;
}
