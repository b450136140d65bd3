import { isProfileIncomplete, type SessionUser } from './session';

// Pure rules of the onboarding banner and forced onboarding
// (docs/product/accounts-and-consent.md#onboarding-banner,
// docs/product/accounts-and-consent.md#forced-onboarding). Free of zod and React: the public layout imports
// them on every page's first download.

export interface OnboardingContext {
  user: Pick<SessionUser, 'role' | 'fullName' | 'phone'> | null;
  onboardingEnabled: boolean;
  pathname: string;
}

const isUnder = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * All of (docs/product/accounts-and-consent.md#onboarding-banner): logged in; not an admin; onboarding
 * enabled; profile missing or full name or phone empty; path not under /onboarding; path not / but under
 * /events/ or /booking.
 */
export function shouldShowOnboardingBanner({
  user,
  onboardingEnabled,
  pathname,
}: OnboardingContext): boolean {
  if (!user || user.role === 'admin' || !onboardingEnabled) return false;
  if (!isProfileIncomplete(user)) return false;
  if (isUnder(pathname, '/onboarding') || pathname === '/') return false;
  return pathname.startsWith('/events/') || isUnder(pathname, '/booking');
}

/**
 * Paths a signed-in user with an incomplete profile may still open
 * (docs/product/accounts-and-consent.md#forced-onboarding): onboarding, checkout and profile, and also the
 * legal pages (the DSGVO checkbox links to the privacy page, and a consent needs its text to be readable),
 * /email-confirmed (the newsletter mails' confirm and unsubscribe links must work, and onboarding would drop
 * their query) and the dev mailbox (mails are read there during development).
 */
const FORCED_ONBOARDING_EXEMPT = [
  '/onboarding',
  '/checkout',
  '/profile',
  '/datenschutz',
  '/impressum',
  '/agb',
  '/barrierefreiheit',
  '/email-confirmed',
  '/dev',
];

/**
 * With onboarding enabled, signed-in non-admins missing name or phone go to /onboarding
 * (docs/product/accounts-and-consent.md#forced-onboarding). Where the banner shows (under /events/ and
 * /booking) it asks instead, so both rules take effect (decision 022); ordering there still checks the
 * profile first (docs/product/booking-and-seats.md#profile-before-booking).
 */
export function shouldForceOnboarding(context: OnboardingContext): boolean {
  const { user, onboardingEnabled, pathname } = context;
  if (!user || user.role === 'admin' || !onboardingEnabled) return false;
  if (!isProfileIncomplete(user) || shouldShowOnboardingBanner(context)) return false;
  return !FORCED_ONBOARDING_EXEMPT.some((prefix) => isUnder(pathname, prefix));
}
