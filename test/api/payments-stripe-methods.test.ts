import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAYMENT_MESSAGES, type ReconcileResult, type RetriedRefund } from '@shared/admin-payments';
import type { BookingView } from '@shared/booking';
import type { PaymentMethodSettings } from '@shared/payment-methods';
import { PAYMENT_MESSAGES, type PaymentSession } from '@shared/payments';
import { AMOUNT_MISMATCH_ERROR } from '@server/core/payments/record-fetched-payment';
import { paymentBacklog } from '@server/core/payments/reconcile-payments';
import { createEvent } from '@server/demo/factories';
import { bookings, mailOutbox, paymentActions, payments } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { FakeStripe } from '../helpers/fake-stripe';
import {
  availableSeats,
  bookingRow,
  DAY,
  MINUTE,
  paymentsOf,
  refundsOf,
  signedInUser,
  ticketsOfBooking,
  type ErrorBody,
} from '../helpers/tickets';

// Issue 31, the provider side (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md): each method
// through the real SDK against the local Stripe (test/helpers/fake-stripe.ts), disputes and returned debits,
// refund events, the amount check, 'Mit Stripe abgleichen', 'Erneut versuchen' and the reconciliation job.

let t: TestApp;
let stripe: FakeStripe;
let admin: { cookie: string; email: string };
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await createTestApp({ env: stripe.env() });
  admin = await signedInUser(t, 'admin');
  const res = await t.app.request('/api/admin/settings/payment-methods', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', cookie: admin.cookie },
    body: JSON.stringify(ALL_ON),
  });
  expect(res.status).toBe(200);
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const ALL_ON: PaymentMethodSettings = {
  enabled: ['card', 'wallet', 'paypal', 'sepa_debit', 'klarna'],
  order: ['paypal', 'card', 'wallet', 'sepa_debit', 'klarna', 'billie', 'bank_transfer'],
  sepaMinDaysBeforeStart: 14,
};

const db = () => t.database.db;

async function bookAndStart(options: { quantity?: number; priceCents?: number; seats?: number } = {}) {
  const event = await createEvent(db(), {
    totalSeats: options.seats ?? 10,
    priceCents: options.priceCents ?? 3000,
    startTime: new Date(Date.now() + 30 * DAY),
  });
  const buyer = await signedInUser(t);
  const res = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity: options.quantity ?? 1, holderName: 'Anna Beispiel' },
    { cookie: buyer.cookie },
  );
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
  const start = await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: buyer.cookie });
  expect(start.status).toBe(200);
  const session = (await start.json()) as PaymentSession;
  if (session.provider !== 'stripe') throw new Error('expected stripe');
  const intent = stripe.intents.get(session.clientSecret.split('_secret_')[0]!)!;
  return { event, buyer, booking, intent };
}

const deliver = ({ payload, signature }: { payload: string; signature: string }) =>
  t.app.request('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });

/** Delivers every event the fake recorded since the last call, in order. */
async function deliverAll() {
  for (const event of stripe.takeEvents()) expect((await deliver(event)).status).toBe(200);
}

const sync = (bookingId: string, cookie: string) =>
  post(t, `/api/bookings/${bookingId}/payment/sync`, {}, { cookie });

const paymentOf = async (intentId: string) =>
  (await db().select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0]!;

const mailsTo = (to: string, subject: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `${subject}%`)));

describe('Stripe gets exactly the offered methods', () => {
  it('sends allowed_payment_method_types from the offered list (card and wallet as card), never automatic', async () => {
    const { intent } = await bookAndStart();
    expect(intent.allowed_payment_method_types).toEqual(['paypal', 'card', 'sepa_debit', 'klarna']);
    expect(intent.automatic_payment_methods).toBeNull();
  });
});

