// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/session';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { OnboardingPage } from './onboarding-page';
import { sessionUser } from '@web/testing/fixtures';
import { queryKeys } from '@web/lib/query-keys';

afterEach(cleanup);

// a new profile's full_name is the e-mail before the at sign (auth-code.test.ts)
const newUser = sessionUser();

function renderOnboarding(user: SessionUser) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.session, { user });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/onboarding']}>
        <OnboardingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    name: screen.getByLabelText('Vollständiger Name') as HTMLInputElement,
    phone: screen.getByLabelText('Telefonnummer') as HTMLInputElement,
  };
}

describe('OnboardingPage: the name field (docs/decisions/022-onboarding-banner.md)', () => {
  it("shows the e-mail's stand-in name as an empty field", () => {
    const { name, phone } = renderOnboarding(newUser);
    expect(name.value).toBe('');
    expect(phone.value).toBe('');
  });

  it('starts with a name the person gave', () => {
    const { name, phone } = renderOnboarding({ ...newUser, fullName: 'Anna Berg', phone: '040 1' });
    expect(name.value).toBe('Anna Berg');
    expect(phone.value).toBe('040 1');
  });

  it('keeps a name that only resembles the address', () => {
    expect(renderOnboarding({ ...newUser, fullName: 'Anna.Berg' }).name.value).toBe('Anna.Berg');
  });
});
