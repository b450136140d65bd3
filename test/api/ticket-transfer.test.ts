import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInOutcome } from '@shared/participants';
import { TICKET_TRANSFER_MESSAGES, transferredToSubject } from '@shared/ticket-transfer';
import { ticketBarcodeContent, type MyTicket } from '@shared/tickets';
import { createBooking, createEvent } from '@server/demo/factories';
import type { Event, Ticket } from '@server/db/types';
import { eventOrganizers, mailOutbox, ticketTransfers, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, uniqueEmail } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import {
  availableSeats,
  bookingRow,
  DAY,
  HOUR,
  signedInUser,
  ticketRow,
  type ErrorBody,
} from '../helpers/tickets';

// Transferring a ticket to a substitute (docs/product/tickets-and-refunds.md#ticket-transfer) and fixing the
// name on it (docs/product/tickets-and-refunds.md#holder-name-change).

type Person = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let admin: Person;
let organizer: Person;
let buyer: Person;
let stranger: Person;
let event: Event;

const db = () => t.database.db;
const as = (cookie: string): Record<string, string> => ({ cookie });

const transfer = (cookie: string, ticketId: string, body: unknown) =>
  post(t, `/api/tickets/${ticketId}/transfer`, body, as(cookie));
const adminTransfer = (cookie: string, ticketId: string, body: unknown) =>
  post(t, `/api/admin/tickets/${ticketId}/transfer`, body, as(cookie));
const renameHolder = (cookie: string, ticketId: string, body: unknown) =>
  t.app.request(`/api/tickets/${ticketId}/holder-name`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...as(cookie) },
    body: JSON.stringify(body),
  });
const myTickets = async (cookie: string) => {
  const res = await t.app.request('/api/tickets', { headers: as(cookie) });
  expect(res.status).toBe(200);
  return (await res.json()) as MyTicket[];
};
async function checkIn(scan: string, eventId = event.id) {
  const res = await post(t, `/api/checkin/${eventId}`, { scan }, as(organizer.cookie));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CheckInOutcome;
}
const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));

async function newTicket(target = event, quantity = 1): Promise<Ticket> {
  const booked = await createBooking(db(), {
    event: target,
    profileId: buyer.id,
    quantity,
    booking: { holderName: 'Bea Käuferin' },
  });
  return booked.tickets[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  organizer = await signedInUser(t, 'organizer');
  buyer = await signedInUser(t, 'attendee');
  stranger = await signedInUser(t, 'attendee');
  event = await createEvent(db(), {
    title: 'Übertragungs-Workshop',
    startTime: new Date(Date.now() + 5 * DAY),
  });
  await db().insert(eventOrganizers).values({ eventId: event.id, userId: organizer.id });
});
afterAll(() => t.close());

