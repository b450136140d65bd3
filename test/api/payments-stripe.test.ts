import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import type { PaymentSession } from '@shared/payments';
import { expireHolds } from '@server/core/bookings/expire-holds';
import { createEvent, createUser } from '@server/demo/factories';
import {
  bookings,
  events,
  mailOutbox,
  paymentProviderEvents,
  payments,
  refunds,
  tickets,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, signIn, uniqueEmail } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { FakeStripe } from '../helpers/fake-stripe';
import { TEST_MAIL } from '../helpers/mail-context';

// Issue 5: Stripe through the real SDK against a local Stripe-compatible server (docs/product/payments.md).

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await createTestApp({ env: stripe.env() });
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const db = () => t.database.db;

async function buyer() {
  const email = uniqueEmail('buyer');
  const created = await createUser(db(), { email });
  const { cookie } = await signIn(t, email);
  return { cookie, id: created.user.id, email };
}

async function bookAndStart(options: { seats?: number; quantity?: number; priceCents?: number } = {}) {
  const event = await createEvent(db(), {
    totalSeats: options.seats ?? 10,
    priceCents: options.priceCents ?? 4900,
  });
  const user = await buyer();
  const res = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity: options.quantity ?? 2, holderName: 'Anna Beispiel' },
    { cookie: user.cookie },
  );
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
  const start = await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: user.cookie });
  expect(start.status).toBe(200);
  const session = (await start.json()) as PaymentSession;
  if (session.provider !== 'stripe') throw new Error('expected stripe');
  const intentId = session.clientSecret.split('_secret_')[0]!;
  return { event, user, booking, session, intent: stripe.intents.get(intentId)! };
}

const deliver = (payload: string, signature: string | undefined) =>
  t.app.request('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body: payload,
  });

const bookingRow = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const ticketsOf = (bookingId: string) => db().select().from(tickets).where(eq(tickets.bookingId, bookingId));

