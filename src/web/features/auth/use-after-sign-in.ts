import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isProfileIncomplete, safeRedirectTarget, type SessionState } from '@shared/session';
import { sessionQuery } from '@web/lib/session';
import { useSettings } from '@web/lib/settings';
import { clearAuthStorage, setCompletingSignIn, storedRedirect } from './auth-storage';

/**
 * After sign-in go to the stored target (never /login or /auth; fallback /;
 * docs/product/accounts-and-consent.md#safe-redirect), unless the
 * profile lacks name, phone or the data-protection consent: then /onboarding, remembering the target.
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { onboarding } = useSettings();
  return (state: SessionState, explicitTarget?: string) => {
    const target = safeRedirectTarget(explicitTarget ?? storedRedirect());
    setCompletingSignIn(true);
    clearAuthStorage();
    const user = state?.user ?? null;
    const needsOnboarding =
      onboarding.enabled && user?.role !== 'admin' && (isProfileIncomplete(user) || !user?.hasDsgvoConsent);
    if (needsOnboarding) {
      navigate('/onboarding', { replace: true, state: { from: { pathname: target } } });
    } else {
      navigate(target, { replace: true });
    }
    queryClient.setQueryData(sessionQuery.queryKey, state);
  };
}
