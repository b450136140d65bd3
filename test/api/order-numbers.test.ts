import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRefundLookup } from '@shared/admin-refunds';
import type { AdminTicketPage } from '@shared/admin-tickets';
import type { BookingView } from '@shared/booking';
import { newOrderNumber, ORDER_NUMBER_PATTERN } from '@shared/order-number';
import type { MyTicket } from '@shared/tickets';
import { createBooking as bookSeats } from '@server/core/bookings/create-booking';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { bookings, eventOrganizers, mailOutbox } from '@server/db/schema';
import { adminCancellationIssueMail } from '@server/core/mail/templates/admin-cancellation-issue';
import { bookingConfirmationMail } from '@server/core/mail/templates/booking-confirmation';
import { eventUpdateMail } from '@server/core/mail/templates/event-update';
import { onlineLinkChangedMail } from '@server/core/mail/templates/online-link-changed';
import { organizerBookingMail } from '@server/core/mail/templates/organizer-booking';
import { paymentRefundedMail } from '@server/core/mail/templates/payment-refunded';
import { refundIssuedMail } from '@server/core/mail/templates/refund-issued';
import { ticketCancelledMail } from '@server/core/mail/templates/ticket-cancelled';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { pdfText } from '../helpers/pdf-text';
import { availableSeats, DAY, HOUR, refundsOf, signedInUser, ticketsOfBooking } from '../helpers/tickets';

// Issue 12 item 3, docs/decisions/020-order-numbers.md: every booking has a short order number, shown
// wherever the buyer or an admin meets the booking, and Admin Refund takes it.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const as = (cookie: string): Record<string, string> => ({ cookie });
const get = (path: string, cookie: string) => t.app.request(path, { headers: { cookie } });
const mailsTo = (to: string, subject: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, subject)));
const storedNumber = async (bookingId: string) =>
  (await db().select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.orderNumber;

/** Books through the API and pays with the test provider, as a buyer does. */
async function bookAndPay(cookie: string, eventId: string, quantity = 1) {
  const res = await post(t, '/api/bookings', { eventId, quantity, holderName: 'Anna Beispiel' }, as(cookie));
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
  expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(cookie))).status).toBe(200);
  const paid = await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(cookie));
  expect(paid.status).toBe(200);
  return (await paid.json()) as BookingView;
}

/** The message of every mail of the booking, text and HTML, must name its order number. */
function expectNamed(mail: { text: string; html: string | null } | undefined, orderNumber: string) {
  expect(mail, 'mail written').toBeDefined();
  expect(mail!.text).toMatch(new RegExp(`Bestellnummer:? ${orderNumber}`));
  expect(mail!.html).toContain('Bestellnummer');
  expect(mail!.html).toContain(orderNumber);
}

