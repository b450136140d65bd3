import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTicketPage } from '@shared/admin-tickets';
import type { BookingView } from '@shared/booking';
import { PAYMENT_MESSAGES, type PaymentSession } from '@shared/payments';
import type { MyTicket } from '@shared/tickets';
import { PAY_AGAIN_HOURS, type OpenPayment } from '@shared/late-payments';
import { releaseExpiredHolds } from '@server/core/bookings/release-expired-holds';
import { cancelUnpaidReturns } from '@server/core/payments/cancel-unpaid-returns';
import { recordPaymentVerdict } from '@server/core/payments/record-payment-verdict';
import { BankTransferJob } from '@server/jobs/bank-transfer-job';
import { createEvent } from '@server/demo/factories';
import { bookings, invoices, mailOutbox, payments, waitlistEntries } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import {
  availableSeats,
  bookingRow,
  DAY,
  HOUR,
  MINUTE,
  paymentsOf,
  refundsOf,
  signedInUser,
  ticketsOfBooking,
  type ErrorBody,
} from '../helpers/tickets';

// Late verdicts and returned debits (docs/decisions/054-late-verdicts-and-returned-debits.md,
// docs/product/payments.md#processing, #pay-again, #returned): every step with a controlled clock, and the
// seat invariant after each.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});

const seatsHold = async () => expect(await seatInvariantViolations(t.database.db)).toEqual([]);
const as = (cookie: string) => ({ cookie });
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/** A booking of 2 tickets at 25 € on a fresh event of 10 seats, its payment started at the test provider. */
async function startedBooking(options: { startsIn?: number; totalSeats?: number } = {}) {
  const buyer = await signedInUser(t);
  const event = await createEvent(t.database.db, {
    priceCents: 2500,
    totalSeats: options.totalSeats ?? 10,
    startTime: new Date(Date.now() + (options.startsIn ?? 30 * DAY)),
  });
  const res = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity: 2, holderName: 'Anna Beispiel' },
    as(buyer.cookie),
  );
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
  const started = await post(t, `/api/bookings/${booking.id}/payment`, {}, as(buyer.cookie));
  expect(started.status).toBe(200);
  const session = (await started.json()) as PaymentSession;
  return { buyer, event, booking, paymentId: session.paymentId, booked: new Date() };
}

const verdict = (input: Parameters<typeof recordPaymentVerdict>[1]) =>
  recordPaymentVerdict(t.services, input);

/** The buyer's mails about the booking (not the sign-in code of the test's sign-in). */
const mailsTo = async (email: string) =>
  (
    await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(asc(mailOutbox.createdAt))
  ).filter((mail) => !mail.subject.startsWith('Dein Anmeldecode'));
const subjects = async (email: string) => (await mailsTo(email)).map((mail) => mail.subject);

const invoicesOf = (bookingId: string) =>
  t.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(asc(invoices.issuedAt));

