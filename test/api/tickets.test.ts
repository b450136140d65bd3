import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { FREE_TICKET_TEXTS, TICKET_MESSAGES, type CancelTicketResult, type MyTicket } from '@shared/tickets';
import { createBooking, createEvent } from '@server/demo/factories';
import { mailOutbox, payments, refunds, ticketPreviews } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { pdfText } from '../helpers/pdf-text';
import { seatInvariantViolations } from '../helpers/db';
import {
  availableSeats,
  bookingRow,
  DAY,
  HOUR,
  MINUTE,
  refundsOf,
  signedInUser,
  ticketRow,
  ticketsOfBooking,
  type ErrorBody,
} from '../helpers/tickets';

// 'Meine Tickets', cancelling, ticket files and deleting (docs/product/tickets-and-refunds.md): the seat
// invariant, refunds never above what was paid, owner-or-admin access.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const NO_TICKET = '00000000-0000-4000-8000-000000000000';
const as = (cookie?: string): Record<string, string> => (cookie ? { cookie } : {});
const listTickets = (cookie?: string) => t.app.request('/api/tickets', { headers: as(cookie) });
const cancel = (cookie: string | undefined, ticketId: string) =>
  post(t, `/api/tickets/${ticketId}/cancel`, {}, as(cookie));
const download = (cookie: string | undefined, ticketId: string, kind: 'pdf' | 'image') =>
  t.app.request(`/api/tickets/${ticketId}/${kind}`, { headers: as(cookie) });
const adminPreview = (cookie: string | undefined, ticketId: string) =>
  post(t, `/api/admin/tickets/${ticketId}/preview`, {}, as(cookie));
const adminDelete = (cookie: string | undefined, ticketId: string) =>
  t.app.request(`/api/admin/tickets/${ticketId}`, { method: 'DELETE', headers: as(cookie) });
const messageOf = async (res: Response) => ((await res.json()) as ErrorBody).error.message;
const noInvariantViolations = async () => expect(await seatInvariantViolations(db())).toEqual([]);

/** Books through the API and pays with the test provider: a confirmed booking with real tickets. */
async function bookAndPay(cookie: string, eventId: string, quantity: number) {
  const res = await post(t, '/api/bookings', { eventId, quantity, holderName: 'Anna Beispiel' }, as(cookie));
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
  if (booking.status === 'confirmed') return booking; // free
  expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(cookie))).status).toBe(200);
  const paid = await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(cookie));
  expect(paid.status).toBe(200);
  return (await paid.json()) as BookingView;
}

/** A confirmed, paid booking of a signed-in user made by the factory (start time chosen freely). */
async function factoryTickets(profileId: string, eventOverrides = {}, quantity = 1, now = new Date()) {
  const event = await createEvent(db(), eventOverrides);
  const made = await createBooking(db(), {
    event,
    profileId,
    quantity,
    now,
    booking: { holderName: 'Anna Beispiel' },
  });
  return { event, ...made };
}

