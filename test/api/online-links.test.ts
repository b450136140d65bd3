import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import type { PublicEvent } from '@shared/events';
import type { MyTicket } from '@shared/tickets';
import { bookingTicketsPdf } from '@server/core/tickets/ticket-files';
import { createEvent } from '@server/demo/factories';
import { mailOutbox } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { signedInUser, ticketsOfBooking } from '../helpers/tickets';

// docs/product/tickets-and-refunds.md#online-links: the access link
// reaches holders of an active ticket (booking view, Meine Tickets, confirmation mail, ticket PDF, a mail
// when it changes) and nobody else.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const LINK = 'https://meet.example/raum-4711-geheim';
const NEW_LINK = 'https://meet.example/neuer-raum-0815';
const as = (cookie?: string): Record<string, string> => (cookie ? { cookie } : {});
const get = (path: string, cookie?: string) => t.app.request(path, { headers: as(cookie) });
const bookingOf = async (cookie: string, id: string) =>
  (await (await get(`/api/bookings/${id}`, cookie)).json()) as BookingView;
const myTickets = async (cookie: string) => (await (await get('/api/tickets', cookie)).json()) as MyTicket[];
const cancel = (cookie: string, ticketId: string) =>
  post(t, `/api/tickets/${ticketId}/cancel`, {}, as(cookie));
