// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuickSignInCard } from './quick-sign-in-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const emailField = () => screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement;
const sendButton = () =>
  screen.getByRole('button', { name: /^(Code senden|Erneut senden in \d+s)$/ }) as HTMLButtonElement;

describe('QuickSignInCard: the resend wait is per address (spec visitor §8; routes/auth.ts limits)', () => {
  it("lets a corrected address get a code at once after 'Zurück'", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <QuickSignInCard />
      </QueryClientProvider>,
    );

    fireEvent.change(emailField(), { target: { value: 'anna@exmaple.org' } });
    fireEvent.click(sendButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Zurück' }));
    expect(sendButton().disabled).toBe(true);
    expect(sendButton().textContent).toMatch(/^Erneut senden in (60|59)s$/);

    fireEvent.change(emailField(), { target: { value: 'anna@example.org' } });
    expect(sendButton().disabled).toBe(false);
    expect(sendButton().textContent).toBe('Code senden');
    fireEvent.click(sendButton());
    await waitFor(() => expect(sent).toEqual([{ email: 'anna@exmaple.org' }, { email: 'anna@example.org' }]));
  });
});
