import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shared/admin-dashboard';
import type { AdminRefundListRow } from '@shared/admin-refund-list';
import { ADMIN_TICKET_CSV_COLUMNS, type AdminTicketPage } from '@shared/admin-tickets';
import type { MyTicket } from '@shared/tickets';
import { issueInvoice } from '@server/core/invoices/issue-invoice';
import { createBooking, createEvent } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import { payments, refunds } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { DAY, signedInUser } from '../helpers/tickets';

// The payment method's name wherever a payment is shown (docs/product/payments.md#method-names): the invoice,
// Meine Tickets, the admin's ticket list and CSV, the dashboard's money by method. The payment that counts
// for a booking is its succeeded one, else its latest attempt; an unknown method reads by its provider.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let event: Event;
let freeEvent: Event;
const scratch = mkdtempSync(path.join(tmpdir(), 'method-names-'));
const db = () => t.database.db;
const get = (pathname: string, cookie: string) => t.app.request(pathname, { headers: { cookie } });
const MINUTE = 60_000;

/** A confirmed booking of `quantity` 25,00 € tickets whose one payment is set to `payment`. */
async function paidBooking(
  quantity: number,
  payment: { provider: 'stripe' | 'test'; method: string | null },
) {
  const { booking } = await createBooking(db(), { event, profileId: buyer.id, quantity });
  await db().update(payments).set(payment).where(eq(payments.bookingId, booking.id));
  return booking;
}

/** One more attempt on the booking, a minute after its first. */
async function laterAttempt(bookingId: string, values: Partial<typeof payments.$inferInsert>) {
  const [first] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
  await db()
    .insert(payments)
    .values({
      bookingId,
      provider: 'stripe',
      amountCents: first!.amountCents,
      idempotencyKey: randomUUID(),
      createdAt: new Date(first!.createdAt.getTime() + MINUTE),
      ...values,
    });
}

type Key = 'paypal' | 'paypalAgain' | 'sepa' | 'oldStripe' | 'test' | 'free';
let bookingIds: Record<Key, string>;
let orderNumbers: Record<Key, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t, 'attendee');
  event = await createEvent(db(), { priceCents: 2500, title: 'Zahlungsarten-Abend' });
  freeEvent = await createEvent(db(), { priceCents: 0, title: 'Freier Abend' });
  const paypal = await paidBooking(2, { provider: 'stripe', method: 'paypal' });
  // a later failed attempt does not change what the booking was paid with
  await laterAttempt(paypal.id, { status: 'failed', method: 'klarna' });
  const paypalAgain = await paidBooking(1, { provider: 'stripe', method: 'paypal' });
  const sepa = await paidBooking(1, { provider: 'stripe', method: 'sepa_debit' });
  const oldStripe = await paidBooking(1, { provider: 'stripe', method: null });
  const test = await paidBooking(3, { provider: 'test', method: 'card' });
  const { booking: free } = await createBooking(db(), { event: freeEvent, profileId: buyer.id });
  const all = { paypal, paypalAgain, sepa, oldStripe, test, free };
  const pick = (field: 'id' | 'orderNumber') =>
    Object.fromEntries(Object.entries(all).map(([key, booking]) => [key, booking[field]])) as Record<
      Key,
      string
    >;
  bookingIds = pick('id');
  orderNumbers = pick('orderNumber');
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

describe('the invoice', () => {
  it('prints the method of the succeeded payment and keeps it in the document', async () => {
    const { booking } = await createBooking(db(), {
      event,
      profileId: buyer.id,
      status: 'pending',
    });
    await db().insert(payments).values({
      bookingId: booking.id,
      provider: 'stripe',
      method: 'paypal',
      status: 'succeeded',
      amountCents: booking.totalAmountCents,
      idempotencyKey: randomUUID(),
    });
    const invoiceId = await issueInvoice(db(), booking.id, new Date());
    const res = await get(`/api/invoices/${invoiceId}/pdf`, buyer.cookie);
    expect(res.status).toBe(200);
    const file = path.join(scratch, 'paypal.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Zahlungsart: PayPal. Der Betrag ist bezahlt.');
  });
});

describe('Meine Tickets', () => {
  it('names the method on the buyer’s tickets, nothing on a free one', async () => {
    const res = await get('/api/tickets', buyer.cookie);
    expect(res.status).toBe(200);
    const tickets = (await res.json()) as MyTicket[];
    const methodOf = (bookingId: string) => [
      ...new Set(tickets.filter((ticket) => ticket.bookingId === bookingId).map((t) => t.paymentMethod)),
    ];
    expect(methodOf(bookingIds.paypal)).toEqual(['PayPal']);
    expect(methodOf(bookingIds.sepa)).toEqual(['SEPA-Lastschrift']);
    expect(methodOf(bookingIds.oldStripe)).toEqual(['Online (Stripe)']);
    expect(methodOf(bookingIds.free)).toEqual([null]);
  });
});

