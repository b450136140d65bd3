import { describe, expect, it } from 'vitest';
import { isClientRoute, isMagicLinkUrl } from './routes';

describe('isClientRoute', () => {
  it.each([
    '/',
    '/events',
    '/timetable',
    '/coming-soon',
    '/setup',
    '/event/atem-retreat',
    '/event/atem-retreat/login',
    '/help',
    '/impressum',
    '/datenschutz',
    '/agb',
    '/email-confirmed',
    '/login',
    '/auth/magic-link',
    '/onboarding',
    '/booking/abc',
    '/booking/abc/success',
    '/checkout/abc',
    '/my-tickets',
    '/meine-tickets',
    '/profile',
    '/profile/email',
    '/order/abc/confirmation',
    '/admin',
    '/admin/events/new',
    '/help/',
  ])('%s is a route of the table', (path) => expect(isClientRoute(path)).toBe(true));

  it.each(['/gibt-es-nicht', '/event', '/event/a/b/c', '/booking', '/adminx', '/checkout'])(
    '%s is not',
    (path) => expect(isClientRoute(path)).toBe(false),
  );
});

describe('isMagicLinkUrl', () => {
  it('matches the handler path and any URL with code or token', () => {
    expect(isMagicLinkUrl('/auth/magic-link', new URLSearchParams())).toBe(true);
    expect(isMagicLinkUrl('/', new URLSearchParams('token=abc'))).toBe(true);
    expect(isMagicLinkUrl('/profile', new URLSearchParams('code=123'))).toBe(true);
    expect(isMagicLinkUrl('/help', new URLSearchParams('view=cards'))).toBe(false);
    expect(isMagicLinkUrl('/setup', new URLSearchParams('token=abc'))).toBe(false);
    // the e-mail-change link uses `change`, so it is not taken for a magic link
    expect(isMagicLinkUrl('/profile/email', new URLSearchParams('change=abc.def'))).toBe(false);
  });
});
