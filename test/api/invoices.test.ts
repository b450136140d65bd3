import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import type { AdminInvoiceRow } from '@shared/invoices';
import type { MyTicket } from '@shared/tickets';
import { issueCancellationInvoice, issueInvoice } from '@server/core/invoices/issue-invoice';
import { mergeSettingRow } from '@server/core/settings/setting-rows';
import { createBooking, createEvent } from '@server/demo/factories';
import { events, invoiceCounters, invoices, mailOutbox, refunds } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { signedInUser, ticketsOfBooking } from '../helpers/tickets';

// Invoices and cancellation invoices (docs/product/invoices.md, decision 040).

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
const scratch = mkdtempSync(path.join(tmpdir(), 'invoices-'));
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t, 'attendee');
  await mergeSettingRow(db(), 'operator', {
    name: 'Wachstumsraum GmbH',
    street: 'Hauptstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    vatId: 'DE123456789',
  });
  t.settings.invalidate();
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

const db = () => t.database.db;
function put(pathname: string, cookie: string, body: unknown) {
  return t.app.request(pathname, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}
const get = (pathname: string, cookie: string) => t.app.request(pathname, { headers: { cookie } });

async function paidBooking(options: { priceCents: number; quantity: number; taxMode?: string | null }) {
  const event = await createEvent(db(), { priceCents: options.priceCents, title: 'Atem & Stimme' });
  if (options.taxMode !== undefined) {
    await db()
      .update(events)
      .set({ taxMode: options.taxMode as never })
      .where(eq(events.id, event.id));
  }
  const res = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity: options.quantity, holderName: 'Anna Beispiel' },
    { cookie: buyer.cookie },
  );
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
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
  return { event, booking };
}

const invoicesOf = (bookingId: string) =>
  db().select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(invoices.issuedAt);

function pdfToText(pdf: Buffer): string {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

describe('an invoice at payment (docs/product/invoices.md#when)', () => {
  it('is issued with the payment, listed in Meine Tickets, attached to the confirmation and downloadable', async () => {
    expect(
      (await put('/api/admin/settings/invoicing', admin.cookie, { taxMode: 'vat_19', numberPrefix: 'WR' }))
        .status,
    ).toBe(200);
    const { booking } = await paidBooking({ priceCents: 5950, quantity: 2 });
    const [invoice] = await invoicesOf(booking.id);
    expect(invoice).toMatchObject({ kind: 'invoice', grossCents: 11900, netCents: 10000, taxCents: 1900 });
    expect(invoice!.number).toMatch(/^WR-\d{4}-\d{5}$/);
    expect(invoice!.document).toMatchObject({
      taxMode: 'vat_19',
      taxRatePercent: 19,
      taxNote: null,
      simplified: true,
      orderNumber: booking.orderNumber,
      lines: [{ quantity: 2, unit: 'Ticket', unitPriceCents: 5950, grossCents: 11900 }],
    });

    const list = (await (await get('/api/tickets', buyer.cookie)).json()) as MyTicket[];
    const mine = list.filter((ticket) => ticket.bookingId === booking.id);
    expect(mine).toHaveLength(2);
    for (const ticket of mine) expect(ticket.invoice).toEqual({ id: invoice!.id, number: invoice!.number });

    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, buyer.email))
      .orderBy(mailOutbox.createdAt);
    const attachments = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email)))
      .flatMap((row) => row.attachments)
      .filter((attachment) => 'render' in attachment && attachment.render.kind === 'invoice-pdf');
    expect(mail).toBeDefined();
    expect(attachments).toEqual([
      {
        filename: `Rechnung-${invoice!.number}.pdf`,
        contentType: 'application/pdf',
        render: { kind: 'invoice-pdf', invoiceId: invoice!.id },
      },
    ]);

    const first = await get(`/api/invoices/${invoice!.id}/pdf`, buyer.cookie);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await first.arrayBuffer());
    const text = pdfToText(bytes);
    for (const field of [
      'Rechnung',
      invoice!.number,
      booking.orderNumber,
      'Wachstumsraum GmbH',
      'Hauptstraße 1',
      '10115 Berlin',
      'Ticket: Atem & Stimme',
      '2 Tickets',
      '59,50 €',
      'Nettobetrag 100,00 €',
      'Umsatzsteuer 19 % 19,00 €',
      'Gesamtbetrag 119,00 €',
      'Leistungsdatum',
      'DE123456789',
    ]) {
      expect(text).toContain(field);
    }
    // kept as issued: the same bytes again, also after the settings changed
    await put('/api/admin/settings/invoicing', admin.cookie, { taxMode: 'vat_7', numberPrefix: 'XY' });
    const again = Buffer.from(
      await (await get(`/api/invoices/${invoice!.id}/pdf`, admin.cookie)).arrayBuffer(),
    );
    expect(again.equals(bytes)).toBe(true);
    // somebody else's invoice does not exist for them
    const stranger = await signedInUser(t);
    expect((await get(`/api/invoices/${invoice!.id}/pdf`, stranger.cookie)).status).toBe(404);
    expect((await get(`/api/invoices/not-an-id/pdf`, stranger.cookie)).status).toBe(404);
    await put('/api/admin/settings/invoicing', admin.cookie, { taxMode: 'vat_19', numberPrefix: 'WR' });
  });

  it('shows each tax mode with its note and sums, the event overriding the setting', async () => {
    const cases = [
      {
        taxMode: 'small_business',
        note: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
        net: 12000,
        tax: 0,
      },
      {
        taxMode: 'education_exempt',
        note: 'Umsatzsteuerfreie Leistung gemäß § 4 Nr. 21 UStG.',
        net: 12000,
        tax: 0,
      },
      { taxMode: 'vat_7', note: null, net: 11215, tax: 785 },
      { taxMode: null, note: null, net: 10084, tax: 1916 }, // the setting's 19 %
    ];
    for (const expected of cases) {
      const { booking } = await paidBooking({ priceCents: 12000, quantity: 1, taxMode: expected.taxMode });
      const [invoice] = await invoicesOf(booking.id);
      expect(invoice!.document.taxNote).toBe(expected.note);
      expect([invoice!.netCents, invoice!.taxCents, invoice!.grossCents]).toEqual([
        expected.net,
        expected.tax,
        12000,
      ]);
      const text = pdfToText(
        Buffer.from(await (await get(`/api/invoices/${invoice!.id}/pdf`, buyer.cookie)).arrayBuffer()),
      );
      if (expected.note) expect(text).toContain(expected.note);
      if (expected.tax === 0) expect(text).not.toMatch(/Umsatzsteuer \d+ %/);
    }
  });

  it('gives a free booking none', async () => {
    const event = await createEvent(db(), { priceCents: 0 });
    const { booking } = await createBooking(db(), { event, profileId: buyer.id });
    expect(await invoicesOf(booking.id)).toEqual([]);
  });
});