describe('the admin ticket list and its CSV', () => {
  it('show the method per ticket, in the list and in the CSV column Zahlungsart', async () => {
    const res = await get(`/api/admin/tickets?event=${event.id},${freeEvent.id}&pageSize=all`, admin.cookie);
    expect(res.status).toBe(200);
    const page = (await res.json()) as AdminTicketPage;
    const rows = page.groups.flatMap((group) => group.tickets);
    const methodOf = (orderNumber: string) => [
      ...new Set(rows.filter((row) => row.orderNumber === orderNumber).map((row) => row.paymentMethod)),
    ];
    expect(methodOf(orderNumbers.paypal)).toEqual(['PayPal']);
    expect(methodOf(orderNumbers.sepa)).toEqual(['SEPA-Lastschrift']);
    expect(methodOf(orderNumbers.oldStripe)).toEqual(['Online (Stripe)']);
    expect(methodOf(orderNumbers.test)).toEqual(['Karte']);
    expect(methodOf(orderNumbers.free)).toEqual([null]);

    const csv = await get(`/api/admin/tickets/export.csv?event=${event.id},${freeEvent.id}`, admin.cookie);
    expect(csv.status).toBe(200);
    const [header, ...lines] = (await csv.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(header).toBe(ADMIN_TICKET_CSV_COLUMNS.join(';'));
    // the category came after it (docs/product/ticket-categories.md#invoice-lines)
    expect(ADMIN_TICKET_CSV_COLUMNS.slice(-2)).toEqual(['Zahlungsart', 'Ticketart']);
    const byOrder = new Map(lines.map((line) => [line.split(';').at(-3), line.split(';').at(-2)]));
    for (const row of rows) expect(byOrder.get(row.orderNumber)).toBe(row.paymentMethod ?? '');
    expect(lines).toHaveLength(rows.length);
  });
});

describe('the refunds list', () => {
  it('lists failed refunds first with their payment method and whether they can be retried; admins only', async () => {
    const paymentOf = async (bookingId: string) =>
      (await db().select().from(payments).where(eq(payments.bookingId, bookingId)))[0]!;
    const sepa = await paymentOf(bookingIds.sepa);
    const paypal = (await db().select().from(payments).where(eq(payments.bookingId, bookingIds.paypal))).find(
      (row) => row.status === 'succeeded',
    )!;
    const now = Date.now();
    await db()
      .insert(refunds)
      .values([
        {
          paymentId: sepa.id,
          bookingId: bookingIds.sepa,
          amountCents: 1000,
          status: 'succeeded',
          createdAt: new Date(now),
        },
        {
          paymentId: paypal.id,
          bookingId: bookingIds.paypal,
          amountCents: 2500,
          status: 'failed',
          lastError: 'Das PayPal-Konto ist geschlossen.',
          createdAt: new Date(now - 60 * MINUTE),
        },
      ]);
    expect((await get('/api/admin/refunds', buyer.cookie)).status).toBe(403);
    const res = await get('/api/admin/refunds', admin.cookie);
    expect(res.status).toBe(200);
    const { refunds: listed } = (await res.json()) as { refunds: AdminRefundListRow[] };
    expect(
      listed.map((row) => [row.orderNumber, row.status, row.paymentMethod, row.retryable, row.lastError]),
    ).toEqual([
      [orderNumbers.paypal, 'failed', 'PayPal', true, 'Das PayPal-Konto ist geschlossen.'],
      [orderNumbers.sepa, 'succeeded', 'SEPA-Lastschrift', false, null],
    ]);
    expect(listed[0]).toMatchObject({
      amountCents: 2500,
      currency: 'EUR',
      eventTitle: 'Zahlungsarten-Abend',
    });
  });
});

describe('a bank transfer', () => {
  it('records its payment row with the method bank_transfer when the buyer chooses it', async () => {
    const settings = {
      enabled: true,
      accountHolder: 'Wachstumsraum GmbH',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      minDaysBeforeStart: 10,
    };
    const saved = await t.app.request('/api/admin/settings/bank-transfer', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', cookie: admin.cookie },
      body: JSON.stringify(settings),
    });
    expect(saved.status).toBe(200);
    const later = await createEvent(db(), {
      priceCents: 2500,
      title: 'Vorkasse-Abend',
      startTime: new Date(Date.now() + 30 * DAY),
    });
    const booked = await post(
      t,
      '/api/bookings',
      { eventId: later.id, quantity: 1, holderName: 'Anna Beispiel' },
      { cookie: buyer.cookie },
    );
    expect(booked.status).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    const chosen = await post(t, `/api/bookings/${id}/payment/bank-transfer`, {}, { cookie: buyer.cookie });
    expect(chosen.status, await chosen.clone().text()).toBe(200);
    const rows = await db().select().from(payments).where(eq(payments.bookingId, id));
    expect(rows.map((row) => [row.provider, row.method, row.status])).toEqual([
      ['bank_transfer', 'bank_transfer', 'pending'],
    ]);
  });
});

describe('the dashboard', () => {
  it('sums the paid money per method, test payments apart, failed attempts and returned debits not at all', async () => {
    const returned = await paidBooking(4, { provider: 'stripe', method: 'sepa_debit' });
    await db()
      .update(payments)
      .set({ returnedAt: new Date(), returnFeeCents: 300 })
      .where(eq(payments.bookingId, returned.id));
    const res = await get('/api/admin/dashboard', admin.cookie);
    expect(res.status).toBe(200);
    const { revenueByMethod } = (await res.json()) as AdminDashboard;
    expect(revenueByMethod).toEqual({
      live: [
        // 2 + 1 tickets by PayPal, the booking of the invoice test too; the failed Klarna attempt counts nothing
        { method: 'PayPal', currency: 'EUR', paidCents: 10_000 },
        { method: 'Online (Stripe)', currency: 'EUR', paidCents: 2_500 },
        { method: 'SEPA-Lastschrift', currency: 'EUR', paidCents: 2_500 },
      ],
      test: [{ method: 'Karte', currency: 'EUR', paidCents: 7_500 }],
    });
  });
});
