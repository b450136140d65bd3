// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  BANK_IMPORT_MESSAGES,
  BANK_IMPORT_PROGRESS_TYPE,
  type AdminBankLine,
  type BankImportProgress,
  type BankImportResult,
} from '@shared/bank-statements';
import { toast } from '@web/lib/toast';
import { sessionUser } from '@web/testing/fixtures';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { BankStatementsPage } from './bank-statements-page';

// 'Kontoauszüge' at /admin/kontoauszuege (docs/product/bank-transfer.md#statement-import)

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const admin = sessionUser({ role: 'admin' });

const line = (overrides: Partial<AdminBankLine>): AdminBankLine => ({
  id: 'l1',
  bookedOn: '2026-03-02',
  amountCents: 5000,
  currency: 'EUR',
  counterpartyName: 'Anna Berg',
  counterpartyIban: 'DE02120300000000202051',
  remittance: 'Seminar Maerz',
  status: 'unmatched',
  excessCents: 0,
  reason: null,
  bookings: [],
  ...overrides,
});
const UNMATCHED = line({});
const OVERPAID = line({
  id: 'l2',
  bookedOn: '2026-03-01',
  amountCents: 6000,
  counterpartyName: 'Bernd Lang',
  remittance: 'WR-7K3Q9F-M',
  status: 'overpaid',
  excessCents: 1000,
  bookings: [{ bookingId: 'b1', orderNumber: 'WR-7K3Q9F', amountCents: 5000 }],
});
const MATCHED = line({
  id: 'l3',
  status: 'matched',
  bookings: [{ bookingId: 'b3', orderNumber: 'WR-ABCDEF', amountCents: 5000 }],
});

const RESULT: BankImportResult = {
  importId: 'i1',
  format: 'camt053',
  linesTotal: 12,
  linesNew: 10,
  matched: 6,
  partial: 1,
  overpaid: 1,
  unmatched: 1,
  ignored: 1,
};

const OPEN = 'GET /api/admin/bank-statements/lines?status=open';
const ALL = 'GET /api/admin/bank-statements/lines?status=all';
const UPLOAD = 'POST /api/admin/bank-statements';
const ASSIGN = 'POST /api/admin/bank-statements/lines/l1/assign';

/** The page's other lists, empty ('Offene Überweisungen', 'Offene Erstattungen'; their own tests are in
 * open-transfers.test.tsx; 'CSV-Spaltenzuordnung' in csv-mappings.test.tsx). */
const NO_TRANSFERS = {
  'GET /api/admin/bank-transfers': () => json({ bookings: [] }),
  'GET /api/admin/transfer-refunds': () => json({ refunds: [] }),
  'GET /api/admin/bank-statements/csv-mappings': () => json({ mappings: [] }),
};

const showPage = () =>
  renderPage(<BankStatementsPage />, {
    path: '/admin/kontoauszuege',
    pattern: '/admin/kontoauszuege',
    user: admin,
  });

