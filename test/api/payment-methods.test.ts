import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { PAYMENT_METHOD_SETTINGS_MESSAGES } from '@shared/payment-method-schema';
import {
  DEFAULT_PAYMENT_METHOD_SETTINGS,
  METHOD_MESSAGES,
  PAYMENT_METHODS,
  type PaymentMethodSettings,
} from '@shared/payment-methods';
import type { PaymentSession } from '@shared/payments';
import { giveTestDebit } from '@server/core/payments/settle-test-payment';
import { createEvent } from '@server/demo/factories';
import { payments } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { DAY, paymentsOf, signedInUser, type ErrorBody } from '../helpers/tickets';

// Card 'Zahlungsarten', the offered list of a payment and the test provider's methods
// (docs/decisions/056-payment-methods-and-the-checkout.md).

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { TEST_SEPA_DELAY_SECONDS: '120' } });
  admin = (await signedInUser(t, 'admin')).cookie;
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const ALL_ON: PaymentMethodSettings = {
  enabled: ['card', 'wallet', 'paypal', 'sepa_debit', 'klarna', 'billie'],
  order: ['paypal', 'card', 'wallet', 'sepa_debit', 'klarna', 'billie', 'bank_transfer'],
  sepaMinDaysBeforeStart: 14,
};

// the defaults as the card saves them: the whole order
const DEFAULTS: PaymentMethodSettings = { ...DEFAULT_PAYMENT_METHOD_SETTINGS, order: [...PAYMENT_METHODS] };

const put = (body: unknown, cookie?: string) =>
  t.app.request('/api/admin/settings/payment-methods', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const save = async (settings: PaymentMethodSettings) => expect((await put(settings, admin)).status).toBe(200);

const COMPANY = {
  company: 'Beispiel GmbH',
  name: 'Anna Beispiel',
  street: 'Hauptstraße 1',
  postalCode: '20095',
  city: 'Hamburg',
};

async function bookAndStart(options: { startsInDays?: number; priceCents?: number; billing?: object } = {}) {
  const event = await createEvent(t.database.db, {
    startTime: new Date(Date.now() + (options.startsInDays ?? 30) * DAY),
    priceCents: options.priceCents ?? 2500,
  });
  const buyer = await signedInUser(t);
  const res = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity: 1, holderName: 'Anna Beispiel', billingAddress: options.billing },
    { cookie: buyer.cookie },
  );
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
  const start = await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: buyer.cookie });
  return { buyer, booking, start };
}

async function started(options: Parameters<typeof bookAndStart>[0] = {}) {
  const run = await bookAndStart(options);
  expect(run.start.status).toBe(200);
  return { ...run, session: (await run.start.json()) as PaymentSession };
}

