// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  TRANSFER_ADMIN_MESSAGES,
  type AdminTransferBooking,
  type AdminTransferRefund,
} from '@shared/bank-statements';
import { toast } from '@web/lib/toast';
import { sessionUser } from '@web/testing/fixtures';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { BankStatementsPage } from './bank-statements-page';

// 'Offene Überweisungen' and 'Offene Erstattungen' on 'Kontoauszüge'
// (docs/product/bank-transfer.md#admin-actions, docs/product/bank-transfer.md#refunds)

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const BOOKING: AdminTransferBooking = {
  bookingId: 'b1',
  orderNumber: 'WR-7K3Q9F',
  eventTitle: 'Atem und Stille',
  buyerName: 'Anna Berg',
  buyerEmail: 'anna@example.org',
  totalCents: 5000,
  paidCents: 1000,
  currency: 'EUR',
  dueAt: '2026-03-20T10:00:00.000Z',
  holdUntil: '2026-03-22T10:00:00.000Z',
};
const refund = (overrides: Partial<AdminTransferRefund>): AdminTransferRefund => ({
  refundId: 'r1',
  kind: 'refund',
  orderNumber: 'WR-ABCDEF',
  amountCents: 4000,
  currency: 'EUR',
  payoutIban: 'DE75512108001245126199',
  payoutName: 'Anna B.',
  createdAt: '2026-03-05T09:00:00.000Z',
  ...overrides,
});
const WITH_IBAN = refund({});
const WITHOUT_IBAN = refund({
  refundId: 'r2',
  orderNumber: 'WR-GHJKLM',
  amountCents: 2500,
  payoutIban: '',
  payoutName: '',
});

const TRANSFERS = 'GET /api/admin/bank-transfers';
const REFUNDS = 'GET /api/admin/transfer-refunds';
const EXTEND = 'POST /api/admin/bank-transfers/b1/extend';
const MARK_PAID = 'POST /api/admin/bank-transfers/b1/mark-paid';
const MARK_REFUNDS = 'POST /api/admin/transfer-refunds/mark-paid';

const showPage = (routes: Parameters<typeof mockApi>[0]) => {
  const calls = mockApi({
    'GET /api/admin/bank-statements/lines': () => json({ lines: [] }),
    [TRANSFERS]: () => json({ bookings: [] }),
    [REFUNDS]: () => json({ refunds: [] }),
    'GET /api/admin/bank-statements/csv-mappings': () => json({ mappings: [] }),
    ...routes,
  });
  renderPage(<BankStatementsPage />, {
    path: '/admin/kontoauszuege',
    pattern: '/admin/kontoauszuege',
    user: sessionUser({ role: 'admin' }),
  });
  return calls;
};
const section = (name: string) => within(screen.getByRole('region', { name }));
const count = (calls: { key: string }[], key: string) => keysOf(calls).filter((call) => call === key).length;

