import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_RULE_MESSAGES,
  type ParticipantMessageLog,
  type ParticipantMessagePreview,
  type ParticipantMessageResult,
} from '@shared/mail-rules';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import { eventOrganizers, mailOutbox, participantMessages } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { DAY, signedInUser, type ErrorBody } from '../helpers/tickets';

// 'Nachricht an alle' from the participant list (docs/product/event-mails.md#participant-message): one mail per
// address through the outbox, to active tickets of the event only, logged with the count.

type Person = { cookie: string; id: string };
let t: TestApp;
let admin: Person;
let organizer: Person;
let stranger: Person;
let attendee: Person;
let event: Event;
let emptyEvent: Event;
const emails = {
  greta: 'greta.gans@example.org',
  otto: 'otto.ohne@example.org',
  lena: 'lena.licht@example.org',
  felix: 'felix.ersatz@example.org',
  carla: 'carla.cancel@example.org',
  zora: 'zora.fremd@example.org',
};
let ids: { greta: string[]; otto: string; lena: string; felix: string; carla: string; zora: string };

const db = () => t.database.db;
const as = (cookie: string): Record<string, string> => ({ cookie });
const send = (body: unknown, cookie = organizer.cookie, eventId = event.id) =>
  post(t, `/api/participants/${eventId}/message`, body, as(cookie));
const preview = (body: unknown, cookie = organizer.cookie, eventId = event.id) =>
  post(t, `/api/participants/${eventId}/message/preview`, body, as(cookie));
const mailsWith = (subject: string) => db().select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
const logRows = () =>
  db().select().from(participantMessages).where(eq(participantMessages.eventId, event.id));
const outboxCount = async () => (await db().select({ n: count() }).from(mailOutbox))[0]!.n;

async function sent(body: unknown, cookie = organizer.cookie): Promise<ParticipantMessageResult> {
  const res = await send(body, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ParticipantMessageResult;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  organizer = await signedInUser(t, 'organizer');
  stranger = await signedInUser(t, 'organizer');
  attendee = await signedInUser(t, 'attendee');
  event = await createEvent(db(), {
    title: 'Atemwerkstatt',
    totalSeats: 30,
    startTime: new Date(Date.now() + 20 * DAY),
  });
  const otherEvent = await createEvent(db(), { title: 'Stimmwerkstatt', totalSeats: 10 });
  emptyEvent = await createEvent(db(), { title: 'Noch leer' });
  await db()
    .insert(eventOrganizers)
    .values([
      { eventId: event.id, userId: organizer.id },
      { eventId: emptyEvent.id, userId: organizer.id },
      { eventId: otherEvent.id, userId: stranger.id },
    ]);

  const greta = await createUser(db(), { name: 'Greta Gans', email: emails.greta });
  const otto = await createUser(db(), { name: 'Otto Ohne', email: emails.otto });
  const lena = await createUser(db(), { name: 'Lena Licht', email: emails.lena });
  const carla = await createUser(db(), { name: 'Carla Cancel', email: emails.carla });
  const zora = await createUser(db(), { name: 'Zora Fremd', email: emails.zora });
  const gretas = await createBooking(db(), {
    event,
    profileId: greta.user.id,
    quantity: 3,
    booking: { holderName: 'Greta Gans' },
  });
  const ottos = await createBooking(db(), { event, profileId: otto.user.id });
  const lenas = await createBooking(db(), {
    event,
    profileId: lena.user.id,
    quantity: 2,
    booking: { holderName: 'Lena Licht' },
  });
  const carlas = await createBooking(db(), { event, profileId: carla.user.id });
  const zoras = await createBooking(db(), { event: otherEvent, profileId: zora.user.id });
  ids = {
    greta: gretas.tickets.map((ticket) => ticket.id),
    otto: ottos.tickets[0]!.id,
    lena: lenas.tickets[0]!.id,
    felix: lenas.tickets[1]!.id,
    carla: carlas.tickets[0]!.id,
    zora: zoras.tickets[0]!.id,
  };
  const transferred = await post(
    t,
    `/api/admin/tickets/${ids.felix}/transfer`,
    { name: 'Felix Ersatz', email: emails.felix },
    as(admin.cookie),
  );
  expect(transferred.status, await transferred.clone().text()).toBe(200);
  const cancelled = await post(t, `/api/admin/tickets/${ids.carla}/cancel`, {}, as(admin.cookie));
  expect(cancelled.status, await cancelled.clone().text()).toBe(200);
});
afterAll(() => t.close());