describe("card 'Zahlungsarten': PUT /api/admin/settings/payment-methods", () => {
  it('saves methods, order and lead time for admins, and the checkout config shows them', async () => {
    const res = await put(ALL_ON, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(ALL_ON);
    const config = await (await t.app.request('/api/payments/config')).json();
    expect(config).toMatchObject({ methods: ALL_ON });
    await save(DEFAULTS);
  });

  it('is for admins only', async () => {
    expect((await put(ALL_ON)).status).toBe(401);
    const organizer = await signedInUser(t, 'organizer');
    expect((await put(ALL_ON, organizer.cookie)).status).toBe(403);
  });

  it.each([
    [{ ...ALL_ON, enabled: ['wallet', 'paypal'] }, PAYMENT_METHOD_SETTINGS_MESSAGES.walletWithoutCard],
    [{ ...ALL_ON, order: ['card', 'wallet'] }, PAYMENT_METHOD_SETTINGS_MESSAGES.order],
    [
      { ...ALL_ON, order: [...ALL_ON.order.slice(1), 'card'] },
      PAYMENT_METHOD_SETTINGS_MESSAGES.order, // paypal missing, card twice
    ],
    [{ ...ALL_ON, enabled: ['card', 'bitcoin'] }, PAYMENT_METHOD_SETTINGS_MESSAGES.unknownMethod],
    [{ ...ALL_ON, sepaMinDaysBeforeStart: 3 }, PAYMENT_METHOD_SETTINGS_MESSAGES.sepaDays],
    [{ ...ALL_ON, sepaMinDaysBeforeStart: 7.5 }, PAYMENT_METHOD_SETTINGS_MESSAGES.sepaDays],
  ])('refuses %j with a German message', async (body, message) => {
    const res = await put(body, admin);
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain(message);
    expect((await t.settings.get()).paymentMethods).not.toEqual(body);
  });
});

describe('the offered methods of a payment', () => {
  it('offers the switched-on methods that fit, in the admin order, and stores them with the attempt', async () => {
    await save(ALL_ON);
    const { session, booking } = await started({ startsInDays: 30 });
    // no company in the billing address: no Billie
    expect(session.methods).toEqual(['paypal', 'card', 'wallet', 'sepa_debit', 'klarna']);
    const [attempt] = await paymentsOf(t, booking.id);
    expect(attempt!.offeredMethods).toEqual(session.methods);
  });

  it('offers SEPA only for events at least the lead time ahead', async () => {
    await save(ALL_ON);
    expect((await started({ startsInDays: 10 })).session.methods).not.toContain('sepa_debit');
    await save({ ...ALL_ON, sepaMinDaysBeforeStart: 7 });
    expect((await started({ startsInDays: 10 })).session.methods).toContain('sepa_debit');
  });

  it('offers Klarna only within its amount limits', async () => {
    await save(ALL_ON);
    expect((await started({ priceCents: 80 })).session.methods).toEqual([
      'paypal',
      'card',
      'wallet',
      'sepa_debit',
    ]);
    expect((await started({ priceCents: 100 })).session.methods).toContain('klarna');
  });

  it('offers Billie only to a company billing address', async () => {
    await save(ALL_ON);
    expect((await started()).session.methods).not.toContain('billie');
    expect((await started({ billing: COMPANY })).session.methods).toContain('billie');
    expect((await started({ billing: { ...COMPANY, company: '' } })).session.methods).not.toContain('billie');
  });

  it('refuses with a German message when no online method fits', async () => {
    await save({ ...ALL_ON, enabled: ['sepa_debit'] });
    const { start } = await bookAndStart({ startsInDays: 5 });
    expect(start.status).toBe(409);
    expect(((await start.json()) as ErrorBody).error.message).toBe(METHOD_MESSAGES.noOnlineMethod);
    await save(DEFAULTS);
  });

  it('resumes an open attempt only while its offered list is the same', async () => {
    await save(ALL_ON);
    const { session, booking, buyer } = await started();
    const again = async () =>
      (await (
        await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: buyer.cookie })
      ).json()) as PaymentSession;
    expect((await again()).paymentId).toBe(session.paymentId);
    await save({ ...ALL_ON, enabled: ['card', 'wallet'] });
    const changed = await again();
    expect(changed.paymentId).not.toBe(session.paymentId);
    expect(changed.methods).toEqual(['card', 'wallet']);
    const rows = await paymentsOf(t, booking.id);
    expect(rows.find((row) => row.id === session.paymentId)!.status).toBe('canceled');
    await save(DEFAULTS);
  });
});

