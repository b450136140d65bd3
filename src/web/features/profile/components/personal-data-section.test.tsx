// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { keptInvoicesText, PRIVACY_MESSAGES, type AccountDeletionPreview } from '@shared/privacy';
import { toast } from '@web/lib/toast';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { PersonalDataSection } from './personal-data-section';

// 'Deine Daten' in 'Mein Profil': the export (docs/product/accounts-and-consent.md#data-export) and
// 'Konto löschen' (docs/product/accounts-and-consent.md#account-deletion) against the contract in
// src/shared/privacy.ts.

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const PREVIEW: AccountDeletionPreview = {
  tickets: [
    {
      ticketId: 't1',
      ticketNumber: 'WR-2030-AB12',
      eventTitle: 'Atem & Stimme',
      eventStart: '2030-05-01T08:00:00.000Z',
      refundCents: 4_000,
      currency: 'EUR',
      free: false,
    },
    {
      ticketId: 't2',
      ticketNumber: 'WR-2030-CD34',
      eventTitle: 'Klangreise',
      eventStart: '2030-06-02T16:00:00.000Z',
      refundCents: 0,
      currency: 'EUR',
      free: false,
    },
    {
      ticketId: 't3',
      ticketNumber: 'WR-2030-EF56',
      eventTitle: 'Offener Abend',
      eventStart: '2030-06-03T17:00:00.000Z',
      refundCents: 0,
      currency: 'EUR',
      free: true,
    },
  ],
  totalRefundCents: 4_000,
  currency: 'EUR',
  waitlistEntries: 2,
  keptInvoices: 3,
  lastAdmin: false,
};

const RESULT = { cancelledTickets: 2, refundCents: 4_000, currency: 'EUR' };

function renderSection() {
  return renderPage(<PersonalDataSection />, { path: '/profile', pattern: '/profile' });
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Konto löschen' }));
  return screen.findByRole('dialog', { name: 'Konto löschen?' });
}

describe('Meine Daten herunterladen', () => {
  it('downloads GET /api/profile/export under the name the server gives', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const calls = mockApi({
      'GET /api/profile/export': () =>
        new Response('{"exportedAt":"2026-11-28T10:00:00.000Z"}', {
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Disposition': 'attachment; filename="meine-daten-2026-11-28.json"',
          },
        }),
    });
    renderSection();
    expect(screen.getByRole('heading', { name: 'Deine Daten' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }));
    await waitFor(() => expect(saved).toEqual(['meine-daten-2026-11-28.json']));
    expect(keysOf(calls)).toEqual(['GET /api/profile/export']);
    expect(toast.error).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('says so when the export fails', async () => {
    mockApi({ 'GET /api/profile/export': () => apiError(500, 'internal', 'Interner Fehler') });
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PRIVACY_MESSAGES.exportFailed));
    expect(
      (screen.getByRole('button', { name: 'Meine Daten herunterladen' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});

describe('Konto löschen', () => {
  it('lists the tickets with their refunds, waiting lists and kept invoices', async () => {
    mockApi({ 'GET /api/profile/deletion': () => json(PREVIEW) });
    renderSection();
    const dialog = await openDialog();
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace(/\s/g, ' '))).toEqual([
      'Ticket WR-2030-AB12 – Atem & Stimme am Mi., 01.05.2030: Erstattung 40,00 €',
      'Ticket WR-2030-CD34 – Klangreise am So., 02.06.2030: keine Erstattung',
      // a free ticket tells the one story of free tickets (docs/product/tickets-and-refunds.md#free-ticket-cancel)
      'Ticket WR-2030-EF56 – Offener Abend am Mo., 03.06.2030: kostenlos, nichts zu erstatten',
    ]);
    expect(
      within(dialog)
        .getByText(/^Erstattung insgesamt:/)
        .textContent?.replace(/\s/g, ' '),
    ).toBe('Erstattung insgesamt: 40,00 €');
    expect(within(dialog).getByText('Deine Einträge auf 2 Wartelisten enden.')).toBeTruthy();
    expect(keptInvoicesText(3)).toBe('3 Rechnungen bleiben für das Finanzamt 8 Jahre aufbewahrt.');
    expect(within(dialog).getByText(keptInvoicesText(3))).toBeTruthy();
    expect(within(dialog).getByText('Das lässt sich nicht rückgängig machen.')).toBeTruthy();
  });

  it("stays disabled until 'LÖSCHEN' is typed, sends it, then signs out and goes to the start page", async () => {
    const calls = mockApi({
      'GET /api/profile/deletion': () => json(PREVIEW),
      'DELETE /api/profile': () => json(RESULT),
      'GET /api/session': () => json({ user: null }),
    });
    const { client } = renderSection();
    const dialog = await openDialog();
    const confirm = (await within(dialog).findByRole('button', {
      name: 'Endgültig löschen',
    })) as HTMLButtonElement;
    const field = within(dialog).getByLabelText('Tippe LÖSCHEN zur Bestätigung');
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'löschen' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'LÖSCHEN' } });
    expect(confirm.disabled).toBe(false);

    fireEvent.click(confirm);
    expect(await screen.findByText('Andere Seite')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(PRIVACY_MESSAGES.deleted);
    expect(calls.find((call) => call.key === 'DELETE /api/profile')?.body).toEqual({ confirm: 'LÖSCHEN' });
    expect(client.getQueryData(['session'])).toEqual({ user: null });
  });

  it('shows the answer of a refused deletion in the dialog', async () => {
    mockApi({
      'GET /api/profile/deletion': () => json({ ...PREVIEW, tickets: [], totalRefundCents: 0 }),
      'DELETE /api/profile': () => apiError(409, 'conflict', PRIVACY_MESSAGES.lastAdmin),
    });
    renderSection();
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('list')).toBeNull();
    fireEvent.change(await within(dialog).findByLabelText('Tippe LÖSCHEN zur Bestätigung'), {
      target: { value: 'LÖSCHEN' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PRIVACY_MESSAGES.lastAdmin);
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.queryByText('Andere Seite')).toBeNull();
  });

  it('tells the last admin that they cannot be deleted, without a delete button', async () => {
    const calls = mockApi({ 'GET /api/profile/deletion': () => json({ ...PREVIEW, lastAdmin: true }) });
    renderSection();
    const dialog = await openDialog();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PRIVACY_MESSAGES.lastAdmin);
    expect(within(dialog).queryByRole('button', { name: 'Endgültig löschen' })).toBeNull();
    expect(within(dialog).queryByLabelText('Tippe LÖSCHEN zur Bestätigung')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(keysOf(calls)).toEqual(['GET /api/profile/deletion']);
  });
});
