import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDetails } from '@shared/profile';
import type { SessionState } from '@shared/session';
import { apiFetch } from '@web/lib/api-client';
import { sessionQuery } from '@web/lib/session';
import { queryKeys } from '@web/lib/query-keys';

/**
 * PATCH /api/profile {fullName}: the checkout's 'Name auf dem Ticket' is the profile's full name
 * (docs/product/booking-and-seats.md#holder-name-saved).
 */
export const saveProfileName = (fullName: string) =>
  apiFetch<ProfileDetails>('/api/profile', { method: 'PATCH', body: JSON.stringify({ fullName }) });

export function useSaveProfileName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfileName,
    onSuccess: (profile) => {
      // The session's copy of the name decides the completeness check before ordering.
      queryClient.setQueryData<SessionState>(sessionQuery.queryKey, (state) =>
        state?.user ? { user: { ...state.user, fullName: profile.fullName } } : state,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    },
  });
}
