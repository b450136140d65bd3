import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import type { PaymentMethodSettings } from '@shared/payment-methods';
import type { PaymentSession } from '@shared/payments';
import { createEvent } from '@server/demo/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { FakeStripe } from '../helpers/fake-stripe';
import { DAY, paymentsOf, signedInUser } from '../helpers/tickets';

// The offered list as Stripe gets it, per order, and a new PaymentIntent when the list changes
// (docs/decisions/056-payment-methods-and-the-checkout.md).

let t: TestApp;
let stripe: FakeStripe;
let admin: string;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await createTestApp({ env: stripe.env() });
  admin = (await signedInUser(t, 'admin')).cookie;
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const ALL_ON: PaymentMethodSettings = {
  enabled: ['card', 'wallet', 'paypal', 'sepa_debit', 'klarna', 'billie'],
  order: ['klarna', 'card', 'wallet', 'sepa_debit', 'paypal', 'billie', 'bank_transfer'],
  sepaMinDaysBeforeStart: 14,
};
async function save(settings: PaymentMethodSettings) {
  const res = await t.app.request('/api/admin/settings/payment-methods', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', cookie: admin },
    body: JSON.stringify(settings),
  });
  expect(res.status).toBe(200);
}

async function book(options: { startsInDays: number; company?: boolean }) {
  const event = await createEvent(t.database.db, {
    startTime: new Date(Date.now() + options.startsInDays * DAY),
    priceCents: 3000,
  });
  const buyer = await signedInUser(t);
  const billingAddress = options.company
    ? {
        company: 'Beispiel GmbH',
        name: 'Anna Beispiel',
        street: 'Hauptstraße 1',
        postalCode: '20095',
        city: 'Hamburg',
      }
    : undefined;
  const res = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity: 1, holderName: 'Anna Beispiel', billingAddress },
    { cookie: buyer.cookie },
  );
  expect(res.status).toBe(201);
  return { booking: (await res.json()) as BookingView, cookie: buyer.cookie };
}
async function start(bookingId: string, cookie: string) {
  const res = await post(t, `/api/bookings/${bookingId}/payment`, {}, { cookie });
  expect(res.status).toBe(200);
  const session = (await res.json()) as PaymentSession;
  if (session.provider !== 'stripe') throw new Error('expected stripe');
  return { session, intent: stripe.intents.get(session.clientSecret.split('_secret_')[0]!)! };
}
const typesOf = (intent: { allowed_payment_method_types?: string[] }) => intent.allowed_payment_method_types;

describe('Stripe gets the list of this order', () => {
  it('in the admin order; no SEPA when the event is near; Billie for a company', async () => {
    await save(ALL_ON);
    const near = await book({ startsInDays: 5 });
    const nearStart = await start(near.booking.id, near.cookie);
    expect(nearStart.session.methods).toEqual(['klarna', 'card', 'wallet', 'paypal']);
    expect(typesOf(nearStart.intent)).toEqual(['klarna', 'card', 'paypal']);

    const company = await book({ startsInDays: 30, company: true });
    expect(typesOf((await start(company.booking.id, company.cookie)).intent)).toEqual([
      'klarna',
      'card',
      'sepa_debit',
      'paypal',
      'billie',
    ]);
  });

  it('resumes the PaymentIntent while the list is the same, and creates a new one when it changed', async () => {
    await save(ALL_ON);
    const { booking, cookie } = await book({ startsInDays: 30 });
    const first = await start(booking.id, cookie);
    expect((await start(booking.id, cookie)).intent.id).toBe(first.intent.id);

    await save({ ...ALL_ON, enabled: ['card'] });
    const second = await start(booking.id, cookie);
    expect(second.intent.id).not.toBe(first.intent.id);
    expect(typesOf(second.intent)).toEqual(['card']);
    expect(second.session.methods).toEqual(['card']);
    const rows = await paymentsOf(t, booking.id);
    expect(rows.map((row) => [row.providerPaymentId, row.status])).toEqual(
      expect.arrayContaining([
        [first.intent.id, 'canceled'],
        [second.intent.id, 'pending'],
      ]),
    );
  });
});
