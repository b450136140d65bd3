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

describe('onboarding banner (spec visitor §4)', () => {
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

describe('forced onboarding (spec visitor §4)', () => {
  it.each<[string, Partial<OnboardingContext>, boolean]>([
    ['incomplete attendee on an event page', {}, true],
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
  ])('%s → %s', (_label, overrides, expected) => {
    expect(shouldForceOnboarding(ctx(overrides))).toBe(expected);
  });
});
