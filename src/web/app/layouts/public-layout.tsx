import { Navigate, Outlet, useLocation } from 'react-router';
import { OnboardingBanner } from '@web/components/onboarding-banner';
import { useForcedOnboarding } from '@web/lib/use-forced-onboarding';
import { SiteFooter } from '../shell/site-footer';
import { SiteHeader } from '../shell/site-header';
import { SkipLink } from '../shell/skip-link';

export function PublicLayout() {
  const location = useLocation();
  const forced = useForcedOnboarding();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <OnboardingBanner />
      {/* At least one screen high: the footer never shows above the fold while a page loads, so nothing
          shifts when the content arrives (Lighthouse measured CLS 0.52 on the event page without it). */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
        {forced ? <Navigate to="/onboarding" replace state={{ from: location }} /> : <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