describe('each method, settled by the webhook or the buyer’s return', () => {
  it('card with Apple Pay: confirmed, the method is the wallet', async () => {
    const { booking, intent } = await bookAndStart({ quantity: 2 });
    stripe.succeed(intent.id, 'apple_pay');
    await deliverAll();
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await paymentOf(intent.id)).method).toBe('apple_pay');
    expect(await ticketsOfBooking(t, booking.id)).toHaveLength(2);
  });

  it('card with 3-D Secure: requires_action keeps the booking pending, passing it confirms', async () => {
    const { booking, buyer, intent } = await bookAndStart();
    stripe.requireThreeDSecure(intent.id);
    await deliverAll();
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect((await paymentOf(intent.id)).status).toBe('pending');
    stripe.approve(intent.id);
    const view = (await (await sync(booking.id, buyer.cookie)).json()) as BookingView;
    expect(view.status).toBe('confirmed');
    expect((await paymentOf(intent.id)).method).toBe('card');
  });

  it.each(['paypal', 'klarna'] as const)(
    '%s: the redirect carries the return URL with the booking; approval confirms',
    async (method) => {
      const { booking, buyer, intent } = await bookAndStart();
      const returnUrl = `${t.config.publicUrl}/booking/${booking.id}/success`;
      stripe.redirect(intent.id, method, returnUrl);
      const action = stripe.intents.get(intent.id)!.next_action;
      expect(action?.type).toBe('redirect_to_url');
      if (action?.type === 'redirect_to_url') {
        expect(action.redirect_to_url.return_url).toBe(returnUrl);
        expect(new URL(action.redirect_to_url.url).searchParams.get('return_url')).toContain(booking.id);
      }
      // the buyer is away at the provider: nothing is decided
      expect((await (await sync(booking.id, buyer.cookie)).json()) as BookingView).toMatchObject({
        status: 'pending',
      });
      stripe.approve(intent.id);
      const view = (await (await sync(booking.id, buyer.cookie)).json()) as BookingView;
      expect(view.status).toBe('confirmed');
      expect((await paymentOf(intent.id)).method).toBe(method);
      await deliverAll(); // the webhooks that follow change nothing
      expect(await ticketsOfBooking(t, booking.id)).toHaveLength(1);
    },
  );

  it('SEPA debit: processing keeps the seats, the clock brings success; the method is sepa_debit', async () => {
    const { booking, event, intent } = await bookAndStart({ quantity: 2, seats: 2 });
    stripe.sepaDebit(intent.id, { outcome: 'succeeded', afterMs: 3 * DAY });
    await deliverAll();
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'processing',
      holdExpiresAt: null,
    });
    expect(await paymentOf(intent.id)).toMatchObject({ status: 'processing', method: 'sepa_debit' });
    expect(await availableSeats(t, event.id)).toBe(0);
    stripe.advance(3 * DAY);
    await deliverAll();
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await ticketsOfBooking(t, booking.id)).toHaveLength(2);
  });

  it('SEPA debit that fails: the attempt fails and the buyer may pay again', async () => {
    const { booking, intent } = await bookAndStart();
    stripe.sepaDebit(intent.id, { outcome: 'failed', afterMs: 2 * DAY });
    await deliverAll();
    stripe.advance(2 * DAY);
    await deliverAll();
    expect((await paymentOf(intent.id)).status).toBe('failed');
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
    expect(await ticketsOfBooking(t, booking.id)).toHaveLength(0);
  });

  it('SEPA debit returned after success (a dispute): booking returned, with Stripe’s fee', async () => {
    const { booking, intent } = await bookAndStart();
    stripe.sepaDebit(intent.id, {
      outcome: 'disputed',
      afterMs: DAY,
      disputeAfterMs: 5 * DAY,
      feeCents: 1500,
    });
    stripe.advance(DAY);
    await deliverAll();
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    stripe.advance(5 * DAY);
    const events = stripe.takeEvents();
    expect(events.map((e) => e.type)).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn']);
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    expect(await paymentOf(intent.id)).toMatchObject({ returnFeeCents: 1500, returnedAt: expect.any(Date) });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'returned' });
    // delivered again: one return, one mail
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    const row = await bookingRow(t, booking.id);
    expect(row.paymentStatus).toBe('returned');
  });

  it('a dispute the shop won is no return', async () => {
    const { booking, buyer, intent } = await bookAndStart();
    stripe.succeed(intent.id);
    await sync(booking.id, buyer.cookie);
    stripe.dispute(intent.id, { status: 'won' });
    await deliverAll();
    expect((await paymentOf(intent.id)).returnedAt).toBeNull();
    expect((await bookingRow(t, booking.id)).paymentStatus).toBe('paid');
  });

  it('a dispute for an unknown intent is ignored and answered 200', async () => {
    const { booking, buyer, intent } = await bookAndStart();
    stripe.succeed(intent.id);
    await sync(booking.id, buyer.cookie);
    const dispute = stripe.dispute(intent.id);
    stripe.takeEvents();
    const res = await deliver(
      stripe.event('charge.dispute.created', { ...dispute, payment_intent: 'pi_unknown' }),
    );
    expect(res.status).toBe(200);
    expect((await bookingRow(t, booking.id)).paymentStatus).toBe('paid');
  });
});

