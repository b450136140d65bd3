// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { WAITLIST_MESSAGES, type MyWaitlistEntry } from '@shared/waitlist';
import { myWaitlistEntry, publicEvent, sessionUser } from '@web/testing/fixtures';
import { json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { queryKeys } from '@web/lib/query-keys';
import { toast } from '@web/lib/toast';
import { CheckoutPage } from './checkout-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

// The checkout of a waiting-list offer (docs/product/waiting-list.md#offer-checkout)

const user = sessionUser({
  fullName: 'Anna Berg',
  phone: '040 1234567',
  hasDsgvoConsent: true,
  onboardingCompletedAt: '2030-01-01T00:00:00.000Z',
});
const offer = myWaitlistEntry({
  status: 'offered',
  position: null,
  offerExpiresAt: '2030-03-14T17:30:00.000Z',
});

resetEachTest(vi.mocked(toast.error));

function renderCheckout(path: string, { availableSeats = 0, entries = [offer] as MyWaitlistEntry[] } = {}) {
  const calls = mockApi({
    'GET /api/waitlist': () => json({ entries }),
    'POST /api/bookings': () => json({ id: 'b1', eventId: 'e1', status: 'pending' }, 201),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.session, { user });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  client.setQueryData(queryKeys.events.byId('e1'), publicEvent({ availableSeats, waitlistEnabled: true }));
  client.setQueryData(['payments', 'config'], { provider: 'test', publishableKey: null });
  renderPage(<CheckoutPage />, { path, pattern: '/checkout/:eventId', user, client });
  return calls;
}

const bookingBody = (calls: { key: string; body: unknown }[]) =>
  calls.find((call) => call.key === 'POST /api/bookings')?.body;

describe('CheckoutPage with ?angebot=', () => {
  it('books exactly the offered ticket of a sold-out event and sends the entry', async () => {
    const calls = renderCheckout('/checkout/e1?angebot=w1');
    expect(
      await screen.findByText('Dieser Platz ist bis Do., 14.03.2030, 18:30 Uhr für dich reserviert.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ausgebucht' })).toBeNull();
    expect(screen.getByTestId('quantity').textContent).toBe('1');
    expect(screen.queryByRole('button', { name: 'Ein Ticket mehr' })).toBeNull(); // not editable
    expect(screen.getByText(new RegExp(WAITLIST_MESSAGES.offerOneTicket))).toBeTruthy();

    const order = screen.getByRole('button', { name: /Zahlungspflichtig bestellen/ });
    expect((order as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(order);
    await waitFor(() => expect(screen.getByText('Andere Seite')).toBeTruthy()); // on to /booking/b1/success
    expect(bookingBody(calls)).toEqual({
      eventId: 'e1',
      quantity: 1,
      holderName: 'Anna Berg',
      waitlistEntryId: 'w1',
    });
    // the booked offer leaves the user's entries: they are read again
    await waitFor(() =>
      expect(keysOf(calls).filter((key) => key === 'GET /api/waitlist').length).toBeGreaterThan(1),
    );
  });

  it('says the offer is gone and shows "Ausgebucht" when no seat is free', async () => {
    renderCheckout('/checkout/e1?angebot=w9');
    expect(await screen.findByRole('heading', { name: 'Ausgebucht' })).toBeTruthy();
    expect(screen.getByText(WAITLIST_MESSAGES.offerGone)).toBeTruthy();
  });

  it('takes no expired offer and no offer of another event', async () => {
    renderCheckout('/checkout/e1?angebot=w1', {
      entries: [
        myWaitlistEntry({ status: 'offered', position: null, offerExpiresAt: '2020-01-01T00:00:00.000Z' }),
      ],
    });
    expect(await screen.findByText(WAITLIST_MESSAGES.offerGone)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ausgebucht' })).toBeTruthy();
  });

  it('says the offer is gone and books as usual while seats are free', async () => {
    const calls = renderCheckout('/checkout/e1?angebot=w9', { availableSeats: 5 });
    expect(await screen.findByText(WAITLIST_MESSAGES.offerGone)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ein Ticket mehr' })); // the stepper is back
    expect(screen.getByTestId('quantity').textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: /Zahlungspflichtig bestellen/ }));
    await waitFor(() => expect(bookingBody(calls)).toBeDefined());
    expect(bookingBody(calls)).toEqual({ eventId: 'e1', quantity: 2, holderName: 'Anna Berg' });
  });

  it('does not read the waiting list for a plain checkout', async () => {
    const calls = renderCheckout('/checkout/e1', { availableSeats: 5 });
    expect(await screen.findByRole('heading', { name: 'Tickets buchen' })).toBeTruthy();
    expect(screen.queryByTestId('offer-notice')).toBeNull();
    expect(keysOf(calls)).not.toContain('GET /api/waitlist');
  });
});
