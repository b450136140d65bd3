// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminEvent, EventFormOptions } from '@shared/admin-events';
import { MAIL_RULE_MESSAGES } from '@shared/mail-rules';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { EventCreatePage } from './event-create-page';
import { EventEditPage } from './event-edit-page';
import { emptyFormValues, formValuesOf, toEventInput } from './event-form-values';

// The minimum attendance in the admin's event form and on 'Event bearbeiten'
// (docs/product/event-mails.md#minimum-attendance).

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const event = (overrides: Partial<AdminEvent> = {}): AdminEvent => ({
  id: 'e1',
  slug: 'yoga',
  title: 'Yoga am Morgen',
  shortDescription: null,
  description: 'Ruhig.',
  // 21.03.2030, 18:30 in Berlin; the decision 7 days before: 14.03.2030 18:30
  startTime: '2030-03-21T17:30:00.000Z',
  endTime: '2030-03-21T19:30:00.000Z',
  timezone: 'Europe/Berlin',
  location: 'Hamburg',
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
  ...overrides,
});
const options: EventFormOptions = { organizers: [], policies: [] };
const slugFree = () => json({ slug: 'x', valid: true, available: true, message: null });
const editPage = () =>
  renderPage(<EventEditPage />, { path: '/admin/events/e1/edit', pattern: '/admin/events/:id/edit' });

describe('form values', () => {
  const filled = (overrides: Partial<ReturnType<typeof emptyFormValues>> = {}) => ({
    ...emptyFormValues(),
    title: 'Yoga',
    description: 'Ruhig.',
    start: '2030-03-21T18:30',
    end: '2030-03-21T20:30',
    location: 'Hamburg',
    totalSeats: '20',
    price: '49',
    ...overrides,
  });

  it('start without a minimum and 168 hours; an empty field sends null', () => {
    expect(emptyFormValues()).toMatchObject({ minParticipants: '', minDecisionHours: '168' });
    expect(toEventInput(filled(), { mode: 'create' })).toMatchObject({
      ok: true,
      input: { minParticipants: null, minDecisionHours: 168 },
    });
    expect(
      toEventInput(filled({ minParticipants: ' 5 ', minDecisionHours: '48' }), { mode: 'create' }),
    ).toMatchObject({
      ok: true,
      input: { minParticipants: 5, minDecisionHours: 48 },
    });
  });

  it('show the shared messages out of range', () => {
    for (const bad of ['0', '100001', '2,5', 'x']) {
      expect(toEventInput(filled({ minParticipants: bad }), { mode: 'create' })).toEqual({
        ok: false,
        errors: { minParticipants: MAIL_RULE_MESSAGES.minimum },
      });
    }
    for (const bad of ['0', '2161', '']) {
      expect(toEventInput(filled({ minDecisionHours: bad }), { mode: 'create' })).toEqual({
        ok: false,
        errors: { minDecisionHours: MAIL_RULE_MESSAGES.decisionHours },
      });
    }
  });

  it('show the stored values, and the defaults for answers without them', () => {
    expect(formValuesOf(event({ minParticipants: 8, minDecisionHours: 72 }))).toMatchObject({
      minParticipants: '8',
      minDecisionHours: '72',
    });
    expect(formValuesOf(event())).toMatchObject({ minParticipants: '', minDecisionHours: '168' });
  });
});

describe('the form fields', () => {
  it('creates an event with a minimum and its decision hours', async () => {
    const calls = mockApi({
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
      'POST /api/admin/events': () => json(event(), 201),
    });
    renderPage(<EventCreatePage />, { path: '/admin/events/new' });
    const minimum = (await screen.findByLabelText('Mindestteilnehmerzahl (optional)')) as HTMLInputElement;
    const hours = screen.getByLabelText(/Entscheidung \(Stunden vor Beginn\)/) as HTMLInputElement;
    expect(minimum.value).toBe('');
    expect(hours.value).toBe('168');
    expect(
      screen.getByText(
        'Wird die Zahl bis dahin nicht erreicht, wird das Event automatisch abgesagt und alle Tickets werden voll erstattet.',
      ),
    ).toBeTruthy();

    fireEvent.change(minimum, { target: { value: '6' } });
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.change(screen.getByLabelText(/^Titel/), { target: { value: 'Yoga' } });
    fireEvent.change(screen.getByLabelText(/^Beschreibung/), { target: { value: 'Ruhig.' } });
    fireEvent.change(screen.getByLabelText(/^Beginn/), { target: { value: '2030-03-21T18:30' } });
    fireEvent.change(screen.getByLabelText(/^Ende/), { target: { value: '2030-03-21T20:30' } });
    fireEvent.change(screen.getByLabelText(/^Ort/), { target: { value: 'Hamburg' } });
    fireEvent.change(screen.getByLabelText(/^Plätze gesamt/), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText(/^Preis \(/), { target: { value: '49' } });
    fireEvent.click(screen.getByRole('button', { name: 'Event erstellen' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /api/admin/events')).toBe(true));
    expect(calls.find((call) => call.key === 'POST /api/admin/events')?.body).toMatchObject({
      minParticipants: 6,
      minDecisionHours: 48,
    });
  });
});

describe("the state on 'Event bearbeiten'", () => {
  it("shows the count and the decision time, and confirms with 'Findet statt'", async () => {
    let confirmed = false;
    const calls = mockApi({
      'GET /api/admin/events/e1': () =>
        json(
          event(
            confirmed
              ? { minParticipants: 6, minConfirmedAt: '2030-03-10T09:00:00.000Z' }
              : { minParticipants: 6 },
          ),
        ),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
      'POST /api/admin/events/e1/confirm-minimum': () => {
        confirmed = true;
        return json({ message: MAIL_RULE_MESSAGES.minimumConfirmed });
      },
    });
    editPage();
    const block = await screen.findByRole('group', { name: 'Mindestteilnehmerzahl' });
    expect(block.textContent).toContain('2 von mindestens 6 Plätzen belegt');
    expect(block.textContent).toContain('Entscheidung am 14.03.2030 18:30');

    fireEvent.click(within(block).getByRole('button', { name: 'Findet statt' }));
    const dialog = await screen.findByRole('alertdialog').catch(() => screen.findByRole('dialog'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Findet statt' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MAIL_RULE_MESSAGES.minimumConfirmed));
    expect(calls.some((call) => call.key === 'POST /api/admin/events/e1/confirm-minimum')).toBe(true);
    expect(await screen.findByText(/Findet statt – bestätigt am 10\.03\.2030 10:00/)).toBeTruthy();
  });

  it('shows nothing without a minimum', async () => {
    mockApi({
      'GET /api/admin/events/e1': () => json(event()),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
    });
    editPage();
    await screen.findByRole('heading', { name: 'Event bearbeiten' });
    expect(screen.queryByRole('group', { name: 'Mindestteilnehmerzahl' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Findet statt' })).toBeNull();
  });
});
