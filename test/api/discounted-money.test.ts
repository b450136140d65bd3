import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shared/admin-dashboard';
import type { BankTransferInstructions } from '@shared/bank-transfer';
import { paymentReference } from '@shared/bank-transfer';
import type { BookingView } from '@shared/booking';
import type { InvoiceDocument } from '@shared/invoices';
import { createEvent } from '@server/demo/factories';
import { bookings, discountCodes, invoices, ticketCategories, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, uniqueEmail } from '../helpers/auth';
import { camtFile, TRANSFER_SETTINGS, uploadStatement } from '../helpers/bank-statements';
import { pdfText } from '../helpers/pdf-text';
import { DAY, signedInUser } from '../helpers/tickets';

// Money downstream of categories and codes (docs/product/ticket-categories.md#invoice-lines): a discounted
// booking's transfer amount and its matching, the ticket transfer keeping the category, the ticket PDF
// naming it, the dashboard's revenue by category and by code, the personal-data export's lines.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t, 'attendee');
  const res = await t.app.request('/api/admin/settings/bank-transfer', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', cookie: admin.cookie },
    body: JSON.stringify(TRANSFER_SETTINGS),
  });
  expect(res.status).toBe(200);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (pathname: string, cookie: string) => t.app.request(pathname, { headers: { cookie } });
const ADDRESS = { name: 'Anna Beispiel', street: 'Weg 1', postalCode: '20095', city: 'Hamburg' };

/** 'Retreat an der Heide' 40 days ahead: 'Einzelzimmer' 120 €, 'Doppelzimmer' 190 € per pair; code 10 %. */
async function discountedOrder(code: string) {
  const event = await createEvent(db(), {
    title: 'Retreat an der Heide',
    priceCents: 12_000,
    totalSeats: 30,
    startTime: new Date(Date.now() + 40 * DAY),
  });
  const [first] = await db().select().from(ticketCategories).where(eq(ticketCategories.eventId, event.id));
  await db().update(ticketCategories).set({ name: 'Einzelzimmer' }).where(eq(ticketCategories.id, first!.id));
  const [double] = await db()
    .insert(ticketCategories)
    .values({
      eventId: event.id,
      name: 'Doppelzimmer',
      priceCents: 19_000,
      priceUnit: 'per_pair',
      position: 1,
    })
    .returning();
  await db().insert(discountCodes).values({ code, kind: 'percent', value: 10 });
  const res = await post(
    t,
    '/api/bookings',
    {
      eventId: event.id,
      holderName: 'Anna Beispiel',
      items: [
        { categoryId: first!.id, quantity: 1 },
        { categoryId: double!.id, quantity: 1 },
      ],
      code,
      billingAddress: ADDRESS,
    },
    { cookie: buyer.cookie },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const booking = (await res.json()) as BookingView;
  // 120 € + 190 € less 10 %
  expect([booking.totalAmountCents, booking.discountCents]).toEqual([27_900, 3_100]);
  return { event, booking, singleId: first!.id, doubleId: double!.id };
}

const ticketsOf = (bookingId: string) =>
  db().select().from(tickets).where(eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.position));

let transferred: Awaited<ReturnType<typeof discountedOrder>>;

describe('a discounted booking paid by bank transfer', () => {
  it('asks for the discounted total and is paid by a statement line of that amount', async () => {
    transferred = await discountedOrder('FREUNDE10');
    const { booking } = transferred;
    const chosen = await post(
      t,
      `/api/bookings/${booking.id}/payment/bank-transfer`,
      {},
      { cookie: buyer.cookie },
    );
    expect(chosen.status, await chosen.clone().text()).toBe(200);
    const instructions = (await chosen.json()) as BankTransferInstructions;
    expect(instructions).toMatchObject({ amountCents: 27_900, paidCents: 0 });

    const reference = paymentReference(booking.orderNumber);
    const upload = await uploadStatement(
      t,
      admin.cookie,
      camtFile([{ ref: 'R1', amount: '279.00', text: [`Retreat ${reference}`] }]),
    );
    expect(upload.status, await upload.clone().text()).toBe(200);
    expect(await upload.json()).toMatchObject({ matched: 1, partial: 0, overpaid: 0, unmatched: 0 });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    // the invoice of the transfer lists the categories and the code
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, booking.id));
    const doc = invoice!.document as InvoiceDocument;
    expect(doc.lines.map((line) => [line.description, line.grossCents])).toEqual([
      ['Einzelzimmer: Retreat an der Heide', 12_000],
      ['Doppelzimmer: Retreat an der Heide', 19_000],
      ['Gutschein FREUNDE10', -3_100],
    ]);
    expect(doc.grossCents).toBe(27_900);
    expect(doc.payment).toMatchObject({ provider: 'bank_transfer' });
  });

  it('keeps category and price paid when a ticket is passed on, and its PDF names the category', async () => {
    const { booking, doubleId } = transferred;
    const [, pair] = await ticketsOf(booking.id);
    expect(pair).toMatchObject({
      categoryId: doubleId,
      categoryName: 'Doppelzimmer',
      priceCents: 17_100,
      seats: 2,
    });
    const res = await post(
      t,
      `/api/tickets/${pair!.id}/transfer`,
      { name: 'Lea Lind', email: uniqueEmail('lea') },
      { cookie: buyer.cookie },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const [, after] = await ticketsOf(booking.id);
    expect(after!.ticketNumber).not.toBe(pair!.ticketNumber);
    expect(after).toMatchObject({
      categoryId: doubleId,
      categoryName: 'Doppelzimmer',
      priceCents: 17_100,
      seats: 2,
    });

    const pdf = await get(`/api/tickets/${pair!.id}/pdf`, buyer.cookie);
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).split('\n');
    expect(text[text.indexOf('Retreat an der Heide') + 1]).toBe('Doppelzimmer');
    expect(text).toContain('1 Ticket für 1 Paar');
  });
});

