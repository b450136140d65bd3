// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FeedbackAnswer, FeedbackResults } from '@shared/feedback';
import { sessionUser } from '@web/testing/fixtures';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { FeedbackResultsPage } from './feedback-results-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// docs/product/feedback.md#results

const answer = (overrides: Partial<FeedbackAnswer>): FeedbackAnswer => ({
  id: 'a1',
  stars: 5,
  good: 'Die Übungen',
  better: '',
  publishConsent: true,
  featured: false,
  submittedAt: '2030-03-15T10:00:00.000Z',
  ...overrides,
});
const results = (overrides: Partial<FeedbackResults> = {}): FeedbackResults => ({
  eventId: 'e1',
  eventTitle: 'Werkstatt Klarheit',
  eventSlug: 'werkstatt-klarheit',
  startTime: '2030-03-14T09:00:00.000Z',
  endTime: '2030-03-14T16:00:00.000Z',
  timezone: 'Europe/Berlin',
  enabled: true,
  count: 3,
  average: 4.3,
  distribution: [0, 0, 0, 2, 1],
  reachable: 8,
  answers: [
    answer({}),
    answer({ id: 'a2', stars: 4, good: 'Ruhig', publishConsent: false }),
    answer({ id: 'a3', stars: 4, good: 'Gut', featured: true }),
  ],
  ...overrides,
});

function show(routes: Parameters<typeof mockApi>[0], area: 'admin' | 'organizer' = 'organizer') {
  const calls = mockApi(routes);
  const path = area === 'admin' ? '/admin/events/e1/feedback' : '/veranstalter/events/e1/feedback';
  const pattern =
    area === 'admin' ? '/admin/events/:eventId/feedback' : '/veranstalter/events/:eventId/feedback';
  renderPage(<FeedbackResultsPage area={area} />, {
    path,
    pattern,
    user: sessionUser({ role: 'organizer' }),
  });
  return calls;
}

resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

describe('FeedbackResultsPage', () => {
  it('shows average, answers of tickets and the distribution as a table', async () => {
    show({ 'GET /api/feedback/events/e1': () => json(results()) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Feedback · Werkstatt Klarheit' }),
    ).toBeTruthy();
    expect(screen.getByText('3 Antworten von 8 Tickets')).toBeTruthy();
    expect(screen.getByText('4,3')).toBeTruthy();
    const table = within(screen.getByRole('table', { name: 'Verteilung der Sterne' }));
    expect(
      table
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['5 Sterne1', '4 Sterne2', '3 Sterne0', '2 Sterne0', '1 Stern0']);
  });

  it('offers "Auf der Website zeigen" only with consent, and sends the choice', async () => {
    const calls = show({
      'GET /api/feedback/events/e1': () => json(results()),
      'PUT /api/feedback/events/e1/answers/a1/featured': () =>
        json({ answer: answer({ featured: true }), message: 'Die Antwort erscheint jetzt auf der Website.' }),
    });
    const items = await screen.findAllByRole('listitem');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByText('Nur intern')).toBeTruthy();
    expect(within(items[2]!).getByRole('button', { name: 'Nicht mehr zeigen' })).toBeTruthy();
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Auf der Website zeigen' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Die Antwort erscheint jetzt auf der Website.'),
    );
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({ featured: true });
  });

  it('switches the survey off', async () => {
    const calls = show({
      'GET /api/feedback/events/e1': () => json(results()),
      'PUT /api/feedback/events/e1/settings': () =>
        json({ enabled: false, message: 'Die Umfrage ist ausgeschaltet.' }),
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Nach dem Event um eine Bewertung bitten' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Die Umfrage ist ausgeschaltet.'));
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({ enabled: false });
  });

  it('tells an organizer of another event that they are not assigned', async () => {
    show({ 'GET /api/feedback/events/e1': () => apiError(403, 'forbidden', 'Dafür fehlen dir die Rechte.') });
    expect(
      await screen.findByText('Du bist für diese Veranstaltung nicht als Veranstalter:in eingetragen.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meine Veranstaltungen' }).getAttribute('href')).toBe(
      '/veranstalter',
    );
  });
});
