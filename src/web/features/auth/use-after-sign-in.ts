import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  isProfileIncomplete,
  safeRedirectTarget,
  type SessionState,
  type SessionUser,
} from '@shared/session';
import { sessionQuery } from '@web/lib/session';
import { useSettings } from '@web/lib/settings';
import { clearAuthStorage, setCompletingSignIn, storedRedirect } from './auth-storage';

/** How the person signed in: the six-digit code or a magic link. */
export type SignInWay = 'code' | 'magic-link';

/**
 * Whether a fresh sign-in goes to /onboarding first (docs/product/accounts-and-consent.md#after-sign-in). A
 * magic link checks full name, phone and the data-protection consent, as the spec's handler does; a code
 * checks name and phone only (the spec checks no consent there): someone who gave both, on the checkout for
 * instance, is not stopped for the consent on every sign-in. Admins and a switched-off onboarding never.
 */
export function needsOnboardingAfterSignIn(
  user: Pick<SessionUser, 'role' | 'fullName' | 'phone' | 'hasDsgvoConsent'> | null,
  way: SignInWay,
  onboardingEnabled: boolean,
): boolean {
  if (!onboardingEnabled || user?.role === 'admin') return false;
  if (isProfileIncomplete(user)) return true;
  return way === 'magic-link' && !user?.hasDsgvoConsent;
}

/**
 * After sign-in go to the stored target (never /login or /auth; fallback /;
 * docs/product/accounts-and-consent.md#safe-redirect), unless needsOnboardingAfterSignIn sends the person to
 * /onboarding first, remembering the target.
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { onboarding } = useSettings();
  return (state: SessionState, way: SignInWay, explicitTarget?: string) => {
    const target = safeRedirectTarget(explicitTarget ?? storedRedirect());
    setCompletingSignIn(true);
    clearAuthStorage();
    if (needsOnboardingAfterSignIn(state?.user ?? null, way, onboarding.enabled)) {
      navigate('/onboarding', { replace: true, state: { from: { pathname: target } } });
    } else {
      navigate(target, { replace: true });
    }
    queryClient.setQueryData(sessionQuery.queryKey, state);
  };
}
