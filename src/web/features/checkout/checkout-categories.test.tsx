// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCOUNT_CODE_MESSAGES, type DiscountCodePreview } from '@shared/discount-codes';
import type { PublicEvent } from '@shared/events';
import type { EventQuestion } from '@shared/questions';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { preloadLazyParts } from '@web/lib/lazy-part';
import { queryKeys } from '@web/lib/query-keys';
import { toast } from '@web/lib/toast';
import { publicEvent, sessionUser } from '@web/testing/fixtures';
import { ticketCategory } from '@web/testing/ticket-category';
import { CheckoutPage } from './checkout-page';

// Checkout of an event with several categories, a discount code and questions
// (docs/product/ticket-categories.md#pricing, #codes, #questions).

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
beforeAll(() => preloadLazyParts());

const SINGLE = ticketCategory({ id: 'c1', name: 'Einzelzimmer', priceCents: 6000, maxPerOrder: 2 });
const DOUBLE = ticketCategory({
  id: 'c2',
  name: 'Doppelzimmer',
  priceCents: 10000,
  priceUnit: 'per_pair',
  position: 1,
});
const LATER = ticketCategory({
  id: 'c3',
  name: 'Nachzügler',
  priceCents: 5000,
  position: 2,
  saleStartsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
});
const HIDDEN = ticketCategory({
  id: 'c4',
  name: 'Co-Leitung',
  priceCents: 0,
  requiresCode: true,
  position: 3,
});
const question = (overrides: Partial<EventQuestion>): EventQuestion => ({
  id: 'q',
  label: 'Frage',
  help: null,
  kind: 'text',
  options: [],
  required: true,
  perTicket: false,
  position: 0,
  ...overrides,
});
const ARRIVAL = question({ id: 'qa', label: 'Anreise', kind: 'choice', options: ['Auto', 'Bahn'] });
const DIET = question({
  id: 'qd',
  label: 'Ernährung',
  kind: 'choice',
  options: ['vegetarisch', 'vegan', 'alles'],
  perTicket: true,
  position: 1,
});
const ALLERGIES = question({ id: 'ql', label: 'Allergien', required: false, perTicket: true, position: 2 });

const retreat = (overrides: Partial<PublicEvent> = {}) =>
  publicEvent({ priceCents: 6000, categories: [SINGLE, DOUBLE, LATER], questions: [], ...overrides });

const PREVIEWS: Record<string, DiscountCodePreview> = {
  FREUNDE10: { code: 'FREUNDE10', kind: 'percent', value: 10, categoryIds: null, unlocked: [] },
  GRATIS: { code: 'GRATIS', kind: 'percent', value: 100, categoryIds: null, unlocked: [] },
  LEITUNG: { code: 'LEITUNG', kind: 'unlock', value: 0, categoryIds: ['c4'], unlocked: [HIDDEN] },
};
const REFUSALS: Record<string, string> = {
  ALT2024: DISCOUNT_CODE_MESSAGES.expired,
  VOLL: DISCOUNT_CODE_MESSAGES.usedUp,
  ANDERS: DISCOUNT_CODE_MESSAGES.wrongEvent,
};

let calls: { key: string; body: Record<string, unknown> }[];
let bookingAnswer: () => Response;
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.mocked(toast.error).mockClear();
  bookingAnswer = () => json({ id: 'b1', eventId: 'e1', status: 'pending' }, 201);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ key, body });
      if (key === 'POST /api/discount-codes/check') {
        const code = String(body.code);
        if (PREVIEWS[code]) return json(PREVIEWS[code]);
        const message = REFUSALS[code] ?? DISCOUNT_CODE_MESSAGES.unknown;
        return json(
          { error: { code: 'validation_failed', message, details: [{ path: 'code', message }] } },
          422,
        );
      }
      if (key === 'POST /api/bookings') return bookingAnswer();
      return json({}, 404);
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

function renderCheckout(event: PublicEvent) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.session, { user: sessionUser({ fullName: 'Anna Berg', phone: '040 1' }) });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  client.setQueryData(queryKeys.events.byId('e1'), event);
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

const nbsp = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
const more = (name: string) =>
  screen.getByRole('button', { name: `Ein Ticket mehr (${name})` }) as HTMLButtonElement;
const less = (name: string) =>
  screen.getByRole('button', { name: `Ein Ticket weniger (${name})` }) as HTMLButtonElement;
const orderButton = () =>
  screen.getByRole('button', { name: /Zahlungspflichtig bestellen|Kostenlos buchen/ }) as HTMLButtonElement;