const patchEvent = (id: string, body: unknown) =>
  t.app.request(`/api/admin/events/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', cookie: admin.cookie },
    body: JSON.stringify(body),
  });
const mailsTo = (to: string, subject: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, subject)));

/** Books through the API; a paid booking is paid with the test provider. */
async function book(cookie: string, eventId: string, quantity = 1): Promise<BookingView> {
  const res = await post(t, '/api/bookings', { eventId, quantity, holderName: 'Anna Beispiel' }, as(cookie));
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
  if (booking.status === 'confirmed') return booking;
  expect(booking.onlineUrl).toBeNull(); // held, not paid: no ticket, no link
  expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(cookie))).status).toBe(200);
  const paid = await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(cookie));
  expect(paid.status).toBe(200);
  return (await paid.json()) as BookingView;
}

describe('the access link of an online event', () => {
  it('is in the booking view and Meine Tickets while a ticket is active, and gone with the cancel', async () => {
    const event = await createEvent(db(), { mode: 'online', location: 'Online', onlineUrl: LINK });
    const buyer = await signedInUser(t);
    const booking = await book(buyer.cookie, event.id, 2);
    expect(booking).toMatchObject({ status: 'confirmed', onlineUrl: LINK });
    expect((await bookingOf(buyer.cookie, booking.id)).onlineUrl).toBe(LINK);
    const mine = (await myTickets(buyer.cookie)).filter((ticket) => ticket.event.id === event.id);
    expect(mine.map((ticket) => ticket.onlineUrl)).toEqual([LINK, LINK]);

    // somebody else neither sees the booking nor the link
    const stranger = await signedInUser(t);
    const foreign = await get(`/api/bookings/${booking.id}`, stranger.cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain('raum-4711');
    expect(JSON.stringify(await myTickets(stranger.cookie))).not.toContain('raum-4711');

    // one of two cancelled: that ticket has no link, the other one and the booking keep it
    const [first, second] = await ticketsOfBooking(t, booking.id);
    expect((await cancel(buyer.cookie, first!.id)).status).toBe(200);
    const afterOne = await myTickets(buyer.cookie);
    expect(afterOne.find((ticket) => ticket.id === first!.id)).toMatchObject({
      status: 'canceled',
      onlineUrl: null,
    });
    expect(afterOne.find((ticket) => ticket.id === second!.id)?.onlineUrl).toBe(LINK);
    expect((await bookingOf(buyer.cookie, booking.id)).onlineUrl).toBe(LINK);

    // both cancelled: the link is nowhere in what the buyer can read
    expect((await cancel(buyer.cookie, second!.id)).status).toBe(200);
    expect(await (await get(`/api/bookings/${booking.id}`, buyer.cookie)).text()).not.toContain('raum-4711');
    expect(await (await get('/api/tickets', buyer.cookie)).text()).not.toContain('raum-4711');
  });

  it('is never delivered for a presence event, even with a stale online_url in the row', async () => {
    const event = await createEvent(db(), { mode: 'presence', onlineUrl: LINK, priceCents: 0 });
    const buyer = await signedInUser(t);
    const booking = await book(buyer.cookie, event.id);
    expect(booking).toMatchObject({ status: 'confirmed', onlineUrl: null });
    expect(await (await get('/api/tickets', buyer.cookie)).text()).not.toContain('raum-4711');
    const [mail] = await mailsTo(buyer.email, 'Deine Tickets:%');
    expect(mail!.text).not.toContain('raum-4711');
    expect(mail!.text).toContain('der Einlass beginnt 15 Minuten vor Beginn');
  });

  it('never appears in a public endpoint, not even for a holder', async () => {
    const event = await createEvent(db(), { mode: 'online', location: 'Online', onlineUrl: LINK });
    const buyer = await signedInUser(t);
    await book(buyer.cookie, event.id);
    for (const cookie of [undefined, buyer.cookie]) {
      const list = await get('/api/events', cookie);
      expect(list.status).toBe(200);
      const listText = await list.text();
      expect((JSON.parse(listText) as PublicEvent[]).map((e) => e.slug)).toContain(event.slug);
      expect(listText).not.toContain('raum-4711');
      for (const path of [`/api/events/${event.slug}`, `/api/events/${event.slug}/calendar.ics`]) {
        const res = await get(path, cookie);
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).not.toContain('raum-4711');
      }
    }
  });

  it('is in the confirmation mail instead of the entry time, and on the ticket PDF', async () => {
    const event = await createEvent(db(), {
      mode: 'online',
      location: 'Online',
      onlineUrl: LINK,
      priceCents: 0,
    });
    const buyer = await signedInUser(t);
    const booking = await book(buyer.cookie, event.id);
    const mails = await mailsTo(buyer.email, 'Deine Tickets:%');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.text).toContain(`Zugangslink: ${LINK}`);
    expect(mail!.html).toContain(`href="${LINK}"`);
    expect(mail!.text).not.toContain('Einlass');
    expect(mail!.html).not.toContain('Einlass');

    // the attachment the outbox renders, and the download from Meine Tickets: a clickable link
    const attachment = await bookingTicketsPdf(
      { db: db(), settings: t.settings, storage: t.services.storage },
      booking.id,
    );
    expect(attachment.toString('latin1')).toContain(`/URI (${LINK})`);
    const [ticket] = await ticketsOfBooking(t, booking.id);
    const download = await get(`/api/tickets/${ticket!.id}/pdf`, buyer.cookie);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).toString('latin1')).toContain(`/URI (${LINK})`);

    // a cancelled ticket's PDF has no link
    expect((await cancel(buyer.cookie, ticket!.id)).status).toBe(200);
    const cancelled = await get(`/api/tickets/${ticket!.id}/pdf`, buyer.cookie);
    expect(cancelled.status).toBe(200);
    expect(Buffer.from(await cancelled.arrayBuffer()).toString('latin1')).not.toContain('raum-4711');
  });

  it('says in the confirmation mail that the link follows while the event has none', async () => {
    const event = await createEvent(db(), { mode: 'online', location: 'Online', priceCents: 0 });
    const buyer = await signedInUser(t);
    const booking = await book(buyer.cookie, event.id);
    expect(booking.onlineUrl).toBeNull();
    const [mail] = await mailsTo(buyer.email, 'Deine Tickets:%');
    expect(mail!.text).toContain('Den Zugangslink bekommst du per E-Mail, sobald er feststeht.');
    expect(mail!.text).not.toContain('Einlass');
  });
});

describe('a changed access link', () => {
  it('is mailed to every holder of an active ticket, once per change', async () => {
    const event = await createEvent(db(), { mode: 'online', location: 'Online', onlineUrl: LINK });
    const holder = await signedInUser(t);
    const gone = await signedInUser(t);
    await book(holder.cookie, event.id, 2);
    const goneBooking = await book(gone.cookie, event.id);
    const [goneTicket] = await ticketsOfBooking(t, goneBooking.id);
    expect((await cancel(gone.cookie, goneTicket!.id)).status).toBe(200);

    expect((await patchEvent(event.id, { onlineUrl: NEW_LINK })).status).toBe(200);
    const mails = await mailsTo(holder.email, 'Neuer Zugangslink:%');
    expect(mails.map((mail) => mail.subject)).toEqual([`Neuer Zugangslink: ${event.title}`]);
    expect(mails[0]!.text).toContain(`Zugangslink: ${NEW_LINK}`);
    expect(mails[0]!.html).toContain(`href="${NEW_LINK}"`);
    expect(mails[0]!.text).not.toContain('raum-4711');
    expect(await mailsTo(gone.email, '%Zugangslink:%')).toHaveLength(0);
    const held = (await myTickets(holder.cookie)).find((ticket) => ticket.event.id === event.id);
    expect(held?.onlineUrl).toBe(NEW_LINK);

    // saving the same link again, or something else, mails nobody
    expect((await patchEvent(event.id, { onlineUrl: NEW_LINK })).status).toBe(200);
    expect((await patchEvent(event.id, { description: 'Neue Beschreibung.' })).status).toBe(200);
    expect(await mailsTo(holder.email, '%Zugangslink:%')).toHaveLength(1);
  });

  it('set for the first time reaches the holders as their link; no link, no mail', async () => {
    const event = await createEvent(db(), { mode: 'online', location: 'Online', priceCents: 0 });
    const holder = await signedInUser(t);
    await book(holder.cookie, event.id);
    expect((await patchEvent(event.id, { onlineUrl: LINK })).status).toBe(200);
    const mails = await mailsTo(holder.email, '%Zugangslink:%');
    expect(mails.map((mail) => mail.subject)).toEqual([`Dein Zugangslink: ${event.title}`]);
    expect(mails[0]!.text).toContain(`Zugangslink: ${LINK}`);

    // removing it mails nobody; an event without holders mails nobody either
    expect((await patchEvent(event.id, { onlineUrl: null })).status).toBe(200);
    const empty = await createEvent(db(), { mode: 'online', location: 'Online' });
    expect((await patchEvent(empty.id, { onlineUrl: NEW_LINK })).status).toBe(200);
    expect(await mailsTo(holder.email, '%Zugangslink:%')).toHaveLength(1);
  });
});
