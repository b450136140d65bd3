// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import type { AdminRefundLookup } from '@shared/admin-refunds';
import { REFUND_PERCENT_MESSAGES } from '@shared/refund-percent';
import { toast } from '@web/lib/toast';
import { AdminRefundCard, OTHER_REASON, refundOkMessage, toRefundInput } from './admin-refund-card';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const BOOKING = '3f2b9c1e-0000-4000-8000-000000000001';
const ok = (amountCents: number) =>
  json({ refund: { amountCents, amount: amountCents / 100, currency: 'EUR' } });
/** GET /api/admin/refunds/lookup (docs/decisions/020-order-numbers.md): 33,33 € paid, nothing refunded. */
const LOOKUP: AdminRefundLookup = {
  bookingId: BOOKING,
  orderNumber: 'WR-7K3Q9F',
  buyerName: 'Anna Beispiel',
  buyerEmail: 'anna@example.org',
  eventTitle: 'Achtsam kommunizieren',
  eventStart: '2030-03-14T09:00:00.000Z',
  eventTimezone: 'Europe/Berlin',
  currency: 'EUR',
  paidCents: 3333,
  refundedCents: 0,
  refundableCents: 3333,
};
const LOOKUP_KEY = 'GET /api/admin/refunds/lookup';
const found =
  (overrides: Partial<AdminRefundLookup> = {}) =>
  () =>
    json({ ...LOOKUP, ...overrides });
const EURO = '\u00a0€'; // Intl writes a no-break space before the sign
const posts = (calls: { key: string; body: unknown }[]) => calls.filter((c) => c.key.startsWith('POST '));
/** The default reason: the buyer asked (the spec's 'requested_by_customer', in words; decision 049). */
const CUSTOMER = 'Auf Kundenwunsch';
const REFERENCE_MISSING = 'Bitte gib eine Bestellnummer oder Booking-ID an.';
const FAILED = 'Die Erstattung ist fehlgeschlagen.';

resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const REFERENCE = 'Bestellnummer oder Booking-ID';
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Erstattung auslösen' }));
/** Confirms the question the card asks before sending; returns the question. */
async function confirm() {
  const dialog = await screen.findByRole('dialog');
  const question = within(dialog).getByRole('heading').textContent;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Erstatten' }));
  return question;
}

describe('toRefundInput (docs/product/admin.md#admin-refund-amount)', () => {
  const values = { bookingId: ` ${BOOKING} `, reason: '', otherReason: '', percent: '100', amount: '' };

  it('clamps the percent to 100, refuses nothing, and sends it as a fraction', () => {
    expect(toRefundInput(values).input).toEqual({
      bookingId: BOOKING,
      reason: CUSTOMER,
      percent: 1,
    });
    expect(toRefundInput({ ...values, percent: '150' }).input?.percent).toBe(1);
    expect(toRefundInput({ ...values, percent: '-20' }).errors).toEqual({
      percent: 'Der Erstattungsbetrag muss größer als 0 sein.',
    });
    expect(toRefundInput({ ...values, percent: '0' }).errors).toEqual({
      percent: 'Der Erstattungsbetrag muss größer als 0 sein.',
    });
    expect(toRefundInput({ ...values, percent: '33,5' }).input?.percent).toBeCloseTo(0.335);
    expect(toRefundInput({ ...values, percent: '' }).errors).toEqual({ percent: 'Betrag ungültig' });
  });

  it('sends an amount in cents instead of the percent; refuses negative or unreadable amounts', () => {
    expect(toRefundInput({ ...values, amount: '12,50' }).input).toEqual({
      bookingId: BOOKING,
      reason: CUSTOMER,
      amountCents: 1250,
    });
    expect(toRefundInput({ ...values, amount: '1.234,56' }).input?.amountCents).toBe(123456);
    expect(toRefundInput({ ...values, amount: '19.99' }).input?.amountCents).toBe(1999);
    expect(toRefundInput({ ...values, amount: '0' }).errors).toEqual({
      amount: 'Der Erstattungsbetrag muss größer als 0 sein.',
    });
    expect(toRefundInput({ ...values, amount: '0,001' }).errors).toEqual({
      amount: 'Der Erstattungsbetrag muss größer als 0 sein.',
    });
    for (const amount of ['-1', 'abc', '1e400', 'Infinity', '12,5,0']) {
      expect(toRefundInput({ ...values, amount }).errors, amount).toEqual({ amount: 'Betrag ungültig' });
    }
  });

  it('requires a booking id', () => {
    expect(toRefundInput({ ...values, bookingId: '  ' })).toEqual({
      errors: { bookingId: REFERENCE_MISSING },
    });
  });

  // the shop's one money format, '€' as on every screen, not 'Refund OK: 16,60 EUR' (decision 049)
  it('says what happened, in the shop money format', () => {
    expect(refundOkMessage(16.6, 'EUR')).toBe(`Erstattung ausgelöst: 16,60${EURO}`);
    expect(refundOkMessage(1234.5, 'EUR')).toBe(`Erstattung ausgelöst: 1.234,50${EURO}`);
    expect(refundOkMessage(0.1 + 0.2, 'EUR')).toBe(`Erstattung ausgelöst: 0,30${EURO}`);
  });

  it("takes a reason in the admin's own words, and asks for it when none is typed", () => {
    expect(
      toRefundInput({ ...values, reason: OTHER_REASON, otherReason: ' Doppelt gebucht ' }).input,
    ).toEqual({
      bookingId: BOOKING,
      reason: 'Doppelt gebucht',
      percent: 1,
    });
    expect(toRefundInput({ ...values, reason: OTHER_REASON }).errors).toEqual({
      reason: 'Bitte beschreibe den Grund.',
    });
  });
});

