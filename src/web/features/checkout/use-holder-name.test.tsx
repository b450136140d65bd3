// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState, SessionUser } from '@shared/session';
import { sessionQuery } from '@web/lib/session';
import { SAVED_INDICATOR_MS } from '@web/lib/use-saved-flash';
import { NAME_AUTOSAVE_MS, useHolderName } from './use-holder-name';

const user: SessionUser = {
  id: 'u1',
  email: 'anna@example.org',
  fullName: 'Anna',
  displayName: null,
  phone: '0151 1',
  role: 'attendee',
  avatarUrl: null,
  emailConfirmed: true,
  hasDsgvoConsent: true,
  onboardingCompletedAt: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
let client: QueryClient;

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  client.setQueryData<SessionState>(sessionQuery.queryKey, { user });
  fetchMock = vi.fn(async (_path: string, init: RequestInit) => {
    const { fullName } = JSON.parse(String(init.body)) as { fullName: string };
    return new Response(JSON.stringify({ ...user, fullName }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const sentNames = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)).fullName);
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('useHolderName (docs/product/booking-and-seats.md#holder-name-saved: autosave after 600 ms)', () => {
  it('starts with the profile name and saves once, 600 ms after typing stops', async () => {
    const { result } = renderHook(() => useHolderName(user), { wrapper });
    expect(result.current.value).toBe('Anna');
    act(() => result.current.change('Anna B'));
    await advance(300);
    act(() => result.current.change('Anna Beispiel'));
    await advance(NAME_AUTOSAVE_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    expect(sentNames()).toEqual(['Anna Beispiel']);
    expect(fetchMock.mock.calls[0]![1].method).toBe('PATCH');
    expect(result.current.saved).toBe(true);
    // the session's name follows, so the completeness check before ordering sees it
    expect(client.getQueryData<SessionState>(sessionQuery.queryKey)?.user?.fullName).toBe('Anna Beispiel');
    await advance(SAVED_INDICATOR_MS);
    expect(result.current.saved).toBe(false);
  });

  it('does not save a blank name or the unchanged one', async () => {
    const { result } = renderHook(() => useHolderName(user), { wrapper });
    act(() => result.current.change('   '));
    await advance(NAME_AUTOSAVE_MS);
    act(() => result.current.change(' Anna '));
    await advance(NAME_AUTOSAVE_MS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('flush saves a waiting change at once, and only once', async () => {
    const { result } = renderHook(() => useHolderName(user), { wrapper });
    act(() => result.current.change('Anna Neu'));
    await act(async () => void (await result.current.flush()));
    expect(sentNames()).toEqual(['Anna Neu']);
    await advance(NAME_AUTOSAVE_MS * 2);
    expect(sentNames()).toEqual(['Anna Neu']);
  });

  it("keeps a guest's typing and saves it once signed in", async () => {
    const { result, rerender } = renderHook(({ current }) => useHolderName(current), {
      wrapper,
      initialProps: { current: null as SessionUser | null },
    });
    act(() => result.current.change('Gast Name'));
    await advance(NAME_AUTOSAVE_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    rerender({ current: user });
    expect(result.current.value).toBe('Gast Name');
    await act(async () => void (await result.current.flush()));
    expect(sentNames()).toEqual(['Gast Name']);
  });
});
