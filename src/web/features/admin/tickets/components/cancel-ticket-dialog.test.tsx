// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCancelPreview } from '@shared/admin-tickets';
import { REFUND_PERCENT_MESSAGES } from '@shared/refund-percent';
import { FREE_TICKET_TEXTS } from '@shared/tickets';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { adminTicketRow } from '../testing/ticket-fixtures';
import { CancelTicketDialog } from './cancel-ticket-dialog';
import { overrideOf } from './refund-choice';

// docs/decisions/023-refund-percentages.md: the override is typed in percent 0–100 and sent as a fraction;
// '0,5' is refused as ambiguous instead of refunding 0,5 %.

const EVENT = {
  id: 'e1',
  title: 'Achtsamkeit',
  startTime: '2030-05-01T08:00:00.000Z',
  timezone: 'Europe/Berlin',
};
const TICKET = adminTicketRow({ priceCents: 32_000 });
const PREVIEW: AdminCancelPreview = {
  ticketId: TICKET.id,
  status: 'active',
  cancellable: true,
  event: EVENT,
  hoursLeft: 500,
  daysApprox: 20.8,
  priceCents: 32_000,
  currency: 'EUR',
  refundableCents: 32_000,
  policy: null,
  effectiveRule: null,
  usesDefaultTiers: true,
  share: 1,
  refundCents: 32_000,
  goodwillCents: 32_000,
};

resetEachTest();

describe('overrideOf (percentage)', () => {
  const percentage = (percent: string) => overrideOf({ kind: 'percentage', percent, amount: '' });

  it('sends the typed percent as a fraction, clamped to 0..100 (docs/product/tickets-and-refunds.md#ambiguous-share)', () => {
    expect(percentage('50')).toEqual({ ok: true, override: { type: 'percentage', value: 0.5 } });
    expect(percentage('12,5')).toEqual({ ok: true, override: { type: 'percentage', value: 0.125 } });
    expect(percentage('150')).toEqual({ ok: true, override: { type: 'percentage', value: 1 } });
    expect(percentage('0')).toEqual({ ok: true, override: { type: 'percentage', value: 0 } });
  });

  it('refuses 0 < p < 1 as ambiguous and text as invalid', () => {
    expect(percentage('0,5')).toEqual({ ok: false, message: REFUND_PERCENT_MESSAGES.ambiguous });
    expect(percentage('0.7')).toEqual({ ok: false, message: REFUND_PERCENT_MESSAGES.ambiguous });
    expect(percentage('viel')).toEqual({ ok: false, message: 'Prozentsatz ungültig' });
  });
});

describe('CancelTicketDialog', () => {
  it("refuses '0,5' and sends nothing; '50' shows and sends half of the ticket", async () => {
    mockApi({ [`GET /api/admin/tickets/${TICKET.id}/cancel-preview`]: () => json(PREVIEW) });
    const onConfirm = vi.fn(() => Promise.resolve());
    renderPage(<CancelTicketDialog tickets={[TICKET]} onClose={() => {}} onConfirm={onConfirm} />, {
      path: '/admin',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket stornieren' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Eigener Prozentsatz/ }));
    const field = within(dialog).getByLabelText('Prozent der Ticketsumme (0–100)');

    fireEvent.change(field, { target: { value: '0,5' } });
    expect(within(dialog).getByText(/^Erstattung:/).textContent).toBe('Erstattung: –');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUND_PERCENT_MESSAGES.ambiguous);
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '50' } });
    expect(within(dialog).getByText(/^Erstattung:/).textContent).toMatch(/^Erstattung: 160,00\s€$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    expect(onConfirm).toHaveBeenCalledWith({ type: 'percentage', value: 0.5 });
  });

  it("tells a free ticket's one story: no tier, no goodwill percentage, just free and the seat released (docs/product/tickets-and-refunds.md#free-ticket-cancel)", async () => {
    const free = adminTicketRow({ priceCents: 0 });
    mockApi({
      [`GET /api/admin/tickets/${free.id}/cancel-preview`]: () =>
        json({
          ...PREVIEW,
          ticketId: free.id,
          priceCents: 0,
          refundableCents: 0,
          share: 0.7,
          refundCents: 0,
          goodwillCents: 0,
        }),
    });
    const onConfirm = vi.fn(() => Promise.resolve());
    renderPage(<CancelTicketDialog tickets={[free]} onClose={() => {}} onConfirm={onConfirm} />, {
      path: '/admin',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket stornieren' });
    expect(await within(dialog).findByText(FREE_TICKET_TEXTS.admin)).toBeTruthy();
    expect(within(dialog).queryAllByRole('radio')).toEqual([]);
    expect(dialog.textContent).not.toMatch(/%|Staffel|Richtlinie|Erstattung:/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    expect(onConfirm).toHaveBeenCalledWith(null);
  });
});
