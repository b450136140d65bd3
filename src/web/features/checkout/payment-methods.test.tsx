// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BANK_TRANSFER_MESSAGES } from '@shared/bank-transfer';
import type { BookingView } from '@shared/booking';
import {
  DEFAULT_PAYMENT_METHOD_SETTINGS,
  type OnlineMethod,
  type PaymentMethodSettings,
} from '@shared/payment-methods';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { toast } from '@web/lib/toast';
import { publicEvent, sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { BookingSuccessPage } from './booking-success-page';
import { stripeMethodOrder } from './components/stripe-payment';
import { TestRedirectPage } from './test-redirect-page';

// The offered methods in the payment step and the test provider's simulated methods
// (docs/decisions/056-payment-methods-and-the-checkout.md)

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const DAY = 86_400_000;
const user = sessionUser({ fullName: 'Anna Berg' });

function booking(overrides: Partial<BookingView> = {}): BookingView {
  const event = publicEvent();
  const start = Date.now() + 30 * DAY;
  return {
    id: 'b1',
    orderNumber: 'WR-7K3Q9F',
    eventId: event.id,
    status: 'pending',
    paymentStatus: 'pending',
    quantity: 2,
    seats: 2,
    unitPriceCents: 2500,
    totalAmountCents: 5000,
    items: [],
    discountCode: null,
    discountCents: 0,
    answers: [],
    currency: 'EUR',
    holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    holderName: 'Anna Berg',
    isTest: true,
    createdAt: new Date().toISOString(),
    event: {
      id: event.id,
      slug: event.slug,
      title: event.title,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 2 * 3_600_000).toISOString(),
      timezone: 'Europe/Berlin',
      location: event.location,
      locationDetails: null,
      venue: null,
      room: null,
      mode: 'presence',
      priceUnit: 'per_person',
      imageUrl: null,
      shortDescription: null,
    },
    tickets: [],
    onlineUrl: null,
    ...overrides,
  } as BookingView;
}

const ALL_ON: PaymentMethodSettings = {
  enabled: ['card', 'wallet', 'paypal', 'sepa_debit', 'klarna', 'billie'],
  order: ['paypal', 'card', 'wallet', 'sepa_debit', 'klarna', 'billie', 'bank_transfer'],
  sepaMinDaysBeforeStart: 14,
};

function mockPayment({
  methods = ['paypal', 'card', 'wallet', 'sepa_debit', 'klarna'] as OnlineMethod[],
  settings = ALL_ON,
  bankTransfer = null as { minDaysBeforeStart: number } | null,
  afterSettle = booking({ status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null }),
} = {}) {
  return mockApi({
    'GET /api/bookings/b1': () => json(booking()),
    'GET /api/bookings/b1/bank-transfer': () => json(null),
    'GET /api/payments/config': () =>
      json({ provider: 'test', publishableKey: null, bankTransfer, methods: settings }),
    'POST /api/bookings/b1/payment': () =>
      json({ provider: 'test', paymentId: 'p1', amountCents: 5000, currency: 'EUR', methods }),
    'POST /api/bookings/b1/payment/test/complete': () => json(afterSettle),
    'POST /api/bookings/b1/payment/test/decline': () => json(booking()),
    'POST /api/bookings/b1/payment/test/debit': () => json(booking({ paymentStatus: 'processing' })),
  });
}

const showPage = (path = '/booking/b1/success') =>
  renderPage(<BookingSuccessPage />, { path, pattern: '/booking/:bookingId/success', user });
const methodGroup = async () => within(await screen.findByRole('group', { name: 'Testzahlung mit' }));

