import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDetails } from '@shared/profile';
import type { ProfileUpdate } from '@shared/profile-schemas';
import { apiFetch } from '@web/lib/api-client';
import { storeProfile } from './store-profile';

export const updateProfile = (update: ProfileUpdate) =>
  apiFetch<ProfileDetails>('/api/profile', { method: 'PATCH', body: JSON.stringify(update) });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