describe('transfer by the buyer', () => {
  it('gives a new number, refuses the old barcode at the door, admits the new one', async () => {
    const ticket = await newTicket();
    const substitute = uniqueEmail('ersatz');
    const res = await transfer(buyer.cookie, ticket.id, {
      name: ' Lea Sommer ',
      email: substitute.toUpperCase(),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const shown = (await res.json()) as MyTicket;
    expect(shown).toMatchObject({
      id: ticket.id,
      holderName: 'Lea Sommer',
      holderEmail: substitute,
      isBuyer: true,
      transferredTo: { name: 'Lea Sommer', email: substitute, at: expect.any(String) },
      status: 'active',
    });
    expect(shown.ticketNumber).not.toBe(ticket.ticketNumber);
    expect(shown.code).not.toBe(ticket.ticketNumber.slice(-4));
    expect(shown.cancellation).not.toBeNull(); // the buyer keeps the refund rights

    const row = await ticketRow(t, ticket.id);
    expect(row).toMatchObject({
      holderName: 'Lea Sommer',
      holderEmail: substitute,
      ticketNumber: shown.ticketNumber,
    });

    // the old barcode is unknown, the old code alone no longer names this ticket; the new barcode checks in
    expect((await checkIn(ticketBarcodeContent(ticket.id, ticket.ticketNumber))).result).toBe('unknown');
    const byOldCode = await checkIn(ticket.ticketNumber.slice(-4));
    expect('participant' in byOldCode ? byOldCode.participant.ticketId : null).not.toBe(ticket.id);
    const admitted = await checkIn(ticketBarcodeContent(ticket.id, shown.ticketNumber));
    expect(admitted.result).toBe('checked-in');
    expect(admitted).toMatchObject({ participant: { holderName: 'Lea Sommer' } });

    // logged
    const [log] = await db().select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, ticket.id));
    expect(log).toMatchObject({
      actorId: buyer.id,
      actorRole: 'buyer',
      fromName: 'Bea Käuferin',
      fromEmail: buyer.email,
      toName: 'Lea Sommer',
      toEmail: substitute,
      oldTicketNumber: ticket.ticketNumber,
      newTicketNumber: shown.ticketNumber,
    });

    // both parties are mailed through the outbox: the substitute their ticket with its PDF, the buyer a notice
    const [received] = await mailsTo(substitute);
    expect(received!.subject).toBe(`Dein Ticket: ${event.title}`);
    expect(received!.text).toContain(`Code ${shown.code}`);
    expect(received!.attachments).toEqual([
      expect.objectContaining({
        filename: `ticket-${shown.code}.pdf`,
        render: { kind: 'ticket-pdf', ticketId: ticket.id },
      }),
    ]);
    // the outbox renders the substitute's PDF at the first send
    while ((await t.services.outbox.drainOnce()) > 0);
    const [sent] = await mailsTo(substitute);
    expect(sent!.status).toBe('sent');
    const [pdf] = sent!.attachments as { contentBase64: string }[];
    expect(Buffer.from(pdf!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const notices = (await mailsTo(buyer.email)).filter(
      (m) => m.subject === transferredToSubject('Lea Sommer'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(ticket.ticketNumber.slice(-4));
  });

  it('shows the ticket to the substitute after sign-in, with its PDF; a previous substitute loses it', async () => {
    const ticket = await newTicket();
    const first = await signedInUser(t, 'attendee');
    expect(
      (await transfer(buyer.cookie, ticket.id, { name: 'Erste Person', email: first.email })).status,
    ).toBe(200);

    const seen = (await myTickets(first.cookie)).find((x) => x.id === ticket.id);
    expect(seen).toMatchObject({
      holderName: 'Erste Person',
      isBuyer: false,
      cancellation: null,
      transferableUntil: null,
      holderNameEditable: false,
    });
    expect(seen).not.toHaveProperty('transferredTo');
    const pdf = await t.app.request(`/api/tickets/${ticket.id}/pdf`, { headers: as(first.cookie) });
    expect(pdf.status).toBe(200);
    // the substitute can neither cancel nor transfer it
    expect((await post(t, `/api/tickets/${ticket.id}/cancel`, {}, as(first.cookie))).status).toBe(404);
    expect((await transfer(first.cookie, ticket.id, { name: 'Dritte', email: uniqueEmail() })).status).toBe(
      404,
    );

    // the buyer passes it on again: the first substitute loses list entry and files
    const second = await signedInUser(t, 'attendee');
    expect(
      (await transfer(buyer.cookie, ticket.id, { name: 'Zweite Person', email: second.email })).status,
    ).toBe(200);
    expect((await myTickets(first.cookie)).some((x) => x.id === ticket.id)).toBe(false);
    expect((await t.app.request(`/api/tickets/${ticket.id}/pdf`, { headers: as(first.cookie) })).status).toBe(
      404,
    );
    expect((await myTickets(second.cookie)).some((x) => x.id === ticket.id)).toBe(true);
    // the previous holder and the buyer are told, once each
    expect((await mailsTo(first.email)).map((m) => m.subject)).toContain(
      transferredToSubject('Zweite Person'),
    );
    // the buyer still sees it, marked as transferred, and may download it
    const buyers = (await myTickets(buyer.cookie)).find((x) => x.id === ticket.id);
    expect(buyers).toMatchObject({
      isBuyer: true,
      transferredTo: { name: 'Zweite Person', email: second.email },
    });
    expect((await t.app.request(`/api/tickets/${ticket.id}/pdf`, { headers: as(buyer.cookie) })).status).toBe(
      200,
    );
  });

  it('refuses after the cut-off with a German message, and cancelled or checked-in tickets', async () => {
    const closing = await createEvent(db(), {
      title: 'Frühe Frist',
      startTime: new Date(Date.now() + 24 * HOUR),
      transferCutoffHours: 48,
    });
    const late = await newTicket(closing);
    const res = await transfer(buyer.cookie, late.id, { name: 'Zu Spät', email: uniqueEmail() });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(
      /^Tickets für dieses Event können nur bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr übertragen werden\.$/,
    );
    // the list says so too
    expect((await myTickets(buyer.cookie)).find((x) => x.id === late.id)!.transferableUntil).toBeNull();

    const cancelled = await newTicket();
    expect((await post(t, `/api/tickets/${cancelled.id}/cancel`, {}, as(buyer.cookie))).status).toBe(200);
    const refused = await transfer(buyer.cookie, cancelled.id, { name: 'Lea Sommer', email: uniqueEmail() });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(TICKET_TRANSFER_MESSAGES.cancelled);

    const inside = await newTicket();
    expect((await checkIn(ticketBarcodeContent(inside.id, inside.ticketNumber))).result).toBe('checked-in');
    const refusedInside = await transfer(buyer.cookie, inside.id, {
      name: 'Lea Sommer',
      email: uniqueEmail(),
    });
    expect(refusedInside.status).toBe(409);
    expect(((await refusedInside.json()) as ErrorBody).error.message).toBe(
      TICKET_TRANSFER_MESSAGES.checkedIn,
    );
    expect(await db().select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, inside.id))).toEqual(
      [],
    );
  });

  it('is only for the buyer: someone else gets 404, a guest 401, bad input 422 in German', async () => {
    const ticket = await newTicket();
    expect(
      (await transfer(stranger.cookie, ticket.id, { name: 'Lea Sommer', email: uniqueEmail() })).status,
    ).toBe(404);
    expect(
      (await post(t, `/api/tickets/${ticket.id}/transfer`, { name: 'Lea', email: uniqueEmail() })).status,
    ).toBe(401);
    const bad = await transfer(buyer.cookie, ticket.id, { name: 'L', email: 'keine-adresse' });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as ErrorBody & {
      error: { details: { path: string; message: string }[] };
    };
    expect(body.error.details.map((d) => d.path).sort()).toEqual(['email', 'name']);
    expect(body.error.message).toMatch(/Namen|E-Mail/);
    expect((await ticketRow(t, ticket.id))!.ticketNumber).toBe(ticket.ticketNumber);
  });

  it('works on a sold-out event and leaves every seat count as it was', async () => {
    const full = await createEvent(db(), { title: 'Ausgebucht', totalSeats: 2 });
    const booked = await createBooking(db(), { event: full, profileId: buyer.id, quantity: 2 });
    expect(await availableSeats(t, full.id)).toBe(0);
    const before = await bookingRow(t, booked.booking.id);
    const res = await transfer(buyer.cookie, booked.tickets[1]!.id, {
      name: 'Lea Sommer',
      email: uniqueEmail(),
    });
    expect(res.status).toBe(200);
    expect(await availableSeats(t, full.id)).toBe(0);
    expect((await bookingRow(t, booked.booking.id))!.seats).toBe(before!.seats);
    expect(await seatInvariantViolations(db())).toEqual([]);
  });
});

describe('holder name change', () => {
  it('keeps the number and code, until the start, buyer only', async () => {
    const ticket = await newTicket();
    const res = await renameHolder(buyer.cookie, ticket.id, { name: 'Bea Käufering' });
    expect(res.status, await res.clone().text()).toBe(200);
    const shown = (await res.json()) as MyTicket;
    expect(shown).toMatchObject({
      holderName: 'Bea Käufering',
      ticketNumber: ticket.ticketNumber,
      holderEmail: null,
    });
    expect(await db().select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, ticket.id))).toEqual(
      [],
    );
    expect((await renameHolder(stranger.cookie, ticket.id, { name: 'Fremd' })).status).toBe(404);
    expect((await renameHolder(buyer.cookie, ticket.id, { name: '' })).status).toBe(422);

    // the barcode still admits
    expect((await checkIn(ticketBarcodeContent(ticket.id, ticket.ticketNumber))).result).toBe('checked-in');

    const started = await createEvent(db(), { title: 'Läuft schon', startTime: new Date(Date.now() - HOUR) });
    const past = await newTicket(started);
    const refused = await renameHolder(buyer.cookie, past.id, { name: 'Zu Spät' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(TICKET_TRANSFER_MESSAGES.nameStarted);
  });
});

describe('admin transfer', () => {
  it('transfers any ticket before the start, also after the cut-off, and logs the admin', async () => {
    const closing = await createEvent(db(), {
      title: 'Admin-Frist',
      startTime: new Date(Date.now() + 24 * HOUR),
      transferCutoffHours: 48,
    });
    const ticket = await newTicket(closing);
    const substitute = uniqueEmail('admin-ersatz');
    expect((await adminTransfer(buyer.cookie, ticket.id, { name: 'Lea', email: substitute })).status).toBe(
      403,
    );
    const res = await adminTransfer(admin.cookie, ticket.id, { name: 'Lea Sommer', email: substitute });
    expect(res.status, await res.clone().text()).toBe(200);
    // answered as the buyer's 'Meine Tickets' shows it
    expect((await res.json()) as MyTicket).toMatchObject({
      id: ticket.id,
      isBuyer: true,
      transferredTo: { name: 'Lea Sommer', email: substitute },
    });
    const [log] = await db()
      .select()
      .from(ticketTransfers)
      .where(and(eq(ticketTransfers.ticketId, ticket.id), eq(ticketTransfers.actorRole, 'admin')));
    expect(log).toMatchObject({ actorId: admin.id, toEmail: substitute });
    expect(await mailsTo(substitute)).toHaveLength(1);

    const started = await createEvent(db(), {
      title: 'Admin zu spät',
      startTime: new Date(Date.now() - HOUR),
    });
    const past = await newTicket(started);
    const refused = await adminTransfer(admin.cookie, past.id, { name: 'Lea Sommer', email: uniqueEmail() });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(TICKET_TRANSFER_MESSAGES.started);
    expect(await db().select().from(tickets).where(eq(tickets.id, past.id))).toMatchObject([
      { ticketNumber: past.ticketNumber, holderEmail: null },
    ]);
  });
});

describe('the cut-off per event', () => {
  it('is set by admins on the event (hours before the start, 0 = until the start)', async () => {
    const target = await createEvent(db(), { title: 'Frist setzen' });
    const patch = (body: unknown) =>
      t.app.request(`/api/admin/events/${target.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', ...as(admin.cookie) },
        body: JSON.stringify(body),
      });
    const res = await patch({ transferCutoffHours: 72 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ transferCutoffHours: 72 });
    const bad = await patch({ transferCutoffHours: -1 });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).error.message).toMatch(/Übertragungsfrist/);
    const ticket = await newTicket(target);
    const shown = (await myTickets(buyer.cookie)).find((x) => x.id === ticket.id)!;
    expect(shown.transferableUntil).toBe(new Date(target.startTime.getTime() - 72 * HOUR).toISOString());
  });
});
