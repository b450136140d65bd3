import { describe, expect, it } from 'vitest';
import { isClientRoute, isMagicLinkUrl, matchClientRoute } from './routes';

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
    '/admin/rechnungen',
    '/help/',
  ])('%s is a route of the table', (path) => expect(isClientRoute(path)).toBe(true));

  it.each(['/gibt-es-nicht', '/event', '/event/a/b/c', '/booking', '/adminx', '/checkout'])(
    '%s is not',
    (path) => expect(isClientRoute(path)).toBe(false),
  );
});

describe('matchClientRoute', () => {
  it('names the route and its parameters as they stand in the path', () => {
    expect(matchClientRoute('/')).toEqual({ route: 'home', params: {} });
    expect(matchClientRoute('/event/atem%20retreat/')).toEqual({
      route: 'event',
      params: { slug: 'atem%20retreat' },
    });
    expect(matchClientRoute('/event/atem/login')?.route).toBe('eventLogin');
    expect(matchClientRoute('/booking/b1/success')).toEqual({
      route: 'bookingSuccess',
      params: { bookingId: 'b1' },
    });
    expect(matchClientRoute('/admin/events/e1/edit')?.route).toBe('admin');
    expect(matchClientRoute('/dev/mails//')?.route).toBe('devMails');
    expect(matchClientRoute('//')).toBeNull();
    expect(matchClientRoute('/Help')).toBeNull();
  });
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
