// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_EVENT_MESSAGES as M,
  type AdminEvent,
  type AdminEventListItem,
  type EventFormOptions,
} from '@shared/admin-events';
import { TAX_MODE_LABELS, TAX_MODES } from '@shared/invoices';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { EventCreatePage } from './event-create-page';
import { EventEditPage } from './event-edit-page';
import { EventsListPage } from './events-list-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const item = (overrides: Partial<AdminEventListItem>): AdminEventListItem => ({
  id: 'e1',
  slug: 'yoga',
  title: 'Yoga am Morgen',
  startTime: '2030-03-14T17:30:00.000Z',
  timezone: 'Europe/Berlin',
  location: 'Hamburg',
  mode: 'presence',
  status: 'published',
  hidden: false,
  isPrivate: false,
  totalSeats: 20,
  availableSeats: 18,
  soldTickets: 2,
  seats: { totalSeats: 20, soldSeats: 2, offeredSeats: 0, heldSeats: 0, freeSeats: 18 },
  priceUnit: 'per_person',
  imageUrl: null,
  isPast: false,
  ...overrides,
});

const event = (overrides: Partial<AdminEvent> = {}): AdminEvent => ({
  id: 'e1',
  slug: 'yoga',
  title: 'Yoga am Morgen',
  shortDescription: null,
  description: 'Ruhig.',
  startTime: '2030-03-14T17:30:00.000Z',
  endTime: '2030-03-14T19:30:00.000Z',
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

const options: EventFormOptions = {
  organizers: [{ id: 'u1', name: 'Anna Admin', email: 'anna@example.org', role: 'admin' }],
  policies: [{ id: 'p1', name: 'Kulant', isActive: true }],
};
const slugFree = () => json({ slug: 'x', valid: true, available: true, message: null });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
const inRouter = (page: React.ReactNode, path: string) =>
  renderPage(
    <Routes>
      <Route path={path} element={page} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: path.replace(':id', 'e1') },
  );

resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

describe('EventsListPage', () => {
  it('shows upcoming events, the divider, past events; dates in the event zone; badges', async () => {
    mockApi({
      'GET /api/admin/events': () =>
        json([
          item({}),
          item({ id: 'e2', title: 'Online-Abend', mode: 'online', status: 'draft', hidden: true }),
          item({
            id: 'e3',
            title: 'Vorbei',
            status: 'completed',
            isPast: true,
            startTime: '2020-07-01T08:00:00Z',
          }),
        ]),
    });
    inRouter(<EventsListPage />, '/admin/events');
    const rows = (await screen.findAllByRole('row')).map((row) => row.textContent);
    expect(rows[1]).toContain('Yoga am Morgen');
    expect(rows[1]).toContain('14.03.2030 18:30');
    expect(rows[1]).toContain('Veröffentlicht');
    expect(rows[2]).toContain('Online-Abend');
    expect(rows[2]).toMatch(/Online.*Entwurf/);
    expect(rows[2]).toContain('Versteckt');
    expect(rows[3]).toBe('Vergangene Events');
    expect(rows[4]).toContain('01.07.2020 10:00');
    expect(rows[4]).toContain('Abgeschlossen');
  });

  it('opens the editor when a row is clicked', async () => {
    mockApi({ 'GET /api/admin/events': () => json([item({})]) });
    inRouter(<EventsListPage />, '/admin/events');
    fireEvent.click((await screen.findAllByText('14.03.2030 18:30'))[0]!);
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/events/e1/edit');
  });

  it('links each row to its participants (docs/product/organizer-day.md#participants)', async () => {
    mockApi({ 'GET /api/admin/events': () => json([item({})]) });
    inRouter(<EventsListPage />, '/admin/events');
    const link = await screen.findByRole('link', { name: 'Teilnehmende von „Yoga am Morgen“' });
    expect(link.getAttribute('href')).toBe('/admin/events/e1/teilnehmende');
  });

  it('offers "Erstes Event erstellen" when there are none', async () => {
    mockApi({ 'GET /api/admin/events': () => json([]) });
    inRouter(<EventsListPage />, '/admin/events');
    const link = await screen.findByRole('link', { name: 'Erstes Event erstellen' });
    expect(link.getAttribute('href')).toBe('/admin/events/new');
  });

  it('publishes all selected events and deletes only after the confirm dialog', async () => {
    const calls = mockApi({
      'GET /api/admin/events': () => json([item({}), item({ id: 'e2', title: 'Zweites' })]),
      'POST /api/admin/events/bulk/publish': () =>
        json({
          results: [
            { id: 'e1', ok: true },
            { id: 'e2', ok: true },
          ],
        }),
      'POST /api/admin/events/bulk/delete': () =>
        json({
          results: [
            { id: 'e1', ok: true },
            { id: 'e2', ok: false, message: M.deleteHasBookings },
          ],
        }),
    });
    inRouter(<EventsListPage />, '/admin/events');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Alle Events auswählen' }));
    expect(screen.getByText('2 Events ausgewählt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('2 Events veröffentlicht.'));
    expect(calls.find((call) => call.key.endsWith('/bulk/publish'))?.body).toEqual({ ids: ['e1', 'e2'] });

    // done events leave the selection; choose both again
    await waitFor(() => expect(screen.queryByText(/ausgewählt$/)).toBeNull());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alle Events auswählen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Events löschen?' });
    expect(calls.some((call) => call.key.endsWith('/bulk/delete'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        `1 Event gelöscht. 1 Event nicht gelöscht: ${M.deleteHasBookings}`,
      ),
    );
  });
});

describe('EventCreatePage', () => {
  it('shows the messages inline without sending, then sends cents and instants', async () => {
    const calls = mockApi({
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
      'POST /api/admin/events': () => json(event({ id: 'neu' }), 201),
    });
    inRouter(<EventCreatePage />, '/admin/events/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Event erstellen' }));
    expect(await screen.findByText(M.title)).toBeTruthy();
    expect(screen.getByText(M.description)).toBeTruthy();
    const title = screen.getByLabelText(/^Titel/);
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Titel/, 'Klang & Stille');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('klang-stille');
    type(/^Beschreibung/, 'Ein Abend.  \n\n');
    type(/^Beginn/, '2030-07-01T19:00');
    type(/^Ende/, '2030-07-01T21:30');
    type(/^Ort/, 'Lübeck');
    type(/^Plätze gesamt/, '15');
    type(/^Preis \(/, '29,50');
    fireEvent.click(screen.getByRole('checkbox', { name: /Anna Admin/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Event erstellen' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/events/neu/edit');
    expect(calls.find((call) => call.key === 'POST /api/admin/events')?.body).toMatchObject({
      title: 'Klang & Stille',
      startTime: '2030-07-01T17:00:00.000Z',
      endTime: '2030-07-01T19:30:00.000Z',
      totalSeats: 15,
      priceCents: 2950,
      status: 'draft',
      taxMode: null,
      organizerIds: ['u1'],
    });
    expect(toast.success).toHaveBeenCalledWith(M.saved);
  });
});

describe('EventEditPage', () => {
  it('asks before cancelling an event with tickets and sends refundAll on "Absagen und voll erstatten"', async () => {
    const calls = mockApi({
      'GET /api/admin/events/e1': () => json(event()),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
      'PATCH /api/admin/events/e1': () => json(event({ status: 'cancelled', activeTicketCount: 0 })),
    });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
    const status = await screen.findByLabelText('Status');
    fireEvent.change(status, { target: { value: 'cancelled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Event absagen' });
    expect(dialog.textContent).toContain('Event absagen und alle 2 Tickets voll erstatten?');
    expect(calls.some((call) => call.key.startsWith('PATCH'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Absagen und voll erstatten' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.saved));
    expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toMatchObject({
      status: 'cancelled',
      refundAll: true,
      priceCents: 4900,
      slug: 'yoga',
    });
    // the list opens 1.2 s after saving (docs/product/events.md#event-defaults)
    expect((await screen.findByTestId('where', {}, { timeout: 3000 })).textContent).toBe('/admin/events');
  });

  it('links to the participants (docs/product/organizer-day.md#participants)', async () => {
    mockApi({
      'GET /api/admin/events/e1': () => json(event()),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
    });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
    const link = await screen.findByRole('link', { name: 'Teilnehmende' });
    expect(link.getAttribute('href')).toBe('/admin/events/e1/teilnehmende');
  });

  it('links to the waiting list with its count (docs/product/waiting-list.md#admin-waitlist)', async () => {
    mockApi({
      'GET /api/admin/events/e1': () => json(event({ waitlistCount: 3 })),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
    });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
    const link = await screen.findByRole('link', { name: 'Warteliste (3)' });
    expect(link.getAttribute('href')).toBe('/admin/events/e1/warteliste');
  });

  it('saves the waiting list, its offer hours and the transfer cut-off (docs/product/waiting-list.md#waitlist-per-event)', async () => {
    const calls = mockApi({
      'GET /api/admin/events/e1': () =>
        json(event({ waitlistEnabled: true, waitlistOfferHours: 24, transferCutoffHours: 0 })),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
      'PATCH /api/admin/events/e1': () => json(event()),
    });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
    const hours = (await screen.findByLabelText(/Angebotsdauer \(Stunden\)/)) as HTMLInputElement;
    expect(hours.value).toBe('24');
    expect(screen.getByText(/nie länger als die halbe Zeit bis zum Beginn/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Warteliste aktiv'));
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.change(screen.getByLabelText(/Übertragung bis \(Stunden vor Beginn\)/), {
      target: { value: '12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.saved));
    expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toMatchObject({
      waitlistEnabled: false,
      waitlistOfferHours: 48,
      transferCutoffHours: 12,
    });
  });

  it('offers the tax mode, "Wie in den Einstellungen" first, and sends the choice (docs/product/invoices.md#tax-modes)', async () => {
    const calls = mockApi({
      'GET /api/admin/events/e1': () => json(event({ taxMode: null })),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
      'PATCH /api/admin/events/e1': () => json(event({ taxMode: 'vat_7' })),
    });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
    const select = (await screen.findByLabelText('Steuerliche Behandlung')) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect([...select.options].map((option) => option.text)).toEqual([
      'Wie in den Einstellungen',
      ...TAX_MODES.map((mode) => TAX_MODE_LABELS[mode]),
    ]);
    expect(select.selectedOptions[0]?.text).toBe('Wie in den Einstellungen');
    expect(
      screen.getByText('Für die Rechnungen dieses Events. Ausgestellte Rechnungen ändern sich nicht.'),
    ).toBeTruthy();
    fireEvent.change(select, { target: { value: 'vat_7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.saved));
    expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toMatchObject({ taxMode: 'vat_7' });
  });

  it('sends null when a stored tax mode is set back to "Wie in den Einstellungen"', async () => {
    const calls = mockApi({
      'GET /api/admin/events/e1': () => json(event({ taxMode: 'vat_19' })),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
      'PATCH /api/admin/events/e1': () => json(event({ taxMode: null })),
    });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
    const select = (await screen.findByLabelText('Steuerliche Behandlung')) as HTMLSelectElement;
    expect(select.value).toBe('vat_19');
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.saved));
    expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toMatchObject({ taxMode: null });
  });

  it('shows a refused slug at the slug field and keeps the page', async () => {
    mockApi({
      'GET /api/admin/events/e1': () => json(event()),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
      'PATCH /api/admin/events/e1': () =>
        json(
          {
            error: {
              code: 'conflict',
              message: M.slugTaken,
              details: [{ path: 'slug', message: M.slugTaken }],
            },
          },
          409,
        ),
    });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
    fireEvent.change(await screen.findByLabelText('Slug'), { target: { value: 'anderes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(`${M.saveFailed} ${M.slugTaken}`));
    const slug = screen.getByLabelText('Slug');
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('says "Event nicht gefunden." for an unknown id', async () => {
    mockApi({ 'GET /api/admin/events/e1': () => apiError(404, 'not_found', M.notFound) });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
    expect(await screen.findByText(M.notFound)).toBeTruthy();
  });
});

describe('leaving the event form (docs/decisions/025-back-office-layout.md)', () => {
  const editor = () => {
    mockApi({
      'GET /api/admin/events/e1': () => json(event()),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
    });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
  };

  /** 'Abbrechen' goes back to the list at once, without the unsaved-changes question. */
  const leavesWithoutAsking = async () => {
    fireEvent.click(screen.getByRole('link', { name: 'Abbrechen' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/events');
    expect(screen.queryByRole('dialog')).toBeNull();
  };

  it('leaves at once while nothing was changed', async () => {
    editor();
    await screen.findByRole('textbox', { name: /^Titel/ });
    await leavesWithoutAsking();
  });

  it('organizers saved on their own count as saved: leaving then asks nothing', async () => {
    mockApi({
      'GET /api/admin/events/e1': () => json(event()),
      'GET /api/admin/events/form-options': () => json(options),
      'GET /api/admin/events/slug-check': slugFree,
      'PATCH /api/admin/events/e1': () => json(event({ organizerIds: ['u1'] })),
    });
    inRouter(<EventEditPage />, '/admin/events/:id/edit');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Anna Admin/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Veranstalter speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.organizersSaved));
    await leavesWithoutAsking();
  });

  it('asks before unsaved changes are lost: "Weiter bearbeiten" stays, "Verwerfen" leaves', async () => {
    editor();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Titel/ }), {
      target: { value: 'Yoga am Abend' },
    });
    fireEvent.click(screen.getByRole('link', { name: 'Abbrechen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('where')).toBeNull();
    expect((screen.getByRole('textbox', { name: /^Titel/ }) as HTMLInputElement).value).toBe('Yoga am Abend');

    fireEvent.click(screen.getByRole('link', { name: 'Abbrechen' }));
    const again = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Verwerfen' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/events');
  });

  it('asks the browser before a reload or closing the tab, only while changed', async () => {
    editor();
    const title = await screen.findByRole('textbox', { name: /^Titel/ });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(title, { target: { value: 'Yoga am Abend' } });
    expect(unload()).toBe(true);
    fireEvent.change(title, { target: { value: 'Yoga am Morgen' } });
    expect(unload()).toBe(false);
  });
});
