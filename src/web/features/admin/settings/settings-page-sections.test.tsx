// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@web/testing/mock-api';
import { renderPage } from '@web/testing/render-page';
import { SettingsPage } from './settings-page';

// The section navigation of the settings page (docs/decisions/025-back-office-layout.md).
vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const SECTIONS = [
  ['Branding', 'branding', 'Branding Logos'],
  ['Allgemein', 'general', 'Allgemeine Einstellungen'],
  ['Rechtliches & Betreiber', 'legal', 'Rechtliches & Betreiber'],
  ['Rechnungen', 'invoicing', 'Rechnungen'],
  ['Zahlungsarten', 'payment-methods', 'Zahlungsarten'],
  ['Überweisung', 'bank-transfer', 'Überweisung (Vorkasse)'],
  ['Server-Secrets', 'secrets', 'Server-Secrets'],
  ['Integrationen', 'integrations', 'Integrationen'],
  ['Auf deiner Website einbinden', 'embed', 'Auf deiner Website einbinden'],
  ['API-Schlüssel', 'api-keys', 'API-Schlüssel'],
  ['Webhooks', 'webhooks', 'Webhooks'],
  ['Stornierungsrichtlinien', 'policies', 'Stornierungsrichtlinien'],
  ['Admin Refund', 'admin-refund', 'Admin Refund'],
  ['Erstattungen', 'refunds', 'Erstattungen'],
  ['E-Mail-Tests', 'email-tests', 'E-Mail-Tests'],
  ['Automatische E-Mails', 'mails', 'Automatische E-Mails'],
] as const;

const scrolledTo = vi.fn();
beforeEach(() => {
  // jsdom lays nothing out and cannot scroll
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo(this.id);
  };
  // every card answers 'Fehler beim Laden': the frame is what is tested here
  mockApi({ 'GET /api/admin/settings': () => apiError(500, 'internal', 'Interner Fehler') });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  scrolledTo.mockClear();
});

const nav = () => screen.getByRole('navigation', { name: 'Abschnitte' });
const marked = () =>
  within(nav())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'location')
    .map((link) => link.textContent);

describe('SettingsPage sections', () => {
  it('links every card by its id, in the order of the cards', () => {
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      SECTIONS.map(([label, id]) => [label, `#${id}`]),
    );
    for (const [, id, title] of SECTIONS) {
      const card = document.getElementById(id)!;
      expect(card.tagName).toBe('SECTION');
      expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(title);
    }
    expect(marked()).toEqual(['Branding']);
  });

  it('marks the card being read while scrolling', async () => {
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    const tops: Record<string, number> = { branding: -900, general: -500, legal: 60, secrets: 700 };
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return { top: tops[this.id] ?? 1500 } as DOMRect;
    });
    fireEvent.scroll(window);
    await waitFor(() => expect(marked()).toEqual(['Rechtliches & Betreiber']));
  });

  it('jumps to a card on click and marks it at once', async () => {
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    fireEvent.click(within(nav()).getByRole('link', { name: 'Stornierungsrichtlinien' }));
    expect(scrolledTo).toHaveBeenCalledWith('policies');
    expect(marked()).toEqual(['Stornierungsrichtlinien']);
    expect(document.activeElement?.id).toBe('policies');
  });

  it('keeps a chosen card marked while the page glides and at its end, until the person scrolls themselves', async () => {
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    fireEvent.click(within(nav()).getByRole('link', { name: 'Stornierungsrichtlinien' }));
    // the page ends before 'Stornierungsrichtlinien' reaches the reading line: scrolled to the very bottom
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(4000);
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(4000 + window.innerHeight);
    fireEvent.scroll(window);
    await new Promise((resolve) => setTimeout(resolve, 100)); // several frames: the measure has run
    expect(marked()).toEqual(['Stornierungsrichtlinien']);
    // a turn of the wheel is the person's own scrolling: the bottom marks the last card again
    fireEvent.wheel(window);
    fireEvent.scroll(window);
    await waitFor(() => expect(marked()).toEqual(['Automatische E-Mails']));
  });

  it('opens at the card a link names (/admin/settings#secrets)', async () => {
    renderPage(<SettingsPage />, { path: '/admin/settings#secrets' });
    await waitFor(() => expect(scrolledTo).toHaveBeenCalledWith('secrets'));
  });
});
