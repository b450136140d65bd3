import type { QueryClient } from '@tanstack/react-query';
import type { ProfileDetails } from '@shared/profile';
import type { SessionState, SessionUser } from '@shared/session';
import { sessionQuery } from '@web/lib/session';
import { profileQuery } from './get-profile';

/** The fields the session holds, each once: the type insists on every field of SessionUser and no other. */
const SESSION_FIELDS: Record<keyof SessionUser, true> = {
  id: true,
  email: true,
  fullName: true,
  displayName: true,
  phone: true,
  role: true,
  avatarUrl: true,
  emailConfirmed: true,
  hasDsgvoConsent: true,
  onboardingCompletedAt: true,
};

const sessionUserOf = (profile: ProfileDetails) =>
  Object.fromEntries(
    Object.keys(SESSION_FIELDS).map((field) => [field, profile[field as keyof SessionUser]]),
  ) as unknown as SessionUser;

/**
 * Every profile mutation answers the whole profile: it replaces the profile query and the session's copy
 * of the same fields (header, guards and forced onboarding read the session), without a refetch.
 */
export function storeProfile(queryClient: QueryClient, profile: ProfileDetails) {
  queryClient.setQueryData(profileQuery.queryKey, profile);
  queryClient.setQueryData<SessionState>(sessionQuery.queryKey, { user: sessionUserOf(profile) });
}
