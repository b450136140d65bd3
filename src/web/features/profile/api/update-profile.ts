import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDetails, ProfileUpdate } from '@shared/profile';
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
