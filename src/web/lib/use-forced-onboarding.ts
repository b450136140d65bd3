import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { shouldForceOnboarding } from '@shared/onboarding';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { useSession } from './session';
import { settingsQuery } from './settings';

/**
 * True when this page must give way to /onboarding (docs/product/accounts-and-consent.md#forced-onboarding).
 * Waits for the settings (an operator may have switched onboarding off); a failed load counts as the
 * default (on).
 */
export function useForcedOnboarding(): boolean {
  const { user } = useSession();
  const settings = useQuery(settingsQuery);
  const { pathname } = useLocation();
  if (settings.isPending) return false;
  const onboardingEnabled = (settings.data ?? DEFAULT_SETTINGS).onboarding.enabled;
  return shouldForceOnboarding({ user, onboardingEnabled, pathname });
}
