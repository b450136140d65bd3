// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminTicketFilterOptions } from '@shared/admin-tickets';
import type { AdminInvoiceRow } from '@shared/invoices';
import { sessionUser } from '@web/testing/fixtures';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { InvoicesPage } from './invoices-page';

// 'Rechnungen' at /admin/rechnungen (issue 19)

const admin = sessionUser({ role: 'admin' });
resetEachTest();

const EVENT_ID = '7d1c2a9e-3b4f-4c5d-8e6f-0a1b2c3d4e5f';
const options: AdminTicketFilterOptions = {
  events: [
    { id: EVENT_ID, title: 'Yoga am Morgen', startTime: '2026-03-14T17:30:00.000Z' },
    { id: 'e2', title: 'Atemkurs', startTime: '2026-04-02T16:00:00.000Z' },
  ],
  users: [],
};

const row = (overrides: Partial<AdminInvoiceRow>): AdminInvoiceRow => ({
  id: 'i1',
  number: 'RE-2026-00001',
  kind: 'invoice',
  issueDate: '2026-03-02',
  orderNumber: 'WR-7K3Q9F',
  buyerName: 'Anna Berg',
  buyerEmail: 'anna@example.org',
  eventId: EVENT_ID,
  eventTitle: 'Yoga am Morgen',
  netCents: 4202,
  taxCents: 798,
  grossCents: 5000,
  currency: 'EUR',
  refundedCents: 0,
  correctsNumber: null,
  ...overrides,
});

const ROWS = [
  row({
    id: 'i3',
    number: 'RE-2026-00003',
    kind: 'cancellation',
    issueDate: '2026-03-10',
    netCents: -2101,
    taxCents: -399,
    grossCents: -2500,
    correctsNumber: 'RE-2026-00001',
  }),
  row({ id: 'i2', number: 'RE-2026-00002', buyerName: 'Bernd Lang', buyerEmail: 'bernd@example.org' }),
  row({ refundedCents: 2500 }),
];

const showPage = (path = '/admin/rechnungen') =>
  renderPage(<InvoicesPage />, { path, pattern: '/admin/rechnungen', user: admin });

/** The row whose header cell is the number. */
const rowOf = (number: string) =>
  screen
    .getAllByRole('row')
    .find((tr) => within(tr).queryByRole('rowheader')?.textContent?.startsWith(number))!;
const cellsOf = (number: string) =>
  [...rowOf(number).querySelectorAll('th, td')].map((cell) => cell.textContent);
const csvLink = () => screen.getByRole('link', { name: 'CSV für die Buchhaltung' });
const zipLink = () => screen.getByRole('link', { name: 'PDFs als ZIP' });

