// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSFER_ADMIN_MESSAGES } from '@shared/bank-statements';
import type { MyTicket } from '@shared/tickets';
import { toast } from '@web/lib/toast';
import { json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { REFUND_ACCOUNT_HINT } from './components/cancel-ticket-dialog';
import { MyTicketsPage } from './my-tickets-page';
import { makeTicket, makeUser } from './testing/ticket-fixtures';

// Cancelling a ticket paid by transfer asks where the refund goes (docs/product/bank-transfer.md#refunds).

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const user = makeUser();
beforeEach(() => sessionStorage.clear());
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const CANCELLED = { refund: { amountCents: 2500, currency: 'EUR' }, message: 'Stornierung erfolgreich.' };
const cancelKey = (ticket: MyTicket) => `POST /api/tickets/${ticket.id}/cancel`;

async function openCancelDialog(ticket: MyTicket, cancelAnswer: () => Response = () => json(CANCELLED)) {
  const calls = mockApi({ 'GET /api/tickets': () => json([ticket]), [cancelKey(ticket)]: cancelAnswer });
  renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });
  const card = await screen.findByRole('article', { name: ticket.event.title });
  fireEvent.click(within(card).getByRole('button', { name: /^Stornieren/ }));
  const dialog = within(await screen.findByRole('dialog'));
  return { calls, dialog };
}

const ibanField = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('textbox', { name: 'IBAN für die Erstattung' }) as HTMLInputElement;
const nameField = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('textbox', { name: 'Kontoinhaber' }) as HTMLInputElement;
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);

describe('MyTicketsPage: the refund account of a ticket paid by transfer', () => {
  it('asks nothing for a card payment and sends an empty body', async () => {
    const ticket = makeTicket();
    const { calls, dialog } = await openCancelDialog(ticket);
    expect(dialog.queryByRole('textbox')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.key === cancelKey(ticket))?.body).toEqual({});
    expect(toast.success).toHaveBeenCalledWith('Stornierung erfolgreich.');
  });

  it('asks nothing when a transfer ticket gets no money back', async () => {
    const ticket = makeTicket({ paidByTransfer: true, cancellation: { share: 0, refundCents: 0 } });
    const { calls, dialog } = await openCancelDialog(ticket, () => json({ refund: null, message: '' }));
    expect(dialog.queryByRole('textbox')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.key === cancelKey(ticket))?.body).toEqual({});
  });

  it('asks for IBAN and holder, blocks a bad IBAN or a missing name and sends a good account', async () => {
    const ticket = makeTicket({ paidByTransfer: true });
    const { calls, dialog } = await openCancelDialog(ticket);
    expect(dialog.getByText(/^Erstattung: 25,00\s€$/)).toBeTruthy();
    expect(dialog.getByText(REFUND_ACCOUNT_HINT)).toBeTruthy();
    const iban = ibanField(dialog);
    const name = nameField(dialog);

    fireEvent.change(iban, { target: { value: 'DE00 1234' } });
    fireEvent.change(name, { target: { value: 'Erika Musterfrau' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(iban)).toEqual([TRANSFER_ADMIN_MESSAGES.payoutIban, REFUND_ACCOUNT_HINT]);
    expect(document.activeElement).toBe(iban);

    fireEvent.change(iban, { target: { value: 'de75 5121 0800 1245 1261 99' } });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(name)[0]).toBe(TRANSFER_ADMIN_MESSAGES.payoutName);
    expect(iban.getAttribute('aria-invalid')).toBeNull();
    expect(keysOf(calls)).not.toContain(cancelKey(ticket));

    fireEvent.change(name, { target: { value: ' Erika Musterfrau ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.key === cancelKey(ticket)).map((call) => call.body)).toEqual([
      { payoutIban: 'DE75512108001245126199', payoutName: 'Erika Musterfrau' },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Stornierung erfolgreich.');
  });

  it('left empty, the refund goes back to the paying account', async () => {
    const ticket = makeTicket({ paidByTransfer: true });
    const { calls, dialog } = await openCancelDialog(ticket);
    fireEvent.click(dialog.getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.key === cancelKey(ticket))?.body).toEqual({
      payoutIban: '',
      payoutName: '',
    });
  });

  it("shows the server's complaint at its field and keeps the dialog open", async () => {
    const ticket = makeTicket({ paidByTransfer: true });
    const { calls, dialog } = await openCancelDialog(ticket, () =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: TRANSFER_ADMIN_MESSAGES.payoutName,
            details: [{ path: 'payoutName', message: TRANSFER_ADMIN_MESSAGES.payoutName }],
          },
        },
        422,
      ),
    );
    fireEvent.change(ibanField(dialog), { target: { value: 'DE02120300000000202051' } });
    fireEvent.change(nameField(dialog), { target: { value: 'Erika' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() => expect(nameField(dialog).getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(nameField(dialog))[0]).toBe(TRANSFER_ADMIN_MESSAGES.payoutName);
    expect(keysOf(calls)).toContain(cancelKey(ticket));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
