// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CSV_MESSAGES,
  type BankImportResult,
  type CsvMapping,
  type CsvPreview,
} from '@shared/bank-statements';
import { toast } from '@web/lib/toast';
import { sessionUser } from '@web/testing/fixtures';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { BankStatementsPage } from './bank-statements-page';

// 'Kontoauszüge': CSV exports and their column mappings (docs/product/bank-transfer.md#csv)

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const VOLKSBANK: CsvMapping = {
  name: 'Volksbank',
  delimiter: ',',
  dateColumn: 'Date',
  dateFormat: 'YYYY-MM-DD',
  amountColumn: 'Amount',
  decimalComma: false,
  nameColumn: 'Payer',
  ibanColumn: '',
  textColumns: ['Text', 'More'],
};
const SPARKASSE: CsvMapping = {
  name: 'Sparkasse',
  delimiter: ';',
  dateColumn: 'Buchungstag',
  dateFormat: 'DD.MM.YY',
  amountColumn: 'Betrag',
  decimalComma: true,
  nameColumn: 'Beguenstigter/Zahlungspflichtiger',
  ibanColumn: 'Kontonummer/IBAN',
  textColumns: ['Buchungstext', 'Verwendungszweck'],
};
const PREVIEW: CsvPreview = {
  delimiter: ';',
  headers: [
    'Buchungstag',
    'Buchungstext',
    'Verwendungszweck',
    'Beguenstigter/Zahlungspflichtiger',
    'Kontonummer/IBAN',
    'Betrag',
  ],
  rows: [
    [
      '27.11.26',
      'GUTSCHR. UEBERWEISUNG',
      'Seminar WR-7K3Q9F-M',
      'Anna Beispiel',
      'DE02120300000000202051',
      '45,00',
    ],
    ['27.11.26', 'LASTSCHRIFT', 'Miete Raum', 'Seminarhaus', 'DE44500105175407324931', '-1.200,00'],
  ],
};
const RESULT: BankImportResult = {
  importId: 'i1',
  format: 'csv',
  linesTotal: 2,
  linesNew: 2,
  matched: 1,
  partial: 0,
  overpaid: 0,
  unmatched: 0,
  ignored: 1,
};

const MAPPINGS = '/api/admin/bank-statements/csv-mappings';
const GET_MAPPINGS = `GET ${MAPPINGS}`;
const PUT_MAPPINGS = `PUT ${MAPPINGS}`;
const PREVIEW_CSV = 'POST /api/admin/bank-statements/csv-preview';
const UPLOAD = 'POST /api/admin/bank-statements';

const showPage = (saved: CsvMapping[], routes: Parameters<typeof mockApi>[0] = {}) => {
  let stored = saved;
  const calls = mockApi({
    'GET /api/admin/bank-statements/lines': () => json({ lines: [] }),
    'GET /api/admin/bank-transfers': () => json({ bookings: [] }),
    'GET /api/admin/transfer-refunds': () => json({ refunds: [] }),
    [GET_MAPPINGS]: () => json({ mappings: stored }),
    [PUT_MAPPINGS]: ({ body }) => {
      stored = (body as { mappings: CsvMapping[] }).mappings;
      return json({ mappings: stored });
    },
    [PREVIEW_CSV]: () => json(PREVIEW),
    ...routes,
  });
  renderPage(<BankStatementsPage />, {
    path: '/admin/kontoauszuege',
    pattern: '/admin/kontoauszuege',
    user: sessionUser({ role: 'admin' }),
  });
  return calls;
};

const mappingsSection = () => within(screen.getByRole('region', { name: 'CSV-Spaltenzuordnung' }));
const uploadSection = () => within(screen.getByRole('region', { name: 'Kontoauszug einlesen' }));
const select = (name: string, value: string) =>
  fireEvent.change(mappingsSection().getByRole('combobox', { name }), { target: { value } });
const csvFile = (name = 'umsaetze.csv') => new File(['Buchungstag;Betrag\n27.11.26;45,00'], name);

