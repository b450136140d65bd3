// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from '@shared/admin-categories';
import type { AdminEvent, EventFormOptions } from '@shared/admin-events';
import { QUESTION_KIND_LABELS } from '@shared/questions';
import { CATEGORY_MESSAGES } from '@shared/ticket-categories';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { EventEditPage } from './event-edit-page';

// 'Ticketarten' and 'Fragen an Teilnehmende' in 'Event bearbeiten' (docs/product/ticket-categories.md#pricing,
// #one-category, #questions).

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const C1 = '00000000-0000-4000-8000-0000000000c1';
const C2 = '00000000-0000-4000-8000-0000000000c2';
const C3 = '00000000-0000-4000-8000-0000000000c3';
const Q1 = '00000000-0000-4000-8000-0000000000a1';

const category = (overrides: Partial<AdminCategory> = {}): AdminCategory => ({
  id: C1,
  name: 'Ticket',
  description: null,
  priceCents: 4900,
  earlyBirdPriceCents: null,
  earlyBirdEndsAt: null,
  priceUnit: 'per_person',
  capacity: null,
  saleStartsAt: null,
  saleEndsAt: null,
  minPerOrder: 1,
  maxPerOrder: null,
  requiresCode: false,
  position: 0,
  taken: 0,
  inUse: false,
  ...overrides,
});

const event = (overrides: Partial<AdminEvent> = {}): AdminEvent => ({
  id: 'e1',
  slug: 'retreat',
  title: 'Retreat',
  shortDescription: null,
  description: 'Ruhig.',
  startTime: '2030-03-21T17:30:00.000Z',
  endTime: '2030-03-23T12:00:00.000Z',
  timezone: 'Europe/Berlin',
  location: 'Wilsede',
  venue: null,
  room: null,
  mode: 'presence',
  onlineUrl: null,
  totalSeats: 20,
  availableSeats: 18,
  takenSeats: 2,
  seats: { totalSeats: 20, soldSeats: 2, offeredSeats: 0, heldSeats: 0, freeSeats: 18 },
  priceCents: 4900,
  currency: 'EUR',
  priceUnit: 'per_person',
  earlyBirdPriceCents: null,
  earlyBirdEndsAt: null,
  isFeatured: false,
  isPrivate: false,
  hidden: false,
  status: 'published',
  cancellationPolicyId: null,
  organizerIds: [],
  imageUrl: null,
  activeTicketCount: 2,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  categories: [category()],
  questions: [],
  ...overrides,
});
const options: EventFormOptions = { organizers: [], policies: [] };
const slugFree = () => json({ slug: 'x', valid: true, available: true, message: null });
const editPage = () =>
  renderPage(<EventEditPage />, { path: '/admin/events/e1/edit', pattern: '/admin/events/:id/edit' });

function mockEvent(stored: AdminEvent, patch: () => Response = () => json(stored)) {
  return mockApi({
    'GET /api/admin/events/e1': () => json(stored),
    'GET /api/admin/events/form-options': () => json(options),
    'GET /api/admin/events/slug-check': slugFree,
    'PATCH /api/admin/events/e1': patch,
  });
}
const sentPatch = async (calls: { key: string; body: unknown }[]) => {
  await waitFor(() => expect(calls.some((call) => call.key === 'PATCH /api/admin/events/e1')).toBe(true));
  return calls.find((call) => call.key === 'PATCH /api/admin/events/e1')!.body as Record<string, unknown>;
};
const card = (name: string) =>
  screen.getByRole('group', { name: new RegExp(`^${name}( \\(nur mit Code\\))?$`) });
