// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/session';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { publicEvent, sessionUser } from '@web/testing/fixtures';
import { queryKeys } from '@web/lib/query-keys';
import { toast } from '@web/lib/toast';
import { CheckoutPage } from './checkout-page';

// The 'Rechnungsadresse' of the order step (docs/product/invoices.md#billing-address).

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const buyer = sessionUser({ fullName: 'Anna Berg', phone: '040 1234567', hasDsgvoConsent: true });
const ORDER = /Zahlungspflichtig bestellen/;

let posts: unknown[];
let bookingAnswer: () => Response;
const answer = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  posts = [];
  vi.mocked(toast.error).mockClear();
  bookingAnswer = () => answer({ id: 'b1', eventId: 'e1', status: 'pending' }, 201);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (`${init?.method ?? 'GET'} ${url}` !== 'POST /api/bookings')
        return new Response('{}', { status: 404 });
      posts.push(JSON.parse(String(init?.body)));
      return bookingAnswer();
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

/** The checkout of one ticket at `priceCents`, signed in with a complete profile. */
function renderCheckout(priceCents: number, user: SessionUser = buyer) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.session, { user });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  client.setQueryData(queryKeys.events.byId('e1'), publicEvent({ priceCents }));
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

const section = () => screen.getByRole('region', { name: 'Rechnungsadresse' });
const field = (label: string) => within(section()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const order = () => fireEvent.click(screen.getByRole('button', { name: ORDER }));
/** The message tied to a field by aria-describedby. */
const messageOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

function fillValidAddress() {
  type('Straße und Hausnummer', 'Hauptstraße 5');
  type('PLZ', '10115');
  type('Ort', 'Berlin');
}

describe('Rechnungsadresse on the order step (docs/product/invoices.md#billing-address)', () => {
  it('at 250 € it is optional and collapsed; nothing of it is sent unless chosen', async () => {
    renderCheckout(25_000);
    const toggle = within(section()).getByRole('checkbox', { name: 'Rechnungsadresse angeben (optional)' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(within(section()).queryByLabelText('PLZ')).toBeNull();
    expect(section().textContent).not.toContain('Für Rechnungen über 250 €');

    fireEvent.click(toggle);
    expect(field('Name').value).toBe('Anna Berg'); // the profile's name
    fireEvent.click(toggle);
    expect(within(section()).queryByLabelText('PLZ')).toBeNull();

    order();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/booking/b1/success'));
    expect(posts).toEqual([{ eventId: 'e1', quantity: 1, holderName: 'Anna Berg' }]);
  });

  it('above 250 € it is open and required; a bad postcode is shown, focused, and nothing is sent', async () => {
    renderCheckout(25_001);
    expect(within(section()).queryByRole('checkbox', { name: /Rechnungsadresse angeben/ })).toBeNull();
    expect(section().textContent).toContain('Für Rechnungen über 250 € brauchen wir deine Rechnungsadresse.');
    for (const [label, autocomplete] of [
      ['Firma (optional)', 'organization'],
      ['Name', 'name'],
      ['Straße und Hausnummer', 'street-address'],
      ['PLZ', 'postal-code'],
      ['Ort', 'address-level2'],
      ['Land', 'country'],
    ] as const) {
      expect(field(label).getAttribute('autocomplete'), label).toBe(autocomplete);
    }
    expect(field('PLZ').getAttribute('inputmode')).toBe('numeric');
    expect(field('Land').value).toBe('DE');

    // empty: every required field says what it needs, the first one takes the focus
    order();
    await waitFor(() => expect(document.activeElement).toBe(field('Straße und Hausnummer')));
    expect(messageOf(field('Straße und Hausnummer'))).toBe('Bitte gib Straße und Hausnummer an.');
    expect(messageOf(field('Ort'))).toBe('Bitte gib den Ort an.');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();

    fillValidAddress();
    type('PLZ', '1011');
    expect(field('Straße und Hausnummer').getAttribute('aria-invalid')).toBeNull(); // cleared by typing
    order();
    await waitFor(() => expect(document.activeElement).toBe(field('PLZ')));
    expect(field('PLZ').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(field('PLZ'))).toBe('Bitte gib eine gültige Postleitzahl an.');
    expect(posts).toEqual([]);
  });

  it('sends a valid address with the order', async () => {
    renderCheckout(30_000);
    fillValidAddress();
    type('USt-IdNr. (optional)', 'de 123 456 789');
    order();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/booking/b1/success'));
    expect(posts).toEqual([
      {
        eventId: 'e1',
        quantity: 1,
        holderName: 'Anna Berg',
        billingAddress: {
          company: '',
          name: 'Anna Berg',
          street: 'Hauptstraße 5',
          postalCode: '10115',
          city: 'Berlin',
          country: 'DE',
          vatId: 'DE123456789',
          eInvoice: false,
        },
      },
    ]);
  });

  it("offers 'E-Rechnung (ZUGFeRD) erwünscht' only with a company, and sends it", async () => {
    renderCheckout(30_000);
    const eInvoice = () =>
      within(section()).queryByRole('checkbox', { name: 'E-Rechnung (ZUGFeRD) erwünscht' });
    expect(eInvoice()).toBeNull();
    type('Firma (optional)', 'Muster GmbH');
    fireEvent.click(eInvoice()!);
    type('Firma (optional)', ' ');
    expect(eInvoice()).toBeNull();
    type('Firma (optional)', 'Muster GmbH');
    expect((eInvoice() as HTMLInputElement).checked).toBe(true);

    fillValidAddress();
    fireEvent.change(field('Land'), { target: { value: 'AT' } });
    expect(field('PLZ').getAttribute('inputmode')).toBe('text');
    type('PLZ', '1010');
    type('Ort', 'Wien');
    order();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0] as { billingAddress: unknown }).billingAddress).toMatchObject({
      company: 'Muster GmbH',
      country: 'AT',
      postalCode: '1010',
      eInvoice: true,
    });
  });

  it("puts the server's 422 details at their fields, without a toast", async () => {
    bookingAnswer = () =>
      answer(
        {
          error: {
            code: 'validation_failed',
            message: 'Bitte Eingaben prüfen.',
            details: [
              { path: 'billingAddress.postalCode', message: 'Bitte gib eine gültige Postleitzahl an.' },
            ],
          },
        },
        422,
      );
    renderCheckout(30_000);
    fillValidAddress();
    order();
    await waitFor(() => expect(document.activeElement).toBe(field('PLZ')));
    expect(messageOf(field('PLZ'))).toBe('Bitte gib eine gültige Postleitzahl an.');
    expect(posts).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('opens as required when the server asks for an address the page did not', async () => {
    bookingAnswer = () =>
      answer(
        {
          error: {
            code: 'validation_failed',
            message: 'Für Rechnungen über 250 € brauchen wir deine Rechnungsadresse.',
            details: [
              {
                path: 'billingAddress',
                message: 'Für Rechnungen über 250 € brauchen wir deine Rechnungsadresse.',
              },
            ],
          },
        },
        422,
      );
    renderCheckout(20_000);
    order();
    await waitFor(() => expect(document.activeElement).toBe(field('Straße und Hausnummer')));
    expect(section().textContent).toContain('Für Rechnungen über 250 € brauchen wir deine Rechnungsadresse.');
    expect(within(section()).queryByRole('checkbox', { name: /Rechnungsadresse angeben/ })).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('lists Deutschland, Österreich, Schweiz first, then the other EU countries by name', () => {
    renderCheckout(30_000);
    const options = [...(field('Land') as unknown as HTMLSelectElement).options];
    expect(options.slice(0, 4).map((option) => [option.value, option.text])).toEqual([
      ['DE', 'Deutschland'],
      ['AT', 'Österreich'],
      ['CH', 'Schweiz'],
      ['BE', 'Belgien'],
    ]);
    const rest = options.slice(3).map((option) => option.text);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'de')));
    expect(options).toHaveLength(3 + 25);
    expect(options.map((option) => option.value)).toContain('GR');
  });

  it('is not shown for a free event', () => {
    renderCheckout(0);
    expect(screen.queryByRole('region', { name: 'Rechnungsadresse' })).toBeNull();
  });
});
