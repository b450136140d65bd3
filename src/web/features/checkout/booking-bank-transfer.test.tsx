// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { BANK_TRANSFER_MESSAGES, type BankTransferInstructions } from '@shared/bank-transfer';
import type { BookingView } from '@shared/booking';
import { toast } from '@web/lib/toast';
import { transferInstructions } from '@web/testing/bank-transfer-fixtures';
import { publicEvent, sessionUser } from '@web/testing/fixtures';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { BookingSuccessPage } from './booking-success-page';

// 'Überweisung (Vorkasse)' on the payment step (docs/product/bank-transfer.md#offered) and the instructions
// on the booking's page (docs/product/bank-transfer.md#instructions)

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const DAY = 86_400_000;
const user = sessionUser({ fullName: 'Anna Berg' });

function pendingBooking(startsInDays: number, currency = 'EUR'): BookingView {
  const event = publicEvent();
  const start = Date.now() + startsInDays * DAY;
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
    currency,
    holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    holderName: 'Anna Berg',
    isTest: false,
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
  } as BookingView;
}

const POST_TRANSFER = 'POST /api/bookings/b1/payment/bank-transfer';

function mockCheckout({
  startsInDays = 20,
  currency = 'EUR',
  provider = 'test' as 'test' | null,
  bankTransfer = { minDaysBeforeStart: 10 } as { minDaysBeforeStart: number } | null,
  chosen = null as BankTransferInstructions | null,
  choose = (): Response => json(transferInstructions()),
} = {}) {
  let current = chosen;
  return mockApi({
    'GET /api/bookings/b1': () => json(pendingBooking(startsInDays, currency)),
    'GET /api/bookings/b1/bank-transfer': () => json(current),
    'GET /api/payments/config': () => json({ provider, publishableKey: null, bankTransfer }),
    'POST /api/bookings/b1/payment': () =>
      json({ provider: 'test', paymentId: 'p1', amountCents: 5000, currency: 'EUR' }),
    [POST_TRANSFER]: () => {
      const answer = choose();
      if (answer.ok) current = transferInstructions();
      return answer;
    },
  });
}

const showPage = () =>
  renderPage(<BookingSuccessPage />, {
    path: '/booking/b1/success',
    pattern: '/booking/:bookingId/success',
    user,
  });

const transferRadio = () => screen.getByRole('radio', { name: BANK_TRANSFER_MESSAGES.methodLabel });

