// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/session';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { queryKeys } from '@web/lib/query-keys';
import { sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { resetEachTest } from '@web/testing/render-page';
import { LoginPage } from './login-page';
import { MagicLinkPage } from './magic-link-page';
import { needsOnboardingAfterSignIn } from './use-after-sign-in';

beforeEach(() => sessionStorage.clear());
resetEachTest();

/** Name and phone given (on the checkout, say), but never the data-protection consent. */
const withoutConsent = sessionUser({ fullName: 'Anna Berg', phone: '040 123456', hasDsgvoConsent: false });

/** The sign-in pages with the two places a sign-in can lead to. */
function signInAt(path: string, signedInAs: SessionUser) {
  sessionStorage.setItem('auth_redirect', '/my-tickets');
  mockApi({
    'POST /api/auth/code/send': () => json({ ok: true }),
    'POST /api/auth/code/verify': () => json({ ok: true }),
    'POST /api/auth/magic-link/verify': () => json({ ok: true }),
    'GET /api/session': () => json({ user: signedInAs }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.session, { user: null });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/auth/magic-link" element={<MagicLinkPage />} />
          <Route path="/onboarding" element={<h1>Onboarding</h1>} />
          <Route path="/my-tickets" element={<h1>Meine Tickets</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function enterCode() {
  fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'anna.berg@example.org' } });
  fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));
  await screen.findByRole('heading', { name: 'Code eingeben' });
  fireEvent.change(screen.getByLabelText('Ziffer 1'), { target: { value: '123456' } });
}

describe('After sign-in (docs/product/accounts-and-consent.md#after-sign-in)', () => {
  it('a code sign-in with name and phone goes to the stored target, consent or not (as the spec says)', async () => {
    signInAt('/login', withoutConsent);
    await enterCode();
    expect(await screen.findByRole('heading', { name: 'Meine Tickets' })).toBeTruthy();
  });

  it('a code sign-in without a phone still goes to onboarding first', async () => {
    signInAt('/login', sessionUser({ fullName: 'Anna Berg', phone: null }));
    await enterCode();
    expect(await screen.findByRole('heading', { name: 'Onboarding' })).toBeTruthy();
  });

  it('a magic link checks the data-protection consent too: onboarding first', async () => {
    signInAt(`/auth/magic-link?token=${'b'.repeat(32)}`, withoutConsent);
    expect(await screen.findByRole('heading', { name: 'Onboarding' }, { timeout: 3000 })).toBeTruthy();
  });

  it('the rule, way by way', () => {
    const complete = { ...withoutConsent, hasDsgvoConsent: true };
    expect(needsOnboardingAfterSignIn(withoutConsent, 'code', true)).toBe(false);
    expect(needsOnboardingAfterSignIn(withoutConsent, 'magic-link', true)).toBe(true);
    expect(needsOnboardingAfterSignIn(complete, 'magic-link', true)).toBe(false);
    expect(needsOnboardingAfterSignIn({ ...complete, phone: ' ' }, 'code', true)).toBe(true);
    expect(needsOnboardingAfterSignIn({ ...withoutConsent, role: 'admin' }, 'magic-link', true)).toBe(false);
    expect(needsOnboardingAfterSignIn(withoutConsent, 'magic-link', false)).toBe(false);
  });
});
