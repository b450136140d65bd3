import type { QueryClient } from '@tanstack/react-query';
import type { ProfileDetails } from '@shared/profile';
import type { SessionState } from '@shared/session';
import { sessionQuery } from '@web/lib/session';
import { profileQuery } from './get-profile';

/**
 * Every profile mutation answers the whole profile: it replaces the profile query and the session's copy
 * of the same fields (header, guards and forced onboarding read the session), without a refetch.
 */
export function storeProfile(queryClient: QueryClient, profile: ProfileDetails) {
  queryClient.setQueryData(profileQuery.queryKey, profile);
  const {
    id,
    email,
    fullName,
    displayName,
    phone,
    role,
    avatarUrl,
    emailConfirmed,
    hasDsgvoConsent,
    onboardingCompletedAt,
  } = profile;
  queryClient.setQueryData<SessionState>(sessionQuery.queryKey, {
    user: {
      id,
      email,
      fullName,
      displayName,
      phone,
      role,
      avatarUrl,
      emailConfirmed,
      hasDsgvoConsent,
      onboardingCompletedAt,
    },
  });
}
