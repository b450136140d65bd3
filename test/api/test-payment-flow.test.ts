import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { PAYMENT_MESSAGES, type PaymentSession } from '@shared/payments';
import { expireHolds } from '@server/core/bookings/expire-holds';
import { createEvent, slugify } from '@server/demo/factories';
import { bookings, mailOutbox, type MailAttachment } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import {
  availableSeats,
  MINUTE,
  paymentsOf,
  signedInUser,
  ticketsOfBooking,
  type ErrorBody,
} from '../helpers/tickets';
import { TEST_MAIL } from '../helpers/mail-context';

// The built-in test provider (docs/product/payments.md#test-mode) and the payment flow
// (docs/product/payments.md#flow).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const as = (cookie: string) => ({ cookie });
const book = async (cookie: string, eventId: string, quantity: number) => {
  const res = await post(t, '/api/bookings', { eventId, quantity, holderName: 'Anna Beispiel' }, as(cookie));
  expect(res.status).toBe(201);
  return (await res.json()) as BookingView;
};
const startPayment = (cookie: string, bookingId: string) =>
  post(t, `/api/bookings/${bookingId}/payment`, {}, as(cookie));
const complete = (cookie: string, bookingId: string) =>
  post(t, `/api/bookings/${bookingId}/payment/test/complete`, {}, as(cookie));
const decline = (cookie: string, bookingId: string) =>
  post(t, `/api/bookings/${bookingId}/payment/test/decline`, {}, as(cookie));

/** Runs the app's own outbox worker (not started in tests) until nothing due is left. */
async function drainOutbox() {
  while ((await t.services.outbox.drainOnce()) > 0);
}

