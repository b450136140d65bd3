// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MagicLinkPage } from './magic-link-page';
import { apiError, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';

const TOKEN = 'a'.repeat(32);
const at = () =>
  renderPage(<MagicLinkPage />, { path: `/auth/magic-link?token=${TOKEN}`, pattern: '/auth/magic-link' });

beforeEach(() => sessionStorage.clear());
resetEachTest();

describe('MagicLinkPage (docs/product/accounts-and-consent.md#magic-link-handler)', () => {
  it('says the link was used already when the server says so (another browser, a new tab)', async () => {
    const calls = mockApi({
      'POST /api/auth/magic-link/verify': () =>
        apiError(400, 'link_used', 'Magic Link wurde bereits verwendet. Bitte fordere einen neuen Link an.'),
    });
    at();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Magic Link wurde bereits verwendet. Bitte fordere einen neuen Link an.',
    );
    expect(calls.map((call) => call.key)).toEqual(['POST /api/auth/magic-link/verify']);
    expect(screen.getByRole('button', { name: 'Link erneut senden' })).toBeTruthy();
  });

  it('calls any other refusal invalid or expired', async () => {
    mockApi({
      'POST /api/auth/magic-link/verify': () =>
        apiError(400, 'link_invalid', 'Magic Link ist ungültig oder abgelaufen.'),
    });
    at();
    expect((await screen.findByRole('alert')).textContent).toBe('Magic Link ist ungültig oder abgelaufen.');
  });
});