describe('Stripe payments', () => {
  it('creates a PaymentIntent for the server total with an idempotency key and resumes it', async () => {
    const { booking, session, intent } = await bookAndStart({ quantity: 2, priceCents: 4900 });
    expect(session).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_local', amountCents: 9800 });
    expect(intent.amount).toBe(9800);
    expect(intent.currency).toBe('eur');
    expect(intent.metadata.bookingId).toBe(booking.id);
    const created = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(created.at(-1)?.idempotencyKey).toBe(`booking-${booking.id}-payment-1`);
    const rows = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'stripe',
      providerPaymentId: intent.id,
      amountCents: 9800,
      status: 'pending',
    });
  });

  it('resumes the open intent instead of creating a second one', async () => {
    const { booking, user, intent } = await bookAndStart();
    const again = await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: user.cookie });
    const session = (await again.json()) as PaymentSession & { clientSecret: string };
    expect(session.clientSecret).toBe(intent.client_secret);
    expect(await db().select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
  });

  it('confirms on a signed payment_intent.succeeded webhook after re-fetching the intent', async () => {
    const { booking, intent, user } = await bookAndStart({ quantity: 2 });
    stripe.succeed(intent.id);
    const { payload, signature } = stripe.event('payment_intent.succeeded', intent);
    const res = await deliver(payload, signature);
    expect(res.status).toBe(200);
    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      holdExpiresAt: null,
      isTest: true,
    });
    expect(await ticketsOf(booking.id)).toHaveLength(2);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    const confirmation = mails.find((m) => m.subject.includes('Deine Tickets'));
    // tickets, calendar file and the invoice (docs/product/invoices.md#buyer)
    expect(confirmation?.attachments.map((a) => a.contentType)).toEqual([
      'application/pdf',
      'text/calendar; charset=utf-8; method=PUBLISH',
      'application/pdf',
    ]);
  });

  it('acts on what Stripe says, not on what the event claims', async () => {
    const { booking, intent } = await bookAndStart();
    // a correctly signed but stale/forged 'succeeded' while the intent is still unpaid at Stripe
    const { payload, signature } = stripe.event('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
    });
    expect((await deliver(payload, signature)).status).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe('pending');
    expect(await ticketsOf(booking.id)).toHaveLength(0);
  });

  it('rejects a webhook with a bad or missing signature and stores nothing', async () => {
    const { intent } = await bookAndStart();
    stripe.succeed(intent.id);
    const { payload, eventId } = stripe.event('payment_intent.succeeded', intent);
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    for (const signature of [forged, undefined]) {
      const res = await deliver(payload, signature);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'Ungültige Webhook-Signatur.',
      );
    }
    // a body changed after signing fails too
    const signed = stripe.event('payment_intent.succeeded', intent);
    expect(
      (await deliver(signed.payload.replace('"livemode":false', '"livemode":true'), signed.signature)).status,
    ).toBe(400);
    const stored = await db()
      .select()
      .from(paymentProviderEvents)
      .where(eq(paymentProviderEvents.eventId, eventId));
    expect(stored).toHaveLength(0);
    const [paymentRow] = await db().select().from(payments).where(eq(payments.providerPaymentId, intent.id));
    expect(paymentRow?.status).toBe('pending');
  });

  it('issues one ticket set for 10 replays and out-of-order deliveries', async () => {
    const { booking, intent, user } = await bookAndStart({ quantity: 3 });
    stripe.succeed(intent.id);
    const succeeded = stripe.event('payment_intent.succeeded', intent);
    const failedLate = stripe.event('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
    });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(succeeded.payload, succeeded.signature)),
      deliver(failedLate.payload, failedLate.signature),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(11).fill(200));
    expect(await ticketsOf(booking.id)).toHaveLength(3);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    // replays are not mistaken for a second payment (which would be refunded)
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(0);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.filter((m) => m.subject.includes('Deine Tickets'))).toHaveLength(1);
    const stored = await db()
      .select()
      .from(paymentProviderEvents)
      .where(eq(paymentProviderEvents.eventId, succeeded.eventId));
    expect(stored).toHaveLength(1);
    // a replay after processing is recognised as a duplicate
    const replay = await deliver(succeeded.payload, succeeded.signature);
    expect(await replay.json()).toMatchObject({ duplicate: true });
  });

  it('out of order in a fixed sequence: a stale failure after success, and a failure event first', async () => {
    // succeeded, then a late payment_failed of an earlier decline: the paid booking stays as it is
    const first = await bookAndStart({ quantity: 2 });
    stripe.succeed(first.intent.id);
    const ok = stripe.event('payment_intent.succeeded', first.intent);
    const stale = stripe.event('payment_intent.payment_failed', {
      ...first.intent,
      status: 'requires_payment_method',
    });
    expect((await deliver(ok.payload, ok.signature)).status).toBe(200);
    expect((await deliver(stale.payload, stale.signature)).status).toBe(200);
    expect(await bookingRow(first.booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const [paid] = await db().select().from(payments).where(eq(payments.providerPaymentId, first.intent.id));
    expect(paid?.status).toBe('succeeded');
    expect(await ticketsOf(first.booking.id)).toHaveLength(2);

    // the failure event arrives first while Stripe already says succeeded: the re-fetch decides
    const second = await bookAndStart({ quantity: 1 });
    stripe.succeed(second.intent.id);
    const early = stripe.event('payment_intent.payment_failed', {
      ...second.intent,
      status: 'requires_payment_method',
    });
    const late = stripe.event('payment_intent.succeeded', second.intent);
    expect((await deliver(early.payload, early.signature)).status).toBe(200);
    expect((await bookingRow(second.booking.id)).status).toBe('confirmed');
    expect((await deliver(late.payload, late.signature)).status).toBe(200);
    expect(await ticketsOf(second.booking.id)).toHaveLength(1);
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, second.booking.id))).toHaveLength(0);
  });

  it('five payment starts at once (double clicks, two tabs) all get the same attempt and intent', async () => {
    const { booking, user } = await bookAndStart();
    await db().delete(payments).where(eq(payments.bookingId, booking.id));
    const starts = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: user.cookie }),
      ),
    );
    expect(starts.map((res) => res.status)).toEqual(Array(5).fill(200));
    const sessions = (await Promise.all(starts.map((res) => res.json()))) as (PaymentSession & {
      clientSecret: string;
    })[];
    const rows = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', providerPaymentId: expect.any(String) });
    expect(new Set(sessions.map((session) => session.paymentId))).toEqual(new Set([rows[0]!.id]));
    expect(new Set(sessions.map((session) => session.clientSecret)).size).toBe(1);
    expect(sessions[0]!.clientSecret.startsWith(`${rows[0]!.providerPaymentId}_secret_`)).toBe(true);
  });

  it('records a decline and lets the buyer try again', async () => {
    const { booking, intent, user } = await bookAndStart();
    stripe.decline(intent.id);
    const { payload, signature } = stripe.event('payment_intent.payment_failed', intent);
    expect((await deliver(payload, signature)).status).toBe(200);
    const [row] = await db().select().from(payments).where(eq(payments.providerPaymentId, intent.id));
    expect(row).toMatchObject({ status: 'failed', lastError: 'Your card was declined.' });
    expect((await bookingRow(booking.id)).status).toBe('pending');
    const retry = await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: user.cookie });
    expect(retry.status).toBe(200);
    expect(await db().select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(2);
  });

  it('confirms on the buyer’s return (sync) without waiting for the webhook', async () => {
    const { booking, intent, user } = await bookAndStart({ quantity: 1 });
    stripe.succeed(intent.id);
    const res = await post(t, `/api/bookings/${booking.id}/payment/sync`, {}, { cookie: user.cookie });
    expect(res.status).toBe(200);
    const view = (await res.json()) as BookingView;
    expect(view.status).toBe('confirmed');
    expect(view.tickets).toHaveLength(1);
  });

  it('accepts a payment after the hold expired when the seats are still free', async () => {
    const { booking, intent, event } = await bookAndStart({ seats: 5, quantity: 2 });
    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    expect(await expireHolds(db(), new Date(), TEST_MAIL)).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(booking.id)).status).toBe('expired');
    stripe.succeed(intent.id);
    const { payload, signature } = stripe.event('payment_intent.succeeded', intent);
    expect((await deliver(payload, signature)).status).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      seats: 2,
    });
    const [eventRow] = await db().select().from(events).where(eq(events.id, event.id));
    expect(eventRow!.availableSeats).toBe(3);
  });

  it('refunds a payment after the hold expired when the seats are gone, with an e-mail', async () => {
    const { booking, intent, event, user } = await bookAndStart({ seats: 2, quantity: 2 });
    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    await expireHolds(db(), new Date(), TEST_MAIL);
    // someone else takes the released seats
    const other = await buyer();
    const taken = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 2, holderName: 'Ben' },
      { cookie: other.cookie },
    );
    expect(taken.status).toBe(201);
    stripe.succeed(intent.id);
    const { payload, signature } = stripe.event('payment_intent.succeeded', intent);
    expect((await deliver(payload, signature)).status).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    expect(await ticketsOf(booking.id)).toHaveLength(0);
    const [refund] = await db().select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(refund).toMatchObject({ amountCents: 9800, status: 'succeeded', reason: 'seats_unavailable' });
    expect(stripe.refunds.get(refund!.providerRefundId!)?.amount).toBe(9800);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.some((m) => m.subject.startsWith('Deine Zahlung wird erstattet'))).toBe(true);
  });

  it('refunds a cancelled ticket through Stripe and retries when Stripe is down', async () => {
    const { booking, intent, user } = await bookAndStart({ quantity: 1, priceCents: 6000 });
    stripe.succeed(intent.id);
    await post(t, `/api/bookings/${booking.id}/payment/sync`, {}, { cookie: user.cookie });
    const [ticket] = await ticketsOf(booking.id);
    stripe.failRefunds = 10; // every call (and the SDK's own retries) fails for now
    const res = await post(t, `/api/tickets/${ticket!.id}/cancel`, {}, { cookie: user.cookie });
    expect(res.status).toBe(200);
    // the event is 30 days ahead (factory default): 100 %
    expect(await res.json()).toMatchObject({ refund: { amountCents: 6000, currency: 'EUR' } });
    let [refund] = await db().select().from(refunds).where(eq(refunds.ticketId, ticket!.id));
    expect(refund).toMatchObject({ status: 'pending', amountCents: 6000 });
    expect(refund!.lastError).toBeTruthy();
    stripe.failRefunds = 0;
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await t.services.refundJob.runOnce(later)).toBeGreaterThanOrEqual(1);
    [refund] = await db().select().from(refunds).where(eq(refunds.ticketId, ticket!.id));
    expect(refund).toMatchObject({ status: 'succeeded' });
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(atStripe.map((r) => r.amount)).toEqual([6000]);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('records a refund made in the Stripe dashboard (charge.refunded)', async () => {
    const { booking, intent, user } = await bookAndStart({ quantity: 2, priceCents: 5000 });
    stripe.succeed(intent.id);
    await post(t, `/api/bookings/${booking.id}/payment/sync`, {}, { cookie: user.cookie });
    stripe.refunds.set('re_dashboard', {
      id: 're_dashboard',
      object: 'refund',
      amount: 3000,
      currency: 'eur',
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: {},
    });
    const { payload, signature } = stripe.event('charge.refunded', { ...intent, object: 'payment_intent' });
    expect((await deliver(payload, signature)).status).toBe(200);
    const rows = await db()
      .select()
      .from(refunds)
      .where(and(eq(refunds.bookingId, booking.id), eq(refunds.providerRefundId, 're_dashboard')));
    expect(rows[0]).toMatchObject({ amountCents: 3000, status: 'succeeded', reason: 'external' });
    expect((await bookingRow(booking.id)).paymentStatus).toBe('partially_refunded');
  });
});
