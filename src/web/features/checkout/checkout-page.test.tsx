// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/session';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { CheckoutPage, GUEST_ORDER_HINT } from './checkout-page';
import { publicEvent, sessionUser } from '@web/testing/fixtures';
import { queryKeys } from '@web/lib/query-keys';
import { toast } from '@web/lib/toast';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const EVENT = publicEvent();

/** Signed in a moment ago on this page: the profile has only the e-mail's stand-in name and no phone. */
const newUser = sessionUser();

let calls: { key: string; body: unknown }[];
beforeEach(() => {
  calls = [];
  let profile: SessionUser = { ...newUser };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      const body = init?.body ? (JSON.parse(String(init.body)) as Partial<SessionUser>) : undefined;
      calls.push({ key, body });
      const answer = (value: unknown) =>
        new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });
      if (key === 'PATCH /api/profile') return answer((profile = { ...profile, ...body }));
      if (key === 'POST /api/bookings') return answer({ id: 'b1', eventId: 'e1', status: 'pending' });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderCheckout(user: SessionUser | null = newUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.session, { user });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  client.setQueryData(queryKeys.events.byId('e1'), EVENT);
  client.setQueryData(['payments', 'config'], { provider: 'test', publishableKey: null });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/checkout/e1']}>
        <Routes>
          <Route path="/checkout/:eventId" element={<CheckoutPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CheckoutPage: name and phone before the order (docs/product/booking-and-seats.md#profile-before-booking)', () => {
  it('shows the e-mail stand-in as an empty name and asks the phone before "Zahlungspflichtig bestellen"', async () => {
    renderCheckout();
    const name = screen.getByLabelText('Name auf dem Ticket') as HTMLInputElement;
    expect(name.value).toBe('');
    const phone = screen.getByLabelText('Telefonnummer') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Anna Berg' } });
    const order = screen.getByRole('button', { name: /Zahlungspflichtig bestellen/ });

    // without a phone the order stays on this page and says what is missing
    fireEvent.click(order);
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte gib deine Telefonnummer an');
    expect(document.activeElement).toBe(phone);
    expect(calls.some((call) => call.key === 'POST /api/bookings')).toBe(false);
    expect(toast.warning).not.toHaveBeenCalled(); // no 'Profil vervollständigen' detour to /onboarding

    fireEvent.change(phone, { target: { value: ' 040 1234567 ' } });
    fireEvent.click(order);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/booking/b1/success'));
    // the phone is saved to the profile first, then the order is sent
    const writes = calls.filter((call) => !call.key.startsWith('GET'));
    expect(writes.map((call) => call.key).slice(-2)).toEqual(['PATCH /api/profile', 'POST /api/bookings']);
    expect(writes.at(-2)?.body).toEqual({ phone: '040 1234567' });
    expect(calls.find((call) => call.key === 'POST /api/bookings')?.body).toEqual({
      eventId: 'e1',
      quantity: 1,
      holderName: 'Anna Berg',
    });
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('does not ask a profile that has a phone, and starts with a name that was given', () => {
    renderCheckout({ ...newUser, fullName: 'Anna Berg', phone: '040 1' });
    expect(screen.queryByLabelText('Telefonnummer')).toBeNull();
    expect((screen.getByLabelText('Name auf dem Ticket') as HTMLInputElement).value).toBe('Anna Berg');
  });
});

describe('CheckoutPage as a guest (docs/product/booking-and-seats.md#order-button-for-guests)', () => {
  it('shows the order button disabled until signed in, below the quick sign-in, with why', async () => {
    renderCheckout(null);
    expect(await screen.findByLabelText('E-Mail-Adresse')).toBeTruthy();
    const order = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }) as HTMLButtonElement;
    expect(order.disabled).toBe(true);
    expect(order.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(order.getAttribute('aria-describedby')!)?.textContent).toBe(
      GUEST_ORDER_HINT,
    );
    // the quick sign-in comes first, the button after it
    const email = screen.getByLabelText('E-Mail-Adresse');
    expect(email.compareDocumentPosition(order) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(order);
    expect(calls.some((call) => call.key === 'POST /api/bookings')).toBe(false);
  });

  it("reads 'Kostenlos buchen' for a free event, disabled as well", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(queryKeys.session, { user: null });
    client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
    client.setQueryData(queryKeys.events.byId('e1'), { ...EVENT, priceCents: 0, earlyBirdPriceCents: null });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/checkout/e1']}>
          <Routes>
            <Route path="/checkout/:eventId" element={<CheckoutPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const order = (await screen.findByRole('button', { name: 'Kostenlos buchen' })) as HTMLButtonElement;
    expect(order.disabled).toBe(true);
  });
});