describe('CSV-Spaltenzuordnung', () => {
  it('previews a sample file, builds the mapping from the selects and saves the whole list', async () => {
    const calls = showPage([VOLKSBANK]);
    expect(await mappingsSection().findByText('Volksbank')).toBeTruthy();
    fireEvent.click(mappingsSection().getByRole('button', { name: 'Neue Zuordnung' }));
    const name = mappingsSection().getByRole('textbox', { name: 'Name der Bank' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: ' Sparkasse ' } });

    const sample = csvFile();
    fireEvent.change(mappingsSection().getByLabelText('Beispieldatei (CSV)'), {
      target: { files: [sample] },
    });
    const table = await mappingsSection().findByRole('table', { name: 'Vorschau der Beispieldatei' });
    const body = calls.find((call) => call.key === PREVIEW_CSV)?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('umsaetze.csv');
    expect(within(table).getByRole('columnheader', { name: 'Verwendungszweck' })).toBeTruthy();
    expect(within(table).getByText('Seminar WR-7K3Q9F-M')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    select('Datum', 'Buchungstag');
    select('Datumsformat', 'DD.MM.YY');
    select('Betrag', 'Betrag');
    select('Dezimaltrennzeichen', 'comma');
    select('Name', 'Beguenstigter/Zahlungspflichtiger');
    select('IBAN', 'Kontonummer/IBAN');

    // no column with the reference yet: the shared schema refuses, nothing is sent
    fireEvent.click(mappingsSection().getByRole('button', { name: 'Speichern' }));
    expect(await mappingsSection().findByText(CSV_MESSAGES.textColumns)).toBeTruthy();
    expect(keysOf(calls)).not.toContain(PUT_MAPPINGS);

    // checked out of the file's order: joined in the file's order
    fireEvent.click(mappingsSection().getByRole('checkbox', { name: 'Verwendungszweck' }));
    fireEvent.click(mappingsSection().getByRole('checkbox', { name: 'Buchungstext' }));
    fireEvent.click(mappingsSection().getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Zuordnung gespeichert.'));
    expect(calls.find((call) => call.key === PUT_MAPPINGS)?.body).toEqual({
      mappings: [VOLKSBANK, SPARKASSE],
    });
    expect(mappingsSection().queryByRole('textbox', { name: 'Name der Bank' })).toBeNull();
    expect(mappingsSection().getByText('Sparkasse')).toBeTruthy();
    // the upload offers it at once
    expect(await uploadSection().findByRole('option', { name: 'Sparkasse' })).toBeTruthy();
  });

  it('edits a saved mapping in place and shows why the server refused', async () => {
    const calls = showPage([VOLKSBANK, SPARKASSE], {
      [PUT_MAPPINGS]: () => apiError(422, 'validation_failed', CSV_MESSAGES.column),
    });
    fireEvent.click(await mappingsSection().findByRole('button', { name: 'Bearbeiten: Volksbank' }));
    // no sample yet: the saved columns are the choice
    const date = mappingsSection().getByRole('combobox', { name: 'Datum' }) as HTMLSelectElement;
    expect(date.value).toBe('Date');
    select('Dezimaltrennzeichen', 'comma');
    fireEvent.click(mappingsSection().getByRole('button', { name: 'Speichern' }));
    expect((await mappingsSection().findByRole('alert')).textContent).toBe(CSV_MESSAGES.column);
    expect(calls.find((call) => call.key === PUT_MAPPINGS)?.body).toEqual({
      mappings: [{ ...VOLKSBANK, decimalComma: true }, SPARKASSE],
    });
  });

  it('refuses a second mapping of the same name', async () => {
    const calls = showPage([SPARKASSE]);
    fireEvent.click(await mappingsSection().findByRole('button', { name: 'Bearbeiten: Sparkasse' }));
    fireEvent.click(mappingsSection().getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(mappingsSection().getByRole('button', { name: 'Neue Zuordnung' }));
    fireEvent.change(mappingsSection().getByRole('textbox', { name: 'Name der Bank' }), {
      target: { value: 'sparkasse' },
    });
    fireEvent.change(mappingsSection().getByLabelText('Beispieldatei (CSV)'), {
      target: { files: [csvFile()] },
    });
    await mappingsSection().findByRole('table', { name: 'Vorschau der Beispieldatei' });
    select('Datum', 'Buchungstag');
    select('Betrag', 'Betrag');
    select('Name', 'Beguenstigter/Zahlungspflichtiger');
    fireEvent.click(mappingsSection().getByRole('checkbox', { name: 'Verwendungszweck' }));
    fireEvent.click(mappingsSection().getByRole('button', { name: 'Speichern' }));
    expect(await mappingsSection().findByText('Eine Zuordnung mit diesem Namen gibt es schon.')).toBeTruthy();
    expect(keysOf(calls)).not.toContain(PUT_MAPPINGS);
  });

  it('deletes a mapping after asking: the list goes back without it', async () => {
    const calls = showPage([VOLKSBANK, SPARKASSE]);
    fireEvent.click(await mappingsSection().findByRole('button', { name: 'Löschen: Volksbank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zuordnung löschen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Zuordnung gelöscht.'));
    expect(calls.filter((call) => call.key === PUT_MAPPINGS).map((call) => call.body)).toEqual([
      { mappings: [SPARKASSE] },
    ]);
    await waitFor(() => expect(mappingsSection().queryByText('Volksbank')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Kontoauszug einlesen: CSV', () => {
  const choose = (file: File) =>
    fireEvent.change(uploadSection().getByLabelText('Datei'), { target: { files: [file] } });
  const mappingSelect = () =>
    uploadSection().getByRole('combobox', { name: 'Spaltenzuordnung (nur für CSV)' }) as HTMLSelectElement;

  it('sends the chosen mapping by name with the file', async () => {
    const calls = showPage([VOLKSBANK, SPARKASSE], { [UPLOAD]: () => json(RESULT) });
    await uploadSection().findByRole('option', { name: 'Sparkasse' });
    expect(
      within(mappingSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['—', 'Volksbank', 'Sparkasse']);
    choose(csvFile());
    // a CSV without a mapping: the hint and the way to make one
    const link = uploadSection().getByRole('link', { name: 'Neue Spaltenzuordnung anlegen' });
    expect(link.getAttribute('href')).toBe('#csv-spaltenzuordnung');
    expect(uploadSection().getByText(CSV_MESSAGES.mappingMissing, { exact: false })).toBeTruthy();

    fireEvent.change(mappingSelect(), { target: { value: 'Sparkasse' } });
    expect(uploadSection().queryByRole('link')).toBeNull();
    fireEvent.click(uploadSection().getByRole('button', { name: 'Einlesen' }));
    expect(await uploadSection().findByText(/2 Zeilen gelesen, 2 neu: 1 zugeordnet/)).toBeTruthy();
    const body = calls.find((call) => call.key === UPLOAD)?.body as FormData;
    expect((body.get('file') as File).name).toBe('umsaetze.csv');
    expect(body.get('mapping')).toBe('Sparkasse');
  });

  it('asks for a mapping before sending a CSV, and shows the server asking for one', async () => {
    const calls = showPage([], {
      [UPLOAD]: () => apiError(422, 'validation_failed', CSV_MESSAGES.mappingMissing),
    });
    await mappingsSection().findByText('Noch keine Zuordnung gespeichert.');
    choose(csvFile());
    fireEvent.click(uploadSection().getByRole('button', { name: 'Einlesen' }));
    expect((await uploadSection().findByRole('alert')).textContent).toBe(CSV_MESSAGES.mappingMissing);
    expect(document.activeElement).toBe(mappingSelect());
    expect(mappingSelect().getAttribute('aria-invalid')).toBe('true');
    expect(keysOf(calls)).not.toContain(UPLOAD);

    // a CSV by another name: the server tells
    choose(csvFile('umsaetze.txt'));
    fireEvent.click(uploadSection().getByRole('button', { name: 'Einlesen' }));
    await waitFor(() => expect(keysOf(calls)).toContain(UPLOAD));
    expect((await uploadSection().findByRole('alert')).textContent).toBe(CSV_MESSAGES.mappingMissing);
    expect(uploadSection().getByRole('link', { name: 'Spaltenzuordnung anlegen' })).toBeTruthy();
    expect((calls.find((call) => call.key === UPLOAD)?.body as FormData).has('mapping')).toBe(false);
  });
});