const fileInput = () => screen.getByLabelText('Datei') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('Kontoauszüge', () => {
  it('uploads the chosen file as "file" and sums up the import', async () => {
    const calls = mockApi({
      ...NO_TRANSFERS,
      [OPEN]: () => json({ lines: [] }),
      [UPLOAD]: () => json(RESULT),
    });
    showPage();
    expect(await screen.findByText('Keine offenen Zeilen.')).toBeTruthy();
    expect(fileInput().getAttribute('accept')).toBe('.xml,.sta,.mt940,.txt,.csv');

    const file = new File(['<Document/>'], 'auszug.xml', { type: 'text/xml' });
    choose(file);
    fireEvent.click(screen.getByRole('button', { name: 'Einlesen' }));

    expect(
      await screen.findByText(
        '12 Zeilen gelesen, 10 neu: 6 zugeordnet, 1 Teilzahlung, 1 Überzahlung, 1 nicht zugeordnet, 1 ignoriert',
      ),
    ).toBeTruthy();
    const body = calls.find((call) => call.key === UPLOAD)?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('auszug.xml');
    // no CSV, no mapping ('—')
    expect((body as FormData).has('mapping')).toBe(false);
    // the lines are read again after the import
    await waitFor(() => expect(keysOf(calls).filter((key) => key === OPEN).length).toBe(2));
  });

  it('says how many lines were read while the server stores them, then sums up (docs/product/bank-transfer.md#statement-import)', async () => {
    let finish = () => {};
    const stored = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const line = (event: BankImportProgress) => new TextEncoder().encode(`${JSON.stringify(event)}\n`);
    mockApi({
      ...NO_TRANSFERS,
      [OPEN]: () => json({ lines: [] }),
      [UPLOAD]: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(line({ phase: 'read', format: 'camt053', linesTotal: 10_000 }));
              await stored;
              controller.enqueue(line({ phase: 'done', result: { ...RESULT, linesTotal: 10_000 } }));
              controller.close();
            },
          }),
          { headers: { 'Content-Type': `${BANK_IMPORT_PROGRESS_TYPE}; charset=utf-8` } },
        ),
    });
    showPage();
    choose(new File(['<Document/>'], 'auszug.xml', { type: 'text/xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Einlesen' }));
    expect(await screen.findByText('10.000 Zeilen gelesen – wird verarbeitet …')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wird eingelesen …' })).toBeTruthy();
    finish();
    expect(await screen.findByText(/^10\.000 Zeilen gelesen, 10 neu: 6 zugeordnet/)).toBeTruthy();
    expect(screen.queryByText('10.000 Zeilen gelesen – wird verarbeitet …')).toBeNull();
  });

  it('shows why storing failed after the file was read', async () => {
    mockApi({
      ...NO_TRANSFERS,
      [OPEN]: () => json({ lines: [] }),
      [UPLOAD]: () =>
        new Response(
          [
            JSON.stringify({ phase: 'read', format: 'camt053', linesTotal: 2 }),
            JSON.stringify({
              phase: 'failed',
              status: 409,
              error: { code: 'conflict', message: 'Die Aktion ist im aktuellen Zustand nicht möglich.' },
            }),
            '',
          ].join('\n'),
          { headers: { 'Content-Type': BANK_IMPORT_PROGRESS_TYPE } },
        ),
    });
    showPage();
    choose(new File(['<Document/>'], 'auszug.xml', { type: 'text/xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Einlesen' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Die Aktion ist im aktuellen Zustand nicht möglich.',
      ),
    );
  });

  it('asks for a file first and shows why the server refused one', async () => {
    const calls = mockApi({
      ...NO_TRANSFERS,
      [OPEN]: () => json({ lines: [] }),
      [UPLOAD]: () => apiError(422, 'validation_failed', BANK_IMPORT_MESSAGES.unreadable),
    });
    showPage();
    fireEvent.click(screen.getByRole('button', { name: 'Einlesen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BANK_IMPORT_MESSAGES.noFile);
    expect(keysOf(calls)).not.toContain(UPLOAD);

    choose(new File(['kaputt'], 'auszug.txt', { type: 'text/plain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Einlesen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(BANK_IMPORT_MESSAGES.unreadable));
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('lists the open lines with amount, payer, reference, status and the bookings they paid', async () => {
    mockApi({ ...NO_TRANSFERS, [OPEN]: () => json({ lines: [UNMATCHED, OVERPAID] }) });
    showPage();
    const table = await screen.findByRole('table', { name: 'Zeilen der Kontoauszüge' });
    const [, first, second] = within(table).getAllByRole('row');

    const one = within(first!);
    expect(one.getByText('02.03.2026')).toBeTruthy();
    expect(one.getByText('50,00 €')).toBeTruthy();
    expect(one.getByText('Anna Berg')).toBeTruthy();
    expect(one.getByText('DE02 1203 0000 0000 2020 51')).toBeTruthy();
    expect(one.getByText('Seminar Maerz')).toBeTruthy();
    expect(one.getByText('Nicht zugeordnet')).toBeTruthy();
    expect(one.getByRole('textbox', { name: 'Bestellnummer' })).toBeTruthy();

    const two = within(second!);
    expect(two.getByText('Überzahlung')).toBeTruthy();
    expect(two.getByText('WR-7K3Q9F')).toBeTruthy();
    expect(two.getByText('davon zu viel 10,00 €')).toBeTruthy();
    expect(two.queryByRole('textbox', { name: 'Bestellnummer' })).toBeNull();
  });

  it('shows why a line in another currency waits, without the assign field (docs/product/bank-transfer.md#currency)', async () => {
    const yen = line({
      id: 'l9',
      amountCents: 59000,
      currency: 'JPY',
      reason: 'Währung JPY – nur Euro-Zahlungen werden zugeordnet',
    });
    mockApi({ ...NO_TRANSFERS, [OPEN]: () => json({ lines: [yen] }) });
    showPage();
    const table = await screen.findByRole('table', { name: 'Zeilen der Kontoauszüge' });
    expect(within(table).getByText('Währung JPY – nur Euro-Zahlungen werden zugeordnet')).toBeTruthy();
    expect(within(table).getByText('590 ¥')).toBeTruthy();
    expect(within(table).queryByRole('textbox', { name: 'Bestellnummer' })).toBeNull();
  });

  it("'Alle Zeilen' asks for every line", async () => {
    const calls = mockApi({
      ...NO_TRANSFERS,
      [OPEN]: () => json({ lines: [UNMATCHED] }),
      [ALL]: () => json({ lines: [UNMATCHED, MATCHED] }),
    });
    showPage();
    await screen.findByText('Nicht zugeordnet');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alle Zeilen' }));
    expect(await screen.findByText('Zugeordnet')).toBeTruthy();
    expect(keysOf(calls)).toContain(ALL);
    expect(screen.getByText('WR-ABCDEF')).toBeTruthy();
  });

  it('assigns an unmatched line by order number; a refusal stands at the field', async () => {
    let refuse = true;
    const calls = mockApi({
      ...NO_TRANSFERS,
      [OPEN]: () => json({ lines: refuse ? [UNMATCHED] : [] }),
      [ASSIGN]: () => {
        if (refuse) return apiError(404, 'not_found', BANK_IMPORT_MESSAGES.orderNotFound);
        return json({ ...UNMATCHED, status: 'matched' });
      },
    });
    showPage();
    const field = (await screen.findByRole('textbox', { name: 'Bestellnummer' })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: ' wr-zzzzzz ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zuordnen' }));
    const error = await screen.findByText(BANK_IMPORT_MESSAGES.orderNotFound);
    expect(field.getAttribute('aria-describedby')).toBe(error.id);
    expect(calls.find((call) => call.key === ASSIGN)?.body).toEqual({ orderNumber: 'WR-ZZZZZZ' });

    refuse = false;
    fireEvent.change(field, { target: { value: 'WR-7K3Q9F' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zuordnen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Zugeordnet zu WR-7K3Q9F'));
    expect(calls.filter((call) => call.key === ASSIGN).map((call) => call.body)).toEqual([
      { orderNumber: 'WR-ZZZZZZ' },
      { orderNumber: 'WR-7K3Q9F' },
    ]);
    expect(await screen.findByText('Keine offenen Zeilen.')).toBeTruthy();
  });
});
