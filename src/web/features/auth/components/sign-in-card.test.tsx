// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAuthPage } from '../testing/auth-test-kit';
import { SignInCard } from './sign-in-card';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const emailField = () => screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: /^(Code senden|Erneut senden in \d+s)$/ });

describe('SignInCard: the resend wait is per address (spec visitor §8; routes/auth.ts limits)', () => {
  it("lets a corrected address get a code at once after 'Zurück', while the first one still waits", async () => {
    const calls = mockApi({ 'POST /api/auth/code/send': () => json({ ok: true }) });
    renderAuthPage(<SignInCard onSignedIn={() => undefined} />, { path: '/login' });
    const sent = () => calls.filter((call) => call.key === 'POST /api/auth/code/send').map((c) => c.body);

    fireEvent.change(emailField(), { target: { value: 'anna@exmaple.org' } });
    fireEvent.click(sendButton());
    await screen.findByRole('button', { name: /Erneut senden in \d+s/ }); // the code step's resend
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));

    // the same address waits
    expect(emailField().value).toBe('anna@exmaple.org');
    expect(sendButton().textContent).toMatch(/^Erneut senden in (60|59)s$/);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);

    // the corrected one does not
    fireEvent.change(emailField(), { target: { value: 'Anna@Example.org ' } });
    expect(sendButton().textContent).toBe('Code senden');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(sent()).toEqual([{ email: 'anna@exmaple.org' }, { email: 'anna@example.org' }]),
    );

    // and going back to the first address, its wait is still running
    fireEvent.click(await screen.findByRole('button', { name: 'Zurück' }));
    fireEvent.change(emailField(), { target: { value: 'anna@exmaple.org' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
