import { describe, expect, it } from 'vitest';
import { isProfileIncomplete, safeRedirectTarget } from './session';

describe('safeRedirectTarget (docs/product/accounts-and-consent.md#safe-redirect: never /login or /auth, fallback /)', () => {
  it.each([
    ['/my-tickets', '/my-tickets'],
    ['/checkout/abc?x=1', '/checkout/abc?x=1'],
    ['/event/atem/login-hilfe', '/event/atem/login-hilfe'],
    ['/login', '/'],
    ['/login?from=x', '/'],
    ['/auth/magic-link?token=1', '/'],
    ['/auth', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['', '/'],
    [null, '/'],
    [42, '/'],
  ])('%j → %s', (target, expected) => expect(safeRedirectTarget(target)).toBe(expected));
});

describe('isProfileIncomplete (docs/product/accounts-and-consent.md#profile-complete)', () => {
  it('needs a name and a phone that are not blank', () => {
    expect(isProfileIncomplete(null)).toBe(true);
    expect(isProfileIncomplete({ fullName: 'Anna', phone: ' ' })).toBe(true);
    expect(isProfileIncomplete({ fullName: '  ', phone: '0401234' })).toBe(true);
    expect(isProfileIncomplete({ fullName: null, phone: '0401234' })).toBe(true);
    expect(isProfileIncomplete({ fullName: 'Anna', phone: '0401234' })).toBe(false);
  });
});