describe('who may write', () => {
  it('refuses a stranger organizer and attendees (403), and signed-out callers (401), writing nothing', async () => {
    const before = await outboxCount();
    const body = { subject: 'Hallo', body: 'Text' };
    for (const cookie of [stranger.cookie, attendee.cookie]) {
      const res = await send(body, cookie);
      expect(res.status).toBe(403);
      expect((await preview(body, cookie)).status).toBe(403);
      const log = await t.app.request(`/api/participants/${event.id}/messages`, { headers: as(cookie) });
      expect(log.status).toBe(403);
    }
    // even an invalid body answers 403 to someone not running the event
    expect((await send({ subject: '' }, stranger.cookie)).status).toBe(403);
    expect((await post(t, `/api/participants/${event.id}/message`, body)).status).toBe(401);
    expect(await outboxCount()).toBe(before);
    expect(await logRows()).toHaveLength(0);
  });

  it('answers 404 for an unknown event', async () => {
    const res = await send({ subject: 'Hallo', body: 'Text' }, admin.cookie, crypto.randomUUID());
    expect(res.status).toBe(404);
  });
});

describe('sending', () => {
  it('writes one mail per address with the placeholders filled, to active tickets only', async () => {
    const subject = 'Infos zur {event}';
    const result = await sent({
      subject,
      body: 'Hallo {vorname},\n\ndein Ticket {ticket_code} (Bestellung {bestellnummer}) gilt am {datum}.',
    });
    expect(result).toEqual({ recipients: 4, message: MAIL_RULE_MESSAGES.messageSent(4) });
    expect(result.message).toBe('Nachricht an 4 Personen verschickt.');

    const mails = await mailsWith('Infos zur Atemwerkstatt');
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [emails.felix, emails.greta, emails.lena, emails.otto].sort(),
    );
    const to = (address: string) => mails.find((mail) => mail.to === address)!;
    // Greta's three tickets: one mail, from her first ticket
    expect(to(emails.greta).text).toMatch(/^Hallo Greta,$/m);
    expect(to(emails.greta).html).toContain('Hallo Greta,');
    // the substitute gets it at their own address, with their name; Lena keeps her other ticket
    expect(to(emails.felix).text).toMatch(/^Hallo Felix,$/m);
    expect(to(emails.lena).text).toMatch(/^Hallo Lena,$/m);
    expect(to(emails.otto).text).toMatch(/^Hallo Otto,$/m);
    expect(to(emails.otto).text).toMatch(/Bestellung WR-[0-9A-Z]{6}\)/);
    expect(to(emails.otto).text).not.toMatch(/\{[a-z_]+\}/);
    expect(mails.some((mail) => mail.to === emails.carla || mail.to === emails.zora)).toBe(false);

    const [row] = await logRows();
    expect(row).toMatchObject({ actorId: organizer.id, subject, recipients: 4 });
  });

  it('writes only to the chosen tickets, ignoring cancelled and other events’ tickets', async () => {
    const result = await sent(
      {
        subject: 'Nur für euch',
        body: 'Hallo {vorname}',
        ticketIds: [ids.greta[1], ids.greta[2], ids.felix, ids.carla, ids.zora],
      },
      admin.cookie,
    );
    expect(result).toEqual({ recipients: 2, message: 'Nachricht an 2 Personen verschickt.' });
    const mails = await mailsWith('Nur für euch');
    expect(mails.map((mail) => mail.to).sort()).toEqual([emails.felix, emails.greta].sort());
    const [row] = await db()
      .select()
      .from(participantMessages)
      .where(and(eq(participantMessages.eventId, event.id), eq(participantMessages.subject, 'Nur für euch')));
    expect(row).toMatchObject({ actorId: admin.id, recipients: 2 });
  });

  it('says "1 Person" for one recipient', async () => {
    const result = await sent({ subject: 'Nur Otto', body: 'Hallo', ticketIds: [ids.otto] });
    expect(result).toEqual({ recipients: 1, message: 'Nachricht an 1 Person verschickt.' });
  });

  it('answers 409 when nobody is left to write to, writing nothing', async () => {
    const before = await outboxCount();
    const logged = (await logRows()).length;
    for (const ticketIds of [[ids.carla, ids.zora], []]) {
      const res = await send({ subject: 'Niemand', body: 'Text', ticketIds });
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorBody).error.message).toBe(MAIL_RULE_MESSAGES.noRecipients);
    }
    const empty = await send({ subject: 'Niemand', body: 'Text' }, organizer.cookie, emptyEvent.id);
    expect(empty.status).toBe(409);
    expect(await outboxCount()).toBe(before);
    expect(await logRows()).toHaveLength(logged);
  });

  it('refuses an unknown placeholder and empty fields (422, German, at the field), writing nothing', async () => {
    const before = await outboxCount();
    const logged = (await logRows()).length;
    const res = await send({ subject: 'Hallo {name}', body: 'Text' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody & {
      error: { details: { path: string; message: string }[] };
    };
    expect(body.error.message).toBe(MAIL_RULE_MESSAGES.unknownPlaceholder('name'));
    expect(body.error.message).toMatch(/^Den Platzhalter \{name\} gibt es nicht\. Möglich sind: \{vorname\}/);
    expect(body.error.details).toEqual([
      { path: 'subject', message: MAIL_RULE_MESSAGES.unknownPlaceholder('name') },
    ]);

    const empty = await send({ subject: ' ', body: '' });
    expect(empty.status).toBe(422);
    const details = ((await empty.json()) as { error: { details: { path: string }[] } }).error.details;
    expect(details.map((detail) => detail.path)).toEqual(['subject', 'body']);

    const badPreview = await preview({ subject: 'Hallo', body: '{Vorname}' });
    expect(badPreview.status).toBe(422);
    expect(await outboxCount()).toBe(before);
    expect(await logRows()).toHaveLength(logged);
  });
});

