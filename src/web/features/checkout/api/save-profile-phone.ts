import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDetails } from '@shared/profile';
import type { SessionState } from '@shared/session';
import { apiFetch } from '@web/lib/api-client';
import { sessionQuery } from '@web/lib/session';
import { queryKeys } from '@web/lib/query-keys';

/**
 * PATCH /api/profile {phone}: the phone number asked before ordering is the profile's
 * (docs/product/booking-and-seats.md#holder-name-saved).
 */
export const saveProfilePhone = (phone: string) =>
  apiFetch<ProfileDetails>('/api/profile', { method: 'PATCH', body: JSON.stringify({ phone }) });

export function useSaveProfilePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfilePhone,
    onSuccess: (profile) => {
      // The session's copy of the phone decides the completeness check before ordering.
      queryClient.setQueryData<SessionState>(sessionQuery.queryKey, (state) =>
        state?.user ? { user: { ...state.user, phone: profile.phone } } : state,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    },
  });
}