describe('cancellation invoices (docs/product/invoices.md#cancellation)', () => {
  it('issues one per refund for the refunded share, referencing the original; the admin list and CSV add them up', async () => {
    const { booking, event } = await paidBooking({ priceCents: 5000, quantity: 2 });
    const [original] = await invoicesOf(booking.id);
    const [first] = await ticketsOfBooking(t, booking.id);
    const cancelled = await post(t, `/api/tickets/${first!.id}/cancel`, {}, { cookie: buyer.cookie });
    expect(cancelled.status).toBe(200);
    const [refund] = await db().select().from(refunds).where(eq(refunds.bookingId, booking.id));
    const all = await invoicesOf(booking.id);
    expect(all).toHaveLength(2);
    const storno = all.find((invoice) => invoice.kind === 'cancellation')!;
    expect(storno).toMatchObject({
      refundId: refund!.id,
      correctsInvoiceId: original!.id,
      grossCents: -refund!.amountCents,
    });
    expect(storno.netCents + storno.taxCents).toBe(storno.grossCents);
    expect(storno.document.corrects).toEqual({
      number: original!.number,
      issueDate: original!.document.issueDate,
    });
    const text = pdfToText(
      Buffer.from(await (await get(`/api/invoices/${storno.id}/pdf`, buyer.cookie)).arrayBuffer()),
    );
    expect(text).toContain('Rechnungskorrektur (Storno)');
    expect(text).toContain(`Korrigiert Rechnung ${original!.number}`);
    // the same refund never gets a second one
    await db().transaction((tx) =>
      issueCancellationInvoice(
        tx,
        { id: refund!.id, bookingId: booking.id, amountCents: refund!.amountCents },
        new Date(),
      ),
    );
    expect(await invoicesOf(booking.id)).toHaveLength(2);

    const listed = (await (await get(`/api/admin/invoices?eventId=${event.id}`, admin.cookie)).json()) as {
      invoices: AdminInvoiceRow[];
    };
    expect(
      listed.invoices.map((row) => [row.kind, row.grossCents, row.refundedCents, row.correctsNumber]),
    ).toEqual([
      ['cancellation', -refund!.amountCents, 0, original!.number],
      ['invoice', 10000, refund!.amountCents, null],
    ]);
    const month = original!.document.issueDate.slice(0, 7);
    const csv = await (
      await get(`/api/admin/invoices.csv?month=${month}&eventId=${event.id}`, admin.cookie)
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Rechnungsnummer;Art;Rechnungsdatum;Bestellnummer;Käufer;E-Mail;Event;Netto;USt;Brutto;Währung;Storniert;Korrigiert Rechnung',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${original!.number};Rechnung;`);
    expect(lines[2]).toContain(
      `;-${(refund!.amountCents / 100).toFixed(2).replace('.', ',')};EUR;0,00;${original!.number}`,
    );
    expect((await get('/api/admin/invoices?month=2026-13', admin.cookie)).status).toBe(422);
    expect((await get('/api/admin/invoices', buyer.cookie)).status).toBe(403);
  });
});

describe('numbering (docs/product/invoices.md#numbering)', () => {
  it('has no gap and no duplicate under 100 parallel payments, and a rolled-back number is given again', async () => {
    const event = await createEvent(db(), { priceCents: 1000, totalSeats: 200 });
    const booked = await Promise.all(
      Array.from({ length: 100 }, () =>
        createBooking(db(), { event, profileId: buyer.id, status: 'pending' }),
      ),
    );
    const year = new Date().getFullYear();
    const [before] = await db().select().from(invoiceCounters).where(eq(invoiceCounters.year, year));
    const start = before?.lastNumber ?? 0;
    await Promise.all(
      booked.map(({ booking }) => db().transaction((tx) => issueInvoice(tx, booking.id, new Date()))),
    );
    const numbers = (
      await db().select({ number: invoices.number }).from(invoices).where(eq(invoices.kind, 'invoice'))
    )
      .map((row) => Number(row.number.slice(-5)))
      .filter((n) => n > start)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, index) => start + index + 1));

    const extra = await createBooking(db(), { event, profileId: buyer.id, status: 'pending' });
    await expect(
      db().transaction(async (tx) => {
        await issueInvoice(tx, extra.booking.id, new Date());
        throw new Error('payment failed after the invoice');
      }),
    ).rejects.toThrow('payment failed');
    const id = await db().transaction((tx) => issueInvoice(tx, extra.booking.id, new Date()));
    const [row] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id!)));
    expect(Number(row!.number.slice(-5))).toBe(start + 101);
  });
});
