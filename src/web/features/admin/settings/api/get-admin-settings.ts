import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@shared/admin-settings';
import { apiFetch } from '@web/lib/api-client';

/** Every admin settings query starts with this key; saving a card invalidates it (and the public settings). */
export const ADMIN_SETTINGS_KEY = ['admin', 'settings'] as const;

/**
 * GET /api/admin/settings: the stored settings (card 'Rechnungen' reads `settings.invoicing`) and which
 * secrets are set.
 */
export const adminSettingsQuery = queryOptions({
  queryKey: ADMIN_SETTINGS_KEY,
  queryFn: () => apiFetch<AdminSettings>('/api/admin/settings'),
  staleTime: 0,
});

export const useAdminSettings = () => useQuery(adminSettingsQuery);