describe('processing', () => {
  it('keeps the seats past the hold until a verdict, mails once, and a success issues tickets and invoice once', async () => {
    const { buyer, event, booking, paymentId, booked } = await startedBooking();
    expect(await availableSeats(t, event.id)).toBe(8);

    const first = await verdict({ paymentId, state: 'processing', method: 'sepa_debit', now: booked });
    expect(first.outcome).toBe('processing');
    // replays of the webhook: nothing more
    expect((await verdict({ paymentId, state: 'processing', now: booked })).outcome).toBe('unchanged');
    expect((await verdict({ paymentId, state: 'pending', now: booked })).outcome).toBe('unchanged');

    const [attempt] = await paymentsOf(t, booking.id);
    expect(attempt).toMatchObject({ status: 'processing', method: 'sepa_debit' });
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'processing',
      holdExpiresAt: null,
    });
    expect(await subjects(buyer.email)).toEqual([`[TEST] Deine Zahlung ist in Bearbeitung: ${event.title}`]);
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.text).toContain('Deine Plätze bleiben so lange für dich reserviert');

    // the hold-expiry job an hour and ten days later: the seats stay
    await releaseExpiredHolds(t.services, at(booked, HOUR));
    await releaseExpiredHolds(t.services, at(booked, 10 * DAY));
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'processing' });
    expect(await availableSeats(t, event.id)).toBe(8);
    await seatsHold();

    // 'Offene Zahlungen' in Meine Tickets
    const open = await t.app.request('/api/payments/open', { headers: as(buyer.cookie) });
    expect(((await open.json()) as { payments: OpenPayment[] }).payments).toEqual([
      expect.objectContaining({
        bookingId: booking.id,
        state: 'processing',
        payUntil: null,
        amountCents: 5000,
      }),
    ]);

    // the buyer cannot start a second payment meanwhile (paying twice is what we never do)
    const again = await post(t, `/api/bookings/${booking.id}/payment`, {}, as(buyer.cookie));
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(PAYMENT_MESSAGES.processing);

    // the bank says yes ten days later, twice
    const paidAt = at(booked, 10 * DAY);
    expect((await verdict({ paymentId, state: 'succeeded', now: paidAt })).outcome).toBe('confirmed');
    expect((await verdict({ paymentId, state: 'succeeded', now: paidAt })).outcome).toBe('confirmed');
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await ticketsOfBooking(t, booking.id)).toHaveLength(2);
    expect((await invoicesOf(booking.id)).map((row) => row.kind)).toEqual(['invoice']);
    expect(await refundsOf(t, booking.id)).toEqual([]);
    expect(await subjects(buyer.email)).toEqual([
      `[TEST] Deine Zahlung ist in Bearbeitung: ${event.title}`,
      `[TEST] Deine Tickets: ${event.title}`,
    ]);
    expect(await availableSeats(t, event.id)).toBe(8);
  });

  it('the hold expiry skips a processing booking even when it still has a hold', async () => {
    const { event, booking, paymentId, booked } = await startedBooking();
    await verdict({ paymentId, state: 'processing', now: booked });
    // a booking marked processing with its hold still set (by an older version, or by hand)
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: at(booked, 15 * MINUTE) })
      .where(eq(bookings.id, booking.id));
    await releaseExpiredHolds(t.services, at(booked, HOUR));
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'processing' });
    expect(await availableSeats(t, event.id)).toBe(8);
  });

  it('processing after the hold ran out takes the seats again while they are free', async () => {
    const { buyer, event, booking, paymentId, booked } = await startedBooking();
    await releaseExpiredHolds(t.services, at(booked, 16 * MINUTE));
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'expired' });
    expect(await availableSeats(t, event.id)).toBe(10);
    await seatsHold();

    expect((await verdict({ paymentId, state: 'processing', now: at(booked, 20 * MINUTE) })).outcome).toBe(
      'processing',
    );
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'processing' });
    expect(await availableSeats(t, event.id)).toBe(8);
    expect(await subjects(buyer.email)).toEqual([`[TEST] Deine Zahlung ist in Bearbeitung: ${event.title}`]);
  });

  it('a failure after processing holds the seats 48 h for paying again, then gives them back', async () => {
    const { buyer, event, booking, paymentId, booked } = await startedBooking();
    await verdict({ paymentId, state: 'processing', now: booked });
    const failedAt = at(booked, 5 * DAY);
    const failed = await verdict({
      paymentId,
      state: 'failed',
      lastError: 'insufficient_funds',
      now: failedAt,
    });
    expect(failed.outcome).toBe('failed');
    expect((await verdict({ paymentId, state: 'failed', now: failedAt })).outcome).toBe('unchanged');

    const until = at(failedAt, PAY_AGAIN_HOURS * HOUR);
    expect((await paymentsOf(t, booking.id))[0]).toMatchObject({ status: 'failed' });
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'failed',
      holdExpiresAt: until,
    });
    const mails = await mailsTo(buyer.email);
    expect(mails.map((mail) => mail.subject)).toHaveLength(2);
    const payAgain = mails[1]!;
    expect(payAgain.subject).toMatch(/^\[TEST\] Zahlung fehlgeschlagen, bitte bis .+ Uhr erneut bezahlen: /);
    expect(payAgain.text).toContain(`/booking/${booking.id}/success`);

    // a late success of the failed attempt is never honoured as a failure undone; the hold runs as any hold
    await releaseExpiredHolds(t.services, at(until, -1));
    expect(await availableSeats(t, event.id)).toBe(8);
    await seatsHold();
    await releaseExpiredHolds(t.services, until);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'expired' });
    expect(await availableSeats(t, event.id)).toBe(10);
  });

  it('the pay-again hold never runs past the start of the event', async () => {
    const { booking, paymentId, booked, event } = await startedBooking({ startsIn: 20 * HOUR });
    await verdict({ paymentId, state: 'processing', now: booked });
    await verdict({ paymentId, state: 'canceled', now: at(booked, HOUR) });
    expect((await bookingRow(t, booking.id)).holdExpiresAt).toEqual(event.startTime);
  });

  it('a payment that succeeds at once still confirms; a late processing changes nothing', async () => {
    const { buyer, booking, paymentId, booked } = await startedBooking();
    await verdict({ paymentId, state: 'succeeded', method: 'paypal', now: booked });
    expect((await verdict({ paymentId, state: 'processing', now: booked })).outcome).toBe('unchanged');
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await paymentsOf(t, booking.id))[0]).toMatchObject({ status: 'succeeded', method: 'paypal' });
    expect((await subjects(buyer.email)).filter((s) => s.includes('Bearbeitung'))).toEqual([]);
  });
});

