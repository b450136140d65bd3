// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { resetEachTest } from '@web/testing/render-page';
import { SignInFlow } from './sign-in-flow';

resetEachTest();

const emailField = () => screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement;
const sendButton = () =>
  screen.getByRole('button', { name: /^(Code senden|Erneut senden in \d+s)$/ }) as HTMLButtonElement;

describe.each(['page', 'inline'] as const)(
  'SignInFlow (%s): the resend wait is per address (docs/product/accounts-and-consent.md#sign-in-rate-limits)',
  (variant) => {
    it("lets a corrected address get a code at once after 'Zurück', while the first one still waits", async () => {
      const calls = mockApi({ 'POST /api/auth/code/send': () => json({ ok: true }) });
      const onSent = vi.fn();
      render(<SignInFlow variant={variant} onVerified={async () => undefined} onSent={onSent} />);
      const sent = () => calls.filter((call) => call.key === 'POST /api/auth/code/send').map((c) => c.body);

      fireEvent.change(emailField(), { target: { value: 'anna@exmaple.org' } });
      fireEvent.click(sendButton());
      await screen.findByRole('button', { name: /Erneut senden in \d+s/ }); // the code step's resend
      fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));

      // the same address waits
      expect(emailField().value).toBe('anna@exmaple.org');
      expect(sendButton().textContent).toMatch(/^Erneut senden in (60|59)s$/);
      expect(sendButton().disabled).toBe(true);

      // the corrected one does not
      fireEvent.change(emailField(), { target: { value: 'Anna@Example.org ' } });
      expect(sendButton().textContent).toBe('Code senden');
      expect(sendButton().disabled).toBe(false);
      fireEvent.click(sendButton());
      await waitFor(() =>
        expect(sent()).toEqual([{ email: 'anna@exmaple.org' }, { email: 'anna@example.org' }]),
      );
      expect(onSent).toHaveBeenLastCalledWith('anna@example.org');

      // and going back to the first address, its wait is still running
      fireEvent.click(await screen.findByRole('button', { name: 'Zurück' }));
      fireEvent.change(emailField(), { target: { value: 'anna@exmaple.org' } });
      expect(sendButton().disabled).toBe(true);
    });
  },
);

describe('SignInFlow: the variants', () => {
  it('offers the magic link on the sign-in pages only', () => {
    const { unmount } = render(<SignInFlow variant="page" onVerified={async () => undefined} />);
    expect(screen.getByRole('button', { name: 'Lieber einen Anmeldelink per E-Mail' })).toBeTruthy();
    expect(emailField().id).toBe('sign-in-email');
    unmount();
    render(<SignInFlow variant="inline" onVerified={async () => undefined} />);
    expect(screen.queryByRole('button', { name: 'Lieber einen Anmeldelink per E-Mail' })).toBeNull();
    expect(screen.getByText(/Melde dich ohne Passwort an/)).toBeTruthy();
  });

  it('refuses an empty or invalid address without sending', async () => {
    const calls = mockApi({});
    render(<SignInFlow variant="inline" onVerified={async () => undefined} />);
    fireEvent.click(sendButton());
    // the address rule (zod) comes with the first send
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte gib deine E-Mail-Adresse ein.');
    fireEvent.change(emailField(), { target: { value: 'anna@example' } });
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Bitte gib eine gültige E-Mail-Adresse ein.'),
    );
    expect(calls).toEqual([]);
  });
});

describe('SignInFlow: the code step (docs/product/accounts-and-consent.md#code-entry)', () => {
  it.each(['page', 'inline'] as const)(
    '%s: the focus moves to the heading of the code step, not to the start of the page',
    async (variant) => {
      mockApi({ 'POST /api/auth/code/send': () => json({ ok: true }) });
      render(<SignInFlow variant={variant} onVerified={async () => undefined} />);
      fireEvent.change(emailField(), { target: { value: 'anna@example.org' } });
      emailField().focus();
      fireEvent.click(sendButton());
      const heading = await screen.findByRole('heading', { name: 'Code eingeben' });
      expect(document.activeElement).toBe(heading);
    },
  );

  it("sends itself once six digits are there, shows the server's refusal, and signs in with the next code", async () => {
    let accept = false;
    mockApi({
      'POST /api/auth/code/send': () => json({ ok: true }),
      'POST /api/auth/code/verify': () =>
        accept ? json({ ok: true }) : apiError(400, 'invalid_code', 'Der Code ist ungültig.'),
    });
    const onVerified = vi.fn(async () => undefined);
    render(<SignInFlow variant="inline" onVerified={onVerified} />);
    fireEvent.change(emailField(), { target: { value: 'anna@example.org' } });
    fireEvent.click(sendButton());
    const heading = await screen.findByRole('heading', { name: 'Code eingeben' });
    expect(document.activeElement).toBe(heading);

    fireEvent.change(screen.getByLabelText('Ziffer 1'), { target: { value: '111111' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Der Code ist ungültig.');
    expect(onVerified).not.toHaveBeenCalled();

    accept = true;
    fireEvent.change(screen.getByLabelText('Ziffer 6'), { target: { value: '2' } });
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
  });
});