describe('every booking has an order number', () => {
  it('is drawn on insert for paid (the one-statement path) and free bookings, and shown by the API', async () => {
    const buyer = await signedInUser(t);
    const paidEvent = await createEvent(db(), { priceCents: 2000 });
    const freeEvent = await createEvent(db(), { priceCents: 0 });

    const paid = await post(
      t,
      '/api/bookings',
      { eventId: paidEvent.id, quantity: 1, holderName: 'A' },
      as(buyer.cookie),
    );
    expect(paid.status).toBe(201);
    const pending = (await paid.json()) as BookingView;
    expect(pending.status).toBe('pending');
    expect(pending.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(await storedNumber(pending.id)).toBe(pending.orderNumber);

    const free = await post(
      t,
      '/api/bookings',
      { eventId: freeEvent.id, quantity: 2, holderName: 'A' },
      as(buyer.cookie),
    );
    const confirmed = (await free.json()) as BookingView;
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(confirmed.orderNumber).not.toBe(pending.orderNumber);

    // the success page reads it back
    for (const booking of [pending, confirmed]) {
      const res = await get(`/api/bookings/${booking.id}`, buyer.cookie);
      expect(((await res.json()) as BookingView).orderNumber).toBe(booking.orderNumber);
    }
    // factories (tests, demo seed) get one too
    const { user } = await createUser(db());
    const made = await createBooking(db(), { event: freeEvent, profileId: user.id });
    expect(made.booking.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
  });

  it('is unique in the database and drawn again when taken, on both booking paths', async () => {
    const { user: buyer } = await createUser(db());
    const paidEvent = await createEvent(db(), { priceCents: 2000 });
    const freeEvent = await createEvent(db(), { priceCents: 0 });
    const taken = (await createBooking(db(), { event: freeEvent, profileId: buyer.id })).booking.orderNumber;
    // the database refuses a second booking with the number
    await expect(
      createBooking(db(), { event: freeEvent, profileId: buyer.id, booking: { orderNumber: taken } }),
    ).rejects.toThrow();

    const drawn: string[] = [];
    const draws =
      (...numbers: string[]) =>
      () => {
        const next = numbers.shift()!;
        drawn.push(next);
        return next;
      };
    const input = (eventId: string) => ({ eventId, quantity: 1, holderName: 'Anna Beispiel' });

    // paid: the one statement fails as a whole (seats too), then goes through with the next number
    const fresh = newOrderNumber();
    const seatsBefore = await availableSeats(t, paidEvent.id);
    const paid = await bookSeats({
      db: db(),
      userId: buyer.id,
      input: input(paidEvent.id),
      drawOrderNumber: draws(taken, fresh),
    });
    expect(drawn).toEqual([taken, fresh]);
    expect(paid).toMatchObject({ status: 'pending', orderNumber: fresh });
    expect(await availableSeats(t, paidEvent.id)).toBe(seatsBefore - 1);

    // free (the transaction): rolled back and repeated with the next number
    const other = newOrderNumber();
    drawn.length = 0;
    const free = await bookSeats({
      db: db(),
      userId: buyer.id,
      input: input(freeEvent.id),
      paymentsAvailable: false,
      drawOrderNumber: draws(taken, fresh, other),
    });
    expect(drawn).toEqual([taken, fresh, other]);
    expect(free).toMatchObject({ status: 'confirmed', orderNumber: other });
    expect(free.tickets).toHaveLength(1);

    // three clashes in a row are not chance: the error stands and nothing is booked
    const seats = await availableSeats(t, paidEvent.id);
    await expect(
      bookSeats({
        db: db(),
        userId: buyer.id,
        input: input(paidEvent.id),
        drawOrderNumber: draws(taken, fresh, other),
      }),
    ).rejects.toThrow(/bookings_order_number_unique/);
    expect(await availableSeats(t, paidEvent.id)).toBe(seats);
  });
});

describe('where the buyer meets it', () => {
  it('shows in Meine Tickets, on the ticket PDF and in every mail of the booking', async () => {
    const buyer = await signedInUser(t);
    const organizer = await signedInUser(t, 'organizer');
    const event = await createEvent(db(), { priceCents: 3000 });
    await db().insert(eventOrganizers).values({ eventId: event.id, userId: organizer.id });
    const booking = await bookAndPay(buyer.cookie, event.id, 2);
    const { orderNumber } = booking;
    expect(orderNumber).toMatch(ORDER_NUMBER_PATTERN);

    const mine = (await (await get('/api/tickets', buyer.cookie)).json()) as MyTicket[];
    expect(mine).toHaveLength(2);
    expect(mine.map((ticket) => ticket.orderNumber)).toEqual([orderNumber, orderNumber]);

    const pdf = await get(`/api/tickets/${mine[0]!.id}/pdf`, buyer.cookie);
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(`Bestellnummer ${orderNumber}`);

    expectNamed((await mailsTo(buyer.email, '%Deine Tickets:%'))[0], orderNumber);
    expectNamed((await mailsTo(organizer.email, '%Neue Buchung:%'))[0], orderNumber);

    // a new time: the holder hears of it, naming the booking
    const moved = new Date(event.startTime.getTime() + DAY);
    const patched = await t.app.request(`/api/admin/events/${event.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', cookie: admin.cookie },
      body: JSON.stringify({
        startTime: moved.toISOString(),
        endTime: new Date(moved.getTime() + 3 * HOUR).toISOString(),
      }),
    });
    expect(patched.status).toBe(200);
    expectNamed((await mailsTo(buyer.email, 'Änderung:%'))[0], orderNumber);

    // the buyer cancels one ticket; the admin refunds part of the rest, typing the number loosely
    expect((await post(t, `/api/tickets/${mine[0]!.id}/cancel`, {}, as(buyer.cookie))).status).toBe(200);
    expectNamed((await mailsTo(buyer.email, 'Stornierung bestätigt:%'))[0], orderNumber);
    expectNamed((await mailsTo(organizer.email, '%Stornierung:%'))[0], orderNumber);
    const typed = ` ${orderNumber.toLowerCase().replace('-', ' ')} `;
    expect(
      (await post(t, '/api/admin/refunds', { bookingId: typed, amountCents: 100 }, as(admin.cookie))).status,
    ).toBe(200);
    const refundMail = (await mailsTo(buyer.email, 'Erstattung:%'))[0];
    expectNamed(refundMail, orderNumber);
    expect(refundMail!.text).toContain(`(Bestellnummer ${orderNumber})`);
  });
});

describe('admin tickets list, search and CSV', () => {
  it('carries the order number, finds a booking by it however typed, and exports it as Bestellnummer', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { priceCents: 1000 });
    const mine = await createBooking(db(), { event, profileId: buyer.id, quantity: 2 });
    const others = await createBooking(db(), { event, profileId: buyer.id });
    const { orderNumber } = mine.booking;
    const list = async (search: string) => {
      const res = await get(
        `/api/admin/tickets?event=${event.id}&search=${encodeURIComponent(search)}`,
        admin.cookie,
      );
      expect(res.status).toBe(200);
      return (await res.json()) as AdminTicketPage;
    };
    const ticketIds = (page: AdminTicketPage) =>
      page.groups.flatMap((group) => group.tickets.map((ticket) => ticket.id)).sort();
    const expected = mine.tickets.map((ticket) => ticket.id).sort();

    for (const search of [
      orderNumber,
      orderNumber.toLowerCase(),
      orderNumber.slice(3),
      ` wr ${orderNumber.slice(3)} `,
    ]) {
      expect(ticketIds(await list(search)), search).toEqual(expected);
    }
    const all = await list('');
    const rows = all.groups.flatMap((group) => group.tickets);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const owner = row.id === others.tickets[0]!.id ? others : mine;
      expect(row.orderNumber).toBe(owner.booking.orderNumber);
    }

    const csv = await get(`/api/admin/tickets/export.csv?event=${event.id}`, admin.cookie);
    const [header, ...records] = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // the order number after the first columns, before the payment method (docs/product/payments.md#method-names)
    // and the category ('Ticketart', docs/product/ticket-categories.md)
    const columns = header!.split(';');
    expect(columns.slice(-3)).toEqual(['Bestellnummer', 'Zahlungsart', 'Ticketart']);
    expect(records).toHaveLength(3);
    for (const record of records) {
      const cells = record.split(';');
      const owner = cells[0] === others.tickets[0]!.id ? others : mine;
      expect(cells.at(-3)).toBe(owner.booking.orderNumber);
    }
  });
});

describe('Admin Refund by order number', () => {
  const lookup = (q: string, cookie = admin.cookie) =>
    get(`/api/admin/refunds/lookup?q=${encodeURIComponent(q)}`, cookie);

  it('looks a booking up by order number or id: buyer, event, paid, refunded and what is left', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { title: 'Atem und Stimme', priceCents: 3333 });
    const booking = await bookAndPay(buyer.cookie, event.id);

    const res = await lookup(` ${booking.orderNumber.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const found = (await res.json()) as AdminRefundLookup;
    expect(found).toEqual({
      bookingId: booking.id,
      orderNumber: booking.orderNumber,
      buyerName: expect.any(String),
      buyerEmail: buyer.email,
      eventTitle: 'Atem und Stimme',
      eventStart: event.startTime.toISOString(),
      eventTimezone: 'Europe/Berlin',
      currency: 'EUR',
      paidCents: 3333,
      refundedCents: 0,
      refundableCents: 3333,
    } satisfies AdminRefundLookup);
    expect((await (await lookup(booking.id)).json()) as AdminRefundLookup).toEqual(found);

    // refunded by its order number: half of it, then the lookup says what is left
    const half = await post(
      t,
      '/api/admin/refunds',
      { bookingId: booking.orderNumber, percent: 0.5 },
      as(admin.cookie),
    );
    expect(half.status).toBe(200);
    expect(((await half.json()) as { refund: { amountCents: number } }).refund.amountCents).toBe(1666);
    expect((await refundsOf(t, booking.id)).map((refund) => refund.amountCents)).toEqual([1666]);
    expect(await (await lookup(booking.orderNumber)).json()).toMatchObject({
      paidCents: 3333,
      refundedCents: 1666,
      refundableCents: 1667,
    });
    // the tickets stay valid
    expect((await ticketsOfBooking(t, booking.id)).every((ticket) => ticket.status === 'active')).toBe(true);
  });

  it('answers 404 for unknown numbers, 422 without one, and only to admins', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { priceCents: 0 });
    const free = await createBooking(db(), { event, profileId: buyer.id });
    let unknown = newOrderNumber();
    while (unknown === free.booking.orderNumber) unknown = newOrderNumber();

    for (const q of [unknown, 'WR-0000OO', 'keine-buchung']) {
      const res = await lookup(q);
      expect(res.status, q).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'Buchung nicht gefunden.',
      );
      const refund = await post(t, '/api/admin/refunds', { bookingId: q, percent: 1 }, as(admin.cookie));
      expect(refund.status, q).toBe(404);
    }
    const empty = await get('/api/admin/refunds/lookup?q=%20', admin.cookie);
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toBe(
      'Bitte gib eine Bestellnummer oder Booking-ID an.',
    );

    // a free booking is found, with nothing to refund
    expect(await (await lookup(free.booking.orderNumber)).json()).toMatchObject({
      bookingId: free.booking.id,
      paidCents: 0,
      refundedCents: 0,
      refundableCents: 0,
    });
    const nothing = await post(
      t,
      '/api/admin/refunds',
      { bookingId: free.booking.orderNumber, percent: 1 },
      as(admin.cookie),
    );
    expect(nothing.status).toBe(409);

    expect((await t.app.request(`/api/admin/refunds/lookup?q=${free.booking.orderNumber}`)).status).toBe(401);
    expect((await lookup(free.booking.orderNumber, buyer.cookie)).status).toBe(403);
  });
});

describe('booking mail templates', () => {
  const context = {
    siteName: 'Wachstumsraum',
    logoUrl: 'https://shop.example.test/logo.svg',
    supportEmail: 'hallo@shop.example.test',
    publicUrl: 'https://shop.example.test',
  };
  const event = {
    title: 'Achtsam kommunizieren',
    slug: 'achtsam-kommunizieren',
    startTime: new Date('2030-03-14T09:00:00Z'),
    endTime: new Date('2030-03-14T16:00:00Z'),
    timezone: 'Europe/Berlin',
    location: 'Hamburg',
    mode: 'presence' as const,
  };
  const orderNumber = 'WR-7K3Q9F';
  const money = { amountCents: 4900, currency: 'EUR' };

  it('name the order number in each of them (text and HTML)', () => {
    const mails = {
      confirmation: bookingConfirmationMail({
        context,
        event,
        orderNumber,
        holderName: 'Anna',
        quantity: 1,
        totalAmountCents: 4900,
        currency: 'EUR',
        ticketCodes: ['1234'],
        isTest: false,
        onlineUrl: null,
      }),
      cancelled: ticketCancelledMail({
        context,
        event,
        orderNumber,
        holderName: 'Anna',
        ticketCode: '1234',
        refundCents: 4900,
        currency: 'EUR',
        byShop: false,
      }),
      update: eventUpdateMail({
        context,
        orderNumber,
        holderName: 'Anna',
        before: event,
        after: { ...event, location: 'Berlin' },
      }),
      organizer: organizerBookingMail({
        context,
        kind: 'paid',
        event,
        orderNumber,
        organizerName: 'Miriam',
        buyerName: 'Anna',
        buyerEmail: 'anna@example.org',
        quantity: 1,
        ...money,
        availableSeats: 3,
        totalSeats: 10,
        isTest: false,
      }),
      refundIssued: refundIssuedMail({
        context,
        orderNumber,
        holderName: 'Anna',
        eventTitle: event.title,
        ...money,
      }),
      onlineLink: onlineLinkChangedMail({
        context,
        orderNumber,
        holderName: 'Anna',
        event: { ...event, mode: 'online' },
        onlineUrl: 'https://meet.example/raum',
        first: true,
      }),
      paymentRefunded: paymentRefundedMail({ context, event, orderNumber, holderName: 'Anna', ...money }),
      adminIssue: adminCancellationIssueMail({
        context,
        eventTitle: event.title,
        bookingId: '3f2b9c1e-0000-4000-8000-000000000001',
        orderNumber,
        buyerEmail: 'anna@example.org',
        ...money,
        problem: 'Zahlungsanbieter nicht erreichbar',
      }),
    };
    for (const [name, mail] of Object.entries(mails)) {
      expect(mail.text, name).toMatch(/Bestellnummer:? WR-7K3Q9F/);
      expect(mail.html, name).toContain('WR-7K3Q9F');
    }
    // the admins' mail opens the tickets list searched for the booking
    expect(mails.adminIssue.text).toContain('https://shop.example.test/admin/bookings?search=WR-7K3Q9F');
  });
});
