// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FREE_TICKET_TEXTS, TICKET_MESSAGES, TICKETS_CACHE_KEY, type MyTicket } from '@shared/tickets';
import { alreadyRefundedText } from './components/cancel-ticket-dialog';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { MyTicketsPage } from './my-tickets-page';
import { makeTicket, makeUser } from './testing/ticket-fixtures';
import { writeTicketsCache } from './tickets-cache';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const user = makeUser();
/** The page as the router shows it to a signed-in user, with a fresh query cache. */
const renderMyTickets = (signedIn: typeof user) =>
  renderPage(<MyTicketsPage />, { path: '/meine-tickets', user: signedIn });

beforeEach(() => sessionStorage.clear());
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const cards = () => screen.queryAllByRole('article');
const cardOf = (title: string) => screen.getByRole('article', { name: title });
const titlesShown = () => cards().map((card) => within(card).getByRole('heading').textContent);

describe('MyTicketsPage: tabs and cards', () => {
  it('splits upcoming and past, newest ticket first, and switches tabs by click and arrow keys', async () => {
    const olderUpcoming = makeTicket({ event: { ...makeTicket().event, title: 'Älter, bald' } });
    const newerUpcoming = makeTicket({ event: { ...makeTicket().event, title: 'Neuer, bald' } });
    const past = makeTicket({
      startsInHours: -48,
      event: { ...makeTicket({ startsInHours: -48 }).event, title: 'Vorbei' },
    });
    olderUpcoming.createdAt = '2026-01-01T10:00:00.000Z';
    newerUpcoming.createdAt = '2026-02-01T10:00:00.000Z';
    past.createdAt = '2026-03-01T10:00:00.000Z';
    mockApi({ 'GET /api/tickets': () => json([olderUpcoming, past, newerUpcoming]) });
    renderMyTickets(user);

    expect(screen.getByRole('heading', { level: 1, name: 'Meine Tickets' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Neuer, bald' });
    const [upcomingTab, pastTab] = screen.getAllByRole('tab');
    expect(upcomingTab!.textContent).toBe('Bevorstehend2');
    expect(pastTab!.textContent).toBe('Vergangen1');
    expect(upcomingTab!.getAttribute('aria-selected')).toBe('true');
    expect(titlesShown()).toEqual(['Neuer, bald', 'Älter, bald']);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(upcomingTab!.id);

    fireEvent.click(pastTab!);
    expect(titlesShown()).toEqual(['Vorbei']);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(pastTab!.id);

    fireEvent.keyDown(pastTab!, { key: 'ArrowRight' }); // wraps around
    expect(upcomingTab!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(upcomingTab);
    expect(upcomingTab!.tabIndex).toBe(0);
    expect(pastTab!.tabIndex).toBe(-1);
    fireEvent.keyDown(upcomingTab!, { key: 'End' });
    expect(document.activeElement).toBe(pastTab);
    expect(titlesShown()).toEqual(['Vorbei']);
    fireEvent.keyDown(pastTab!, { key: 'ArrowLeft' });
    expect(titlesShown()).toEqual(['Neuer, bald', 'Älter, bald']);
  });

  it('shows event link, place, holder, code and the status badges', async () => {
    const upcoming = makeTicket({ isTest: true, code: '4711' });
    const checkedIn = makeTicket({ isCheckedIn: true });
    const cancelled = makeTicket({ status: 'canceled', cancellation: null });
    const past = makeTicket({ startsInHours: -3 });
    mockApi({ 'GET /api/tickets': () => json([upcoming, checkedIn, cancelled, past]) });
    renderMyTickets(user);

    const card = within(await screen.findByRole('article', { name: upcoming.event.title }));
    expect(card.getByRole('link', { name: upcoming.event.title }).getAttribute('href')).toBe(
      `/event/${upcoming.event.slug}`,
    );
    expect(card.getByText('Bevorstehend')).toBeTruthy();
    expect(card.getByText('TEST')).toBeTruthy();
    expect(card.getByText(/^Code/).textContent).toBe('Code 4711');
    expect(card.getByText(/^Bestellnummer/).textContent).toBe('Bestellnummer WR-7K3Q9F');
    expect(card.getByText('Erika Musterfrau')).toBeTruthy();
    expect(card.getByText(upcoming.event.location)).toBeTruthy();
    expect(card.getByText(/^\d{2}:\d{2}–\d{2}:\d{2} Uhr$/)).toBeTruthy();
    expect(within(cardOf(checkedIn.event.title)).getByText('Eingecheckt')).toBeTruthy();
    expect(within(cardOf(checkedIn.event.title)).queryByText('TEST')).toBeNull();
    expect(within(cardOf(cancelled.event.title)).getByText('Storniert')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: /Vergangen/ }));
    expect(within(cardOf(past.event.title)).getByText('Vorbei')).toBeTruthy();
    // no cancelling once the event has begun (docs/product/tickets-and-refunds.md#who-cancels): the button is
    // there, disabled
    const pastCancel = within(cardOf(past.event.title)).getByRole('button', { name: 'Stornieren' });
    expect((pastCancel as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the date and time in the event time zone', async () => {
    const ticket = makeTicket();
    ticket.event = {
      ...ticket.event,
      startTime: '2030-07-01T16:30:00Z',
      endTime: '2030-07-01T18:00:00Z',
      timezone: 'America/New_York',
    };
    mockApi({ 'GET /api/tickets': () => json([ticket]) });
    renderMyTickets(user);
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('12:30–14:00 Uhr')).toBeTruthy();
    expect(card.getByText('Mo., 01.07.2030')).toBeTruthy();
  });

  it('greys out a cancelled ticket: no download, no cancel, the notice', async () => {
    const cancelled = makeTicket({ status: 'canceled', cancellation: { share: 1, refundCents: 100 } });
    mockApi({ 'GET /api/tickets': () => json([cancelled]) });
    renderMyTickets(user);
    const card = await screen.findByRole('article');
    expect(card.dataset.status).toBe('canceled');
    expect(card.className).toContain('bg-muted');
    const download = within(card).getByRole('button', { name: 'Ticket nicht verfügbar' });
    expect((download as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByText('Dieses Ticket wurde storniert.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Stornieren/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Ticket herunterladen' })).toBeNull();
  });

  it("shows an online ticket's access link, or that it follows by e-mail (docs/decisions/019)", async () => {
    const url = 'https://meet.example/raum-4711';
    const online = (title: string, overrides: Partial<MyTicket>) => {
      const ticket = makeTicket(overrides);
      ticket.event = { ...ticket.event, title, mode: 'online', location: 'Online' };
      return ticket;
    };
    mockApi({
      'GET /api/tickets': () =>
        json([
          online('Mit Link', { onlineUrl: url }),
          online('Ohne Link', { onlineUrl: null }),
          online('Storniert', { onlineUrl: null, status: 'canceled', cancellation: null }),
        ]),
    });
    renderMyTickets(user);
    const withLink = within(await screen.findByRole('article', { name: 'Mit Link' }));
    const link = withLink.getByRole('link', { name: url });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(withLink.getByText(/^Zugangslink:/)).toBeTruthy();
    const without = within(cardOf('Ohne Link'));
    expect(without.getByText('Den Zugangslink bekommst du per E-Mail, sobald er feststeht.')).toBeTruthy();
    const cancelled = within(cardOf('Storniert'));
    expect(cancelled.queryByText(/Zugangslink/)).toBeNull();
  });

  it('shows the empty state with a link to the events', async () => {
    mockApi({ 'GET /api/tickets': () => json([]) });
    renderMyTickets(user);
    expect(await screen.findByText('Keine Tickets vorhanden')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Events entdecken' }).getAttribute('href')).toBe('/');
  });

  it('shows the server message on a load error and loads again on retry', async () => {
    let fail = true;
    const ticket = makeTicket();
    mockApi({
      'GET /api/tickets': () =>
        fail ? apiError(503, 'some_error', 'Die Datenbank ist gerade nicht erreichbar.') : json([ticket]),
    });
    renderMyTickets(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Die Datenbank ist gerade nicht erreichbar.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('article', { name: ticket.event.title })).toBeTruthy();
  });

  it('falls back to its own text when the load fails without a server message', async () => {
    mockApi({ 'GET /api/tickets': () => new Response('Bad Gateway', { status: 502 }) });
    renderMyTickets(user);
    expect((await screen.findByRole('alert')).textContent).toContain('Fehler beim Laden deiner Tickets.');
  });
});

describe('MyTicketsPage: cancelling', () => {
  const openCancelDialog = async (ticket: MyTicket, label: string) => {
    const card = await screen.findByRole('article', { name: ticket.event.title });
    fireEvent.click(within(card).getByRole('button', { name: label }));
    return screen.findByRole('dialog');
  };

  it('confirms with the refund amount, cancels, marks the ticket at once and loads again', async () => {
    const ticket = makeTicket({ cancellation: { share: 0.7, refundCents: 1250 } });
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    let cancelledOnServer = false;
    const calls = mockApi({
      'GET /api/tickets': () =>
        json([cancelledOnServer ? { ...ticket, status: 'canceled', cancellation: null } : ticket]),
      [`POST /api/tickets/${ticket.id}/cancel`]: async () => {
        await answered;
        cancelledOnServer = true;
        return json({
          refund: { amountCents: 1250, currency: 'EUR' },
          message: 'Stornierung erfolgreich. Erstattung: 12,50 EUR',
        });
      },
    });
    renderMyTickets(user);
    await screen.findByRole('article');
    expect(JSON.parse(sessionStorage.getItem(TICKETS_CACHE_KEY)!).tickets).toHaveLength(1);

    const dialog = await openCancelDialog(ticket, 'Stornieren (ca. 70 % Erstattung)');
    expect(within(dialog).getByText(/^Erstattung: 12,50\s€$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ticket stornieren' }));

    // while the cancel runs, nothing can be pressed twice
    const busy = await within(dialog).findByRole('button', { name: 'Wird storniert …' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // (the page behind the modal dialog is aria-hidden)
    const behind = screen.getByRole('article', { name: ticket.event.title, hidden: true });
    const cardButton = within(behind).getByRole('button', {
      hidden: true,
      name: 'Wird storniert …',
    });
    expect((cardButton as HTMLButtonElement).disabled).toBe(true);

    await act(async () => release());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Stornierung erfolgreich. Erstattung: 12,50 EUR');
    const card = cardOf(ticket.event.title);
    // the cache update renders a moment after the dialog closed
    expect(await within(card).findByText('Storniert')).toBeTruthy();
    expect(within(card).getByText('Dieses Ticket wurde storniert.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Stornieren/ })).toBeNull();
    await waitFor(() => expect(calls.filter((call) => call.key === 'GET /api/tickets')).toHaveLength(2));
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(TICKETS_CACHE_KEY)!).tickets[0].status).toBe('canceled'),
    );
  });

  it('words the success itself when the server sends no message', async () => {
    const ticket = makeTicket({ cancellation: { share: 0, refundCents: 0 } });
    mockApi({
      'GET /api/tickets': () => json([ticket]),
      [`POST /api/tickets/${ticket.id}/cancel`]: () => json({ refund: null, message: '' }),
    });
    renderMyTickets(user);
    const dialog = await openCancelDialog(ticket, 'Stornieren (keine Erstattung)');
    expect(within(dialog).getByText('Keine Erstattung gemäß Stornierungsrichtlinie.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Stornierung erfolgreich (keine Erstattung gemäß Richtlinie).',
      ),
    );
  });

  it("tells a free ticket's one story: 'Stornieren', free and the seat released, no percentage (docs/product/tickets-and-refunds.md#free-ticket-cancel)", async () => {
    // the server's offer for a free ticket: nothing to give back, no share (ticket-refund-tiers.test.ts)
    const ticket = makeTicket({ priceCents: 0, cancellation: { share: 0, refundCents: 0 } });
    mockApi({
      'GET /api/tickets': () => json([ticket]),
      // an older server's answer without a message: the toast still tells the free story
      [`POST /api/tickets/${ticket.id}/cancel`]: () => json({ refund: null, message: '' }),
    });
    renderMyTickets(user);
    const dialog = await openCancelDialog(ticket, 'Stornieren');
    expect(within(dialog).getByText(FREE_TICKET_TEXTS.dialog)).toBeTruthy();
    expect(within(dialog).getByText(/Dein Platz wird wieder freigegeben\./)).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/%|Richtlinie/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(FREE_TICKET_TEXTS.cancelled));
  });

  it('a free ticket reads plain "Stornieren" whatever share an older server sent', async () => {
    const ticket = makeTicket({ priceCents: 0, cancellation: { share: 0.7, refundCents: 0 } });
    mockApi({ 'GET /api/tickets': () => json([ticket]) });
    renderMyTickets(user);
    expect(await screen.findByRole('button', { name: 'Stornieren' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Erstattung/ })).toBeNull();
  });

  // docs/decisions/023-refund-percentages.md: the server's share is already what is left after an earlier
  // refund; the dialog names that refund so the euros and the label agree and make sense
  it('after a partial refund, label and dialog both give what is left and name the earlier refund', async () => {
    const ticket = makeTicket({
      priceCents: 4999,
      cancellation: { share: 999 / 4999, refundCents: 999, alreadyRefundedCents: 4000 },
    });
    mockApi({ 'GET /api/tickets': () => json([ticket]) });
    renderMyTickets(user);
    const dialog = await openCancelDialog(ticket, 'Stornieren (ca. 20 % Erstattung)');
    expect(within(dialog).getByText(/^Erstattung: 9,99\s€$/)).toBeTruthy();
    expect(
      within(dialog).getByText(/^Auf deine Buchung wurden bereits 40,00\s€ erstattet;/).textContent,
    ).toBe(alreadyRefundedText(4000, 'EUR'));
  });

  it('says nothing is left once the booking was refunded in full', async () => {
    const ticket = makeTicket({
      priceCents: 4999,
      cancellation: { share: 0, refundCents: 0, alreadyRefundedCents: 4999 },
    });
    mockApi({ 'GET /api/tickets': () => json([ticket]) });
    renderMyTickets(user);
    const dialog = await openCancelDialog(ticket, 'Stornieren (keine Erstattung)');
    expect(within(dialog).getByText('Keine Erstattung mehr offen.')).toBeTruthy();
    expect(within(dialog).queryByText('Keine Erstattung gemäß Stornierungsrichtlinie.')).toBeNull();
    expect(within(dialog).getByText(/^Auf deine Buchung wurden bereits 49,99\s€ erstattet;/)).toBeTruthy();
  });

  it('leaves the dialog closed and the ticket untouched on "Abbrechen"', async () => {
    const ticket = makeTicket();
    const calls = mockApi({ 'GET /api/tickets': () => json([ticket]) });
    renderMyTickets(user);
    const dialog = await openCancelDialog(ticket, 'Stornieren (100 % Erstattung)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
    expect(within(cardOf(ticket.event.title)).getByText('Bevorstehend')).toBeTruthy();
  });

  it.each([
    ['400 without JSON', () => new Response('nope', { status: 400 }), TICKET_MESSAGES.cancel400],
    ['403 without JSON', () => new Response('', { status: 403 }), TICKET_MESSAGES.cancel403],
    ['409 without JSON', () => new Response('', { status: 409 }), TICKET_MESSAGES.cancel409],
    ['422 without JSON', () => new Response('', { status: 422 }), TICKET_MESSAGES.cancel422],
    ['404 without JSON', () => new Response('', { status: 404 }), TICKET_MESSAGES.cancelUnavailable],
    ['500 without JSON', () => new Response('<html>', { status: 500 }), TICKET_MESSAGES.cancelUnavailable],
    [
      '409 with a JSON message',
      () => apiError(409, 'conflict', 'Dieses Ticket wurde bereits storniert.'),
      'Dieses Ticket wurde bereits storniert.',
    ],
    [
      '422 with a JSON message',
      () =>
        apiError(
          422,
          'some_error',
          'Tickets für Events, die bereits begonnen haben, können nicht mehr storniert werden.',
        ),
      'Tickets für Events, die bereits begonnen haben, können nicht mehr storniert werden.',
    ],
    [
      'a network error',
      () => Promise.reject(new TypeError('Failed to fetch')),
      TICKET_MESSAGES.cancelNetwork,
    ],
  ])('maps %s to its message', async (_case, answer, description) => {
    const ticket = makeTicket();
    mockApi({ 'GET /api/tickets': () => json([ticket]), [`POST /api/tickets/${ticket.id}/cancel`]: answer });
    renderMyTickets(user);
    const dialog = await openCancelDialog(ticket, 'Stornieren (100 % Erstattung)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ticket stornieren' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Stornierung fehlgeschlagen', { description }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull()); // the dialog closes on the failure too
    const card = cardOf(ticket.event.title);
    expect(within(card).getByText('Bevorstehend')).toBeTruthy();
    await waitFor(() =>
      expect((within(card).getByRole('button', { name: /Stornieren/ }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });
});

describe('MyTicketsPage: session-storage cache (2 minutes)', () => {
  const neverAnswers = () => new Promise<Response>(() => {});

  it('shows a fresh entry of this user at once, before the server answers', async () => {
    const cached = makeTicket();
    writeTicketsCache(user.id, [cached], Date.now() - 60_000);
    const calls = mockApi({ 'GET /api/tickets': neverAnswers });
    renderMyTickets(user);
    expect(screen.getByRole('article', { name: cached.event.title })).toBeTruthy();
    await waitFor(() => expect(keysOf(calls)).toContain('GET /api/tickets')); // still checked with the server
  });

  it('ignores an entry older than 2 minutes', async () => {
    const cached = makeTicket();
    writeTicketsCache(user.id, [cached], Date.now() - 2 * 60_000 - 1000);
    mockApi({ 'GET /api/tickets': neverAnswers });
    renderMyTickets(user);
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy(); // loading
  });

  it("ignores another user's entry", async () => {
    const cached = makeTicket();
    writeTicketsCache('someone-else', [cached], Date.now());
    mockApi({ 'GET /api/tickets': neverAnswers });
    renderMyTickets(user);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('replaces the entry with what the server sent', async () => {
    writeTicketsCache(user.id, [makeTicket()], Date.now());
    const fresh = makeTicket();
    mockApi({ 'GET /api/tickets': () => json([fresh]) });
    renderMyTickets(user);
    expect(await screen.findByRole('article', { name: fresh.event.title })).toBeTruthy();
    expect(cards()).toHaveLength(1);
    const entry = JSON.parse(sessionStorage.getItem(TICKETS_CACHE_KEY)!);
    expect(entry.userId).toBe(user.id);
    expect(entry.tickets.map((t: MyTicket) => t.id)).toEqual([fresh.id]);
  });
});

describe('MyTicketsPage: download', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:ticket'), revokeObjectURL: vi.fn() }),
    );
  });

  const downloads = () => {
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return names;
  };

  it('falls back to the PNG image when the PDF is not found', async () => {
    const ticket = makeTicket();
    const names = downloads();
    mockApi({
      'GET /api/tickets': () => json([ticket]),
      [`GET /api/tickets/${ticket.id}/pdf`]: () => apiError(404, 'not_found', 'Ticket nicht gefunden.'),
      [`GET /api/tickets/${ticket.id}/image`]: () =>
        new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
    });
    renderMyTickets(user);
    const card = await screen.findByRole('article');
    fireEvent.click(within(card).getByRole('button', { name: 'Ticket herunterladen' }));
    await waitFor(() => expect(names).toEqual([`ticket-${ticket.id}.png`]));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says "PDF fehlgeschlagen" when the PDF fails otherwise', async () => {
    const ticket = makeTicket();
    const names = downloads();
    const calls = mockApi({
      'GET /api/tickets': () => json([ticket]),
      [`GET /api/tickets/${ticket.id}/pdf`]: () => apiError(500, 'some_error', 'Interner Fehler'),
    });
    renderMyTickets(user);
    fireEvent.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Ticket herunterladen' }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('PDF fehlgeschlagen'));
    expect(names).toEqual([]);
    expect(keysOf(calls)).not.toContain(`GET /api/tickets/${ticket.id}/image`);
  });
});

describe('MyTicketsPage: transfer and name change', () => {
  const openTransfer = async (ticket: MyTicket) => {
    const card = await screen.findByRole('article', { name: ticket.event.title });
    fireEvent.click(within(card).getByRole('button', { name: 'Ticket übertragen' }));
    return screen.findByRole('dialog', { name: 'Ticket übertragen' });
  };
  const fill = (dialog: HTMLElement, name: string, email: string) => {
    fireEvent.change(within(dialog).getByLabelText('Name der Ersatzperson'), { target: { value: name } });
    fireEvent.change(within(dialog).getByLabelText('E-Mail der Ersatzperson'), { target: { value: email } });
  };

  it('offers transfer and name change only where the server allows them', async () => {
    const open = makeTicket({ transferableUntil: new Date(Date.now() + 3_600_000).toISOString() });
    const closed = makeTicket({ transferableUntil: null, holderNameEditable: false });
    const cancelled = makeTicket({ status: 'canceled', cancellation: null });
    mockApi({ 'GET /api/tickets': () => json([open, closed, cancelled]) });
    renderMyTickets(user);
    const card = within(await screen.findByRole('article', { name: open.event.title }));
    expect(card.getByRole('button', { name: 'Ticket übertragen' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Name ändern' })).toBeTruthy();
    for (const ticket of [closed, cancelled]) {
      expect(
        within(cardOf(ticket.event.title)).queryByRole('button', { name: 'Ticket übertragen' }),
      ).toBeNull();
      expect(within(cardOf(ticket.event.title)).queryByRole('button', { name: 'Name ändern' })).toBeNull();
    }
  });

  it('checks name and e-mail before it posts anything', async () => {
    const ticket = makeTicket();
    const calls = mockApi({ 'GET /api/tickets': () => json([ticket]) });
    renderMyTickets(user);
    const dialog = await openTransfer(ticket);
    expect(
      within(dialog).getByText(
        'Die Ersatzperson bekommt ein neues Ticket per E-Mail; dein bisheriges Ticket und sein Barcode gelten dann nicht mehr.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übertragen' }));
    expect(await within(dialog).findByText('Bitte gib den Namen der Ersatzperson ein.')).toBeTruthy();
    expect(within(dialog).getByText('Bitte gib die E-Mail-Adresse der Ersatzperson ein.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name der Ersatzperson').getAttribute('aria-invalid')).toBe('true');

    fill(dialog, 'Max Muster', 'max@');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übertragen' }));
    expect(await within(dialog).findByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(within(dialog).queryByText('Bitte gib den Namen der Ersatzperson ein.')).toBeNull();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('posts the substitute, toasts, closes and shows the list as the server has it now', async () => {
    const ticket = makeTicket();
    const transferred: MyTicket = {
      ...ticket,
      holderName: 'Max Muster',
      holderEmail: 'max@example.org',
      transferredTo: { name: 'Max Muster', email: 'max@example.org', at: new Date().toISOString() },
    };
    let done = false;
    const calls = mockApi({
      'GET /api/tickets': () => json([done ? transferred : ticket]),
      [`POST /api/tickets/${ticket.id}/transfer`]: () => {
        done = true;
        return json(transferred);
      },
    });
    renderMyTickets(user);
    const dialog = await openTransfer(ticket);
    fill(dialog, '  Max Muster ', 'max@example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übertragen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ticket an Max Muster übertragen.'));
    expect(calls.find((call) => call.key === `POST /api/tickets/${ticket.id}/transfer`)?.body).toEqual({
      name: 'Max Muster',
      email: 'max@example.org',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = within(cardOf(ticket.event.title));
    expect(await card.findByText('Übertragen an Max Muster')).toBeTruthy();
    // the buyer keeps the ticket and may transfer it again (docs/product/tickets-and-refunds.md#ticket-transfer)
    const again = card.getByRole('button', { name: 'Ticket übertragen' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    await waitFor(() => expect(calls.filter((call) => call.key === 'GET /api/tickets')).toHaveLength(2));
  });

  it('moves the focus to the card when the server allows no further transfer', async () => {
    const ticket = makeTicket();
    const transferred: MyTicket = { ...ticket, holderName: 'Max Muster', transferableUntil: null };
    let done = false;
    mockApi({
      'GET /api/tickets': () => json([done ? transferred : ticket]),
      [`POST /api/tickets/${ticket.id}/transfer`]: () => {
        done = true;
        return json(transferred);
      },
    });
    renderMyTickets(user);
    const dialog = await openTransfer(ticket);
    fill(dialog, 'Max Muster', 'max@example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übertragen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(cardOf(ticket.event.title)).queryByRole('button', { name: 'Ticket übertragen' }),
      ).toBeNull(),
    );
    await waitFor(() => expect(document.activeElement).toBe(cardOf(ticket.event.title)));
  });

  it("toasts the server's message and keeps the dialog open on a failure", async () => {
    const ticket = makeTicket();
    mockApi({
      'GET /api/tickets': () => json([ticket]),
      [`POST /api/tickets/${ticket.id}/transfer`]: () =>
        apiError(409, 'conflict', 'Das Ticket ist bereits auf diese Person ausgestellt.'),
    });
    renderMyTickets(user);
    const dialog = await openTransfer(ticket);
    fill(dialog, 'Erika Musterfrau', 'erika@example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übertragen' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Übertragung fehlgeschlagen', {
        description: 'Das Ticket ist bereits auf diese Person ausgestellt.',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Ticket übertragen' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Übertragen' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("'Name ändern' patches the name on the ticket", async () => {
    const ticket = makeTicket({ holderName: 'Erika Musterfaru' });
    const fixed = { ...ticket, holderName: 'Erika Musterfrau' };
    let patched = false;
    const calls = mockApi({
      'GET /api/tickets': () => json([patched ? fixed : ticket]),
      [`PATCH /api/tickets/${ticket.id}/holder-name`]: () => {
        patched = true;
        return json(fixed);
      },
    });
    renderMyTickets(user);
    const card = await screen.findByRole('article', { name: ticket.event.title });
    fireEvent.click(within(card).getByRole('button', { name: 'Name ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name ändern' });
    const input = within(dialog).getByLabelText('Name auf dem Ticket') as HTMLInputElement;
    expect(input.value).toBe('Erika Musterfaru');
    fireEvent.change(input, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Bitte gib den Namen auf dem Ticket ein.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Erika Musterfrau' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Name auf dem Ticket geändert.'));
    expect(calls.find((call) => call.key === `PATCH /api/tickets/${ticket.id}/holder-name`)?.body).toEqual({
      name: 'Erika Musterfrau',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the card shows the server's ticket in the render after the cache update, a moment after the dialog closed
    expect(await within(cardOf(ticket.event.title)).findByText('Erika Musterfrau')).toBeTruthy();
  });
});