describe('test provider: complete', () => {
  it('confirms once, issues one ticket set and sends the confirmation with PDF and .ics', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(t.database.db, { priceCents: 2500 });
    const booking = await book(buyer.cookie, event.id, 2);
    expect(booking).toMatchObject({ status: 'pending', paymentStatus: 'pending', totalAmountCents: 5000 });

    const started = await startPayment(buyer.cookie, booking.id);
    expect(started.status).toBe(200);
    const session = (await started.json()) as PaymentSession;
    expect(session).toEqual({
      provider: 'test',
      paymentId: expect.any(String),
      amountCents: 5000,
      currency: 'EUR',
      methods: ['card', 'wallet'], // the default 'Zahlungsarten' (docs/decisions/056-payment-methods-and-the-checkout.md)
    });
    // a second start (reload of the payment page) resumes the same attempt
    const resumed = (await (await startPayment(buyer.cookie, booking.id)).json()) as PaymentSession;
    expect(resumed.paymentId).toBe(session.paymentId);

    const first = await complete(buyer.cookie, booking.id);
    expect(first.status).toBe(200);
    const confirmed = (await first.json()) as BookingView;
    expect(confirmed).toMatchObject({
      id: booking.id,
      status: 'confirmed',
      paymentStatus: 'paid',
      isTest: true,
      holdExpiresAt: null,
      seats: 2,
    });
    expect(confirmed.tickets).toHaveLength(2);

    const second = await complete(buyer.cookie, booking.id);
    expect(second.status).toBe(200);
    expect(((await second.json()) as BookingView).tickets).toEqual(confirmed.tickets);

    const rows = await ticketsOfBooking(t, booking.id);
    expect(rows.map((row) => row.id)).toEqual(confirmed.tickets.map((ticket) => ticket.id));
    expect(rows.every((row) => row.isTest && row.status === 'active' && row.priceCents === 2500)).toBe(true);
    const attempts = await paymentsOf(t, booking.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      id: session.paymentId,
      provider: 'test',
      status: 'succeeded',
      amountCents: 5000,
    });
    expect(await availableSeats(t, event.id)).toBe(18);

    const again = await startPayment(buyer.cookie, booking.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(PAYMENT_MESSAGES.alreadyPaid);

    // one confirmation, however often 'complete' was pressed; attachments are rendered by the worker
    const confirmationMails = () =>
      t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, buyer.email), like(mailOutbox.subject, '%Deine Tickets%')));
    const queued = await confirmationMails();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.subject).toBe(`[TEST] Deine Tickets: ${event.title}`);
    expect(queued[0]!.attachments).toEqual([
      {
        filename: `tickets-${slugify(event.title)}.pdf`,
        contentType: 'application/pdf',
        render: { kind: 'booking-tickets-pdf', bookingId: booking.id },
      },
      {
        filename: `${event.slug}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        render: { kind: 'booking-ics', bookingId: booking.id },
      },
      // the booking's invoice (docs/product/invoices.md#buyer)
      {
        filename: expect.stringMatching(/^Rechnung-RE-\d{4}-\d{5}\.pdf$/),
        contentType: 'application/pdf',
        render: { kind: 'invoice-pdf', invoiceId: expect.any(String) },
      },
    ]);

    await drainOutbox();
    const [sent] = await confirmationMails();
    expect(sent!.lastError).toBeNull();
    expect(sent!.status).toBe('sent');
    const [pdf, ics, invoice] = sent!.attachments as MailAttachment[];
    expect(Buffer.from(invoice!.contentBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfBytes = Buffer.from(pdf!.contentBase64, 'base64');
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf!.size).toBe(pdfBytes.length);
    const calendar = Buffer.from(ics!.contentBase64, 'base64').toString('utf8');
    expect(calendar).toContain('BEGIN:VCALENDAR');
    expect(calendar).toContain('BEGIN:VEVENT');
  });
});

describe('test provider: parallel starts', () => {
  it('eight starts at once for one booking leave exactly one open attempt, and all answers name it', async () => {
    // Before the booking row lock, PostgreSQL left two attempts here; PGlite (one connection) cannot race.
    const buyer = await signedInUser(t);
    const event = await createEvent(t.database.db, { priceCents: 1500 });
    const booking = await book(buyer.cookie, event.id, 1);
    const starts = await Promise.all(Array.from({ length: 8 }, () => startPayment(buyer.cookie, booking.id)));
    expect(starts.map((res) => res.status)).toEqual(Array(8).fill(200));
    const sessions = (await Promise.all(starts.map((res) => res.json()))) as PaymentSession[];
    const attempts = await paymentsOf(t, booking.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      status: 'pending',
      providerPaymentId: expect.stringMatching(/^test_pi_/),
    });
    expect(new Set(sessions.map((session) => session.paymentId))).toEqual(new Set([attempts[0]!.id]));
  });
});

describe('test provider: decline', () => {
  it('keeps the booking pending; a new attempt can then complete it', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(t.database.db, { priceCents: 1900 });
    const booking = await book(buyer.cookie, event.id, 1);
    const firstAttempt = (await (await startPayment(buyer.cookie, booking.id)).json()) as PaymentSession;

    const declined = await decline(buyer.cookie, booking.id);
    expect(declined.status).toBe(200);
    expect(await declined.json()).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      tickets: [],
    });
    const [failed] = await paymentsOf(t, booking.id);
    expect(failed).toMatchObject({
      id: firstAttempt.paymentId,
      status: 'failed',
      lastError: PAYMENT_MESSAGES.testDeclined,
    });
    expect(await availableSeats(t, event.id)).toBe(19); // the hold still stands

    // the declined attempt itself cannot be completed: the page starts a new one first
    const stale = await complete(buyer.cookie, booking.id);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).error.message).toBe(PAYMENT_MESSAGES.notPayable);

    const retry = await startPayment(buyer.cookie, booking.id);
    expect(retry.status).toBe(200);
    const secondAttempt = (await retry.json()) as PaymentSession;
    expect(secondAttempt.paymentId).not.toBe(firstAttempt.paymentId);

    const done = await complete(buyer.cookie, booking.id);
    expect(done.status).toBe(200);
    const view = (await done.json()) as BookingView;
    expect(view).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', isTest: true });
    expect(view.tickets).toHaveLength(1);
    const attempts = await paymentsOf(t, booking.id);
    expect(attempts.map((a) => [a.id, a.status])).toEqual([
      [firstAttempt.paymentId, 'failed'],
      [secondAttempt.paymentId, 'succeeded'],
    ]);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(2);
    expect(await availableSeats(t, event.id)).toBe(19);
  });

  it("does not let another user pay or settle someone's booking", async () => {
    const buyer = await signedInUser(t);
    const stranger = await signedInUser(t);
    const event = await createEvent(t.database.db);
    const booking = await book(buyer.cookie, event.id, 1);
    await startPayment(buyer.cookie, booking.id);
    expect((await startPayment(stranger.cookie, booking.id)).status).toBe(404);
    expect((await complete(stranger.cookie, booking.id)).status).toBe(404);
    expect((await decline(stranger.cookie, booking.id)).status).toBe(404);
    const [attempt] = await paymentsOf(t, booking.id);
    expect(attempt!.status).toBe('pending');
    expect((await post(t, `/api/bookings/${booking.id}/payment`, {})).status).toBe(401);
  });
});

describe('hold expired', () => {
  it('answers 409 once the hold has run out, before and after the expiry job', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(t.database.db);
    const booking = await book(buyer.cookie, event.id, 1);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(bookings.id, booking.id));

    const late = await startPayment(buyer.cookie, booking.id);
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.message).toBe(
      'Die Reservierung ist abgelaufen. Bitte buche erneut.',
    );
    expect(await paymentsOf(t, booking.id)).toEqual([]);

    await expireHolds(t.database.db, new Date(), TEST_MAIL);
    expect((await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe(
      'expired',
    );
    const expired = await startPayment(buyer.cookie, booking.id);
    expect(expired.status).toBe(409);
    expect(((await expired.json()) as ErrorBody).error.message).toBe(PAYMENT_MESSAGES.holdExpired);
    expect(await availableSeats(t, event.id)).toBe(20);
  });
});
