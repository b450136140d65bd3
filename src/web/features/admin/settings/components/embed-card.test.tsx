// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSettings } from '@shared/admin-settings';
import type { PublicOrganizer } from '@shared/events';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { WIDGET_HEIGHT } from '@shared/widget-messages';
import { ThemeProvider, useTheme } from '@web/lib/theme';
import { toast } from '@web/lib/toast';
import { publicEvent } from '@web/testing/fixtures';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { EmbedCard } from './embed-card';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.error));

const unset = { set: false, updatedAt: null };
const stored = (allowedOrigins: string[]): AdminSettings => ({
  settings: { ...DEFAULT_SETTINGS, widget: { allowedOrigins } },
  secrets: { stripeSecretKey: unset, stripeWebhookSecret: unset },
});
const organizer: PublicOrganizer = {
  id: 'org-1',
  displayName: 'Jonas Berger',
  avatarUrl: null,
  portraitUrl: null,
  bio: null,
  website: null,
};
const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
const events = [
  publicEvent({ id: 'e1', slug: 'achtsam-streiten', title: 'Achtsam streiten', startTime: soon }),
  publicEvent({ id: 'e2', slug: 'entwurf', title: 'Entwurf', status: 'draft', startTime: soon }),
];
const snippet = () => screen.getByTestId('embed-snippet').textContent;
const origin = window.location.origin;
// the element keeps the widget's height from the first paint on (docs/product/widget.md#no-layout-shift)
const reserved = `style="min-height:${WIDGET_HEIGHT}px"`;

function mockCard(save: Parameters<typeof mockApi>[0][string] = () => json({ allowedOrigins: [] })) {
  return mockApi({
    'GET /api/admin/settings': () => json(stored(['https://praxis.example'])),
    'GET /api/organizers': () => json([organizer]),
    'GET /api/events': () => json(events),
    'PUT /api/admin/settings/widget': save,
  });
}

// the preview takes the theme the admin sees the shop in, as the app's root provides it
const renderCard = () =>
  renderPage(
    <ThemeProvider>
      <EmbedCard />
    </ThemeProvider>,
    { path: '/admin/settings' },
  );

describe("card 'Auf deiner Website einbinden' (docs/product/widget.md)", () => {
  it('shows the snippet of each scope with a preview of it', async () => {
    mockCard();
    renderCard();
    await waitFor(() => expect(screen.getByTestId('embed-snippet')).toBeTruthy());
    expect(snippet()).toBe(
      `<script src="${origin}/widget.js" async></script>\n<div data-ticketshop-widget ${reserved}></div>`,
    );
    const scope = screen.getByRole('combobox', { name: 'Was soll das Widget zeigen?' });
    const preview = () => screen.getByTitle('Vorschau des Buchungs-Widgets').getAttribute('src');
    expect(preview()).toBe('/widget?theme=light');
    expect(screen.getByTitle('Vorschau des Buchungs-Widgets').style.height).toBe(`${WIDGET_HEIGHT}px`);

    fireEvent.change(scope, { target: { value: 'organizer' } });
    expect(snippet()).toContain(`<div data-ticketshop-widget data-organizer="org-1" ${reserved}></div>`);
    expect(preview()).toBe('/widget?organizer=org-1&theme=light');

    fireEvent.change(scope, { target: { value: 'event' } });
    const event = screen.getByRole('combobox', { name: 'Event' }) as HTMLSelectElement;
    // drafts cannot be embedded: visitors never see them
    expect([...event.options].map((option) => option.textContent)).toEqual(['Achtsam streiten']);
    expect(snippet()).toContain(
      `<div data-ticketshop-widget data-event="achtsam-streiten" ${reserved}></div>`,
    );
    expect(screen.getByRole('button', { name: 'Code kopieren' })).toBeTruthy();
  });

  it('shows the preview in the theme the admin sees the shop in, also after a switch', async () => {
    mockCard();
    // the shop's own theme switch (Hell/Dunkel/System) in the header
    function DarkSwitch() {
      const { setChoice } = useTheme();
      return (
        <button type="button" onClick={() => setChoice('dark')}>
          Dunkel
        </button>
      );
    }
    renderPage(
      <ThemeProvider>
        <DarkSwitch />
        <EmbedCard />
      </ThemeProvider>,
      { path: '/admin/settings' },
    );
    const preview = await screen.findByTitle('Vorschau des Buchungs-Widgets');
    expect(preview.getAttribute('src')).toBe('/widget?theme=light');
    fireEvent.click(screen.getByRole('button', { name: 'Dunkel' }));
    await waitFor(() => expect(preview.getAttribute('src')).toBe('/widget?theme=dark'));
  });

  it('adds a site as its origin, refuses a path in German and saves the list', async () => {
    const calls = mockCard(() =>
      json({ allowedOrigins: ['https://praxis.example', 'https://blog.example'] }),
    );
    renderCard();
    const list = await screen.findByRole('list', { name: 'Erlaubte Websites' });
    expect(list.textContent).toContain('https://praxis.example');
    const field = screen.getByRole('textbox', { name: 'Website hinzufügen' });

    fireEvent.change(field, { target: { value: 'https://blog.example/termine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(
      screen.getByText(
        'Bitte gib eine Website-Adresse wie https://example.org ein (nur Schema, Domain und ggf. Port, ohne Pfad).',
      ),
    ).toBeTruthy();

    fireEvent.change(field, { target: { value: ' HTTPS://Blog.example/ ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(list.textContent).toContain('https://blog.example');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
    expect(calls.find((call) => call.key === 'PUT /api/admin/settings/widget')?.body).toEqual({
      allowedOrigins: ['https://praxis.example', 'https://blog.example'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'https://praxis.example entfernen' }));
    expect(list.textContent).not.toContain('https://praxis.example');
  });

  it("shows the server's refusal", async () => {
    mockCard(() => apiError(422, 'validation_failed', 'Du kannst höchstens 20 Websites eintragen.'));
    renderCard();
    await screen.findByRole('list', { name: 'Erlaubte Websites' });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Du kannst höchstens 20 Websites eintragen.')).toBeTruthy();
  });
});
