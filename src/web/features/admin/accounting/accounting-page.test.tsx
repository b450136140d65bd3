// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CHART_DEFAULTS,
  DEFAULT_ACCOUNTING_SETTINGS,
  type AccountingPreview,
  type AccountingSettings,
} from '@shared/accounting';
import { sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { AccountingPage } from './accounting-page';

// 'Buchhaltung' at /admin/buchhaltung (docs/product/accounting.md)

const admin = sessionUser({ role: 'admin' });
resetEachTest();

const SET: AccountingSettings = {
  ...DEFAULT_ACCOUNTING_SETTINGS,
  consultantNumber: '1001',
  clientNumber: '1',
};
const preview = (range: { from: string; to: string }): AccountingPreview => ({
  range,
  invoices: 3,
  cancellations: 1,
  payments: 3,
  refunds: 1,
  returns: 0,
  accounts: [
    { account: '10000', label: 'Debitor (Sammelkonto)', balanceCents: 0 },
    { account: '1360', label: 'Verrechnung Karte', balanceCents: 27800 },
    { account: '8400', label: 'Erlöse 19 % USt', balanceCents: -23800 },
  ],
});
const previewOf = ({ url }: { url: string }) => {
  const params = new URL(url, 'http://localhost').searchParams;
  return json(preview({ from: params.get('from')!, to: params.get('to')! }));
};

const showPage = () =>
  renderPage(<AccountingPage />, { path: '/admin/buchhaltung', pattern: '/admin/buchhaltung', user: admin });
const csvLink = () => screen.queryByRole('link', { name: 'Buchungsstapel (CSV)' });

describe('AccountingPage', () => {
  it("shows this month's lines and balances and links both files for the range", async () => {
    mockApi({
      'GET /api/admin/accounting/settings': () => json({ accounting: SET }),
      'GET /api/admin/accounting/preview': previewOf,
    });
    showPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Buchhaltung' })).toBeTruthy();
    expect(
      await screen.findByText(
        /3 Rechnungen, 1 Stornorechnung, 3 Zahlungen, 1 Erstattung, 0 Rücklastschriften/,
      ),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Salden je Konto im Zeitraum' });
    const revenue = within(table).getByRole('row', { name: /8400/ });
    expect(revenue.textContent).toContain('Haben');
    expect(revenue.textContent).toContain('238,00');

    fireEvent.change(screen.getByLabelText('Monat'), { target: { value: '2026-02' } });
    await waitFor(() =>
      expect(csvLink()?.getAttribute('href')).toBe(
        '/api/admin/accounting/datev.csv?from=2026-02-01&to=2026-02-28',
      ),
    );
    expect(screen.getByRole('link', { name: 'Belege als ZIP' }).getAttribute('href')).toBe(
      '/api/admin/accounting/datev-belege.zip?from=2026-02-01&to=2026-02-28',
    );
  });

  it('says why a range across the year end is no export, and offers no file', async () => {
    mockApi({
      'GET /api/admin/accounting/settings': () => json({ accounting: SET }),
      'GET /api/admin/accounting/preview': previewOf,
    });
    showPage();
    fireEvent.change(screen.getByLabelText('Zeitraum'), { target: { value: 'range' } });
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2027-01-31' } });
    expect(await screen.findByText(/nur Tage eines Jahres/)).toBeTruthy();
    expect(csvLink()).toBeNull();
  });

  it('offers no download until Berater- and Mandantennummer are there, and saves them with the chosen chart', async () => {
    let stored: AccountingSettings = DEFAULT_ACCOUNTING_SETTINGS;
    const calls = mockApi({
      'GET /api/admin/accounting/settings': () => json({ accounting: stored }),
      'PUT /api/admin/accounting/settings': ({ body }) => {
        stored = body as AccountingSettings;
        return json({ accounting: stored });
      },
      'GET /api/admin/accounting/preview': previewOf,
    });
    showPage();
    expect(await screen.findByText(/Trag zuerst Berater- und Mandantennummer/)).toBeTruthy();
    expect(csvLink()).toBeNull();
    expect((screen.getByRole('button', { name: /Buchungsstapel/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(await screen.findByLabelText('Kontenrahmen'), { target: { value: 'skr04' } });
    expect((screen.getByLabelText('Erlöse 19 % USt') as HTMLInputElement).value).toBe('4400');
    fireEvent.change(screen.getByLabelText('Beraternummer'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Beraternummer hat 4 bis 7 Ziffern (ab 1001).')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Beraternummer'), { target: { value: '1001' } });
    fireEvent.change(screen.getByLabelText('Mandantennummer'), { target: { value: '4711' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(calls.some((call) => call.key === 'PUT /api/admin/accounting/settings')).toBe(true),
    );
    expect(calls.find((call) => call.key === 'PUT /api/admin/accounting/settings')!.body).toEqual({
      chart: 'skr04',
      consultantNumber: '1001',
      clientNumber: '4711',
      ...CHART_DEFAULTS.skr04,
    });
    await waitFor(() => expect(csvLink()).toBeTruthy());
  });
});
