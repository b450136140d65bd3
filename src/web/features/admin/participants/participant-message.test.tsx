// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  MAIL_RULE_MESSAGES,
  type ParticipantMessageLog,
  type ParticipantMessagePreview,
} from '@shared/mail-rules';
import type { Participant, ParticipantList } from '@shared/participants';
import { sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { ParticipantsPage } from './participants-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// 'Nachricht an alle' on the participant list (docs/product/event-mails.md#participant-message).

const IDS = {
  anna: '11111111-1111-4111-8111-111111111111',
  bernd: '22222222-2222-4222-8222-222222222222',
  dora: '33333333-3333-4333-8333-333333333333',
};

const participant = (overrides: Partial<Participant>): Participant => ({
  ticketId: IDS.anna,
  code: '1234',
  ticketNumber: 'T-2030-001234',
  holderName: 'Anna Berg',
  buyerName: 'Anna Berg',
  email: 'anna@example.org',
  phone: null,
  orderNumber: 'WR-7K3Q9F',
  priceCents: 4900,
  seats: 1,
  state: 'active',
  checkedInAt: null,
  checkedInBy: null,
  bookedAt: '2030-02-01T09:15:00.000Z',
  ...overrides,
});

const list: ParticipantList = {
  event: {
    id: 'e1',
    title: 'Yoga am Morgen',
    slug: 'yoga',
    startTime: '2030-03-14T17:30:00.000Z',
    endTime: '2030-03-14T19:30:00.000Z',
    timeZone: 'Europe/Berlin',
    location: 'Hamburg',
    venue: null,
  },
  counts: { soldSeats: 2, totalSeats: 20, checkedIn: 1, active: 1, cancelled: 1, openPayments: 0 },
  seats: { totalSeats: 20, soldSeats: 2, offeredSeats: 0, heldSeats: 0, freeSeats: 18 },
  sales: { currency: 'EUR', grossCents: 9800, refundedCents: 0, netCents: 9800 },
  participants: [
    participant({}),
    participant({ ticketId: IDS.bernd, code: '5678', holderName: 'Bernd Kurz', state: 'checked-in' }),
    participant({ ticketId: IDS.dora, code: '9012', holderName: 'Dora Weiß', state: 'cancelled' }),
  ],
};

const previewAnswer = (recipients: number): ParticipantMessagePreview => ({
  subject: 'Hallo Anna',
  text: 'Bis bald bei Yoga am Morgen',
  html: '<p>Bis bald bei <b>Yoga am Morgen</b></p>',
  sample: 'anna@example.org',
  recipients,
});

function renderMessaging(
  routes: Partial<Record<'preview' | 'send', () => Response>> = {},
  log: ParticipantMessageLog = { messages: [] },
) {
  const calls = mockApi({
    'GET /api/participants/e1': () => json(list),
    'GET /api/participants/e1/messages': () => json(log),
    'POST /api/participants/e1/message/preview': routes.preview ?? (() => json(previewAnswer(2))),
    'POST /api/participants/e1/message':
      routes.send ?? (() => json({ recipients: 2, message: MAIL_RULE_MESSAGES.messageSent(2) })),
  });
  renderPage(<ParticipantsPage area="organizer" />, {
    path: '/veranstalter/events/e1',
    pattern: '/veranstalter/events/:eventId',
    user: sessionUser({ role: 'organizer' }),
  });
  return calls;
}

async function openAndFill(button = 'Nachricht an alle') {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = within(await screen.findByRole('dialog', { name: button }));
  fireEvent.change(dialog.getByLabelText('Betreff'), { target: { value: 'Hallo {vorname}' } });
  fireEvent.change(dialog.getByLabelText('Text'), { target: { value: 'Bis bald bei {event}' } });
  return dialog;
}

const bodiesOf = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.body);

resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

