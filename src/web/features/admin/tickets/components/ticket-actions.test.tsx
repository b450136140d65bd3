// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicketRow } from '@shared/admin-tickets';
import { TicketActions } from './ticket-actions';
import { adminTicketRow } from '../testing/ticket-fixtures';

// 'Mit Stripe abgleichen' in a ticket's '…' menu (docs/product/payments.md#reconcile-by-hand).

afterEach(cleanup);

async function menuOf(ticket: AdminTicketRow) {
  const actions = {
    onPdf: vi.fn(),
    onRerender: vi.fn(),
    onCancel: vi.fn(),
    onDelete: vi.fn(),
    onTransfer: vi.fn(),
    onReconcile: vi.fn(),
  };
  render(
    <MemoryRouter>
      <TicketActions ticket={ticket} busy={false} actions={actions} />
    </MemoryRouter>,
  );
  fireEvent.keyDown(screen.getByRole('button', { name: /Weitere Aktionen/ }), { key: 'Enter' });
  const menu = await screen.findByRole('menu');
  return { actions, items: within(menu).getAllByRole('menuitem') };
}

describe("'Mit Stripe abgleichen'", () => {
  it('is offered for a booking paid online and asks about its booking', async () => {
    const ticket = adminTicketRow({ paymentMethod: 'SEPA-Lastschrift' });
    const { actions, items } = await menuOf(ticket);
    const reconcile = items.find((item) => item.textContent?.trim() === 'Mit Stripe abgleichen');
    expect(reconcile).toBeTruthy();
    fireEvent.click(reconcile!);
    expect(actions.onReconcile).toHaveBeenCalledWith(ticket);
  });

  it.each([null, 'Überweisung'])('is not offered when the payment method is %j', async (paymentMethod) => {
    const { items } = await menuOf(adminTicketRow({ paymentMethod }));
    expect(items.map((item) => item.textContent?.trim())).not.toContain('Mit Stripe abgleichen');
  });
});