describe('Kontoauszüge: Offene Überweisungen', () => {
  it('lists each booking with buyer, what arrived and the due date; empty, it says so', async () => {
    showPage({ [TRANSFERS]: () => json({ bookings: [BOOKING] }) });
    const table = await screen.findByRole('table', { name: 'Buchungen, die auf eine Überweisung warten' });
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByText('WR-7K3Q9F')).toBeTruthy();
    expect(row.getByText('Atem und Stille')).toBeTruthy();
    expect(row.getByText('Anna Berg')).toBeTruthy();
    expect(row.getByText('anna@example.org')).toBeTruthy();
    expect(row.getByText(/^Bezahlt 10,00\s€ von 50,00\s€$/)).toBeTruthy();
    expect(row.getByText(/^Fällig bis .*20\.03\.2026$/)).toBeTruthy();
    expect(row.getByRole('button', { name: 'Fälligkeit verlängern' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Als bezahlt markieren' })).toBeTruthy();
    expect(await section('Offene Erstattungen').findByText('Keine offenen Erstattungen.')).toBeTruthy();
  });

  it("'Fälligkeit verlängern' sends the days; a refusal stands at the field", async () => {
    let refuse = true;
    const calls = showPage({
      [TRANSFERS]: () => json({ bookings: [BOOKING] }),
      [EXTEND]: () =>
        refuse
          ? apiError(422, 'validation_failed', TRANSFER_ADMIN_MESSAGES.extendDays)
          : json({ ...BOOKING, dueAt: '2026-04-03T10:00:00.000Z' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Fälligkeit verlängern' }));
    const field = screen.getByRole('spinbutton', { name: 'Um Tage verlängern' }) as HTMLInputElement;
    expect(field.value).toBe('7');
    expect(document.activeElement).toBe(field);

    // checked before sending: 1 to EXTEND_DAYS_MAX whole days
    fireEvent.change(field, { target: { value: '61' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verlängern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TRANSFER_ADMIN_MESSAGES.extendDays);
    expect(keysOf(calls)).not.toContain(EXTEND);

    fireEvent.change(field, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verlängern' }));
    await waitFor(() => expect(count(calls, EXTEND)).toBe(1));
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe(TRANSFER_ADMIN_MESSAGES.extendDays);
    expect(field.getAttribute('aria-describedby')).toBe(error.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    fireEvent.change(field, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verlängern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(expect.stringMatching(/03\.04\.2026/)));
    expect(calls.filter((call) => call.key === EXTEND).map((call) => call.body)).toEqual([
      { days: 7 },
      { days: 14 },
    ]);
    await waitFor(() => expect(screen.queryByRole('spinbutton')).toBeNull());
    await waitFor(() => expect(count(calls, TRANSFERS)).toBe(2));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Fälligkeit verlängern'));
  });

  it("'Als bezahlt markieren' asks first, then confirms the booking and reads the list again", async () => {
    let paid = false;
    const calls = showPage({
      [TRANSFERS]: () => json({ bookings: paid ? [] : [BOOKING] }),
      [MARK_PAID]: () => {
        paid = true;
        return json({ ok: true });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Als bezahlt markieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buchung als bezahlt markieren?' });
    const description = dialog.getAttribute('aria-describedby');
    const text = document.getElementById(description!)!.textContent!;
    expect(text).toContain('Tickets und die Bestätigungsmail');
    expect(text).toContain('protokolliert');
    expect(keysOf(calls)).not.toContain(MARK_PAID);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Als bezahlt markieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.key === MARK_PAID)?.body).toEqual({});
    expect(toast.success).toHaveBeenCalledWith(TRANSFER_ADMIN_MESSAGES.markedPaid);
    expect(await screen.findByText('Keine offenen Überweisungen.')).toBeTruthy();
    expect(count(calls, TRANSFERS)).toBe(2);
  });
});

describe('Kontoauszüge: Offene Erstattungen', () => {
  it('lists amount, holder, IBAN in groups of four and the date; a missing IBAN is marked', async () => {
    showPage({ [REFUNDS]: () => json({ refunds: [WITH_IBAN, WITHOUT_IBAN] }) });
    const table = await screen.findByRole('table', { name: 'Offene Erstattungen von Überweisungen' });
    const [, first, second] = within(table).getAllByRole('row');
    const one = within(first!);
    expect(one.getByText('WR-ABCDEF')).toBeTruthy();
    expect(one.getByText(/^40,00\s€$/)).toBeTruthy();
    expect(one.getByText('Anna B.')).toBeTruthy();
    expect(one.getByText('DE75 5121 0800 1245 1261 99')).toBeTruthy();
    expect(one.getByText(/05\.03\.2026/)).toBeTruthy();
    expect(one.queryByText('IBAN fehlt')).toBeNull();
    expect(within(second!).getByText('IBAN fehlt')).toBeTruthy();
    expect(await section('Offene Überweisungen').findByText('Keine offenen Überweisungen.')).toBeTruthy();

    const link = section('Offene Erstattungen').getByRole('link', { name: 'SEPA-Datei herunterladen' });
    expect(link.getAttribute('href')).toBe('/api/admin/transfer-refunds/pain001');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('offers neither file nor marking while no refund has an IBAN', async () => {
    showPage({ [REFUNDS]: () => json({ refunds: [WITHOUT_IBAN] }) });
    const refunds = section('Offene Erstattungen');
    const file = (await refunds.findByRole('button', {
      name: 'SEPA-Datei herunterladen',
    })) as HTMLButtonElement;
    expect(file.disabled).toBe(true);
    expect(refunds.queryByRole('link', { name: 'SEPA-Datei herunterladen' })).toBeNull();
    expect(
      (refunds.getByRole('button', { name: 'Als erstattet markieren' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("'Als erstattet markieren' asks first and sends the ids of the refunds with an IBAN", async () => {
    let marked = false;
    const calls = showPage({
      [REFUNDS]: () => json({ refunds: marked ? [WITHOUT_IBAN] : [WITH_IBAN, WITHOUT_IBAN] }),
      [MARK_REFUNDS]: () => {
        marked = true;
        return json({ marked: 1 });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Als erstattet markieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erstattungen als erledigt markieren?' });
    expect(within(dialog).getByText(/^1 Erstattung mit IBAN über zusammen 40,00\s€/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Als erstattet markieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.key === MARK_REFUNDS)?.body).toEqual({ ids: ['r1'] });
    expect(toast.success).toHaveBeenCalledWith('1 Erstattung als erstattet markiert.');
    await waitFor(() => expect(count(calls, REFUNDS)).toBe(2));
    expect(await screen.findByRole('button', { name: 'SEPA-Datei herunterladen' })).toBeTruthy();
  });
});