describe('the dashboard (docs/product/ticket-categories.md#invoice-lines)', () => {
  it('adds up revenue by category and by code from the prices paid, refunds taken off, test money apart', async () => {
    // a second order of the same kind, paid with the test provider, its single room cancelled at 100 %
    const { event, booking } = await discountedOrder('SOMMER10');
    expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: buyer.cookie })).status).toBe(
      200,
    );
    const paid = await post(
      t,
      `/api/bookings/${booking.id}/payment/test/complete`,
      {},
      { cookie: buyer.cookie },
    );
    expect(paid.status).toBe(200);
    const [single] = await ticketsOf(booking.id);
    const cancel = await post(t, `/api/tickets/${single!.id}/cancel`, {}, { cookie: buyer.cookie });
    expect(cancel.status, await cancel.clone().text()).toBe(200);

    const res = await get('/api/admin/dashboard', admin.cookie);
    expect(res.status).toBe(200);
    const { revenueByCategory, revenueByCode } = (await res.json()) as AdminDashboard;
    const of = (figures: AdminDashboard['revenueByCategory']['live'], eventId: string) =>
      figures
        .filter((figure) => figure.eventId === eventId)
        .map(({ categoryName, ticketsSold, paidCents, refundedCents, netCents }) => ({
          categoryName,
          ticketsSold,
          paidCents,
          refundedCents,
          netCents,
        }));
    // the transfer is real money: 108 € and 171 € after the 10 %
    expect(of(revenueByCategory.live, transferred.event.id)).toEqual([
      { categoryName: 'Doppelzimmer', ticketsSold: 1, paidCents: 17_100, refundedCents: 0, netCents: 17_100 },
      { categoryName: 'Einzelzimmer', ticketsSold: 1, paidCents: 10_800, refundedCents: 0, netCents: 10_800 },
    ]);
    // the test payment's: the cancelled single room gave back all of its 108 €
    expect(of(revenueByCategory.test, event.id)).toEqual([
      { categoryName: 'Doppelzimmer', ticketsSold: 1, paidCents: 17_100, refundedCents: 0, netCents: 17_100 },
      { categoryName: 'Einzelzimmer', ticketsSold: 0, paidCents: 10_800, refundedCents: 10_800, netCents: 0 },
    ]);
    expect(of(revenueByCategory.live, event.id)).toEqual([]);

    expect(revenueByCode.live.find((figure) => figure.code === 'FREUNDE10')).toEqual({
      code: 'FREUNDE10',
      currency: 'EUR',
      uses: 1,
      discountCents: 3_100,
      paidCents: 27_900,
      refundedCents: 0,
      netCents: 27_900,
    });
    expect(revenueByCode.test.find((figure) => figure.code === 'SOMMER10')).toEqual({
      code: 'SOMMER10',
      currency: 'EUR',
      uses: 1,
      discountCents: 3_100,
      paidCents: 27_900,
      refundedCents: 10_800,
      netCents: 17_100,
    });
  });
});

describe('the personal-data export', () => {
  it("lists each booking's category lines, the code and each ticket's category and price paid", async () => {
    const res = await get('/api/profile/export', buyer.cookie);
    expect(res.status).toBe(200);
    const data = (await res.json()) as {
      bookings: {
        orderNumber: string;
        lines: unknown[];
        discountCode: string | null;
        discountCents: number;
        tickets: { categoryName: string | null; priceCents: number }[];
      }[];
    };
    const booking = data.bookings.find((entry) => entry.orderNumber === transferred.booking.orderNumber)!;
    expect(booking.lines).toEqual([
      {
        category: 'Einzelzimmer',
        quantity: 1,
        seatsPerTicket: 1,
        unitPriceCents: 12_000,
        discountCents: 1_200,
      },
      {
        category: 'Doppelzimmer',
        quantity: 1,
        seatsPerTicket: 2,
        unitPriceCents: 19_000,
        discountCents: 1_900,
      },
    ]);
    expect([booking.discountCode, booking.discountCents]).toEqual(['FREUNDE10', 3_100]);
    expect(booking.tickets.map((ticket) => [ticket.categoryName, ticket.priceCents])).toEqual([
      ['Einzelzimmer', 10_800],
      ['Doppelzimmer', 17_100],
    ]);
  });
});
