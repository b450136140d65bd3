// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/session';
import { toast } from '@web/lib/toast';
import { usePlaceOrder } from './use-place-order';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const complete: SessionUser = {
  id: 'u1',
  email: 'anna@example.org',
  fullName: 'Anna Beispiel',
  displayName: null,
  phone: '0151 1234567',
  role: 'attendee',
  avatarUrl: null,
  emailConfirmed: true,
  hasDsgvoConsent: true,
  onboardingCompletedAt: '2026-01-01T00:00:00.000Z',
};
const order = { eventId: 'e1', quantity: 1, holderName: 'Anna Beispiel', free: false };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.warning).mockClear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/checkout/e1']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => ({ order: usePlaceOrder(), location: useLocation() }), { wrapper });
}
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('usePlaceOrder (docs/product/booking-and-seats.md#profile-before-booking, docs/product/payments.md#payment-messages)', () => {
  it("a missing phone: toast 'Profil vervollständigen' with the parts, off to /onboarding, nothing ordered", async () => {
    const { result } = setup();
    await act(() => result.current.order.placeOrder({ ...order, user: { ...complete, phone: ' ' } }));
    expect(toast.warning).toHaveBeenCalledWith('Profil vervollständigen', {
      description: 'Um ein Ticket zu buchen, benötigen wir noch: Bitte gib deine Telefonnummer an',
    });
    expect(result.current.location.pathname).toBe('/onboarding');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an unconfirmed e-mail goes to the home page notice', async () => {
    const { result } = setup();
    await act(() =>
      result.current.order.placeOrder({ ...order, user: { ...complete, emailConfirmed: false } }),
    );
    expect(result.current.location.pathname).toBe('/');
    expect(result.current.location.search).toBe('?message=please-confirm-email');
  });

  it("the server's 422 list of missing parts is shown the same way", async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        error: {
          code: 'validation_failed',
          message: 'Um ein Ticket zu buchen, benötigen wir noch: Bitte gib deinen Namen an',
          details: { missing: ['Bitte gib deinen Namen an'] },
        },
      }),
    );
    const { result } = setup();
    await act(() => result.current.order.placeOrder({ ...order, user: complete }));
    expect(toast.warning).toHaveBeenCalledWith('Profil vervollständigen', {
      description: 'Um ein Ticket zu buchen, benötigen wir noch: Bitte gib deinen Namen an',
    });
    expect(result.current.location.pathname).toBe('/onboarding');
  });

  it('failure titles and texts: paid, free, server error, no API answer', async () => {
    const { result } = setup();
    fetchMock.mockResolvedValueOnce(
      answer(409, { error: { code: 'conflict', message: 'Leider sind nicht mehr genug Plätze frei.' } }),
    );
    await act(() => result.current.order.placeOrder({ ...order, user: complete }));
    expect(toast.error).toHaveBeenLastCalledWith('Buchung fehlgeschlagen', {
      description: 'Leider sind nicht mehr genug Plätze frei.',
    });
    fetchMock.mockResolvedValueOnce(answer(500, { error: { code: 'internal', message: 'x' } }));
    await act(() => result.current.order.placeOrder({ ...order, free: true, user: complete }));
    expect(toast.error).toHaveBeenLastCalledWith('Kostenlose Buchung fehlgeschlagen', {
      description: 'Fehler bei der Buchung. Bitte versuchen Sie es erneut.',
    });
    fetchMock.mockResolvedValueOnce(answer(404, { error: { code: 'not_found', message: 'x' } }));
    await act(() => result.current.order.placeOrder({ ...order, user: complete }));
    expect(toast.error).toHaveBeenLastCalledWith('Buchung fehlgeschlagen', {
      description: 'Event nicht gefunden',
    });
    fetchMock.mockResolvedValueOnce(new Response('not json', { status: 201 }));
    await act(() => result.current.order.placeOrder({ ...order, user: complete }));
    expect(toast.error).toHaveBeenLastCalledWith('Buchung fehlgeschlagen', {
      description: 'Unerwarteter Fehler',
    });
    expect(result.current.location.pathname).toBe('/checkout/e1');
  });
});