describe('GET /api/tickets', () => {
  it('lists only my tickets, newest first, with what cancelling would refund now', async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    const base = Date.now();
    const past = await factoryTickets(
      me.id,
      { startTime: new Date(base - DAY), endTime: new Date(base - DAY + 2 * HOUR), priceCents: 2000 },
      1,
      new Date(base - 4 * HOUR),
    );
    const later = await factoryTickets(me.id, { priceCents: 4900 }, 2, new Date(base - 3 * HOUR));
    const soon = await factoryTickets(
      me.id,
      { startTime: new Date(base + 10 * DAY), priceCents: 3000, imageUrl: '/uploads/events/x.webp' },
      1,
      new Date(base - 2 * HOUR),
    );
    const free = await factoryTickets(me.id, { priceCents: 0 }, 1, new Date(base - HOUR));
    await factoryTickets(other.id, {}, 1, new Date(base));
    // one of the two tickets of 'later' is cancelled
    expect((await cancel(me.cookie, later.tickets[1]!.id)).status).toBe(200);

    const res = await listTickets(me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const list = (await res.json()) as MyTicket[];
    expect(list.map((ticket) => ticket.id)).toEqual([
      free.tickets[0]!.id,
      soon.tickets[0]!.id,
      later.tickets[1]!.id,
      later.tickets[0]!.id,
      past.tickets[0]!.id,
    ]);

    const ticket = soon.tickets[0]!;
    expect(list[1]).toEqual({
      id: ticket.id,
      bookingId: soon.booking.id,
      orderNumber: soon.booking.orderNumber,
      ticketNumber: ticket.ticketNumber,
      code: ticket.ticketNumber.slice(-4),
      status: 'active',
      isTest: false,
      isCheckedIn: false,
      cancellationRequested: false,
      holderName: 'Anna Beispiel',
      // not transferred: the buyer holds it, may transfer it until the start (cut-off 0) and fix the name
      // (docs/product/tickets-and-refunds.md#ticket-transfer)
      holderEmail: null,
      isBuyer: true,
      // a paid booking's invoice (docs/product/invoices.md#buyer)
      invoice: { id: expect.any(String), number: expect.stringMatching(/^RE-\d{4}-\d{5}$/) },
      // no certificate before the event (docs/product/certificates.md#my-tickets)
      certificate: null,
      // paid by card, not by transfer (docs/product/bank-transfer.md#refunds)
      paidByTransfer: false,
      paymentMethod: 'Testzahlung', // the factory's test payment names no method
      transferableUntil: soon.event.startTime.toISOString(),
      holderNameEditable: true,
      priceCents: 3000,
      currency: 'EUR',
      createdAt: new Date(base - 2 * HOUR).toISOString(),
      // its category; an event without questions shows no answers (docs/product/ticket-categories.md#answers)
      categoryName: 'Ticket',
      answers: null,
      event: {
        id: soon.event.id,
        slug: soon.event.slug,
        title: soon.event.title,
        startTime: soon.event.startTime.toISOString(),
        endTime: soon.event.endTime.toISOString(),
        timezone: 'Europe/Berlin',
        location: 'Hamburg',
        // the venue and room are printed with the town (docs/product/events.md#venue-for-buyers)
        venue: null,
        room: null,
        mode: 'presence',
        priceUnit: 'per_person',
        imageUrl: '/uploads/events/x.webp',
      },
      onlineUrl: null, // a presence event (docs/decisions/019-online-links.md)
      // 10 days ahead: the default 70 % tier (docs/product/tickets-and-refunds.md#default-tiers)
      cancellation: { share: 0.7, refundCents: 2100 },
    });
    // free, 30 days ahead: no tier, nothing to refund (docs/product/tickets-and-refunds.md#free-ticket-cancel)
    expect(list[0]!.cancellation).toEqual({ share: 0, refundCents: 0 });
    expect(list[2]).toMatchObject({ status: 'canceled', cancellation: null });
    expect(list[3]).toMatchObject({ status: 'active', cancellation: { share: 1, refundCents: 4900 } });
    expect(list[4]).toMatchObject({ status: 'active', cancellation: null }); // already started

    const theirs = (await (await listTickets(other.cookie)).json()) as MyTicket[];
    expect(theirs).toHaveLength(1);
    expect(theirs.some((row) => list.some((mine) => mine.id === row.id))).toBe(false);
  });

  it('requires sign-in', async () => {
    expect((await listTickets()).status).toBe(401);
  });
});

