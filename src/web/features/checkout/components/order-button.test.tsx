// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { settingsQuery } from '@web/lib/settings';
import { orderButtonState, type OrderButtonInput } from '../checkout-rules';
import { OrderButton } from './order-button';

afterEach(cleanup);

const ready: OrderButtonInput = {
  signedIn: true,
  holderName: 'Anna Beispiel',
  quantity: 2,
  maxQuantity: 10,
  free: false,
  payments: 'ready',
  busy: false,
};

function renderButton(input: OrderButtonInput, totalCents: number, onOrder = vi.fn()) {
  const client = new QueryClient();
  client.setQueryData(settingsQuery.queryKey, DEFAULT_SETTINGS);
  const { label, disabled } = orderButtonState(input);
  render(
    <QueryClientProvider client={client}>
      <OrderButton
        label={label}
        disabled={disabled}
        busy={input.busy}
        totalCents={totalCents}
        currency="EUR"
        onOrder={onOrder}
      />
    </QueryClientProvider>,
  );
  return onOrder;
}

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

describe('OrderButton', () => {
  it('paid: the button reads exactly "Zahlungspflichtig bestellen", the total stands beside it', () => {
    const onOrder = renderButton(ready, 29800);
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Zahlungspflichtig bestellen');
    expect(button.disabled).toBe(false);
    expect(plain(button.parentElement!.textContent)).toContain('298,00 €');
    fireEvent.click(button);
    expect(onOrder).toHaveBeenCalledTimes(1);
  });

  it('links terms and privacy above the button', () => {
    renderButton(ready, 29800);
    expect(screen.getByRole('link', { name: 'AGB' }).getAttribute('href')).toBe('/agb');
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).toBe(
      '/datenschutz',
    );
  });

  it('free: "Kostenlos buchen" and the total "Kostenlos"', () => {
    renderButton({ ...ready, free: true }, 0);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Kostenlos buchen');
    expect(button.parentElement!.textContent).toContain('Kostenlos');
  });

  it('disabled without a name, and a click does nothing', () => {
    const onOrder = renderButton({ ...ready, holderName: ' ' }, 29800);
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onOrder).not.toHaveBeenCalled();
  });
});
