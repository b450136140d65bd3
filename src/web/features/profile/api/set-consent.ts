import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentPurpose } from '@shared/consent-texts';
import type { ProfileDetails } from '@shared/profile';
import { apiFetch } from '@web/lib/api-client';
import { storeProfile } from './store-profile';

export const setConsent = ({ purpose, granted }: { purpose: ConsentPurpose; granted: boolean }) =>
  apiFetch<ProfileDetails>(`/api/profile/consents/${purpose}`, {
    method: 'PUT',
    body: JSON.stringify({ granted }),
  });

export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setConsent,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