describe('test provider: the offered methods', () => {
  it('lists the offered methods in the admin order and sends the picked one with the test buttons', async () => {
    const calls = mockPayment();
    showPage();
    const group = await methodGroup();
    expect(group.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'paypal',
      'card',
      'wallet',
      'sepa_debit',
      'klarna',
    ]);
    expect((group.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Weiter zu PayPal' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: PAYMENT_MESSAGES.testComplete })).toBeNull();

    fireEvent.click(group.getByRole('radio', { name: 'Apple Pay / Google Pay' }));
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_MESSAGES.testComplete }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buchung erfolgreich!' })).toBeTruthy();
    expect(calls.find((call) => call.key === 'POST /api/bookings/b1/payment/test/complete')?.body).toEqual({
      method: 'wallet',
    });
  });

  it('PayPal and Klarna go to the local redirect page', async () => {
    mockPayment();
    renderPage(<BookingSuccessPage />, {
      path: '/booking/b1/success',
      pattern: '/booking/:bookingId/success',
      user,
    });
    const group = await methodGroup();
    fireEvent.click(group.getByRole('radio', { name: 'Klarna' }));
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zu Klarna' }));
    expect(await screen.findByText('Andere Seite')).toBeTruthy();
  });

  it('SEPA: a prefilled test IBAN, the outcome to simulate, then the processing text', async () => {
    const calls = mockPayment();
    showPage();
    fireEvent.click((await methodGroup()).getByRole('radio', { name: 'SEPA-Lastschrift' }));
    const iban = screen.getByRole('textbox', { name: 'IBAN' }) as HTMLInputElement;
    expect(iban.value).toBe('DE89 3704 0044 0532 0130 00');
    const outcomes = within(screen.getByRole('group', { name: 'Die Lastschrift …' }));
    expect(outcomes.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'wird eingelöst',
      'wird abgelehnt',
      'wird später zurückgebucht',
    ]);
    fireEvent.click(outcomes.getByRole('radio', { name: 'wird später zurückgebucht' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lastschrift erteilen' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.processing)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Zahlung in Bearbeitung');
    expect(calls.find((call) => call.key === 'POST /api/bookings/b1/payment/test/debit')?.body).toEqual({
      iban: 'DE89 3704 0044 0532 0130 00',
      outcome: 'returned',
    });
  });

  it('shows the cancel of the redirect page and lets the buyer try again', async () => {
    mockPayment();
    showPage('/booking/b1/success?testzahlung=abgebrochen&methode=paypal');
    const group = await methodGroup();
    expect((group.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Die Zahlung bei PayPal wurde abgebrochen/)).toBeTruthy();
  });

  it('one method: no choice, the test buttons as before', async () => {
    mockPayment({ methods: ['card'] });
    showPage();
    expect(await screen.findByRole('button', { name: PAYMENT_MESSAGES.testComplete })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Testzahlung mit' })).toBeNull();
  });
});

describe('the test redirect page', () => {
  const showRedirect = (method: string) =>
    renderPage(<TestRedirectPage />, {
      path: `/booking/b1/testzahlung/${method}`,
      pattern: '/booking/:bookingId/testzahlung/:method',
      user,
    });

  it("says where the buyer would be; 'Zahlung freigeben' settles with PayPal and returns", async () => {
    const calls = mockPayment();
    showRedirect('paypal');
    expect(screen.getByRole('heading', { level: 1, name: 'Testzahlung: PayPal' })).toBeTruthy();
    expect(screen.getByText(/Hier würdest du bei PayPal die Zahlung freigeben\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung freigeben' }));
    expect(await screen.findByText('Andere Seite')).toBeTruthy();
    expect(calls.find((call) => call.key === 'POST /api/bookings/b1/payment/test/complete')?.body).toEqual({
      method: 'paypal',
    });
  });

  it("'Abbrechen' declines with Klarna and returns", async () => {
    const calls = mockPayment();
    showRedirect('klarna');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByText('Andere Seite')).toBeTruthy();
    expect(calls.find((call) => call.key === 'POST /api/bookings/b1/payment/test/decline')?.body).toEqual({
      method: 'klarna',
    });
  });

  it('knows only PayPal and Klarna', () => {
    mockPayment();
    showRedirect('card');
    expect(screen.getByRole('heading', { level: 1, name: 'Diese Testzahlung gibt es nicht.' })).toBeTruthy();
  });
});

describe('the payment choice', () => {
  it('puts transfer first when the admin ordered it so, and names the online methods', async () => {
    mockPayment({
      settings: { ...ALL_ON, order: ['bank_transfer', ...ALL_ON.order.filter((m) => m !== 'bank_transfer')] },
      bankTransfer: { minDaysBeforeStart: 10 },
    });
    showPage();
    const choice = within(await screen.findByRole('group', { name: 'Wie möchtest du bezahlen?' }));
    const radios = choice.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['transfer', 'card']);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Per Überweisung bezahlen' })).toBeTruthy();
  });

  it('keeps the online methods first by default', async () => {
    mockPayment({ settings: DEFAULT_PAYMENT_METHOD_SETTINGS, bankTransfer: { minDaysBeforeStart: 10 } });
    showPage();
    const choice = within(await screen.findByRole('group', { name: 'Wie möchtest du bezahlen?' }));
    expect(choice.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'card',
      'transfer',
    ]);
    expect(choice.getByRole('radio', { name: BANK_TRANSFER_MESSAGES.methodLabel })).toBeTruthy();
  });

  it('offers transfer alone when no online method fits the order', async () => {
    mockPayment({
      settings: { ...ALL_ON, enabled: ['sepa_debit'], sepaMinDaysBeforeStart: 60 },
      bankTransfer: { minDaysBeforeStart: 10 },
    });
    showPage();
    expect(await screen.findByRole('button', { name: 'Per Überweisung bezahlen' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('Stripe: paymentMethodOrder', () => {
  it('follows our order; the wallet is Apple Pay and Google Pay', () => {
    expect(stripeMethodOrder(['paypal', 'card', 'wallet', 'sepa_debit', 'klarna', 'billie'])).toEqual([
      'paypal',
      'card',
      'apple_pay',
      'google_pay',
      'sepa_debit',
      'klarna',
      'billie',
    ]);
    expect(stripeMethodOrder(['card'])).toEqual(['card']);
  });
});
