// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventLoginPage } from './event-login-page';
import { apiError, json, mockApi, renderAuthPage } from './testing/auth-test-kit';

const at = (slug: string) =>
  renderAuthPage(<EventLoginPage />, { path: `/event/${slug}/login`, pattern: '/event/:slug/login' });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EventLoginPage (spec visitor §2 "Sign-in pages", "Not found text")', () => {
  it("shows 'Event nicht gefunden' for an unknown event, not a sign-in card", async () => {
    mockApi({
      'GET /api/events/gibt-es-nicht': () => apiError(404, 'not_found', 'Event nicht gefunden'),
    });
    at('gibt-es-nicht');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event nicht gefunden' })).toBeTruthy();
    expect(screen.queryByLabelText('E-Mail-Adresse')).toBeNull();
    expect(screen.queryByRole('link', { name: /Zurück zum Event/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Alle Veranstaltungen' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/login');
    expect(document.title).toContain('Event nicht gefunden');
  });

  it('brands the sign-in card with a known event', async () => {
    mockApi({
      'GET /api/events/atem': () =>
        json({
          id: 'e1',
          slug: 'atem',
          title: 'Atem und Stille',
          shortDescription: 'Ein Abend',
          imageUrl: null,
        }),
    });
    at('atem');
    expect(await screen.findByText('Atem und Stille')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Anmelden und buchen');
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeTruthy();
  });
});
