// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeaturedFeedback } from '@shared/feedback-texts';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { OrganizerFeedback, SeriesFeedback } from './featured-feedback';

// docs/product/feedback.md#featured: chosen comments, anonymous, on the series page and under an organizer.

const comment = (overrides: Partial<FeaturedFeedback>): FeaturedFeedback => ({
  id: 'c1',
  stars: 5,
  text: 'Ruhig angeleitet',
  eventTitle: 'Abendwerkstatt',
  startTime: '2030-03-14T18:00:00.000Z',
  timezone: 'Europe/Berlin',
  organizerIds: ['miriam'],
  seriesSlug: 'abendwerkstatt',
  ...overrides,
});
const comments = [
  comment({}),
  comment({ id: 'c2', text: 'Viel gelernt', stars: 4, seriesSlug: null }),
  comment({ id: 'c3', text: 'Gern wieder', organizerIds: ['jonas'], seriesSlug: 'andere-reihe' }),
  comment({ id: 'c4', text: 'Schöner Raum', seriesSlug: null }),
];

resetEachTest();

describe('featured comments', () => {
  it('shows a series its own dates’ comments with stars, event and month, naming nobody', async () => {
    mockApi({ 'GET /api/feedback/featured': () => json({ comments }) });
    renderPage(<SeriesFeedback slug="abendwerkstatt" />);
    expect(await screen.findByRole('heading', { name: 'Das sagen Teilnehmende' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '5 von 5 Sternen„Ruhig angeleitet“Teilnehmer:in, Abendwerkstatt, März 2030',
    ]);
  });

  it('shows at most two under an organizer, only of their events', async () => {
    mockApi({ 'GET /api/feedback/featured': () => json({ comments }) });
    renderPage(<OrganizerFeedback organizerId="miriam" name="Miriam Albers" />);
    const region = await screen.findByRole('region', { name: 'Stimmen zu Miriam Albers' });
    expect(region.textContent).toContain('Ruhig angeleitet');
    expect(region.textContent).toContain('Viel gelernt');
    expect(region.textContent).not.toContain('Gern wieder');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('leaves no trace without comments', async () => {
    const calls = mockApi({ 'GET /api/feedback/featured': () => json({ comments: [] }) });
    const { container } = renderPage(<SeriesFeedback slug="abendwerkstatt" />);
    await expect.poll(() => calls.length).toBe(1);
    expect(container.textContent).toBe('');
  });
});
