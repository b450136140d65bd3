import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingInput, ProfileDetails } from '@shared/profile';
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