describe('POST /api/tickets/:id/cancel', () => {
  it('refunds each ticket of a paid per-pair booking and gives back its two seats', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { priceUnit: 'per_pair', priceCents: 8000 });
    const booking = await bookAndPay(buyer.cookie, event.id, 2);
    const [first, second] = booking.tickets;
    expect(await availableSeats(t, event.id)).toBe(16);

    const res = await cancel(buyer.cookie, first!.id);
    expect(res.status).toBe(200);
    expect((await res.json()) as CancelTicketResult).toEqual({
      refund: { amountCents: 8000, currency: 'EUR' },
      message: 'Stornierung erfolgreich. Erstattung: 80,00 EUR',
    });
    expect(await availableSeats(t, event.id)).toBe(18);
    await noInvariantViolations();
    expect(await ticketRow(t, first!.id)).toMatchObject({ status: 'canceled', canceledAt: expect.any(Date) });
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'partially_refunded',
      seats: 2,
    });
    const [refund] = await refundsOf(t, booking.id);
    expect(refund).toMatchObject({
      ticketId: first!.id,
      amountCents: 8000,
      status: 'succeeded',
      reason: 'requested_by_customer',
      providerRefundId: expect.stringMatching(/^test_re_/),
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.map((mail) => mail.subject)).toContain(`Stornierung bestätigt: ${event.title}`);

    expect((await cancel(buyer.cookie, second!.id)).status).toBe(200);
    expect(await availableSeats(t, event.id)).toBe(20);
    await noInvariantViolations();
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      seats: 0,
      refundReason: 'requested_by_customer',
    });
    const all = await refundsOf(t, booking.id);
    expect(all.map((r) => [r.ticketId, r.amountCents, r.status])).toEqual([
      [first!.id, 8000, 'succeeded'],
      [second!.id, 8000, 'succeeded'],
    ]);
  });

  it('leaves a booking partially refunded when the tier kept part of the money', async () => {
    const buyer = await signedInUser(t);
    // 10 days ahead: 70 % of 49,99 € is 34,993 €, floored to 34,99 €
    const { event, booking, tickets } = await factoryTickets(
      buyer.id,
      { startTime: new Date(Date.now() + 10 * DAY), priceCents: 4999 },
      2,
    );
    for (const ticket of tickets) {
      const res = await cancel(buyer.cookie, ticket.id);
      expect(res.status).toBe(200);
      expect(((await res.json()) as CancelTicketResult).refund).toEqual({
        amountCents: 3499,
        currency: 'EUR',
      });
      await noInvariantViolations();
    }
    const sent = await refundsOf(t, booking.id);
    expect(sent.map((r) => [r.amountCents, r.status])).toEqual([
      [3499, 'succeeded'],
      [3499, 'succeeded'],
    ]);
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'partially_refunded',
    });
    expect(await availableSeats(t, event.id)).toBe(20);
  });

  it('never refunds more than is left refundable on the payment', async () => {
    const buyer = await signedInUser(t);
    const { booking, tickets } = await factoryTickets(buyer.id, { priceCents: 4900 }, 2);
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    // 90 € of the 98 € were already paid back outside the shop
    await db().insert(refunds).values({
      paymentId: payment!.id,
      bookingId: booking.id,
      amountCents: 9000,
      reason: 'external',
      status: 'succeeded',
    });

    const first = await cancel(buyer.cookie, tickets[0]!.id);
    expect(((await first.json()) as CancelTicketResult).refund).toEqual({
      amountCents: 800,
      currency: 'EUR',
    });
    expect((await bookingRow(t, booking.id)).paymentStatus).toBe('refunded');
    const second = await cancel(buyer.cookie, tickets[1]!.id);
    expect((await second.json()) as CancelTicketResult).toEqual({
      refund: null,
      message: TICKET_MESSAGES.cancelSuccessNoRefund,
    });
    const all = await refundsOf(t, booking.id);
    expect(all.reduce((sum, r) => sum + r.amountCents, 0)).toBe(payment!.amountCents);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('cancels a free ticket without a refund, telling one story: free, seat released, no tier (docs/product/tickets-and-refunds.md#free-ticket-cancel)', async () => {
    const buyer = await signedInUser(t);
    // 9 days ahead: the default tier would say 70 %
    const event = await createEvent(db(), { priceCents: 0, startTime: new Date(Date.now() + 9 * DAY) });
    const booking = await bookAndPay(buyer.cookie, event.id, 1);
    expect(await availableSeats(t, event.id)).toBe(19);
    const listed = ((await (await listTickets(buyer.cookie)).json()) as MyTicket[])[0]!;
    expect(listed.cancellation).toEqual({ share: 0, refundCents: 0 });
    const res = await cancel(buyer.cookie, booking.tickets[0]!.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ refund: null, message: FREE_TICKET_TEXTS.cancelled });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Stornierung bestätigt: ${event.title}`));
    expect(mail!.text).toContain(FREE_TICKET_TEXTS.mail);
    expect(mail!.html).toContain('Das Ticket war kostenlos, es gibt nichts zu erstatten.');
    for (const body of [mail!.text, mail!.html!]) {
      expect(body).not.toMatch(/Erstattung|Stornobedingungen|Richtlinie/);
    }
    expect(mail!.text).not.toContain('%');
    expect(await refundsOf(t, booking.id)).toEqual([]);
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'not_required',
    });
    expect(await availableSeats(t, event.id)).toBe(20);
  });

  it("answers 404 for someone else's ticket and changes nothing (admins included)", async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const admin = await signedInUser(t, 'admin');
    const { event, booking, tickets } = await factoryTickets(owner.id);
    for (const cookie of [stranger.cookie, admin.cookie]) {
      const res = await cancel(cookie, tickets[0]!.id);
      expect(res.status).toBe(404);
      expect(await messageOf(res)).toBe(TICKET_MESSAGES.notFound);
    }
    expect((await ticketRow(t, tickets[0]!.id))!.status).toBe('active');
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await refundsOf(t, booking.id)).toEqual([]);
    expect(await availableSeats(t, event.id)).toBe(19);
  });

  it('answers 409 for a ticket cancelled before, and for an event that has started', async () => {
    const buyer = await signedInUser(t);
    const { event, tickets } = await factoryTickets(buyer.id, {}, 2);
    expect((await cancel(buyer.cookie, tickets[0]!.id)).status).toBe(200);
    const twice = await cancel(buyer.cookie, tickets[0]!.id);
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe('Dieses Ticket wurde bereits storniert.');
    expect(await availableSeats(t, event.id)).toBe(19); // the seat came back once only

    const started = await factoryTickets(buyer.id, {
      startTime: new Date(Date.now() - MINUTE),
      endTime: new Date(Date.now() + 2 * HOUR),
    });
    const late = await cancel(buyer.cookie, started.tickets[0]!.id);
    expect(late.status).toBe(409);
    expect(await messageOf(late)).toBe(TICKET_MESSAGES.eventStarted);
    expect((await ticketRow(t, started.tickets[0]!.id))!.status).toBe('active');
    expect(await refundsOf(t, started.booking.id)).toEqual([]);
  });

  it('answers 404 for malformed or unknown ids and 401 when signed out', async () => {
    const buyer = await signedInUser(t);
    const malformed = await cancel(buyer.cookie, 'not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(await messageOf(malformed)).toBe(TICKET_MESSAGES.notFound);
    expect((await cancel(buyer.cookie, NO_TICKET)).status).toBe(404);
    const { tickets } = await factoryTickets(buyer.id);
    expect((await cancel(undefined, tickets[0]!.id)).status).toBe(401);
    expect((await ticketRow(t, tickets[0]!.id))!.status).toBe('active');
  });
});

describe("the venue's name where the buyer needs it (docs/product/events.md#venue-for-buyers)", () => {
  it('success page data, Meine Tickets, ticket PDF, image and confirmation mail name venue and town', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { venue: 'Heidehof Wilsede', location: 'Undeloh' });
    const booking = await bookAndPay(buyer.cookie, event.id, 1);
    const place = 'Heidehof Wilsede, Undeloh';

    // the success page reads GET /api/bookings/:id; Meine Tickets GET /api/tickets
    const view = (await (
      await t.app.request(`/api/bookings/${booking.id}`, { headers: as(buyer.cookie) })
    ).json()) as BookingView;
    expect(view.event).toMatchObject({ venue: 'Heidehof Wilsede', location: 'Undeloh' });
    const [listed] = (await (await listTickets(buyer.cookie)).json()) as MyTicket[];
    expect(listed!.event).toMatchObject({ venue: 'Heidehof Wilsede', location: 'Undeloh' });

    const pdf = Buffer.from(
      await (await download(buyer.cookie, booking.tickets[0]!.id, 'pdf')).arrayBuffer(),
    );
    expect(pdfText(pdf)).toContain(place);

    const mail = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).find((row) =>
      row.subject.endsWith(`Deine Tickets: ${event.title}`),
    );
    expect(mail!.text).toContain(`Wo: ${place}`);
    expect(mail!.html).toContain(place);
  });
});

describe('ticket files', () => {
  it('gives the PDF to its owner and admins only', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const admin = await signedInUser(t, 'admin');
    const { tickets } = await factoryTickets(owner.id);
    const ticket = tickets[0]!;
    for (const cookie of [owner.cookie, admin.cookie]) {
      const res = await download(cookie, ticket.id, 'pdf');
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
      expect(res.headers.get('Content-Disposition')).toBe(
        `attachment; filename="ticket-${ticket.ticketNumber.slice(-4)}.pdf"`,
      );
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const foreign = await download(stranger.cookie, ticket.id, 'pdf');
    expect(foreign.status).toBe(404);
    expect(await messageOf(foreign)).toBe(TICKET_MESSAGES.notFound);
    expect((await download(owner.cookie, 'not-a-uuid', 'pdf')).status).toBe(404);
    expect((await download(undefined, ticket.id, 'pdf')).status).toBe(401);
  });

  it('gives the PNG image to its owner and admins only', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const admin = await signedInUser(t, 'admin');
    const { tickets } = await factoryTickets(owner.id);
    const ticket = tickets[0]!;
    const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const cookie of [owner.cookie, admin.cookie]) {
      const res = await download(cookie, ticket.id, 'image');
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/png');
      expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="ticket-${ticket.id}.png"`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
    expect((await download(stranger.cookie, ticket.id, 'image')).status).toBe(404);
    expect((await download(undefined, ticket.id, 'image')).status).toBe(401);
  });
});