describe('AdminRefundCard', () => {
  it('asks for the booking id before sending anything', async () => {
    const calls = mockApi({});
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    expect(screen.getByRole('heading', { name: 'Admin Refund' })).toBeTruthy();
    expect(field('Grund').value).toBe(CUSTOMER);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(REFERENCE_MISSING);
    expect(field(REFERENCE).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('sends a quick percent as a fraction after confirming and toasts the refunded amount', async () => {
    const calls = mockApi({ [LOOKUP_KEY]: found(), 'POST /api/admin/refunds': () => ok(1666) });
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    fireEvent.change(field(REFERENCE), { target: { value: BOOKING } });
    const quick = within(screen.getByRole('group', { name: 'Schnellauswahl Prozent' }));
    expect(quick.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '100 %',
      '70 %',
      '50 %',
      '0 %',
    ]);
    expect(quick.getByRole('button', { name: '100 %' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(quick.getByRole('button', { name: '50 %' }));
    expect(quick.getByRole('button', { name: '50 %' }).getAttribute('aria-pressed')).toBe('true');
    expect(field('Prozent vom bezahlten Betrag').value).toBe('50');
    submit();
    // the euro amount, not the share: 50 % of 33,33 € floored to the cent
    expect(await confirm()).toBe(`16,66${EURO} erstatten?`);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(`Erstattung ausgelöst: 16,66${EURO}`));
    expect(posts(calls)).toEqual([
      {
        key: 'POST /api/admin/refunds',
        body: { bookingId: BOOKING, reason: CUSTOMER, percent: 0.5 },
      },
    ]);
    // ready for the next one: no accidental second refund of the same booking
    await waitFor(() => expect(field(REFERENCE).value).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends an amount in cents with the reason given; cancelling the question sends nothing', async () => {
    const calls = mockApi({ [LOOKUP_KEY]: found(), 'POST /api/admin/refunds': () => ok(1250) });
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    fireEvent.change(field(REFERENCE), { target: { value: BOOKING } });
    fireEvent.change(field('Grund'), { target: { value: 'Kulanz' } });
    fireEvent.change(field('oder Betrag'), { target: { value: '12,50' } });
    expect(field('Prozent vom bezahlten Betrag').disabled).toBe(true);
    submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(`12,50${EURO} erstatten?`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toHaveLength(0);

    submit();
    await confirm();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(`Erstattung ausgelöst: 12,50${EURO}`));
    expect(posts(calls)[0]?.body).toEqual({ bookingId: BOOKING, reason: 'Kulanz', amountCents: 1250 });
  });

  // issue 29 item 22 (docs/decisions/049-admin-screens-say-what-they-mean.md)
  it("offers German reasons, never Stripe's codes, and a reason in the admin's words", async () => {
    const calls = mockApi({ [LOOKUP_KEY]: found(), 'POST /api/admin/refunds': () => ok(3333) });
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    const reasons = within(screen.getByRole('combobox', { name: 'Grund' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(reasons).toEqual([
      CUSTOMER,
      'Kulanz',
      'Event geändert oder abgesagt',
      'Doppelt bezahlt',
      'Anderer Grund …',
    ]);
    expect(document.body.innerHTML).not.toMatch(/requested_by_customer|duplicate/);
    fireEvent.change(field(REFERENCE), { target: { value: 'WR-7K3Q9F' } });
    fireEvent.change(field('Grund'), { target: { value: OTHER_REASON } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte beschreibe den Grund.');
    fireEvent.change(field('Anderer Grund'), { target: { value: 'Zweimal gebucht' } });
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    await confirm();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ bookingId: BOOKING, reason: 'Zweimal gebucht', percent: 1 });
  });

  it('takes the missing-booking message away once an order number is typed and found', async () => {
    mockApi({ [LOOKUP_KEY]: found() });
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(REFERENCE_MISSING);
    fireEvent.change(field(REFERENCE), { target: { value: 'WR-7K3Q9F' } });
    expect(await screen.findByText('Anna Beispiel <anna@example.org>')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(REFERENCE_MISSING)).toBeNull();
    expect(field(REFERENCE).getAttribute('aria-invalid')).toBeNull();
  });

  // docs/decisions/023-refund-percentages.md: '0,5' meant half; it once refunded 0,5 % (1,60 € of 320 €)
  it('refuses a percent between 0 and 1 as ambiguous and sends nothing; 50 sends 0.5', async () => {
    const values = { bookingId: BOOKING, reason: '', otherReason: '', percent: '100', amount: '' };
    expect(toRefundInput({ ...values, percent: '0,5' }).errors).toEqual({
      percent: REFUND_PERCENT_MESSAGES.ambiguous,
    });
    expect(toRefundInput({ ...values, percent: '0.99' }).errors).toEqual({
      percent: REFUND_PERCENT_MESSAGES.ambiguous,
    });
    expect(toRefundInput({ ...values, percent: '1' }).input?.percent).toBe(0.01);
    expect(toRefundInput({ ...values, percent: '50' }).input?.percent).toBe(0.5);

    const calls = mockApi({ [LOOKUP_KEY]: found() });
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    fireEvent.change(field(REFERENCE), { target: { value: BOOKING } });
    fireEvent.change(field('Prozent vom bezahlten Betrag'), { target: { value: '0.5' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(REFUND_PERCENT_MESSAGES.ambiguous);
    expect(field('Prozent vom bezahlten Betrag').getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toHaveLength(0);
  });

  it("refuses a negative amount with 'Betrag ungültig' and sends nothing", async () => {
    const calls = mockApi({ [LOOKUP_KEY]: found() });
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    fireEvent.change(field(REFERENCE), { target: { value: BOOKING } });
    fireEvent.change(field('oder Betrag'), { target: { value: '-5' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Betrag ungültig');
    expect(field('oder Betrag').getAttribute('aria-invalid')).toBe('true');
    expect(field('oder Betrag').getAttribute('aria-describedby')).toBe('refund-amount-error');
    expect(posts(calls)).toHaveLength(0);
    // a quick percent switches back from the amount
    fireEvent.click(screen.getByRole('button', { name: '70 %' }));
    expect(field('oder Betrag').value).toBe('');
  });

  /** Looks the booking up, asks and sends the refund, which the server answers with `answer`. */
  async function refundAnswered(answer: () => Response) {
    mockApi({ [LOOKUP_KEY]: found(), 'POST /api/admin/refunds': answer });
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    fireEvent.change(field(REFERENCE), { target: { value: BOOKING } });
    submit();
    await confirm();
  }

  it("shows 'Die Erstattung ist fehlgeschlagen.' with the server's message", async () => {
    await refundAnswered(() => apiError(409, 'conflict', 'Es sind nur noch 16,67 € erstattbar.'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(FAILED, {
        description: 'Es sind nur noch 16,67 € erstattbar.',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(field(REFERENCE).value).toBe(BOOKING); // kept for a corrected try
  });

  it('uses the field message of a 422 as the description', async () => {
    await refundAnswered(() =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Bitte Eingaben prüfen.',
            details: [{ path: 'amountCents', message: 'Betrag ungültig' }],
          },
        },
        422,
      ),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(FAILED, { description: 'Betrag ungültig' }));
  });

  it('takes an order number as typed and shows buyer, event, paid, refunded and the euros before asking', async () => {
    const calls = mockApi({
      [LOOKUP_KEY]: found({ paidCents: 4900, refundedCents: 1470, refundableCents: 3430 }),
      'POST /api/admin/refunds': () => ok(2450),
    });
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    fireEvent.change(field(REFERENCE), { target: { value: ' wr 7k3q9f ' } });
    fireEvent.click(screen.getByRole('button', { name: '50 %' }));
    // looked up as soon as it can be an order number, in its stored form
    const summary = await screen.findByRole('status', { name: 'Gefundene Buchung' });
    await waitFor(() => expect(summary.textContent).toContain('Anna Beispiel <anna@example.org>'));
    expect(calls.map((call) => call.key)).toContain(`${LOOKUP_KEY}?q=WR-7K3Q9F`);
    for (const text of [
      'WR-7K3Q9F',
      'Achtsam kommunizieren',
      `49,00${EURO}`,
      `14,70${EURO}`,
      `34,30${EURO}`,
      `Diese Erstattung24,50${EURO}`,
    ]) {
      expect(summary.textContent).toContain(text);
    }

    submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(`24,50${EURO} erstatten?`);
    const details = dialog.textContent ?? '';
    for (const text of [
      'Bestellnummer WR-7K3Q9F',
      'Anna Beispiel <anna@example.org>',
      '„Achtsam kommunizieren“',
      `Bezahlt 49,00${EURO}, bereits erstattet 14,70${EURO}`,
    ]) {
      expect(details).toContain(text);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstatten' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(`Erstattung ausgelöst: 24,50${EURO}`));
    // the booking that was shown is the one refunded
    expect(posts(calls)[0]?.body).toEqual({
      bookingId: BOOKING,
      reason: CUSTOMER,
      percent: 0.5,
    });
  });

  it('names an unknown order number, a booking without payment and an amount above the rest, and sends nothing', async () => {
    let answer = () => apiError(404, 'not_found', 'Buchung nicht gefunden.');
    const calls = mockApi({ [LOOKUP_KEY]: () => answer() });
    renderPage(<AdminRefundCard />, { path: '/admin/settings' });
    fireEvent.change(field(REFERENCE), { target: { value: 'WR-ZZZZZZ' } });
    expect(
      await within(screen.getByRole('status', { name: 'Gefundene Buchung' })).findByText(
        'Buchung nicht gefunden.',
      ),
    ).toBeTruthy();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Buchung nicht gefunden.');
    // not an order number nor an id: no request at all
    fireEvent.change(field(REFERENCE), { target: { value: 'WR-0000' } });
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Buchung nicht gefunden.'));
    expect(calls.filter((call) => call.key.includes('WR-0000'))).toHaveLength(0);

    answer = found({ paidCents: 0, refundableCents: 0 });
    fireEvent.change(field(REFERENCE), { target: { value: 'WR-7K3Q9F' } });
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Für diese Buchung gibt es keine Zahlung, die erstattet werden kann.',
      ),
    );

    answer = found({ refundedCents: 1666, refundableCents: 1667 });
    fireEvent.change(field('oder Betrag'), { target: { value: '20' } });
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(`Es sind nur noch 16,67${EURO} erstattbar.`),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls)).toHaveLength(0);
  });
});
