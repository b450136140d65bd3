import { useQuery } from '@tanstack/react-query';
import type { AccountDeletionPreview } from '@shared/privacy';
import { apiFetch } from '@web/lib/api-client';

/** What 'Benutzer löschen' will do first (docs/product/accounts-and-consent.md#account-deletion). */
export function useDeletionPreview(userId: string | null) {
  return useQuery({
    queryKey: ['admin', 'users', userId, 'deletion'],
    queryFn: () =>
      apiFetch<AccountDeletionPreview>(`/api/admin/users/${encodeURIComponent(userId!)}/deletion`),
    enabled: userId !== null,
    staleTime: 0,
  });
}
