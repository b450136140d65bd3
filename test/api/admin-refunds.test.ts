import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent } from '@shared/admin-events';
import type { BookingView } from '@shared/booking';
import type { DevMail } from '@shared/dev-mail';
import { EMAIL_TEST_TYPES, type EmailTestResponse } from '@shared/admin-test-mails';
import { ADMIN_REFUND_MESSAGES } from '@server/core/payments/admin-refund';
import { MAX_REFUND_ATTEMPTS } from '@server/core/payments/process-refund';
import { createBooking, createEvent } from '@server/demo/factories';
import {
  bookings,
  eventOrganizers,
  mailOutbox,
  payments,
  profiles,
  refunds,
  tickets,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import {
  availableSeats,
  bookingRow,
  DAY,
  HOUR,
  refundsOf,
  signedInUser,
  ticketsOfBooking,
  type ErrorBody,
} from '../helpers/tickets';

// Admin Refund (docs/product/admin.md#admin-refund) and the e-mail tests card
// (docs/product/admin.md#email-tests): refunds never above what is left, every refund recorded and mailed;
// the mails to holders, organizers and admins (event-updates, organizer-booking-paid/-cancelled,
// admin-cancellation-issue) and refund-all on 'Abgesagt' (docs/product/admin.md#cancel-event-refund-all).

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let attendee: Awaited<ReturnType<typeof signedInUser>>;
let organizer: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  attendee = await signedInUser(t, 'attendee');
  organizer = await signedInUser(t, 'organizer');
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const as = (cookie?: string): Record<string, string> => (cookie ? { cookie } : {});
const refund = (body: unknown, cookie: string | undefined = admin.cookie) =>
  post(t, '/api/admin/refunds', body, as(cookie));
const emailTest = (body: unknown, cookie: string | undefined = admin.cookie) =>
  post(t, '/api/admin/email-tests', body, as(cookie));
const patchEvent = (id: string, body: unknown) =>
  t.app.request(`/api/admin/events/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', cookie: admin.cookie },
    body: JSON.stringify(body),
  });
const errorOf = async (res: Response) =>
  (
    (await res.json()) as ErrorBody & {
      error: { details?: { path: string; message: string }[] };
    }
  ).error;
const mailsTo = (to: string, subject?: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), subject ? like(mailOutbox.subject, subject) : undefined));

/** Books through the API and pays with the test provider, as a buyer does. */
async function bookAndPay(cookie: string, eventId: string, quantity: number) {
  const res = await post(t, '/api/bookings', { eventId, quantity, holderName: 'Anna Beispiel' }, as(cookie));
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
  expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(cookie))).status).toBe(200);
  const paid = await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(cookie));
  expect(paid.status).toBe(200);
  const confirmed = (await paid.json()) as BookingView;
  expect(confirmed).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  return confirmed;
}

describe('access', () => {
  it('answers both endpoints anonymous 401, attendee and organizer 403, admin 200', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { priceCents: 2000 });
    const booking = await bookAndPay(buyer.cookie, event.id, 1);
    const refundBody = { bookingId: booking.id, percent: 0.5 };
    const testBody = { emailType: 'event-updates', targetEmail: 'ziel@example.org' };

    expect((await refund(refundBody, '')).status).toBe(401);
    expect((await emailTest(testBody, '')).status).toBe(401);
    for (const someone of [attendee, organizer]) {
      expect((await refund(refundBody, someone.cookie)).status).toBe(403);
      expect((await emailTest(testBody, someone.cookie)).status).toBe(403);
    }
    // refused calls wrote nothing
    expect(await refundsOf(t, booking.id)).toHaveLength(0);
    expect(await mailsTo('ziel@example.org')).toHaveLength(0);

    expect((await refund(refundBody)).status).toBe(200);
    expect((await emailTest(testBody)).status).toBe(200);
    expect(await refundsOf(t, booking.id)).toHaveLength(1);
    expect(await mailsTo('ziel@example.org')).toHaveLength(1);
  });
});

describe('POST /api/admin/refunds', () => {
  it('refunds a share of the paid amount, refuses more than is left, then caps 100 % at the rest', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { priceCents: 3333 });
    const booking = await bookAndPay(buyer.cookie, event.id, 1);
    const [ticket] = await ticketsOfBooking(t, booking.id);

    // 50 %: floor(3333 × 0.5) = 1666
    const half = await refund({ bookingId: booking.id, percent: 0.5 });
    expect(half.status).toBe(200);
    expect(await half.json()).toEqual({ refund: { amountCents: 1666, amount: 16.66, currency: 'EUR' } });
    const [first] = await refundsOf(t, booking.id);
    expect(first).toMatchObject({
      amountCents: 1666,
      status: 'succeeded', // the test provider refunds at once
      // no reason given: the buyer's request, in words, never Stripe's code (decision 049)
      reason: 'Auf Kundenwunsch',
      createdBy: admin.id,
      ticketId: null,
      attempts: 1,
    });
    expect(first!.providerRefundId).toMatch(/^test_re_/);
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'confirmed', // money back, tickets stay valid
      paymentStatus: 'partially_refunded',
    });
    expect((await ticketsOfBooking(t, booking.id))[0]!.status).toBe('active');
    const refundMails = await mailsTo(buyer.email, 'Erstattung:%');
    expect(refundMails.map((mail) => mail.subject)).toEqual([`Erstattung: ${event.title}`]);
    expect(refundMails[0]!.text).toContain('16,66');

    // 1668 > 1667 left: refused with the figure, nothing written
    const tooMuch = await refund({ bookingId: booking.id, amountCents: 1668, reason: 'Kulanz' });
    expect(tooMuch.status).toBe(409);
    const error = await errorOf(tooMuch);
    expect(error.message).toMatch(/^Es sind nur noch .+ erstattbar\.$/);
    expect(error.message).toContain('16,67');
    expect(await refundsOf(t, booking.id)).toHaveLength(1);
    expect((await bookingRow(t, booking.id)).paymentStatus).toBe('partially_refunded');
    expect(await mailsTo(buyer.email, 'Erstattung:%')).toHaveLength(1);

    // 100 % of 3333 is capped at the 1667 left
    const rest = await refund({ bookingId: booking.id, percent: 1, reason: 'Kulanz' });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { refund: { amountCents: number } }).refund.amountCents).toBe(1667);
    const rows = await refundsOf(t, booking.id);
    expect(rows.map((row) => [row.amountCents, row.status, row.reason])).toEqual([
      [1666, 'succeeded', 'Auf Kundenwunsch'],
      [1667, 'succeeded', 'Kulanz'],
    ]);
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(3333);
    expect((await bookingRow(t, booking.id)).paymentStatus).toBe('refunded');
    expect(await mailsTo(buyer.email, 'Erstattung:%')).toHaveLength(2);

    // nothing left: a further refund is refused, and cancelling the ticket refunds nothing more
    const more = await refund({ bookingId: booking.id, amountCents: 1 });
    expect(more.status).toBe(409);
    expect((await errorOf(more)).message).toBe(ADMIN_REFUND_MESSAGES.nothingPaid);
    const cancelled = await post(t, `/api/tickets/${ticket!.id}/cancel`, {}, as(buyer.cookie));
    expect(cancelled.status).toBe(200);
    expect(await refundsOf(t, booking.id)).toHaveLength(2);
  });

  it('refuses bad input with 422 and its texts, and writes nothing', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { priceCents: 2000 });
    const booking = await bookAndPay(buyer.cookie, event.id, 1);
    const detailsOf = async (res: Response) => {
      expect(res.status).toBe(422);
      const error = await errorOf(res);
      expect(error.code).toBe('validation_failed');
      return (error.details ?? []).map((detail) => detail.message);
    };

    const reference = 'Bitte gib eine Bestellnummer oder Booking-ID an.';
    expect(await detailsOf(await refund({ percent: 0.5 }))).toContain(reference);
    expect(await detailsOf(await refund({ bookingId: '   ', percent: 0.5 }))).toContain(reference);
    expect(await detailsOf(await refund({ bookingId: booking.id, amountCents: -100 }))).toContain(
      'Betrag ungültig',
    );
    expect(await detailsOf(await refund({ bookingId: booking.id, amountCents: 12.5 }))).toContain(
      'Betrag ungültig',
    );
    expect(await detailsOf(await refund({ bookingId: booking.id, percent: 1.5 }))).not.toHaveLength(0);
    expect(
      await detailsOf(await refund({ bookingId: booking.id, percent: 0.5, amountCents: 100 })),
    ).toContain('Betrag ungültig');
    expect(await detailsOf(await refund({ bookingId: booking.id }))).toContain('Betrag ungültig');
    // a zero refund is not a refund
    const zero = await refund({ bookingId: booking.id, percent: 0 });
    expect(zero.status).toBe(422);
    expect((await errorOf(zero)).message).toBe(ADMIN_REFUND_MESSAGES.zero);

    expect(await refundsOf(t, booking.id)).toHaveLength(0);
    expect((await bookingRow(t, booking.id)).paymentStatus).toBe('paid');
    expect(await mailsTo(buyer.email, 'Erstattung:%')).toHaveLength(0);
  });

  it('answers 404 for an unknown booking and 409 for a booking without payment', async () => {
    for (const bookingId of [randomUUID(), 'keine-uuid']) {
      const res = await refund({ bookingId, percent: 1 });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(ADMIN_REFUND_MESSAGES.notFound);
    }

    const buyer = await signedInUser(t);
    const free = await createEvent(db(), { priceCents: 0 });
    const made = await createBooking(db(), { event: free, profileId: buyer.id });
    expect(made.booking.paymentStatus).toBe('not_required');
    const res = await refund({ bookingId: made.booking.id, amountCents: 100 });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(ADMIN_REFUND_MESSAGES.nothingPaid);
    expect(await refundsOf(t, made.booking.id)).toHaveLength(0);
  });
});

describe('POST /api/admin/email-tests', () => {
  it("sends every type through the real templates with 'all', the confirmation with its PDF", async () => {
    const target = `ziel-${randomUUID()}@example.org`;
    const res = await emailTest({ emailType: 'all', targetEmail: `  ${target} ` });
    expect(res.status).toBe(200);
    const body = (await res.json()) as EmailTestResponse;
    expect(body.ok).toBe(true);
    expect(body.results).toHaveLength(EMAIL_TEST_TYPES.length);
    expect(body.results.map((result) => result.type)).toEqual([...EMAIL_TEST_TYPES]);
    expect(body.results.every((result) => result.success)).toBe(true);

    const mailbox = (await (await t.app.request('/api/dev/mails')).json()) as DevMail[];
    const received = mailbox.filter((mail) => mail.to === target);
    expect(received).toHaveLength(EMAIL_TEST_TYPES.length);
    expect(received.every((mail) => mail.subject.startsWith('[Test] '))).toBe(true);
    const confirmation = received.find((mail) => mail.subject.includes('Deine Tickets'));
    expect(confirmation?.attachments).toEqual([
      { filename: 'ticket-1234.pdf', contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    expect(confirmation!.attachments[0]!.size).toBeGreaterThan(1000);
    expect(received.some((mail) => mail.subject.includes('Erstattung fehlgeschlagen'))).toBe(true);
    expect(received.some((mail) => mail.subject.includes('Änderung'))).toBe(true);
    expect(received.some((mail) => mail.subject.includes('Dein Platz ist frei: '))).toBe(true);
    expect(received.some((mail) => mail.subject.includes('Ticket übertragen an Lea Sommer'))).toBe(true);
    const substitute = received.find((mail) => mail.subject.includes('Dein Ticket: '));
    expect(substitute?.attachments).toEqual([
      { filename: 'ticket-5678.pdf', contentType: 'application/pdf', size: expect.any(Number) },
    ]);
  });

  it('sends a single type once and refuses a bad address or an unknown type', async () => {
    const target = `ziel-${randomUUID()}@example.org`;
    const one = await emailTest({ emailType: 'organizer-booking-cancelled', targetEmail: target });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({
      ok: true,
      results: [{ type: 'organizer-booking-cancelled', success: true, message: expect.any(String) }],
    });
    const mails = await mailsTo(target);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^\[Test\] .*Stornierung: /);

    const badAddress = await emailTest({ emailType: 'all', targetEmail: 'kein-at-zeichen' });
    expect(badAddress.status).toBe(422);
    const unknownType = await emailTest({ emailType: 'newsletter', targetEmail: target });
    expect(unknownType.status).toBe(422);
    expect(await emailTest({ emailType: 'all' })).toHaveProperty('status', 422);
    expect(await mailsTo(target)).toHaveLength(1);
  });
});

describe('cancelling an event with refundAll', () => {
  it('cancels every active ticket with a full refund, frees the seats and tells each buyer', async () => {
    const event = await createEvent(db(), { priceCents: 2000, totalSeats: 10 });
    const anna = await signedInUser(t);
    const ben = await signedInUser(t);
    const annaBooking = await bookAndPay(anna.cookie, event.id, 2);
    const benBooking = await bookAndPay(ben.cookie, event.id, 1);
    expect(await availableSeats(t, event.id)).toBe(7);

    const res = await patchEvent(event.id, { status: 'cancelled', refundAll: true });
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminEvent).toMatchObject({ status: 'cancelled', activeTicketCount: 0 });

    const all = await db().select().from(tickets).where(eq(tickets.eventId, event.id));
    expect(all).toHaveLength(3);
    expect(all.every((ticket) => ticket.status === 'canceled')).toBe(true);
    for (const booking of [annaBooking, benBooking]) {
      const rows = await refundsOf(t, booking.id);
      expect(rows).toHaveLength(booking.quantity);
      expect(rows.every((row) => row.amountCents === 2000 && row.status === 'succeeded')).toBe(true);
      expect(new Set(rows.map((row) => row.ticketId)).size).toBe(booking.quantity);
      expect(await bookingRow(t, booking.id)).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'refunded',
        seats: 0,
      });
    }
    expect(await availableSeats(t, event.id)).toBe(10);
    expect(await seatInvariantViolations(db())).toEqual([]);
    for (const buyer of [anna, ben]) {
      const cancelled = await mailsTo(buyer.email, 'Abgesagt:%');
      expect(cancelled.length).toBeGreaterThanOrEqual(1);
      expect(new Set(cancelled.map((mail) => mail.subject))).toEqual(new Set([`Abgesagt: ${event.title}`]));
      expect(await mailsTo(buyer.email, 'Änderung:%')).toHaveLength(0);
    }

    // running it again finds nothing to refund
    const again = await patchEvent(event.id, { status: 'cancelled', refundAll: true });
    expect(again.status).toBe(200);
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, annaBooking.id))).toHaveLength(2);
  });
});

describe('event-update mails', () => {
  it('tells each holder of an active ticket once about a new time, not about a new description', async () => {
    const event = await createEvent(db(), { priceCents: 1500 });
    const holder = await signedInUser(t);
    const gone = await signedInUser(t);
    await bookAndPay(holder.cookie, event.id, 2);
    const goneBooking = await bookAndPay(gone.cookie, event.id, 1);
    const [goneTicket] = await ticketsOfBooking(t, goneBooking.id);
    expect((await post(t, `/api/tickets/${goneTicket!.id}/cancel`, {}, as(gone.cookie))).status).toBe(200);

    const moved = new Date(event.startTime.getTime() + DAY);
    const res = await patchEvent(event.id, {
      startTime: moved.toISOString(),
      endTime: new Date(moved.getTime() + 3 * HOUR).toISOString(),
    });
    expect(res.status).toBe(200);
    const updates = await mailsTo(holder.email, 'Änderung:%');
    expect(updates.map((mail) => mail.subject)).toEqual([`Änderung: ${event.title}`]);
    expect(await mailsTo(gone.email, 'Änderung:%')).toHaveLength(0);

    expect((await patchEvent(event.id, { description: 'Neue Beschreibung.' })).status).toBe(200);
    expect((await patchEvent(event.id, { title: event.title })).status).toBe(200);
    expect(await mailsTo(holder.email, 'Änderung:%')).toHaveLength(1);

    expect((await patchEvent(event.id, { location: 'Berlin' })).status).toBe(200);
    expect(await mailsTo(holder.email, 'Änderung:%')).toHaveLength(2);
  });
});

describe('organizer mails', () => {
  it("mails the event's organizers about a paid booking and a cancelled ticket", async () => {
    const event = await createEvent(db(), { priceCents: 2500 });
    await db().insert(eventOrganizers).values({ eventId: event.id, userId: organizer.id });
    const buyer = await signedInUser(t);
    const booking = await bookAndPay(buyer.cookie, event.id, 1);
    expect(booking.isTest).toBe(true);
    const paidNotices = await mailsTo(organizer.email, '%Neue Buchung:%');
    expect(paidNotices.map((mail) => mail.subject)).toEqual([`[TEST] Neue Buchung: ${event.title}`]);
    expect(paidNotices[0]!.text).toContain(buyer.email);
    expect(await mailsTo(buyer.email, '%Neue Buchung:%')).toHaveLength(0);

    const [ticket] = await ticketsOfBooking(t, booking.id);
    expect((await post(t, `/api/tickets/${ticket!.id}/cancel`, {}, as(buyer.cookie))).status).toBe(200);
    const cancelNotices = await mailsTo(organizer.email, '%Stornierung:%');
    expect(cancelNotices.map((mail) => mail.subject)).toEqual([`[TEST] Stornierung: ${event.title}`]);

    // events without organizers mail nobody but the buyer
    const other = await createEvent(db(), { priceCents: 2500 });
    await bookAndPay(buyer.cookie, other.id, 1);
    expect(await mailsTo(organizer.email, `%${other.title}`)).toHaveLength(0);
  });
});

describe('admin issue mail', () => {
  /** A paid booking whose payment was taken by Stripe, while this server has no Stripe key (any more). */
  async function stripePaidBooking() {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { priceCents: 4200 });
    const { booking } = await createBooking(db(), { event, profileId: buyer.id });
    await db()
      .update(payments)
      .set({ provider: 'stripe', providerPaymentId: `pi_${randomUUID()}` })
      .where(eq(payments.bookingId, booking.id));
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    return { event, booking, payment: payment! };
  }
  const owed = async (booking: { id: string }, paymentId: string, attempts: number) =>
    (
      await db()
        .insert(refunds)
        .values({ paymentId, bookingId: booking.id, amountCents: 4200, attempts, reason: 'test' })
        .returning()
    )[0]!;
  const issueMails = (title: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Erstattung fehlgeschlagen: ${title}`));

  it('marks a refund failed after the last attempt and mails every admin', async () => {
    const secondAdmin = await signedInUser(t, 'admin');
    const { event, booking, payment } = await stripePaidBooking();

    // an attempt that is not the last one stays pending and mails nobody
    const early = await owed(booking, payment.id, 0);
    await t.services.payments.sendRefunds([early.id]);
    const [stillPending] = await db().select().from(refunds).where(eq(refunds.id, early.id));
    expect(stillPending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(stillPending!.lastError).toBeTruthy();
    expect(await issueMails(event.title)).toHaveLength(0);
    await db().update(refunds).set({ status: 'failed' }).where(eq(refunds.id, early.id));

    const last = await owed(booking, payment.id, MAX_REFUND_ATTEMPTS - 1);
    await t.services.payments.sendRefunds([last.id]);
    const [failed] = await db().select().from(refunds).where(eq(refunds.id, last.id));
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_REFUND_ATTEMPTS });
    expect(failed!.lastError).toBe('payment provider not available');

    const admins = await db()
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.role, 'admin'));
    expect(admins.map((a) => a.email)).toEqual(expect.arrayContaining([admin.email, secondAdmin.email]));
    const mails = await issueMails(event.title);
    expect(mails.map((mail) => mail.to).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(mails[0]!.text).toContain(booking.id);
    expect(mails[0]!.text).toContain('42,00');

    // a failed refund is not retried and is not reported twice
    await t.services.payments.sendRefunds([last.id]);
    expect(await issueMails(event.title)).toHaveLength(admins.length);
    expect((await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe(
      'confirmed',
    );
  });
});
