import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDetails } from '@shared/profile';
import type { OnboardingInput } from '@shared/profile-schemas';
import { apiFetch } from '@web/lib/api-client';
import { storeProfile } from './store-profile';

export const completeOnboarding = (input: OnboardingInput) =>
  apiFetch<ProfileDetails>('/api/profile/onboarding', { method: 'POST', body: JSON.stringify(input) });

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    // The session must be complete before navigating, or forced onboarding would send the user back.
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
