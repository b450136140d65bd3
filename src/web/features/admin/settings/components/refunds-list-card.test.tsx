// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminRefundListRow } from '@shared/admin-refund-list';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { RefundsListCard } from './refunds-list-card';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The refunds list of the settings (docs/product/payments.md#method-names): the method of each refund's
// payment, and 'Erneut versuchen' on a failed one (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md).

resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const refund = (overrides: Partial<AdminRefundListRow> = {}): AdminRefundListRow => ({
  id: '11111111-1111-4000-8000-000000000001',
  bookingId: 'b1',
  orderNumber: 'WR-7K3Q9F',
  buyerName: 'Anna Beispiel',
  buyerEmail: 'anna@example.org',
  eventTitle: 'Achtsam kommunizieren',
  amountCents: 2450,
  currency: 'EUR',
  status: 'succeeded',
  reason: 'Auf Kundenwunsch',
  lastError: null,
  paymentMethod: 'Karte',
  retryable: false,
  createdAt: '2030-03-14T09:00:00.000Z',
  ...overrides,
});
const FAILED = refund({
  id: '22222222-2222-4000-8000-000000000002',
  orderNumber: 'WR-ABCD23',
  status: 'failed',
  paymentMethod: 'PayPal',
  lastError: 'Das Konto des Käufers ist geschlossen.',
  retryable: true,
});
const RETRY = `POST /api/admin/refunds/${FAILED.id}/retry`;
const item = (orderNumber: string) =>
  within(screen.getByRole('listitem', { name: `Erstattung ${orderNumber}` }));

describe('RefundsListCard', () => {
  it('shows each refund with its payment method; a failed one reads so, with Erneut versuchen', async () => {
    mockApi({ 'GET /api/admin/refunds': () => json({ refunds: [FAILED, refund()] }) });
    renderPage(<RefundsListCard />, { path: '/admin/settings' });
    await screen.findByRole('listitem', { name: 'Erstattung WR-ABCD23' });

    expect(item('WR-ABCD23').getByText('Rückerstattung fehlgeschlagen')).toBeTruthy();
    expect(item('WR-ABCD23').getByText(/Zahlungsart: PayPal/)).toBeTruthy();
    expect(item('WR-ABCD23').getByText('Das Konto des Käufers ist geschlossen.')).toBeTruthy();
    expect(
      item('WR-ABCD23').getByRole('button', { name: 'Erneut versuchen: Erstattung WR-ABCD23' }),
    ).toBeTruthy();

    expect(item('WR-7K3Q9F').getByText('Erstattet')).toBeTruthy();
    expect(item('WR-7K3Q9F').getByText(/Zahlungsart: Karte/)).toBeTruthy();
    expect(item('WR-7K3Q9F').queryByRole('button', { name: /Erneut versuchen/ })).toBeNull();
  });

  it("says the shop's refund codes and Stripe's failure reasons in words", async () => {
    const late = refund({
      id: '33333333-3333-4000-8000-000000000003',
      orderNumber: 'WR-LATE23',
      status: 'failed',
      reason: 'seats_unavailable',
      lastError: 'expired_or_canceled_card',
      retryable: true,
    });
    mockApi({ 'GET /api/admin/refunds': () => json({ refunds: [late] }) });
    renderPage(<RefundsListCard />, { path: '/admin/settings' });
    await screen.findByRole('listitem', { name: 'Erstattung WR-LATE23' });

    expect(item('WR-LATE23').getByText(/Reservierung, die Plätze waren vergeben/)).toBeTruthy();
    expect(item('WR-LATE23').getByText('Die Karte ist abgelaufen oder gesperrt.')).toBeTruthy();
    expect(item('WR-LATE23').queryByText(/seats_unavailable|expired_or_canceled_card/)).toBeNull();
  });

  it('retries a failed refund and reloads the list', async () => {
    let retried = false;
    const calls = mockApi({
      'GET /api/admin/refunds': () =>
        json({
          refunds: [retried ? { ...FAILED, status: 'pending', retryable: false, lastError: null } : FAILED],
        }),
      [RETRY]: () => {
        retried = true;
        return json({ id: FAILED.id, status: 'pending', lastError: null });
      },
    });
    renderPage(<RefundsListCard />, { path: '/admin/settings' });
    fireEvent.click(await screen.findByRole('button', { name: /Erneut versuchen/ }));
    await waitFor(() => expect(item('WR-ABCD23').getByText('Erstattung läuft')).toBeTruthy());
    expect(keysOf(calls).filter((key) => key === RETRY)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Erstattung erneut gesendet.');
    expect(item('WR-ABCD23').queryByRole('button', { name: /Erneut versuchen/ })).toBeNull();
  });

  it('shows the server’s German error when the retry is refused, and a failure again as a toast', async () => {
    mockApi({
      'GET /api/admin/refunds': () => json({ refunds: [FAILED] }),
      [RETRY]: () => apiError(409, 'conflict', 'Diese Erstattung ist nicht fehlgeschlagen.'),
    });
    renderPage(<RefundsListCard />, { path: '/admin/settings' });
    fireEvent.click(await screen.findByRole('button', { name: /Erneut versuchen/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Diese Erstattung ist nicht fehlgeschlagen.');

    mockApi({
      'GET /api/admin/refunds': () => json({ refunds: [FAILED] }),
      [RETRY]: () => json({ id: FAILED.id, status: 'failed', lastError: 'Karte abgelaufen.' }),
    });
    fireEvent.click(screen.getByRole('button', { name: /Erneut versuchen/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Die Erstattung ist wieder fehlgeschlagen.', {
        description: 'Karte abgelaufen.',
      }),
    );
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /api/admin/refunds': () => json({ refunds: [] }) });
    renderPage(<RefundsListCard />, { path: '/admin/settings' });
    expect(await screen.findByText('Noch keine Erstattungen.')).toBeTruthy();
  });
});
