// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type AccessibilityStatement, type AppSettings } from '@shared/settings';
import { settingsQuery } from '@web/lib/settings';
import { AccessibilityPage } from './accessibility-page';

// The accessibility statement (docs/decisions/047-accessibility-statement.md): the operator's texts of the card
// 'Rechtliches & Betreiber', placeholders while they are missing, and the fallbacks for contact and authority.

afterEach(cleanup);

function renderStatement(
  accessibility: Partial<AccessibilityStatement>,
  settings: Partial<AppSettings> = {},
) {
  const client = new QueryClient();
  client.setQueryData(settingsQuery.queryKey, {
    ...DEFAULT_SETTINGS,
    ...settings,
    accessibility: { ...DEFAULT_SETTINGS.accessibility, ...accessibility },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccessibilityPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return document.querySelector('article')!;
}

const section = (name: string | RegExp) =>
  screen.getByRole('heading', { level: 2, name }).closest('section')!;
const placeholders = (root: HTMLElement) =>
  [...root.querySelectorAll('mark')].map((mark) => mark.textContent);

describe('AccessibilityPage', () => {
  it('marks what the operator has not written yet and tells them where', () => {
    const page = renderStatement({});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Erklärung zur Barrierefreiheit');
    expect(placeholders(page)).toEqual([
      '[Bitte eintragen: Stand der Erklärung]',
      '[Bitte eintragen: Stand der Vereinbarkeit]',
      '[Bitte eintragen: Bekannte Einschränkungen]',
      '[Bitte eintragen: Stand der Erklärung]',
    ]);
    expect(page.textContent).toContain('„Rechtliches & Betreiber“ ergänzt werden');
    // the contact falls back to the support address, the authority to the states' joint one
    expect(within(section('Barriere gefunden?')).getByRole('link').getAttribute('href')).toBe(
      `mailto:${DEFAULT_SETTINGS.supportEmail}`,
    );
    expect(section('Zuständige Marktüberwachungsbehörde').querySelector('address')!.textContent).toBe(
      'Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)' +
        'Anstalt des öffentlichen Rechts mit Sitz in Magdeburg (Sachsen-Anhalt)',
    );
  });

  it('prints a partial statement: the level, each gap as a list item, the contact, the authority and the date', () => {
    const page = renderStatement(
      {
        conformity: 'partial',
        knownGaps: 'Die Ticket-PDFs sind nicht getaggt.\nDer Saalplan ist nur ein Bild.',
        contactEmail: 'barrieren@haus-am-see.example',
        authority: 'Landesamt für Barrierefreiheit\nMusterstraße 1',
        reviewedOn: '2026-06-30',
      },
      { operator: { ...DEFAULT_SETTINGS.operator, email: 'kontakt@haus-am-see.example' } },
    );
    expect(placeholders(page)).toEqual([]);
    expect(page.textContent).not.toContain('Hinweis für den Betreiber');
    expect(page.querySelector('header')!.textContent).toContain('Stand: 30. Juni 2026');
    expect(section('Wie barrierefrei ist dieser Shop?').textContent).toContain(
      'Dieser Shop ist mit diesen Anforderungen teilweise vereinbar; die Einschränkungen stehen unten.',
    );
    const gaps = within(section('Bekannte Einschränkungen')).getAllByRole('listitem');
    expect(gaps.map((item) => item.textContent)).toEqual([
      'Die Ticket-PDFs sind nicht getaggt.',
      'Der Saalplan ist nur ein Bild.',
    ]);
    expect(within(section('Barriere gefunden?')).getByRole('link').getAttribute('href')).toBe(
      'mailto:barrieren@haus-am-see.example',
    );
    const authority = section('Zuständige Marktüberwachungsbehörde').querySelector('address')!;
    expect([...authority.children].map((line) => line.textContent)).toEqual([
      'Landesamt für Barrierefreiheit',
      'Musterstraße 1',
    ]);
    expect(section('Stand dieser Erklärung').textContent).toContain('am 30. Juni 2026 erstellt');
  });

  it("asks for no gaps under full conformity, and the contact falls back to the operator's e-mail", () => {
    const page = renderStatement(
      { conformity: 'full', reviewedOn: '2026-01-05' },
      { operator: { ...DEFAULT_SETTINGS.operator, email: 'kontakt@haus-am-see.example' } },
    );
    expect(placeholders(page)).toEqual([]);
    expect(section('Bekannte Einschränkungen').textContent).toContain(
      'Uns sind derzeit keine Einschränkungen bekannt.',
    );
    expect(section('Wie barrierefrei ist dieser Shop?').textContent).toContain('vollständig vereinbar.');
    expect(within(section('Barriere gefunden?')).getByRole('link').getAttribute('href')).toBe(
      'mailto:kontakt@haus-am-see.example',
    );
  });
});
