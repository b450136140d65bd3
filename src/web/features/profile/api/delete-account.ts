import { useMutation } from '@tanstack/react-query';
import type { AccountDeletionResult } from '@shared/privacy';
import { apiFetch } from '@web/lib/api-client';

/** DELETE /api/profile with the typed word (docs/product/accounts-and-consent.md#account-deletion). */
export const deleteAccount = (confirm: string) =>
  apiFetch<AccountDeletionResult>('/api/profile', { method: 'DELETE', body: JSON.stringify({ confirm }) });

/** The caller resets the whole cache afterwards: every query belonged to the deleted account. */
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