describe('InvoicesPage', () => {
  it('shows one row per invoice with date, kind, buyer, amounts and its PDF', async () => {
    mockApi({
      'GET /api/admin/invoices': () => json({ invoices: ROWS }),
      'GET /api/admin/tickets/filters': () => json(options),
    });
    showPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeTruthy();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Nummer',
      'Datum',
      'Art',
      'Käufer',
      'Event',
      'Netto',
      'USt',
      'Brutto',
      'Beleg',
    ]);
    // newest first, as the server sends them
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.getAttribute('data-invoice-id')),
    ).toEqual(['i3', 'i2', 'i1']);
    const nbsp = /\u00a0/g;
    expect(cellsOf('RE-2026-00003').map((text) => text?.replace(nbsp, ' '))).toEqual([
      'RE-2026-00003WR-7K3Q9F',
      '10.03.2026',
      'Storno zu RE-2026-00001',
      'Anna Berganna@example.org',
      'Yoga am Morgen',
      '-21,01 €',
      '-3,99 €',
      '-25,00 €',
      'PDF',
    ]);
    expect(cellsOf('RE-2026-00002')[2]).toBe('Rechnung');
    expect(cellsOf('RE-2026-00002')[7]?.replace(nbsp, ' ')).toBe('50,00 €');

    const first = within(rowOf('RE-2026-00001'));
    expect(first.getByText('02.03.2026')).toBeTruthy();
    expect(first.getByText(/^davon storniert 25,00/)).toBeTruthy();
    expect(within(rowOf('RE-2026-00002')).queryByText(/davon storniert/)).toBeNull();
    const pdf = first.getByRole('link', { name: 'PDF RE-2026-00001' });
    expect(pdf.getAttribute('href')).toBe('/api/invoices/i1/pdf');
    expect(pdf.getAttribute('download')).toBe('Rechnung-RE-2026-00001.pdf');

    expect(csvLink().getAttribute('href')).toBe('/api/admin/invoices.csv');
    expect(csvLink().hasAttribute('download')).toBe(true);
  });

  it('offers the PDFs as a ZIP only for a chosen month (docs/product/invoices.md#admin-list)', async () => {
    mockApi({
      'GET /api/admin/invoices': () => json({ invoices: ROWS }),
      'GET /api/admin/tickets/filters': () => json(options),
    });
    showPage();
    await screen.findByRole('table');
    const disabled = screen.getByRole('button', { name: 'PDFs als ZIP' }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    expect(disabled.closest('[title]')?.getAttribute('title')).toBe('Wähle zuerst einen Monat.');
    expect(document.getElementById(disabled.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Wähle zuerst einen Monat.',
    );
    expect(screen.queryByRole('link', { name: 'PDFs als ZIP' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Monat'), { target: { value: '2026-03' } });
    await waitFor(() => expect(zipLink().getAttribute('href')).toBe('/api/admin/invoices.zip?month=2026-03'));
    expect(zipLink().hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('button', { name: 'PDFs als ZIP' })).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Event' }), { target: { value: EVENT_ID } });
    await waitFor(() =>
      expect(zipLink().getAttribute('href')).toBe(
        `/api/admin/invoices.zip?month=2026-03&eventId=${EVENT_ID}`,
      ),
    );
  });

  it('asks the server with the chosen month and event, and the CSV link carries them', async () => {
    const calls = mockApi({
      'GET /api/admin/invoices': () => json({ invoices: ROWS }),
      'GET /api/admin/tickets/filters': () => json(options),
    });
    showPage();
    await screen.findByRole('table');
    const event = screen.getByRole('combobox', { name: 'Event' }) as HTMLSelectElement;
    await waitFor(() => expect(event.options).toHaveLength(3));
    expect(event.options[0]!.textContent).toBe('Alle Events');

    fireEvent.change(screen.getByLabelText('Monat'), { target: { value: '2026-03' } });
    await waitFor(() => expect(keysOf(calls)).toContain('GET /api/admin/invoices?month=2026-03'));
    expect(csvLink().getAttribute('href')).toBe('/api/admin/invoices.csv?month=2026-03');

    fireEvent.change(event, { target: { value: EVENT_ID } });
    const both = `month=2026-03&eventId=${EVENT_ID}`;
    await waitFor(() => expect(keysOf(calls)).toContain(`GET /api/admin/invoices?${both}`));
    expect(csvLink().getAttribute('href')).toBe(`/api/admin/invoices.csv?${both}`);

    fireEvent.change(screen.getByLabelText('Monat'), { target: { value: '' } });
    await waitFor(() => expect(keysOf(calls)).toContain(`GET /api/admin/invoices?eventId=${EVENT_ID}`));
    expect(csvLink().getAttribute('href')).toBe(`/api/admin/invoices.csv?eventId=${EVENT_ID}`);
  });

  it('starts from the filters of the link', async () => {
    const calls = mockApi({
      'GET /api/admin/invoices': () => json({ invoices: [] }),
      'GET /api/admin/tickets/filters': () => json(options),
    });
    showPage('/admin/rechnungen?month=2026-02&event=e2');
    expect(await screen.findByText('Keine Rechnungen in diesem Zeitraum.')).toBeTruthy();
    expect(keysOf(calls)).toContain('GET /api/admin/invoices?month=2026-02&eventId=e2');
    expect((screen.getByLabelText('Monat') as HTMLInputElement).value).toBe('2026-02');
    expect(screen.queryByRole('table')).toBeNull();
    expect(csvLink().getAttribute('href')).toBe('/api/admin/invoices.csv?month=2026-02&eventId=e2');
    expect(zipLink().getAttribute('href')).toBe('/api/admin/invoices.zip?month=2026-02&eventId=e2');
  });

  it('shows the server’s message when the list does not load', async () => {
    mockApi({
      'GET /api/admin/invoices': () => apiError(403, 'forbidden', 'Nur für Admins.'),
      'GET /api/admin/tickets/filters': () => json(options),
    });
    showPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Nur für Admins.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