const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('Ticketarten', () => {
  it('with one category shows the price fields; a second one turns them into cards that save in their order', async () => {
    const calls = mockEvent(event());
    editPage();
    const section = await screen.findByRole('region', { name: 'Ticketarten' });
    const price = within(section).getByLabelText(/^Preis \(EUR\)/) as HTMLInputElement;
    expect(price.value).toBe('49,00');
    expect(within(section).queryByRole('group')).toBeNull();
    change(price, '59');

    fireEvent.click(within(section).getByRole('button', { name: 'Weitere Ticketart hinzufügen' }));
    const first = card('Ticket');
    expect((within(first).getByLabelText(/^Preis \(EUR\)/) as HTMLInputElement).value).toBe('59');
    const second = card('Ticketart 2');
    change(within(second).getByLabelText(/^Name/), 'Ermäßigt');
    change(within(card('Ermäßigt')).getByLabelText(/^Preis \(EUR\)/), '39,50');
    change(within(card('Ermäßigt')).getByLabelText(/^Eigene Plätze/), '5');
    fireEvent.click(within(card('Ermäßigt')).getByLabelText('Nur mit Code buchbar'));
    fireEvent.click(screen.getByRole('button', { name: 'Ticketart „Ermäßigt“ nach oben' }));
    expect(
      screen.getByRole('button', { name: 'Ticketart „Ermäßigt“ nach oben' }).hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const body = await sentPatch(calls);
    expect(body.categories).toEqual([
      expect.objectContaining({ name: 'Ermäßigt', priceCents: 3950, capacity: 5, requiresCode: true }),
      expect.objectContaining({ id: C1, name: 'Ticket', priceCents: 5900, capacity: null }),
    ]);
    expect((body.categories as object[])[0]).not.toHaveProperty('id');
    // the event's price is the cheapest visible category's: 'Ermäßigt' needs a code
    expect(body).toMatchObject({ priceCents: 5900 });
  });

  it("refuses 'Entfernen' of a booked category at its card and removes an unbooked one", async () => {
    const stored = event({
      categories: [
        category({ id: C1, name: 'Einzelzimmer', inUse: true, taken: 3 }),
        category({ id: C2, name: 'Doppelzimmer', position: 1, priceUnit: 'per_pair' }),
        category({ id: C3, name: 'Zelt', position: 2 }),
      ],
    });
    const calls = mockEvent(stored);
    editPage();
    await screen.findByRole('region', { name: 'Ticketarten' });
    expect(within(card('Einzelzimmer')).getByText(/Vergeben: 3\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ticketart „Einzelzimmer“ entfernen' }));
    expect(within(card('Einzelzimmer')).getByText(CATEGORY_MESSAGES.inUse('Einzelzimmer'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ticketart „Zelt“ entfernen' }));
    expect(screen.queryByRole('group', { name: 'Zelt' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const body = await sentPatch(calls);
    expect((body.categories as { id: string }[]).map((c) => c.id)).toEqual([C1, C2]);
  });

  it("shows the server's refusal at the card's field", async () => {
    const stored = event({
      categories: [
        category({ id: C1, name: 'Regulär' }),
        category({ id: C2, name: 'Paar', capacity: 10, taken: 6 }),
      ],
    });
    const message = CATEGORY_MESSAGES.capacityBelowSold('Paar', 6);
    mockEvent(stored, () =>
      json(
        { error: { code: 'conflict', message, details: [{ path: 'categories.1.capacity', message }] } },
        409,
      ),
    );
    editPage();
    await screen.findByRole('region', { name: 'Ticketarten' });
    change(within(card('Paar')).getByLabelText(/^Eigene Plätze/), '6');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    const capacity = within(card('Paar')).getByLabelText(/^Eigene Plätze/);
    expect(capacity.getAttribute('aria-invalid')).toBe('true');
    expect(within(card('Paar')).getByText(message)).toBeTruthy();
  });

  it('checks a card in the browser before sending', async () => {
    const calls = mockEvent(
      event({ categories: [category({ id: C1 }), category({ id: C2, name: 'Paar' })] }),
    );
    editPage();
    await screen.findByRole('region', { name: 'Ticketarten' });
    change(within(card('Paar')).getByLabelText(/^Name/), ' ');
    change(within(card('Ticketart 2')).getByLabelText(/^Preis \(EUR\)/), 'zehn');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const price = await waitFor(() => {
      const field = within(card('Ticketart 2')).getByLabelText(/^Preis \(EUR\)/);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      return field;
    });
    expect(price).toBeTruthy();
    expect(within(card('Ticketart 2')).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.key === 'PATCH /api/admin/events/e1')).toBe(false);
  });
});

describe('Fragen an Teilnehmende', () => {
  it('adds a choice question with its options and saves it with the stored one, reordered', async () => {
    const stored = event({
      questions: [
        {
          id: Q1,
          label: 'Allergien',
          help: null,
          kind: 'textarea',
          options: [],
          required: false,
          perTicket: true,
          position: 0,
        },
      ],
    });
    const calls = mockEvent(stored);
    editPage();
    const section = await screen.findByRole('region', { name: 'Fragen an Teilnehmende' });
    fireEvent.click(within(section).getByRole('button', { name: 'Frage hinzufügen' }));
    const fresh = card('Frage 2');
    change(within(fresh).getByLabelText(/^Frage( \*)?$/), 'Ernährung');
    const question = card('Ernährung');
    fireEvent.change(within(question).getByLabelText('Art der Antwort'), { target: { value: 'choice' } });
    expect(within(question).getByRole('option', { name: QUESTION_KIND_LABELS.choice })).toBeTruthy();
    change(within(question).getByLabelText('Möglichkeit 1'), 'vegetarisch');
    change(within(question).getByLabelText('Möglichkeit 2'), 'vegan');
    fireEvent.click(within(question).getByRole('button', { name: 'Möglichkeit hinzufügen' }));
    change(within(question).getByLabelText('Möglichkeit 3'), 'alles');
    fireEvent.click(within(question).getByLabelText('Pflichtfrage'));
    fireEvent.click(screen.getByRole('button', { name: 'Frage „Ernährung“ nach oben' }));

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const body = await sentPatch(calls);
    expect(body.questions).toEqual([
      {
        label: 'Ernährung',
        help: '',
        kind: 'choice',
        options: ['vegetarisch', 'vegan', 'alles'],
        required: true,
        perTicket: false,
      },
      {
        id: Q1,
        label: 'Allergien',
        help: '',
        kind: 'textarea',
        options: [],
        required: false,
        perTicket: true,
      },
    ]);
  });

  it('refuses a choice with fewer than two options at the options', async () => {
    const calls = mockEvent(event());
    editPage();
    const section = await screen.findByRole('region', { name: 'Fragen an Teilnehmende' });
    fireEvent.click(within(section).getByRole('button', { name: 'Frage hinzufügen' }));
    change(within(card('Frage 1')).getByLabelText(/^Frage( \*)?$/), 'Zimmerwunsch');
    fireEvent.change(within(card('Zimmerwunsch')).getByLabelText('Art der Antwort'), {
      target: { value: 'multi' },
    });
    change(within(card('Zimmerwunsch')).getByLabelText('Möglichkeit 1'), 'Fenster');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await within(card('Zimmerwunsch')).findByText('Bitte gib mindestens zwei Möglichkeiten an.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.key === 'PATCH /api/admin/events/e1')).toBe(false);
  });
});
