import { Link, useLocation } from 'react-router';
import { shouldShowOnboardingBanner } from '@shared/onboarding';
import { useSession } from '@web/lib/session';
import { useSettings } from '@web/lib/settings';
import { buttonClasses } from './ui/button';

/**
 * The onboarding banner; when it shows is decided in src/shared/onboarding.ts
 * (docs/product/accounts-and-consent.md#onboarding-banner).
 */
export function OnboardingBanner() {
  const { user } = useSession();
  const { onboarding } = useSettings();
  const location = useLocation();
  if (
    !shouldShowOnboardingBanner({ user, onboardingEnabled: onboarding.enabled, pathname: location.pathname })
  ) {
    return null;
  }
  return (
    <aside aria-label="Onboarding" className="border-b border-border bg-warning-bg text-foreground">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <p className="text-sm font-medium">
          Fast geschafft! Bitte schließe kurz dein Onboarding ab, um Tickets zu buchen.
        </p>
        <Link to="/onboarding" state={{ from: location }} className={buttonClasses('primary', 'sm')}>
          Onboarding starten
        </Link>
      </div>
    </aside>
  );
}