describe('an intent whose amount or currency differs never confirms', () => {
  type Change = (intent: { amount: number; currency: string }) => void;
  const cases: [string, Change][] = [
    ['amount', (intent) => void (intent.amount = 100)],
    ['currency', (intent) => void (intent.currency = 'usd')],
  ];
  it.each(cases)('%s differs: pending, logged on the attempt, one alert per admin', async (_what, change) => {
    const { booking, buyer, intent } = await bookAndStart();
    change(stripe.intents.get(intent.id)!);
    stripe.succeed(intent.id);
    const events = stripe.takeEvents();
    for (const event of [...events, ...events]) expect((await deliver(event)).status).toBe(200);
    await sync(booking.id, buyer.cookie);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(await paymentOf(intent.id)).toMatchObject({ status: 'pending', lastError: AMOUNT_MISMATCH_ERROR });
    expect(await ticketsOfBooking(t, booking.id)).toHaveLength(0);
    const alerts = (await mailsTo(admin.email, 'Zahlung passt nicht zur Buchung')).filter((m) =>
      m.text.includes(booking.id),
    );
    expect(alerts).toHaveLength(1);
  });
});

describe('refunds that fail', () => {
  it('refund.failed marks it failed with Stripe’s reason; Erneut versuchen sends a new one that succeeds', async () => {
    const { booking, buyer, intent } = await bookAndStart({ priceCents: 4000 });
    stripe.succeed(intent.id);
    await sync(booking.id, buyer.cookie);
    const [ticket] = await ticketsOfBooking(t, booking.id);
    stripe.refundStatus = 'pending';
    expect((await post(t, `/api/tickets/${ticket!.id}/cancel`, {}, { cookie: buyer.cookie })).status).toBe(
      200,
    );
    stripe.refundStatus = 'succeeded';
    let [refund] = await refundsOf(t, booking.id);
    expect(refund).toMatchObject({ status: 'pending', providerRefundId: expect.any(String) });
    stripe.takeEvents();
    stripe.failRefund(refund!.providerRefundId!);
    const failed = stripe.takeEvents();
    expect(failed.map((e) => e.type)).toEqual(['refund.failed', 'refund.updated']);
    for (const event of [...failed, ...failed]) expect((await deliver(event)).status).toBe(200);
    [refund] = await refundsOf(t, booking.id);
    expect(refund).toMatchObject({ status: 'failed', lastError: 'expired_or_canceled_card' });
    expect(await mailsTo(admin.email, 'Erstattung fehlgeschlagen')).not.toHaveLength(0);
    expect((await paymentBacklog(db())).refundsFailed).toBeGreaterThanOrEqual(1);

    // only an admin may retry
    const retry = (cookie: string) => post(t, `/api/admin/refunds/${refund!.id}/retry`, {}, { cookie });
    expect((await retry(buyer.cookie)).status).toBe(403);
    const res = await retry(admin.cookie);
    expect(res.status).toBe(200);
    expect((await res.json()) as RetriedRefund).toEqual({
      id: refund!.id,
      status: 'succeeded',
      lastError: null,
    });
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(atStripe.map((r) => [r.amount, r.status])).toEqual([
      [4000, 'failed'],
      [4000, 'succeeded'],
    ]);
    const keys = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(keys.at(-1)?.idempotencyKey).toBe(`refund-${refund!.id}-retry-1`);
    const actions = await db().select().from(paymentActions).where(eq(paymentActions.bookingId, booking.id));
    expect(actions.map((a) => a.action)).toEqual(['retry_refund']);
    expect(await bookingRow(t, booking.id)).toMatchObject({ paymentStatus: 'refunded' });

    // a refund that did not fail cannot be retried
    const again = await retry(admin.cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(ADMIN_PAYMENT_MESSAGES.refundNotFailed);
  });
});

describe('Stripe down while the payment starts', () => {
  it('answers the German error and keeps the seats for the hold; the next try works', async () => {
    const event = await createEvent(db(), { totalSeats: 3, priceCents: 2000 });
    const buyer = await signedInUser(t);
    const res = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 2, holderName: 'Anna' },
      { cookie: buyer.cookie },
    );
    const booking = (await res.json()) as BookingView;
    stripe.failIntents = 10; // every call and the SDK's retries
    const start = await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: buyer.cookie });
    stripe.failIntents = 0;
    expect(start.status).toBe(503);
    expect(((await start.json()) as ErrorBody).error.message).toBe(PAYMENT_MESSAGES.initFailed);
    expect(PAYMENT_MESSAGES.initFailed).toBe('Konnte Zahlungsdaten nicht initialisieren');
    const row = await bookingRow(t, booking.id);
    expect(row).toMatchObject({ status: 'pending' });
    expect(row.holdExpiresAt!.getTime()).toBe(new Date(booking.holdExpiresAt!).getTime());
    expect(await availableSeats(t, event.id)).toBe(1);
    const again = await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: buyer.cookie });
    expect(again.status).toBe(200);
  });
});

