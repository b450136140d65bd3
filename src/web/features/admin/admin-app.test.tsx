// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import AdminApp from './admin-app';

// The areas do not import each other (docs/decisions/052-admin-areas-as-features.md): the shell puts the
// mail-rules area into the event editor and into the settings. The areas' own tests cover the rest.
vi.mock('./events/event-edit-page', () => ({
  EventEditPage: ({ mailRules }: { mailRules: (eventId: string) => ReactNode }) => (
    <main>
      <h1>Event bearbeiten</h1>
      {mailRules('e1')}
    </main>
  ),
}));
vi.mock('./settings/settings-page', () => ({
  SettingsPage: ({ mailRules }: { mailRules: ReactNode }) => (
    <main>
      <h1>Einstellungen</h1>
      {mailRules}
    </main>
  ),
}));
vi.mock('./mail-rules/components/event-mail-rules-section', () => ({
  EventMailRulesSection: ({ eventId }: { eventId: string }) => <p>Regeln des Events {eventId}</p>,
}));
vi.mock('./mail-rules/components/global-mail-rules', () => ({
  GlobalMailRules: () => <p>Regeln für alle Events</p>,
}));

resetEachTest();

describe('the admin shell', () => {
  it("shows the event's mail rules below the event editor", () => {
    renderPage(<AdminApp />, { path: '/events/e1/edit' });
    expect(screen.getByRole('heading', { name: 'Event bearbeiten' })).toBeTruthy();
    expect(screen.getByText('Regeln des Events e1')).toBeTruthy();
  });

  it('shows the rules for every event in the settings', () => {
    renderPage(<AdminApp />, { path: '/settings' });
    expect(screen.getByRole('heading', { name: 'Einstellungen' })).toBeTruthy();
    expect(screen.getByText('Regeln für alle Events')).toBeTruthy();
  });
});