describe('Nachricht an alle', () => {
  it('asks "An {n} Personen senden?", sends subject and text, and shows the server’s message', async () => {
    const calls = renderMessaging();
    const dialog = await openAndFill();
    expect(dialog.getByRole('list', { name: 'Platzhalter' }).textContent).toContain('{vorname}');
    fireEvent.click(dialog.getByRole('button', { name: 'Senden' }));

    const confirm = within(await screen.findByRole('dialog', { name: 'An 2 Personen senden?' }));
    expect(bodiesOf(calls, 'POST /api/participants/e1/message')).toEqual([]);
    fireEvent.click(confirm.getByRole('button', { name: 'Senden' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Nachricht an 2 Personen verschickt.'));
    expect(bodiesOf(calls, 'POST /api/participants/e1/message')).toEqual([
      { subject: 'Hallo {vorname}', body: 'Bis bald bei {event}' },
    ]);
    expect(bodiesOf(calls, 'POST /api/participants/e1/message/preview')).toEqual([
      { subject: 'Hallo {vorname}', body: 'Bis bald bei {event}' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the log is read again
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'GET /api/participants/e1/messages')).toHaveLength(2),
    );
  });

  it('writes to the chosen tickets only; cancelled ones have no box', async () => {
    const calls = renderMessaging();
    await screen.findByRole('table');
    expect(screen.queryByRole('checkbox', { name: 'Dora Weiß (9012) auswählen' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bernd Kurz (5678) auswählen' }));
    const dialog = await openAndFill('Nachricht an 1 Ausgewählte');
    fireEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'An 2 Personen senden?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(bodiesOf(calls, 'POST /api/participants/e1/message')).toEqual([
      { subject: 'Hallo {vorname}', body: 'Bis bald bei {event}', ticketIds: [IDS.bernd] },
    ]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Alle angezeigten auswählen' }));
    expect(screen.getByRole('button', { name: 'Nachricht an 2 Ausgewählte' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Auswahl aufheben' }));
    expect(screen.getByRole('button', { name: 'Nachricht an alle' })).toBeTruthy();
  });

  it('shows the preview: subject, whose ticket filled it, and the HTML in a sandbox', async () => {
    renderMessaging();
    const dialog = await openAndFill();
    fireEvent.click(dialog.getByRole('button', { name: 'Vorschau' }));
    const pane = within(await dialog.findByRole('region', { name: 'Vorschau' }));
    expect(pane.getByText('Hallo Anna')).toBeTruthy();
    expect(pane.getByText(/Ausgefüllt wie für anna@example\.org\. Geht an 2 Personen\./)).toBeTruthy();
    const frame = pane.getByTitle('Vorschau der E-Mail');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<b>Yoga am Morgen</b>');
  });

  it('shows the server’s field errors at the field and sends nothing', async () => {
    const message = MAIL_RULE_MESSAGES.unknownPlaceholder('name');
    const calls = renderMessaging({
      preview: () =>
        json({ error: { code: 'validation_failed', message, details: [{ path: 'subject', message }] } }, 422),
    });
    const dialog = await openAndFill();
    fireEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(dialog.getByLabelText('Betreff').getAttribute('aria-invalid')).toBe('true');
    expect(bodiesOf(calls, 'POST /api/participants/e1/message')).toEqual([]);
  });

  it('checks in the browser first with the shared schema', async () => {
    const calls = renderMessaging();
    fireEvent.click(await screen.findByRole('button', { name: 'Nachricht an alle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nachricht an alle' }));
    fireEvent.change(dialog.getByLabelText('Text'), { target: { value: 'Hallo {Vorname}' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    expect(await dialog.findByText(MAIL_RULE_MESSAGES.subject)).toBeTruthy();
    expect(dialog.getByText(MAIL_RULE_MESSAGES.unknownPlaceholder('Vorname'))).toBeTruthy();
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([]);
  });

  it('says when nobody has a valid ticket instead of asking', async () => {
    renderMessaging({ preview: () => json(previewAnswer(0)) });
    const dialog = await openAndFill();
    fireEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(MAIL_RULE_MESSAGES.noRecipients);
    expect(screen.queryByRole('dialog', { name: /senden\?/ })).toBeNull();
  });

  it('lists the messages sent', async () => {
    renderMessaging(undefined, {
      messages: [
        {
          id: 'm1',
          subject: 'Raumänderung',
          recipients: 12,
          createdAt: '2030-03-01T08:05:00.000Z',
          actorName: 'Jonas Weber',
        },
      ],
    });
    const section = within(
      (await screen.findByRole('heading', { name: 'Gesendete Nachrichten' })).parentElement!,
    );
    expect(await section.findByText('Raumänderung')).toBeTruthy();
    expect(section.getByText('01.03.2030 09:05 · an 12 Personen · von Jonas Weber')).toBeTruthy();
  });
});
