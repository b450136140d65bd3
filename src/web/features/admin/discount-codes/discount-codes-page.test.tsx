// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DISCOUNT_CODE_ADMIN_MESSAGES as M,
  type AdminDiscountCode,
  type DiscountCodeFormOptions,
} from '@shared/discount-code-schemas';
import { DISCOUNT_CODE_MESSAGES } from '@shared/discount-codes';
import { sessionUser } from '@web/testing/fixtures';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { DiscountCodesPage } from './discount-codes-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// 'Gutscheincodes' (docs/product/ticket-categories.md#codes)

const admin = sessionUser({ role: 'admin' });
const E1 = '11111111-1111-4111-8111-111111111111';
const K1 = '22222222-2222-4222-8222-222222222222';
const K2 = '33333333-3333-4333-8333-333333333333';
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const code = (overrides: Partial<AdminDiscountCode>): AdminDiscountCode => ({
  id: 'c1',
  code: 'FREUNDE10',
  kind: 'percent',
  value: 10,
  events: [],
  categories: [],
  maxUses: 20,
  maxPerBuyer: null,
  validFrom: null,
  validUntil: '2030-03-14T17:30:00.000Z',
  active: true,
  note: null,
  uses: 3,
  confirmedBookings: 2,
  revenueCents: 8820,
  discountCents: 980,
  deletable: false,
  createdAt: '2030-01-01T10:00:00.000Z',
  ...overrides,
});

const CODES = [
  code({}),
  code({
    id: 'c2',
    code: 'TEAM',
    kind: 'unlock',
    value: 0,
    events: [{ id: E1, title: 'Retreat im Harz' }],
    categories: [{ id: K2, name: 'Co-Leitung', eventId: E1, requiresCode: true }],
    maxUses: null,
    validUntil: null,
    active: false,
    uses: 0,
    confirmedBookings: 0,
    revenueCents: 0,
    discountCents: 0,
    deletable: true,
  }),
];

const OPTIONS: DiscountCodeFormOptions = {
  events: [
    {
      id: E1,
      title: 'Retreat im Harz',
      startTime: '2030-05-01T08:00:00.000Z',
      categories: [
        { id: K1, name: 'Einzelzimmer', requiresCode: false },
        { id: K2, name: 'Co-Leitung', requiresCode: true },
      ],
    },
  ],
};

const showPage = () => renderPage(<DiscountCodesPage />, { path: '/admin/gutscheincodes', user: admin });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('DiscountCodesPage', () => {
  it('lists each code with its discount, scope, uses of the maximum, revenue and validity', async () => {
    mockApi({ 'GET /api/admin/discount-codes': () => json({ codes: CODES }) });
    showPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Gutscheincodes' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Gutscheincodes' });
    const headers = screen
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.replace(/\u00a0/g, ' '));
    expect(headers).toEqual([
      'Code',
      'Rabatt',
      'Gilt für',
      'Einlösungen',
      'Umsatz',
      'Gültig bis',
      'Aktiv',
      'Aktionen',
    ]);
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\u00a0/g, ' '));
    expect(cells('FREUNDE10').slice(0, 7)).toEqual([
      'FREUNDE10',
      '10 %',
      'Alle Events',
      '3 / 20',
      '88,20 €9,80 € Rabatt',
      '14.03.2030 18:30',
      'Aktiv',
    ]);
    expect(cells('TEAM').slice(0, 7)).toEqual([
      'TEAM',
      'schaltet Tickets frei',
      'Retreat im Harz · Co-Leitung',
      '0 / ∞',
      '0,00 €',
      '–',
      'Inaktiv',
    ]);
    // a used code cannot be deleted, an unused one can
    expect(within(rowOf('FREUNDE10')).queryByRole('button', { name: /Löschen/ })).toBeNull();
    expect(within(rowOf('TEAM')).getByRole('button', { name: 'Löschen: TEAM' })).toBeTruthy();
  });

  it('creates a code, checking the form in the browser first', async () => {
    const calls = mockApi({
      'GET /api/admin/discount-codes': () => json({ codes: [] }),
      'GET /api/admin/discount-codes/options': () => json(OPTIONS),
      'POST /api/admin/discount-codes': () => json(code({}), 201),
    });
    showPage();
    expect(await screen.findByText('Noch keine Gutscheincodes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Neuer Code/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Gutscheincode' });
    fireEvent.change(within(dialog).getByLabelText(/Rabatt in %/), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(M.percent)).toBeTruthy();
    expect(within(dialog).getByText(DISCOUNT_CODE_MESSAGES.format)).toBeTruthy();
    expect(keysOf(calls)).not.toContain('POST /api/admin/discount-codes');

    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'freunde10' } });
    fireEvent.change(within(dialog).getByLabelText(/Rabatt in %/), { target: { value: '10' } });
    fireEvent.click(await within(dialog).findByLabelText(/Retreat im Harz \(/));
    fireEvent.click(within(dialog).getByLabelText('Retreat im Harz: Einzelzimmer'));
    fireEvent.change(within(dialog).getByLabelText('Einlösungen insgesamt'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('Gültig bis'), { target: { value: '2030-03-14T18:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.saved));
    expect(calls.find((call) => call.key === 'POST /api/admin/discount-codes')?.body).toEqual({
      code: 'FREUNDE10',
      kind: 'percent',
      value: 10,
      eventIds: [E1],
      categoryIds: [K1],
      maxUses: 20,
      maxPerBuyer: null,
      validFrom: null,
      validUntil: '2030-03-14T17:30:00.000Z',
      active: true,
      note: null,
    });
  });

  it('shows the server’s refusal at the field', async () => {
    mockApi({
      'GET /api/admin/discount-codes': () => json({ codes: CODES }),
      'GET /api/admin/discount-codes/options': () => json(OPTIONS),
      'PUT /api/admin/discount-codes/c1': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: M.maxUsesBelowUses(3),
              details: [{ path: 'maxUses', message: M.maxUsesBelowUses(3) }],
            },
          },
          422,
        ),
    });
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Bearbeiten: FREUNDE10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gutscheincode FREUNDE10 bearbeiten' });
    expect((within(dialog).getByLabelText(/^Code/) as HTMLInputElement).value).toBe('FREUNDE10');
    fireEvent.change(within(dialog).getByLabelText('Einlösungen insgesamt'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(M.maxUsesBelowUses(3))).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('deactivates, and deletes an unused code after the question', async () => {
    const calls = mockApi({
      'GET /api/admin/discount-codes': () => json({ codes: CODES }),
      'PUT /api/admin/discount-codes/c1/active': () => json(code({ active: false })),
      'DELETE /api/admin/discount-codes/c2': () => apiError(409, 'conflict', M.inUse),
    });
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Deaktivieren: FREUNDE10' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.deactivated));
    expect(calls.find((call) => call.key === 'PUT /api/admin/discount-codes/c1/active')?.body).toEqual({
      active: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Löschen: TEAM' }));
    const dialog = screen.getByRole('dialog', { name: 'Gutscheincode löschen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    // refused meanwhile (a booking used it): the server's reason
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(M.inUse));
    expect(keysOf(calls)).toContain('DELETE /api/admin/discount-codes/c2');
  });
});