describe('returned debit', () => {
  async function returnedBooking(options: { totalSeats?: number } = {}) {
    const started = await startedBooking(options);
    const { paymentId, booked } = started;
    await verdict({ paymentId, state: 'processing', method: 'sepa_debit', now: booked });
    await verdict({ paymentId, state: 'succeeded', now: at(booked, 3 * DAY) });
    const returnedAt = at(booked, 20 * DAY);
    const first = await verdict({
      paymentId,
      state: 'succeeded',
      returned: { feeCents: 300 },
      now: returnedAt,
    });
    return { ...started, returnedAt, first };
  }

  it('marks the booking returned with the fee and a due date and mails a pay-again link once', async () => {
    const { buyer, event, booking, paymentId, returnedAt, first } = await returnedBooking();
    expect(first.outcome).toBe('returned');
    // a replay of the dispute
    const replay = await verdict({
      paymentId,
      state: 'succeeded',
      returned: { feeCents: 300 },
      now: returnedAt,
    });
    expect(replay.change).toBeUndefined();

    const [attempt] = await paymentsOf(t, booking.id);
    expect(attempt).toMatchObject({ status: 'succeeded', returnedAt, returnFeeCents: 300 });
    const dueAt = at(returnedAt, 7 * DAY);
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'returned',
      paymentDueAt: dueAt,
    });
    const returnedMails = (await mailsTo(buyer.email)).filter((mail) =>
      mail.subject.startsWith('[TEST] Zahlung zurückgebucht'),
    );
    expect(returnedMails).toHaveLength(1);
    expect(returnedMails[0]!.text).toContain(`/booking/${booking.id}/success`);
    expect(returnedMails[0]!.text).toContain('Bezahlen bis');
    expect(await refundsOf(t, booking.id)).toEqual([]);
    expect(await availableSeats(t, event.id)).toBe(8);

    const open = await t.app.request('/api/payments/open', { headers: as(buyer.cookie) });
    expect(((await open.json()) as { payments: OpenPayment[] }).payments).toEqual([
      expect.objectContaining({ bookingId: booking.id, state: 'returned', payUntil: dueAt.toISOString() }),
    ]);
    // Meine Tickets: the due date of the returned debit does not make it a transfer booking, and cancelling
    // would refund nothing (the bank took the money back already)
    const mine = (await (
      await t.app.request('/api/tickets', { headers: as(buyer.cookie) })
    ).json()) as MyTicket[];
    const ours = mine.filter((ticket) => ticket.bookingId === booking.id);
    expect(ours.map((ticket) => [ticket.paidByTransfer, ticket.cancellation?.refundCents])).toEqual([
      [false, 0],
      [false, 0],
    ]);
    // the admin's ticket list: 'Zahlung zurückgebucht' with the fee and the due date
    const admin = await signedInUser(t, 'admin');
    const list = await t.app.request(`/api/admin/tickets?event=${event.id}`, { headers: as(admin.cookie) });
    const page = (await list.json()) as AdminTicketPage;
    expect(page.groups[0]!.tickets.map((ticket) => ticket.paymentReturn)).toEqual([
      { returnedAt: returnedAt.toISOString(), feeCents: 300, open: true, dueAt: dueAt.toISOString() },
      { returnedAt: returnedAt.toISOString(), feeCents: 300, open: true, dueAt: dueAt.toISOString() },
    ]);
    // the booking view carries the state and the due date (Meine Tickets, the success page)
    const view = await t.app.request(`/api/bookings/${booking.id}`, { headers: as(buyer.cookie) });
    expect((await view.json()) as BookingView).toMatchObject({
      paymentStatus: 'returned',
      paymentDueAt: dueAt.toISOString(),
    });
  });

  it('the due date is at most a day before the event and at least two days away', async () => {
    const { paymentId, booked, booking } = await startedBooking({ startsIn: 5 * DAY });
    await verdict({ paymentId, state: 'succeeded', now: booked });
    await verdict({ paymentId, state: 'succeeded', returned: { feeCents: 0 }, now: booked });
    const { paymentDueAt } = await bookingRow(t, booking.id);
    expect(paymentDueAt!.getTime()).toBeGreaterThanOrEqual(booked.getTime() + 2 * DAY);
    expect(paymentDueAt!.getTime()).toBeLessThanOrEqual(booked.getTime() + 4 * DAY);
  });

  it('paid again: the booking is paid, no refund, and the due date passes without a cancellation', async () => {
    const { buyer, event, booking, returnedAt } = await returnedBooking();
    const started = await post(t, `/api/bookings/${booking.id}/payment`, {}, as(buyer.cookie));
    expect(started.status).toBe(200);
    const { paymentId: second } = (await started.json()) as PaymentSession;
    expect((await paymentsOf(t, booking.id)).map((p) => p.amountCents)).toEqual([5000, 5000]);

    const paid = await verdict({
      paymentId: second,
      state: 'succeeded',
      method: 'card',
      now: at(returnedAt, DAY),
    });
    expect(paid.outcome).toBe('confirmed');
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentDueAt: null,
    });
    expect(await refundsOf(t, booking.id)).toEqual([]);
    expect(await ticketsOfBooking(t, booking.id)).toHaveLength(2);
    expect((await invoicesOf(booking.id)).map((row) => row.kind)).toEqual(['invoice']);
    // the buyer hears that the tickets stay valid
    expect((await subjects(buyer.email)).at(-1)).toBe(
      `[TEST] Zahlung eingegangen, deine Tickets bleiben gültig: ${event.title}`,
    );
    await cancelUnpaidReturns(t.services, at(returnedAt, 30 * DAY));
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await availableSeats(t, event.id)).toBe(8);

    // paid: no further payment
    const again = await post(t, `/api/bookings/${booking.id}/payment`, {}, as(buyer.cookie));
    expect(again.status).toBe(409);
  });

  it('unpaid by the due date: cancelled with its cancellation invoice, seats back, the buyer told', async () => {
    // sold out: someone waits for the seats
    const { buyer, event, booking, returnedAt } = await returnedBooking({ totalSeats: 2 });
    const waiter = await signedInUser(t);
    expect((await post(t, '/api/waitlist', { eventId: event.id }, as(waiter.cookie))).status).toBe(201);
    const dueAt = at(returnedAt, 7 * DAY);
    await cancelUnpaidReturns(t.services, at(dueAt, -1));
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'returned' });
    expect(await availableSeats(t, event.id)).toBe(0);

    // the bank-transfer job's round does it; two instances at once cancel it once
    const job = new BankTransferJob({ deps: t.services });
    await Promise.all([job.runOnce(dueAt), cancelUnpaidReturns(t.services, dueAt)]);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'returned' });
    expect((await ticketsOfBooking(t, booking.id)).map((ticket) => ticket.status)).toEqual([
      'canceled',
      'canceled',
    ]);
    // the seats are back and offered to the waiting list first
    const [entry] = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.eventId, event.id));
    expect(entry).toMatchObject({ profileId: waiter.id, status: 'offered' });
    expect(await availableSeats(t, event.id)).toBe(2 - entry!.seats);
    const docs = await invoicesOf(booking.id);
    expect(docs.map((row) => [row.kind, row.grossCents])).toEqual([
      ['invoice', 5000],
      ['cancellation', -5000],
    ]);
    // the money the bank took back, recorded as gone back (nothing is sent to the provider)
    expect((await refundsOf(t, booking.id)).map((r) => [r.status, r.amountCents, r.reason])).toEqual([
      ['succeeded', 5000, 'payment_returned'],
    ]);
    const cancelMails = (await mailsTo(buyer.email)).filter(
      (mail) => mail.subject === `[TEST] Buchung storniert: ${event.title}`,
    );
    expect(cancelMails).toHaveLength(1);
    // a success of the returned payment replayed later changes nothing
    const [attempt] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id)));
    expect((await verdict({ paymentId: attempt!.id, state: 'succeeded' })).outcome).toBe('refunding');
    await cancelUnpaidReturns(t.services, at(dueAt, DAY));
    expect(await refundsOf(t, booking.id)).toHaveLength(1);
    expect(await invoicesOf(booking.id)).toHaveLength(2);
  });

  it('counts a processing debit and a returned one in the payment metrics, once each', async () => {
    const counted: string[] = [];
    const deps = {
      ...t.services,
      metrics: {
        booking: () => undefined,
        payment: (outcome: string) => void counted.push(outcome),
        refund: () => undefined,
      },
    };
    const { paymentId, booked } = await startedBooking();
    await recordPaymentVerdict(deps, { paymentId, state: 'processing', method: 'sepa_debit', now: booked });
    await recordPaymentVerdict(deps, { paymentId, state: 'processing', now: booked }); // a replay
    await recordPaymentVerdict(deps, { paymentId, state: 'succeeded', now: booked });
    const back = { paymentId, state: 'succeeded' as const, returned: { feeCents: 300 }, now: booked };
    await recordPaymentVerdict(deps, back);
    await recordPaymentVerdict(deps, back); // a replay
    expect(counted).toEqual(['processing', 'paid', 'returned']);
  });
});