describe('payment step: Überweisung (Vorkasse)', () => {
  it('offers card first and transfer when the event is far enough ahead; choosing it shows the instructions', async () => {
    const calls = mockCheckout();
    showPage();
    expect(await screen.findByRole('button', { name: 'Testzahlung abschließen' })).toBeTruthy();
    const card = await screen.findByRole('radio', { name: 'Testzahlung' });
    expect((card as HTMLInputElement).checked).toBe(true);
    const radios = screen.getAllByRole('radio');
    expect(radios).toEqual([card, transferRadio()]);

    fireEvent.click(transferRadio());
    expect(screen.queryByRole('button', { name: 'Testzahlung abschließen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Per Überweisung bezahlen' }));

    const instructions = await screen.findByRole('region', { name: 'Zahlung per Überweisung' });
    expect(keysOf(calls)).toContain(POST_TRANSFER);
    const shown = within(instructions);
    expect(shown.getByText('WR-7K3Q9F-M')).toBeTruthy();
    expect(shown.getByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
    expect(shown.getByText('50,00 €')).toBeTruthy();
    expect(shown.getByText(BANK_TRANSFER_MESSAGES.chosen)).toBeTruthy();
    expect(shown.getByText('Fällig bis Do., 07.03.2030')).toBeTruthy();
    const image = shown.getByRole('img', { name: 'GiroCode zum Scannen mit deiner Banking-App' });
    expect(image.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(transferInstructions().qrSvg)}`,
    );
    expect(document.querySelector('[data-qr]')).toBeNull(); // an image, never markup
    expect(shown.getByText('Mit der Banking-App scannen (GiroCode)')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Zahlung per Überweisung'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fast geschafft: jetzt überweisen');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('goes straight to transfer in a shop without card payments, and never starts a card payment', async () => {
    const calls = mockCheckout({ provider: null });
    showPage();
    expect(await screen.findByRole('button', { name: 'Per Überweisung bezahlen' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(keysOf(calls)).not.toContain('POST /api/bookings/b1/payment');
    fireEvent.click(screen.getByRole('button', { name: 'Per Überweisung bezahlen' }));
    expect(await screen.findByRole('region', { name: 'Zahlung per Überweisung' })).toBeTruthy();
  });

  it('does not offer it when the event is too close or transfers are off', async () => {
    const calls = mockCheckout({ startsInDays: 9 });
    const first = showPage();
    expect(await screen.findByRole('button', { name: 'Testzahlung abschließen' })).toBeTruthy();
    expect(keysOf(calls)).toContain('GET /api/payments/config');
    await waitFor(() => expect(first.client.getQueryData(['payments', 'config'])).toBeTruthy());
    expect(screen.queryByRole('radio')).toBeNull();
    first.unmount();

    mockCheckout({ bankTransfer: null });
    const second = showPage();
    expect(await screen.findByRole('button', { name: 'Testzahlung abschließen' })).toBeTruthy();
    await waitFor(() => expect(second.client.getQueryData(['payments', 'config'])).toBeTruthy());
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText(BANK_TRANSFER_MESSAGES.methodLabel)).toBeNull();
  });

  // docs/product/bank-transfer.md#euro-only
  it('does not offer it for an event in another currency', async () => {
    const calls = mockCheckout({ currency: 'CHF' });
    const page = showPage();
    expect(await screen.findByRole('button', { name: 'Testzahlung abschließen' })).toBeTruthy();
    expect(keysOf(calls)).toContain('GET /api/payments/config');
    await waitFor(() => expect(page.client.getQueryData(['payments', 'config'])).toBeTruthy());
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText(BANK_TRANSFER_MESSAGES.methodLabel)).toBeNull();
  });

  it("shows the server's 409 and keeps the card to choose", async () => {
    mockCheckout({ choose: () => apiError(409, 'conflict', BANK_TRANSFER_MESSAGES.notOffered) });
    showPage();
    fireEvent.click(await screen.findByRole('radio', { name: BANK_TRANSFER_MESSAGES.methodLabel }));
    fireEvent.click(screen.getByRole('button', { name: 'Per Überweisung bezahlen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BANK_TRANSFER_MESSAGES.notOffered);
    expect(screen.queryByRole('region', { name: 'Zahlung per Überweisung' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Testzahlung' }));
    expect(await screen.findByRole('button', { name: 'Testzahlung abschließen' })).toBeTruthy();
  });

  it('shows what is left to transfer on the page of a booking that pays by transfer, without a card payment', async () => {
    const calls = mockCheckout({
      chosen: transferInstructions({ amountCents: 2000, paidCents: 3000 }),
    });
    showPage();
    const instructions = await screen.findByRole('region', { name: 'Zahlung per Überweisung' });
    expect(within(instructions).getByText('Bereits eingegangen: 30,00 € von 50,00 €')).toBeTruthy();
    expect(within(instructions).getByText('20,00 €')).toBeTruthy();
    expect(keysOf(calls)).not.toContain('POST /api/bookings/b1/payment');
  });

  it('copies the reference', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    // jsdom has no clipboard
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'clipboard'));
    mockCheckout({ chosen: transferInstructions() });
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Verwendungszweck kopieren' }));
    fireEvent.click(screen.getByRole('button', { name: 'IBAN kopieren' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Kopiert'));
    expect(writeText).toHaveBeenCalledWith('WR-7K3Q9F-M');
    expect(writeText).toHaveBeenCalledWith('DE89370400440532013000');
  });
});
