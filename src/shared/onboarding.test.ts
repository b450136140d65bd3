import { describe, expect, it } from 'vitest';
import { shouldForceOnboarding, shouldShowOnboardingBanner, type OnboardingContext } from './onboarding';

const incomplete = { role: 'attendee' as const, fullName: 'Anna Beispiel', phone: '  ' };
const complete = { role: 'attendee' as const, fullName: 'Anna Beispiel', phone: '+49 30 123' };
const ctx = (overrides: Partial<OnboardingContext>): OnboardingContext => ({
  user: incomplete,
  onboardingEnabled: true,
  pathname: '/events/atem',
  ...overrides,
});

describe('onboarding banner (docs/product/accounts-and-consent.md#onboarding-banner)', () => {
  it.each<[string, Partial<OnboardingContext>, boolean]>([
    ['incomplete attendee under /events/', {}, true],
    ['incomplete attendee under /booking', { pathname: '/booking/abc' }, true],
    ['on /booking itself', { pathname: '/booking' }, true],
    ['missing name', { user: { ...complete, fullName: null } }, true],
    ['organizer counts as non-admin', { user: { ...incomplete, role: 'organizer' } }, true],
    ['signed out', { user: null }, false],
    ['admin', { user: { ...incomplete, role: 'admin' } }, false],
    ['onboarding disabled', { onboardingEnabled: false }, false],
    ['complete profile', { user: complete }, false],
    ['home page', { pathname: '/' }, false],
    ['under /onboarding', { pathname: '/onboarding' }, false],
    ['event detail /event/{slug} is not under /events/', { pathname: '/event/atem' }, false],
    ['/events itself is not under /events/', { pathname: '/events' }, false],
    ['profile page', { pathname: '/profile' }, false],
    ['checkout', { pathname: '/checkout/abc' }, false],
  ])('%s → %s', (_label, overrides, expected) => {
    expect(shouldShowOnboardingBanner(ctx(overrides))).toBe(expected);
  });
});

describe('forced onboarding (docs/product/accounts-and-consent.md#forced-onboarding)', () => {
  it.each<[string, Partial<OnboardingContext>, boolean]>([
    ['incomplete attendee on an event page', { pathname: '/event/atem' }, true],
    ['incomplete attendee on the home page', { pathname: '/' }, true],
    ['incomplete attendee on my tickets', { pathname: '/my-tickets' }, true],
    ['missing name', { user: { ...complete, fullName: ' ' }, pathname: '/' }, true],
    ['organizer', { user: { ...incomplete, role: 'organizer' }, pathname: '/' }, true],
    ['on onboarding', { pathname: '/onboarding' }, false],
    ['on checkout', { pathname: '/checkout/abc' }, false],
    ['on the profile', { pathname: '/profile' }, false],
    ['on the e-mail confirmation below /profile', { pathname: '/profile/email' }, false],
    ['on the privacy page the consent links to', { pathname: '/datenschutz' }, false],
    ['on the imprint', { pathname: '/impressum' }, false],
    ['on the newsletter confirmation a mail links to', { pathname: '/email-confirmed' }, false],
    ['signed out', { user: null }, false],
    ['admin', { user: { ...incomplete, role: 'admin' } }, false],
    ['onboarding disabled', { onboardingEnabled: false }, false],
    ['complete profile', { user: complete }, false],
    ['a path that only starts like an exempt one', { pathname: '/profiles' }, true],
    // docs/decisions/022-onboarding-banner.md: where the banner shows, it asks instead
    ['under /events/, where the banner shows', { pathname: '/events/atem' }, false],
    ['on the older booking page, where the banner shows', { pathname: '/booking/abc' }, false],
    ['on the booking result', { pathname: '/booking/abc/success' }, false],
    ['/bookings is not under /booking', { pathname: '/bookings' }, true],
    [
      'an admin on a banner path',
      { user: { ...incomplete, role: 'admin' }, pathname: '/booking/abc' },
      false,
    ],
  ])('%s → %s', (_label, overrides, expected) => {
    expect(shouldForceOnboarding(ctx(overrides))).toBe(expected);
  });
});

describe('banner and forced onboarding together (docs/decisions/022-onboarding-banner.md)', () => {
  const paths = [
    '/',
    '/event/atem',
    '/events/atem',
    '/booking',
    '/booking/abc',
    '/booking/abc/success',
    '/my-tickets',
    '/checkout/abc',
    '/profile',
    '/onboarding',
    '/help',
  ];
  const users = [incomplete, complete, { ...incomplete, role: 'admin' as const }, null];

  it('never redirects away from a page that shows the banner, and the banner can show', () => {
    let shown = 0;
    for (const pathname of paths) {
      for (const user of users) {
        for (const onboardingEnabled of [true, false]) {
          const context = { user, onboardingEnabled, pathname };
          const banner = shouldShowOnboardingBanner(context);
          if (banner) shown += 1;
          expect(banner && shouldForceOnboarding(context), `${pathname} ${user?.role}`).toBe(false);
        }
      }
    }
    expect(shown).toBeGreaterThan(0);
  });

  it('still sends an incomplete profile to onboarding wherever the banner does not show', () => {
    for (const pathname of ['/', '/event/atem', '/my-tickets', '/help']) {
      const context = { user: incomplete, onboardingEnabled: true, pathname };
      expect(shouldShowOnboardingBanner(context)).toBe(false);
      expect(shouldForceOnboarding(context), pathname).toBe(true);
    }
  });
});
