// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES as M, type FeedbackSurvey } from '@shared/feedback';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { FeedbackPage } from './feedback-page';

// docs/product/feedback.md#survey: the page of a survey link, without sign-in.

const TOKEN = '5b0c6a4e-1111-4222-8333-944455556666_abc';
const url = `/api/feedback/survey/${encodeURIComponent(TOKEN)}`;
const survey = (overrides: Partial<FeedbackSurvey> = {}): FeedbackSurvey => ({
  eventTitle: 'Werkstatt Klarheit',
  startTime: '2030-03-14T09:00:00.000Z',
  endTime: '2030-03-14T16:00:00.000Z',
  timezone: 'Europe/Berlin',
  firstName: 'Anna',
  state: 'open',
  ...overrides,
});

const show = (routes: Parameters<typeof mockApi>[0]) => {
  const calls = mockApi(routes);
  renderPage(<FeedbackPage />, {
    path: `/feedback/${encodeURIComponent(TOKEN)}`,
    pattern: '/feedback/:token',
  });
  return calls;
};

resetEachTest();

describe('FeedbackPage', () => {
  it('asks the four questions and sends stars, both texts and the consent', async () => {
    const calls = show({
      [`GET ${url}`]: () => json(survey()),
      [`POST ${url}`]: () => json({ message: M.thanks }, 201),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wie war’s, Anna?' })).toBeTruthy();
    expect(screen.getByText('Werkstatt Klarheit · Do., 14.03.2030')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '4 Sterne' }));
    fireEvent.change(screen.getByLabelText('Was war gut?'), { target: { value: 'Die Übungen' } });
    fireEvent.change(screen.getByLabelText('Was könnte besser sein?'), { target: { value: 'Mehr Pausen' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Ja, anonym veröffentlichen ist in Ordnung' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    expect(await screen.findByRole('heading', { level: 1, name: M.thanks })).toBeTruthy();
    expect(calls.find((call) => call.key === `POST ${url}`)?.body).toEqual({
      stars: 4,
      good: 'Die Übungen',
      better: 'Mehr Pausen',
      publishConsent: true,
    });
  });

  it('sends nothing without stars and the consent question answered, and says why', async () => {
    const calls = show({ [`GET ${url}`]: () => json(survey()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Bewertung senden' }));
    expect(screen.getByText(M.stars)).toBeTruthy();
    expect(screen.getByText(M.consent)).toBeTruthy();
    expect(screen.getByRole('radio', { name: '1 Stern' }).getAttribute('aria-invalid')).toBe('true');
    expect(keysOf(calls)).toEqual([`GET ${url}`]);
  });

  it('shows the server’s reason when the link does not work (account deleted, forged …)', async () => {
    show({ [`GET ${url}`]: () => apiError(404, 'not_found', M.accountDeleted) });
    expect(await screen.findByRole('heading', { name: 'Dieser Link funktioniert nicht' })).toBeTruthy();
    expect(screen.getByText(M.accountDeleted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bewertung senden' })).toBeNull();
  });

  it('thanks again for a link already answered', async () => {
    show({ [`GET ${url}`]: () => json(survey({ state: 'answered' })) });
    expect(await screen.findByRole('heading', { name: M.thanks })).toBeTruthy();
  });

  it('keeps the form and shows the refusal when the answer is refused', async () => {
    show({
      [`GET ${url}`]: () => json(survey()),
      [`POST ${url}`]: () => apiError(409, 'conflict', M.alreadyAnswered),
    });
    fireEvent.click(await screen.findByRole('radio', { name: '5 Sterne' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Nein, nur für die Veranstalter:innen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    await waitFor(() => expect(screen.getByText(M.alreadyAnswered)).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Bewertung senden' })).toBeTruthy();
  });
});
