import { eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceFileName } from '@shared/invoices';
import { issueCancellationInvoice } from '@server/core/invoices/issue-invoice';
import { createBooking, createEvent } from '@server/demo/factories';
import { invoices, payments, refunds } from '@server/db/schema';
import type { Event } from '@server/db/types';
import { createTestApp, type TestApp } from '../helpers/app';
import { signedInUser } from '../helpers/tickets';

// A month's invoice PDFs as one ZIP (docs/product/invoices.md#admin-list).

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
const db = () => t.database.db;
const get = (pathname: string, cookie = '') => t.app.request(pathname, { headers: { cookie } });

/** Invoice numbers by what the test calls them. */
const numbers: Record<string, string> = {};
let marchEventId: string;

/** A paid booking whose invoice is issued at `at`, as the paying transaction does. */
async function invoiceAt(event: Event, at: Date) {
  const { booking } = await createBooking(db(), { event, profileId: buyer.id, quantity: 2, now: at });
  const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, booking.id));
  return { booking, invoice: invoice! };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t, 'attendee');
  const march = await createEvent(db(), { priceCents: 4000, title: 'Atem & Stimme' });
  const other = await createEvent(db(), { priceCents: 2500, title: 'Stille' });
  marchEventId = march.id;

  const first = await invoiceAt(march, new Date('2026-03-03T09:00:00Z'));
  numbers.marchFirst = first.invoice.number;
  numbers.marchOther = (await invoiceAt(other, new Date('2026-03-20T09:00:00Z'))).invoice.number;
  // 00:30 on 1 April in Berlin: April's, as in the list (the issue date is the shop's day)
  numbers.april = (await invoiceAt(march, new Date('2026-03-31T22:30:00Z'))).invoice.number;
  numbers.february = (await invoiceAt(march, new Date('2026-02-27T09:00:00Z'))).invoice.number;

  // a refund of one ticket of the first booking, later in March: its cancellation invoice
  const [payment] = await db().select().from(payments).where(eq(payments.bookingId, first.booking.id));
  const [refund] = await db()
    .insert(refunds)
    .values({ paymentId: payment!.id, bookingId: first.booking.id, amountCents: 4000, status: 'succeeded' })
    .returning();
  const stornoId = await db().transaction((tx) =>
    issueCancellationInvoice(tx, refund!, new Date('2026-03-25T09:00:00Z')),
  );
  const [storno] = await db().select().from(invoices).where(eq(invoices.id, stornoId!));
  numbers.marchStorno = storno!.number;
});
afterAll(() => t.close());

async function zipEntries(query: string) {
  const res = await get(`/api/admin/invoices.zip${query}`, admin.cookie);
  expect(res.status).toBe(200);
  return { res, entries: unzipSync(new Uint8Array(await res.arrayBuffer())) };
}

describe('GET /api/admin/invoices.zip (docs/product/invoices.md#admin-list)', () => {
  it("holds the month's invoices and cancellation invoices, each the same bytes as its single download", async () => {
    // one PDF kept before, the others made by the ZIP and kept
    const [kept] = await db().select().from(invoices).where(eq(invoices.number, numbers.marchOther!));
    const before = Buffer.from(
      await (await get(`/api/invoices/${kept!.id}/pdf`, admin.cookie)).arrayBuffer(),
    );

    const { res, entries } = await zipEntries('?month=2026-03');
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Rechnungen-2026-03.zip"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(entries).sort()).toEqual(
      [numbers.marchFirst!, numbers.marchOther!, numbers.marchStorno!].map(invoiceFileName).sort(),
    );
    expect(Buffer.from(entries[invoiceFileName(numbers.marchOther!)]!).equals(before)).toBe(true);

    const rows = await db()
      .select()
      .from(invoices)
      .where(inArray(invoices.number, [numbers.marchFirst!, numbers.marchStorno!]));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.pdf).not.toBeNull(); // kept by the ZIP
      const single = await get(`/api/invoices/${row.id}/pdf`, admin.cookie);
      const bytes = Buffer.from(await single.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(Buffer.from(entries[invoiceFileName(row.number)]!).equals(bytes)).toBe(true);
    }

    const april = await zipEntries('?month=2026-04');
    expect(Object.keys(april.entries)).toEqual([invoiceFileName(numbers.april!)]);
  });

  it('honours the event as the list does, and a month without invoices gives an empty ZIP', async () => {
    const { entries } = await zipEntries(`?month=2026-03&eventId=${marchEventId}`);
    expect(Object.keys(entries).sort()).toEqual(
      [numbers.marchFirst!, numbers.marchStorno!].map(invoiceFileName).sort(),
    );
    expect(Object.keys((await zipEntries('?month=2025-12')).entries)).toEqual([]);
  });

  it('needs a month and an admin', async () => {
    const missing = await get('/api/admin/invoices.zip', admin.cookie);
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      'Bitte einen Monat wählen.',
    );
    expect((await get('/api/admin/invoices.zip?month=2026-13', admin.cookie)).status).toBe(422);
    expect((await get('/api/admin/invoices.zip?month=2026-03', buyer.cookie)).status).toBe(403);
    expect((await get('/api/admin/invoices.zip?month=2026-03')).status).toBe(401);
  });
});
