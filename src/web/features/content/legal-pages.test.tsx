// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type AppSettings, type OperatorInfo } from '@shared/settings';
import { settingsQuery } from '@web/lib/settings';
import { ImprintPage } from './imprint-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

// The legal pages print the data of the card 'Rechtliches & Betreiber' (docs/decisions/021): saved values
// instead of placeholders; a required field still empty keeps its placeholder, an optional one is left out.

afterEach(cleanup);

const GMBH: OperatorInfo = {
  name: 'Haus am See GmbH',
  legalForm: 'gmbh',
  representatives: 'Anna Berg (Geschäftsführerin)',
  street: 'Seeweg 4',
  postalCode: '24103',
  city: 'Kiel',
  email: 'kontakt@haus-am-see.example',
  phone: '+49 431 123456',
  registerCourt: 'Amtsgericht Kiel',
  registerNumber: 'HRB 12345 KI',
  vatId: 'DE123456789',
  taxNumber: '',
  supervisoryAuthority: 'Gewerbeamt Kiel',
  contentResponsible: 'Jonas Berg',
  privacyEmail: 'datenschutz@haus-am-see.example',
  privacyOfficer: 'Dr. Eva Schutz, dsb@haus-am-see.example',
};

function renderPage(page: ReactNode, operator: Partial<OperatorInfo>) {
  const settings: AppSettings = {
    ...DEFAULT_SETTINGS,
    operator: { ...DEFAULT_SETTINGS.operator, ...operator },
  };
  const client = new QueryClient();
  client.setQueryData(settingsQuery.queryKey, settings);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
  return document.querySelector('article')!;
}

const section = (name: string | RegExp) =>
  screen.getByRole('heading', { level: 2, name }).closest('section')!;
const placeholders = (root: HTMLElement) =>
  [...root.querySelectorAll('mark')].map((mark) => mark.textContent);
const NOTICE = /Markierte Angaben sind noch Platzhalter/;

describe('ImprintPage', () => {
  it('shows a placeholder for each required field of an empty store and tells the operator where to fill it', () => {
    const page = renderPage(<ImprintPage />, {});
    expect(placeholders(page)).toEqual([
      '[Bitte eintragen: Name des Anbieters]',
      '[Bitte eintragen: Straße und Hausnummer]',
      '[Bitte eintragen: PLZ]',
      '[Bitte eintragen: Ort]',
      '[Bitte eintragen: Rechtsform]',
      '[Bitte eintragen: Kontakt-E-Mail]',
      '[Bitte eintragen: Verantwortlich für den Inhalt]',
      '[Bitte eintragen: Straße und Hausnummer]',
      '[Bitte eintragen: PLZ]',
      '[Bitte eintragen: Ort]',
    ]);
    expect(screen.getByText(NOTICE).textContent).toContain('„Rechtliches & Betreiber“');
    // optional data not entered is left out, not announced
    expect(screen.queryByRole('heading', { name: 'Vertreten durch' })).toBeNull();
    expect(page.textContent).not.toMatch(/Telefon|Registergericht|Umsatzsteuer/);
  });

  it('prints the saved data of a GmbH and no placeholder', () => {
    const page = renderPage(<ImprintPage />, GMBH);
    expect(placeholders(page)).toEqual([]);
    expect(screen.queryByText(NOTICE)).toBeNull();
    const provider = section('Anbieter');
    expect(within(provider).getByText(/Haus am See GmbH/)).toBeTruthy();
    expect(provider.querySelector('address')!.textContent).toBe('Haus am See GmbHSeeweg 424103 Kiel');
    expect(provider.textContent).toContain('Rechtsform: GmbH');
    expect(section('Vertreten durch').textContent).toContain('Anna Berg (Geschäftsführerin)');
    const contact = section('Kontakt');
    expect(contact.textContent).toContain('+49 431 123456');
    expect(within(contact).getByRole('link', { name: GMBH.email }).getAttribute('href')).toBe(
      `mailto:${GMBH.email}`,
    );
    expect(section('Registereintrag').textContent).toBe(
      'RegistereintragRegistergericht: Amtsgericht KielRegisternummer: HRB 12345 KI',
    );
    expect(section('Umsatzsteuer-ID').textContent).toContain('§ 27a Umsatzsteuergesetz: DE123456789');
    expect(section('Zuständige Aufsichtsbehörde').textContent).toContain('Gewerbeamt Kiel');
    expect(section(/Verantwortlich für den Inhalt/).querySelector('address')!.textContent).toBe(
      'Jonas BergSeeweg 424103 Kiel',
    );
  });

  it('keeps the placeholder of a required field still missing, e.g. the register of a GmbH', () => {
    const page = renderPage(<ImprintPage />, { ...GMBH, registerCourt: '', registerNumber: '' });
    expect(placeholders(page)).toEqual([
      '[Bitte eintragen: Registergericht]',
      '[Bitte eintragen: Registernummer]',
    ]);
    expect(screen.getByText(NOTICE)).toBeTruthy();
  });
});

describe('PrivacyPage and TermsPage', () => {
  it('name the controller, the data protection officer and the data protection contact', () => {
    const page = renderPage(<PrivacyPage />, GMBH);
    expect(placeholders(page)).toEqual([]);
    const controller = section('Verantwortlicher');
    expect(controller.querySelector('address')!.textContent).toBe('Haus am See GmbHSeeweg 424103 Kiel');
    expect(controller.textContent).toContain('Vertreten durch: Anna Berg (Geschäftsführerin)');
    expect(controller.textContent).toContain('Datenschutzbeauftragte Person: Dr. Eva Schutz');
    expect(within(section('Kontakt')).getByRole('link').getAttribute('href')).toBe(
      'mailto:datenschutz@haus-am-see.example',
    );
  });

  it('privacy: placeholders for the controller of an empty store', () => {
    const page = renderPage(<PrivacyPage />, {});
    expect(placeholders(page)).toEqual([
      '[Bitte eintragen: Name des Anbieters]',
      '[Bitte eintragen: Straße und Hausnummer]',
      '[Bitte eintragen: PLZ]',
      '[Bitte eintragen: Ort]',
      '[Bitte eintragen: Kontakt-E-Mail]',
    ]);
    // the contact falls back to the support address
    expect(within(section('Kontakt')).getByRole('link').getAttribute('href')).toBe(
      `mailto:${DEFAULT_SETTINGS.supportEmail}`,
    );
  });

  it('terms: the contracting party with address and e-mail', () => {
    const page = renderPage(<TermsPage />, GMBH);
    expect(placeholders(page)).toEqual([]);
    const party = section('§ 1 Vertragspartner');
    expect(party.querySelector('address')!.textContent).toBe('Haus am See GmbHSeeweg 424103 Kiel');
    expect(within(party).getByRole('link', { name: GMBH.email })).toBeTruthy();
    cleanup();
    expect(placeholders(renderPage(<TermsPage />, {}))).toHaveLength(5);
  });
});
