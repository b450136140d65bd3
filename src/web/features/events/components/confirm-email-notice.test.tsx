// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '@shared/booking';
import { CONFIRM_EMAIL_TEXT, ConfirmEmailNotice } from './confirm-email-notice';

afterEach(cleanup);

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConfirmEmailNotice />
    </MemoryRouter>,
  );

describe('ConfirmEmailNotice', () => {
  it('shows on the target the checkout sends an unconfirmed address to, with its text', () => {
    at('/?message=please-confirm-email'); // checkout-rules.test.ts: the checkout's target
    expect(CONFIRM_EMAIL_TEXT).toBe(BOOKING_MESSAGES.confirmEmail);
    expect(screen.getByRole('status').textContent).toContain(BOOKING_MESSAGES.confirmEmail);
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/login');
  });

  it('stays away without the message', () => {
    at('/');
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    at('/?message=other');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