const bookings = () => calls.filter((call) => call.key === 'POST /api/bookings');
const redeem = async (code: string) => {
  fireEvent.change(screen.getByLabelText('Gutscheincode'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Einlösen' })).toBeTruthy());
};

describe('checkout with several categories (docs/product/ticket-categories.md#pricing)', () => {
  it('has a stepper per category on sale, bounded by its maximum, and lists the lines in the summary', async () => {
    renderCheckout(retreat());
    // the one price of old becomes 'ab …'; the category not yet on sale says so and has no stepper
    expect(screen.getByText('noch nicht buchbar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ein Ticket mehr (Nachzügler)' })).toBeNull();
    // nothing chosen: the button is disabled and says why
    expect(orderButton().disabled).toBe(true);
    expect(screen.getByText('Bitte wähle mindestens ein Ticket.')).toBeTruthy();
    expect(less('Einzelzimmer').disabled).toBe(true);

    fireEvent.click(more('Einzelzimmer'));
    fireEvent.click(more('Einzelzimmer'));
    expect(more('Einzelzimmer').disabled).toBe(true); // höchstens 2 pro Buchung
    fireEvent.click(more('Doppelzimmer'));
    const lines = screen.getAllByTestId('summary-line').map((line) => nbsp(line.textContent));
    expect(lines).toEqual(['Einzelzimmer2 × 60,00 €', 'Doppelzimmer1 × 100,00 €']);
    expect(nbsp(screen.getByTestId('order-total').textContent)).toBe('220,00 €');
    expect(orderButton().disabled).toBe(false);

    fireEvent.click(orderButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/booking/b1/success'));
    expect(bookings()[0]?.body).toEqual({
      eventId: 'e1',
      items: [
        { categoryId: 'c1', quantity: 2 },
        { categoryId: 'c2', quantity: 1 },
      ],
      holderName: 'Anna Berg',
    });
  });

  it("puts the server's refusal of a line at its category", async () => {
    bookingAnswer = () =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Leider sind für „Doppelzimmer“ nicht mehr genug Plätze frei.',
            details: [
              {
                path: 'items.1.quantity',
                message: 'Leider sind für „Doppelzimmer“ nicht mehr genug Plätze frei.',
              },
            ],
          },
        },
        422,
      );
    renderCheckout(retreat());
    fireEvent.click(more('Einzelzimmer'));
    fireEvent.click(more('Doppelzimmer'));
    fireEvent.click(orderButton());
    const alert = await screen.findByText('Leider sind für „Doppelzimmer“ nicht mehr genug Plätze frei.');
    expect(alert.closest('[data-testid="category-line"]')?.textContent).toContain('Doppelzimmer');
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe("checkout's 'Gutscheincode' (docs/product/ticket-categories.md#codes)", () => {
  it.each(Object.entries(REFUSALS))(
    'shows the German refusal of %s under the field',
    async (code, message) => {
      renderCheckout(retreat());
      await redeem(code.toLowerCase());
      const field = screen.getByLabelText('Gutscheincode');
      const error = await screen.findByText(message);
      expect(field.getAttribute('aria-describedby')).toContain(error.id);
      expect(screen.queryByTestId('summary-discount')).toBeNull();
    },
  );

  it('redeems a code: the discount is its own summary row, the total less it, and the code goes with the order', async () => {
    renderCheckout(retreat());
    fireEvent.click(more('Doppelzimmer'));
    await redeem(' freunde10 ');
    expect((await screen.findByTestId('discount-code-applied')).textContent).toContain(
      'FREUNDE10 eingelöst: 10 % Rabatt',
    );
    expect(nbsp(screen.getByTestId('summary-discount').textContent)).toBe('Gutschein FREUNDE10−10,00 €');
    expect(nbsp(screen.getByTestId('order-total').textContent)).toBe('90,00 €');
    fireEvent.click(orderButton());
    await waitFor(() => expect(bookings()).toHaveLength(1));
    expect(bookings()[0]!.body.code).toBe('FREUNDE10');
  });

  it("a 100 % code makes the order free: 'Kostenlos buchen' and no payment", async () => {
    renderCheckout(retreat());
    fireEvent.click(more('Einzelzimmer'));
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeTruthy();
    await redeem('GRATIS');
    const free = await screen.findByRole('button', { name: 'Kostenlos buchen' });
    expect(screen.getByTestId('order-total').textContent).toBe('Kostenlos');
    fireEvent.click(free);
    await waitFor(() => expect(bookings()).toHaveLength(1));
    expect(bookings()[0]!.body).toMatchObject({ code: 'GRATIS', items: [{ categoryId: 'c1', quantity: 1 }] });
  });

  it('lists the hidden category a code unlocks (docs/product/ticket-categories.md#hidden)', async () => {
    renderCheckout(retreat());
    expect(screen.queryByText('Co-Leitung')).toBeNull();
    await redeem('LEITUNG');
    expect(await screen.findByText('Co-Leitung')).toBeTruthy();
    fireEvent.click(more('Co-Leitung'));
    expect(screen.getByTestId('order-total').textContent).toBe('Kostenlos');
    // 'Entfernen' takes the code and its category away again
    fireEvent.click(screen.getByRole('button', { name: 'Entfernen' }));
    expect(screen.queryByText('Co-Leitung')).toBeNull();
  });

  it("redeems a typed code on 'bestellen' first, so the buyer sees its price before ordering", async () => {
    renderCheckout(retreat());
    fireEvent.click(more('Einzelzimmer'));
    fireEvent.change(screen.getByLabelText('Gutscheincode'), { target: { value: 'FREUNDE10' } });
    fireEvent.click(orderButton());
    expect(await screen.findByTestId('summary-discount')).toBeTruthy();
    expect(bookings()).toHaveLength(0);
  });
});

describe("checkout's 'Fragen an Teilnehmende' (docs/product/ticket-categories.md#questions)", () => {
  const withQuestions = () => retreat({ questions: [ARRIVAL, DIET, ALLERGIES] });
  const person = (label: string) => screen.getByRole('group', { name: label });

  it('asks once per order and for each person, a pair ticket for both, and sends the answers by ticket and person', async () => {
    renderCheckout(withQuestions());
    fireEvent.click(more('Einzelzimmer'));
    fireEvent.click(more('Doppelzimmer'));
    await screen.findByTestId('questions');
    const persons = screen
      .getAllByTestId('question-person')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(persons).toEqual([
      'Person 1 (Ticket 1: Einzelzimmer)',
      'Person 2 (Ticket 2: Doppelzimmer)',
      'Person 3 (Ticket 2: Doppelzimmer)',
    ]);

    // required ones missing: messages at the fields, the first one focused, nothing sent
    fireEvent.click(orderButton());
    expect(await screen.findByText('Bitte beantworte „Anreise“.')).toBeTruthy();
    expect(screen.getAllByText('Bitte beantworte „Ernährung“.')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement?.id).toBe('answer-q:qa'));
    expect(bookings()).toHaveLength(0);

    fireEvent.click(within(screen.getByRole('group', { name: 'Anreise' })).getByLabelText('Bahn'));
    fireEvent.click(within(person('Person 1 (Ticket 1: Einzelzimmer)')).getByLabelText('vegan'));
    fireEvent.click(within(person('Person 2 (Ticket 2: Doppelzimmer)')).getByLabelText('alles'));
    fireEvent.click(within(person('Person 3 (Ticket 2: Doppelzimmer)')).getByLabelText('vegetarisch'));
    fireEvent.change(within(person('Person 3 (Ticket 2: Doppelzimmer)')).getByLabelText('Allergien'), {
      target: { value: ' Nüsse ' },
    });
    fireEvent.click(orderButton());
    await waitFor(() => expect(bookings()).toHaveLength(1));
    expect(bookings()[0]!.body.answers).toEqual([
      { questionId: 'qa', ticket: null, person: null, value: 'Bahn' },
      { questionId: 'qd', ticket: 1, person: 1, value: 'vegan' },
      { questionId: 'qd', ticket: 2, person: 1, value: 'alles' },
      { questionId: 'qd', ticket: 2, person: 2, value: 'vegetarisch' },
      { questionId: 'ql', ticket: 2, person: 2, value: 'Nüsse' },
    ]);
  });

  it("puts the server's answer messages at their fields, without a toast", async () => {
    const message = 'Die Antwort auf „Allergien“ darf höchstens 200 Zeichen lang sein.';
    bookingAnswer = () =>
      json({ error: { code: 'validation_failed', message, details: [{ path: 'q:ql:1:1', message }] } }, 422);
    renderCheckout(retreat({ questions: [ALLERGIES], categories: [SINGLE] }));
    await screen.findByTestId('questions');
    // one category: the stepper of old, persons without the category's name
    expect(screen.getByTestId('quantity').textContent).toBe('1');
    const field = within(person('Person 1 (Ticket 1)')).getByLabelText('Allergien');
    fireEvent.click(orderButton());
    const error = await screen.findByText(message);
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(toast.error).not.toHaveBeenCalled();
    expect(bookings()[0]!.body).toMatchObject({ quantity: 1 });
    expect(bookings()[0]!.body.items).toBeUndefined();
  });
});