describe('admin ticket actions', () => {
  it('re-renders the preview for admins only and stores it as a WebP', async () => {
    const owner = await signedInUser(t);
    const organizer = await signedInUser(t, 'organizer');
    const admin = await signedInUser(t, 'admin');
    const { tickets } = await factoryTickets(owner.id);
    const ticket = tickets[0]!;
    expect((await adminPreview(undefined, ticket.id)).status).toBe(401);
    expect((await adminPreview(owner.cookie, ticket.id)).status).toBe(403);
    expect((await adminPreview(organizer.cookie, ticket.id)).status).toBe(403);
    const previews = () => db().select().from(ticketPreviews).where(eq(ticketPreviews.ticketId, ticket.id));
    expect(await previews()).toEqual([]);

    const res = await adminPreview(admin.cookie, ticket.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; url: string };
    expect(body.ok).toBe(true);
    const [row] = await previews();
    expect(row!.storagePath).toBe(body.url);
    const stored = await t.services.storage.read(t.services.storage.keyOf(body.url)!);
    expect(stored!.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(stored!.subarray(8, 12).toString('latin1')).toBe('WEBP');

    // a second render replaces the first (one row, the old file removed)
    const again = (await (await adminPreview(admin.cookie, ticket.id)).json()) as { url: string };
    expect(await previews()).toHaveLength(1);
    if (again.url !== body.url) {
      expect(await t.services.storage.read(t.services.storage.keyOf(body.url)!)).toBeNull();
    }
    expect((await adminPreview(admin.cookie, NO_TICKET)).status).toBe(404);
  });

  it('deletes a ticket for admins only, giving its seats back', async () => {
    const owner = await signedInUser(t);
    const organizer = await signedInUser(t, 'organizer');
    const admin = await signedInUser(t, 'admin');
    const { event, booking, tickets } = await factoryTickets(owner.id, { priceUnit: 'per_pair' }, 2);
    expect(await availableSeats(t, event.id)).toBe(16);
    expect((await adminDelete(undefined, tickets[0]!.id)).status).toBe(401);
    expect((await adminDelete(owner.cookie, tickets[0]!.id)).status).toBe(403);
    expect((await adminDelete(organizer.cookie, tickets[0]!.id)).status).toBe(403);
    expect(await ticketRow(t, tickets[0]!.id)).toBeDefined();

    const res = await adminDelete(admin.cookie, tickets[0]!.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await ticketRow(t, tickets[0]!.id)).toBeUndefined();
    expect(await availableSeats(t, event.id)).toBe(18);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', seats: 2 });
    await noInvariantViolations();

    // a cancelled ticket gave its seats back already: deleting it gives nothing back twice
    expect((await cancel(owner.cookie, tickets[1]!.id)).status).toBe(200);
    expect(await availableSeats(t, event.id)).toBe(20);
    expect((await adminDelete(admin.cookie, tickets[1]!.id)).status).toBe(200);
    expect(await availableSeats(t, event.id)).toBe(20);
    expect(await ticketsOfBooking(t, booking.id)).toEqual([]);
    expect((await bookingRow(t, booking.id)).status).toBe('cancelled');
    await noInvariantViolations();

    expect((await adminDelete(admin.cookie, tickets[1]!.id)).status).toBe(404);
    expect((await adminDelete(admin.cookie, 'not-a-uuid')).status).toBe(404);
  });
});
