import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDeletionPreview } from '@shared/privacy';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export const getAccountDeletion = () => apiFetch<AccountDeletionPreview>('/api/profile/deletion');

/** What 'Konto löschen' will do (docs/product/accounts-and-consent.md#account-deletion), read fresh each time. */
export const accountDeletionQuery = queryOptions({
  queryKey: [...queryKeys.profile, 'deletion'] as const,
  queryFn: getAccountDeletion,
  staleTime: 0,
  gcTime: 0,
});

export const useAccountDeletion = (enabled: boolean) => useQuery({ ...accountDeletionQuery, enabled });
