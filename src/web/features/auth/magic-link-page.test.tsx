// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MagicLinkPage } from './magic-link-page';
import { apiError, mockApi, renderAuthPage } from './testing/auth-test-kit';

const TOKEN = 'a'.repeat(32);
const at = () => renderAuthPage(<MagicLinkPage />, { path: `/auth/magic-link?token=${TOKEN}` });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MagicLinkPage (spec visitor §4, §8)', () => {
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