describe('reconciliation', () => {
  it('the job settles a payment whose webhook never came, after 5 minutes, and asks once per 5 minutes', async () => {
    const { booking, intent } = await bookAndStart();
    stripe.succeed(intent.id);
    stripe.takeEvents(); // the webhook never arrives
    const gets = () => stripe.requests.filter((r) => r.method === 'GET' && r.path.endsWith(intent.id)).length;
    const before = gets();
    await t.services.reconcile.runOnce(new Date(Date.now() + 2 * MINUTE));
    expect(gets()).toBe(before); // too young
    expect((await bookingRow(t, booking.id)).status).toBe('pending');
    const at = new Date(Date.now() + 6 * MINUTE);
    // two instances' rounds at once: each attempt is claimed by one of them and asked once
    const [one, two] = await Promise.all([
      t.services.reconcile.runOnce(at),
      t.services.reconcile.runOnce(at),
    ]);
    expect(one + two).toBeGreaterThanOrEqual(1);
    expect(gets()).toBe(before + 1);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await paymentOf(intent.id)).reconciledAt?.getTime()).toBe(at.getTime());
  });

  it('a processing SEPA debit is asked again until the bank decides', async () => {
    const { booking, intent } = await bookAndStart();
    stripe.sepaDebit(intent.id, { outcome: 'succeeded', afterMs: 4 * DAY });
    stripe.takeEvents();
    await t.services.reconcile.runOnce(new Date(Date.now() + 6 * MINUTE));
    expect((await bookingRow(t, booking.id)).paymentStatus).toBe('processing');
    // asked again within the 5 minutes: not asked
    const gets = () => stripe.requests.filter((r) => r.method === 'GET' && r.path.endsWith(intent.id)).length;
    const before = gets();
    await t.services.reconcile.runOnce(new Date(Date.now() + 8 * MINUTE));
    expect(gets()).toBe(before);
    stripe.advance(4 * DAY);
    stripe.takeEvents();
    await t.services.reconcile.runOnce(new Date(Date.now() + 4 * DAY));
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it("'Mit Stripe abgleichen': admins only, settles now, finds a dispute on a paid booking, logs the action", async () => {
    const { booking, buyer, intent } = await bookAndStart();
    stripe.succeed(intent.id);
    stripe.takeEvents();
    const reconcile = (cookie: string) =>
      post(t, `/api/admin/bookings/${booking.id}/reconcile`, {}, { cookie });
    expect((await reconcile(buyer.cookie)).status).toBe(403);
    let res = await reconcile(admin.cookie);
    expect(res.status).toBe(200);
    expect((await res.json()) as ReconcileResult).toMatchObject({
      bookingId: booking.id,
      status: 'confirmed',
      paymentStatus: 'paid',
      asked: 1,
      attempts: [{ provider: 'stripe', status: 'succeeded', method: 'card' }],
    });
    // a dispute whose webhook was lost: found by hand (succeeded payments are not polled by the job)
    stripe.dispute(intent.id, { feeCents: 2000 });
    stripe.takeEvents();
    res = await reconcile(admin.cookie);
    expect(((await res.json()) as ReconcileResult).paymentStatus).toBe('returned');
    expect((await paymentOf(intent.id)).returnFeeCents).toBe(2000);
    const actions = await db().select().from(paymentActions).where(eq(paymentActions.bookingId, booking.id));
    expect(actions.map((a) => a.action)).toEqual(['reconcile', 'reconcile']);
    expect(actions[0]!.detail).toMatchObject({
      asked: 1,
      before: { status: 'pending' },
      after: { status: 'confirmed', paymentStatus: 'paid' },
    });
    // Stripe down: the German reason, and nothing logged as done
    stripe.failRetrieves = 10;
    const down = await reconcile(admin.cookie);
    stripe.failRetrieves = 0;
    expect(down.status).toBe(503);
    expect(((await down.json()) as ErrorBody).error.message).toBe(ADMIN_PAYMENT_MESSAGES.providerUnreachable);
    expect(
      await db().select().from(paymentActions).where(eq(paymentActions.bookingId, booking.id)),
    ).toHaveLength(2);
    const unknown = await post(
      t,
      `/api/admin/bookings/${crypto.randomUUID()}/reconcile`,
      {},
      { cookie: admin.cookie },
    );
    expect(unknown.status).toBe(404);
  });

  it('the gauge counts attempts open for more than an hour, by state', async () => {
    const { booking } = await bookAndStart();
    const before = await paymentBacklog(db());
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * MINUTE) })
      .where(eq(payments.bookingId, booking.id));
    const after = await paymentBacklog(db());
    expect(after.openOverHour.pending).toBe(before.openOverHour.pending + 1);
    const text = await t.services.metrics.exposition();
    expect(text).toContain(
      `ticketshop_payment_attempts_open_over_1h{state="pending"} ${after.openOverHour.pending}`,
    );
    expect(text).toMatch(/ticketshop_refunds_failed \d+/);
    // closed as abandoned after 24 hours, when Stripe still says it is unpaid
    await db().update(bookings).set({ holdExpiresAt: null }).where(eq(bookings.id, booking.id));
    await t.services.reconcile.runOnce(new Date(Date.now() + 25 * 60 * MINUTE));
    const [attempt] = await paymentsOf(t, booking.id);
    expect(attempt).toMatchObject({ status: 'canceled' });
    expect((await paymentBacklog(db())).openOverHour.pending).toBe(before.openOverHour.pending);
  });
});