describe('the test provider’s methods', () => {
  const settle = (cookie: string, bookingId: string, action: string, body: object) =>
    post(t, `/api/bookings/${bookingId}/payment/test/${action}`, body, { cookie });

  it('PayPal: the redirect page approves; the method is recorded', async () => {
    await save(ALL_ON);
    const { booking, buyer } = await started();
    const res = await settle(buyer.cookie, booking.id, 'complete', { method: 'paypal' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as BookingView).status).toBe('confirmed');
    expect((await paymentsOf(t, booking.id))[0]).toMatchObject({ status: 'succeeded', method: 'paypal' });
  });

  it('PayPal: cancelled on the redirect page, the booking stays payable and a new attempt starts', async () => {
    await save(ALL_ON);
    const { booking, buyer } = await started();
    const res = await settle(buyer.cookie, booking.id, 'decline', { method: 'paypal' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as BookingView).status).toBe('pending');
    expect((await paymentsOf(t, booking.id))[0]).toMatchObject({ status: 'failed', method: 'paypal' });
    const next = await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: buyer.cookie });
    expect(next.status).toBe(200);
    expect(await paymentsOf(t, booking.id)).toHaveLength(2);
  });

  it.each([
    ['card', 'card'],
    ['wallet', 'apple_pay'],
    ['klarna', 'klarna'],
  ] as const)('%s is recorded as %s', async (method, used) => {
    await save(ALL_ON);
    const { booking, buyer } = await started();
    expect((await settle(buyer.cookie, booking.id, 'complete', { method })).status).toBe(200);
    expect((await paymentsOf(t, booking.id))[0]!.method).toBe(used);
  });

  it('Billie is recorded for a company; a method not offered is refused', async () => {
    await save(ALL_ON);
    const privateBuyer = await started();
    const refused = await settle(privateBuyer.buyer.cookie, privateBuyer.booking.id, 'complete', {
      method: 'billie',
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(METHOD_MESSAGES.methodNotOffered);
    expect((await paymentsOf(t, privateBuyer.booking.id))[0]!.status).toBe('pending');

    const company = await started({ billing: COMPANY });
    expect(
      (await settle(company.buyer.cookie, company.booking.id, 'complete', { method: 'billie' })).status,
    ).toBe(200);
    expect((await paymentsOf(t, company.booking.id))[0]!.method).toBe('billie');
  });

  it('SEPA: the debit goes to processing with the chosen outcome due after TEST_SEPA_DELAY_SECONDS', async () => {
    await save(ALL_ON);
    const { booking, buyer } = await started({ startsInDays: 30 });
    const before = Date.now();
    const res = await settle(buyer.cookie, booking.id, 'debit', {
      iban: 'DE89 3704 0044 0532 0130 00',
      outcome: 'failed',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as BookingView).paymentStatus).toBe('processing');
    const [attempt] = await paymentsOf(t, booking.id);
    expect(attempt).toMatchObject({ status: 'processing', method: 'sepa_debit' });
    expect(attempt!.simulation!.outcome).toBe('failed');
    const at = new Date(attempt!.simulation!.at).getTime();
    expect(at).toBeGreaterThanOrEqual(before + 120_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 120_000);
  });

  it('SEPA: refused when not offered, and with a wrong IBAN', async () => {
    await save(ALL_ON);
    const near = await started({ startsInDays: 5 });
    const refused = await settle(near.buyer.cookie, near.booking.id, 'debit', {
      iban: 'DE89370400440532013000',
      outcome: 'succeeded',
    });
    expect(refused.status).toBe(409);
    const far = await started();
    const wrong = await settle(far.buyer.cookie, far.booking.id, 'debit', {
      iban: 'DE00 1234',
      outcome: 'succeeded',
    });
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(await wrong.json())).toContain('IBAN');
    const [attempt] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, far.booking.id));
    expect(attempt).toMatchObject({ status: 'pending', simulation: null });
  });

  it('never works in production', async () => {
    await save(ALL_ON);
    const { booking, buyer } = await started();
    const user = { id: buyer.id, role: 'attendee' as const };
    await expect(
      giveTestDebit({ ...t.services, config: { ...t.config, production: true } } as never, {
        bookingId: booking.id,
        user: user as never,
        outcome: 'succeeded',
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect((await paymentsOf(t, booking.id))[0]!.status).toBe('pending');
  });
});