describe('preview', () => {
  it('renders with the first recipient and counts the persons', async () => {
    const res = await preview({ subject: 'Hallo {vorname}', body: 'Bis {datum} bei {event}!' });
    expect(res.status, await res.clone().text()).toBe(200);
    const shown = (await res.json()) as ParticipantMessagePreview;
    expect(shown.recipients).toBe(4);
    expect(Object.values(emails)).toContain(shown.sample);
    expect(shown.subject).toMatch(/^Hallo (Greta|Otto|Lena|Felix)$/);
    expect(shown.text).toContain('bei Atemwerkstatt!');
    expect(shown.html).toContain('Atemwerkstatt');

    const chosen = await preview({
      subject: 'Hallo {vorname}',
      body: 'Text',
      ticketIds: [ids.felix, ids.zora],
    });
    const narrowed = (await chosen.json()) as ParticipantMessagePreview;
    expect(narrowed).toMatchObject({ subject: 'Hallo Felix', sample: emails.felix, recipients: 1 });
  });

  it('uses a sample ticket when the event has none', async () => {
    const res = await preview(
      { subject: 'Hallo {vorname}', body: 'Zu {event}' },
      admin.cookie,
      emptyEvent.id,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const shown = (await res.json()) as ParticipantMessagePreview;
    expect(shown).toMatchObject({ subject: 'Hallo Lena', sample: 'Beispielticket', recipients: 0 });
    expect(shown.text).toContain('Zu Klarheit finden');
  });
});

describe('log', () => {
  it('lists the messages newest first with subject, count, time and sender', async () => {
    const res = await t.app.request(`/api/participants/${event.id}/messages`, {
      headers: as(organizer.cookie),
    });
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as ParticipantMessageLog;
    expect(messages.map((message) => [message.subject, message.recipients])).toEqual([
      ['Nur Otto', 1],
      ['Nur für euch', 2],
      ['Infos zur {event}', 4],
    ]);
    expect(messages[1]!.actorName).toBeTruthy();
    expect(new Date(messages[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
