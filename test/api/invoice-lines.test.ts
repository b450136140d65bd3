import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import type { BillingAddress, InvoiceDocument } from '@shared/invoices';
import { mergeSettingRow } from '@server/core/settings/setting-rows';
import { createEvent } from '@server/demo/factories';
import { discountCodes, invoices, ticketCategories, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { DAY, signedInUser } from '../helpers/tickets';

// An invoice of two categories and a 10 % code (docs/product/ticket-categories.md#invoice-lines): one line per
// category, the discount as its own negative line, net and tax per line adding up to the document's, the
// e-invoice with the discount as a document level allowance (BG-20), and the refund of a discounted ticket
// on the cancellation invoice.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
const scratch = mkdtempSync(path.join(tmpdir(), 'invoice-lines-'));
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
  const res = await t.app.request('/api/admin/settings/invoicing', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', cookie: admin.cookie },
    body: JSON.stringify({ taxMode: 'vat_19', numberPrefix: 'RE' }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

const db = () => t.database.db;
const get = (pathname: string, cookie: string) => t.app.request(pathname, { headers: { cookie } });

const ADDRESS: BillingAddress = {
  company: 'Muster GmbH',
  name: 'Anna Beispiel',
  street: 'Hauptstraße 5',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE987654321',
  eInvoice: true,
};

let codes = 0;
/** 'Retreat an der Heide' with 'Einzelzimmer' 120 € and 'Doppelzimmer' 190 € per pair, and a fresh 10 % code. */
async function retreat(startInDays: number) {
  const event = await createEvent(db(), {
    title: 'Retreat an der Heide',
    priceCents: 12_000,
    totalSeats: 30,
    startTime: new Date(Date.now() + startInDays * DAY),
  });
  const [first] = await db().select().from(ticketCategories).where(eq(ticketCategories.eventId, event.id));
  const [single] = await db()
    .update(ticketCategories)
    .set({ name: 'Einzelzimmer' })
    .where(eq(ticketCategories.id, first!.id))
    .returning();
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
  const code = `FREUNDE${10 + codes++}`;
  await db().insert(discountCodes).values({ code, kind: 'percent', value: 10 });
  return { event, single: single!, double: double!, code };
}

/** 1 Einzelzimmer + 2 Doppelzimmer with the code, paid with the test provider. */
async function paidOrder(startInDays = 30) {
  const { event, single, double, code } = await retreat(startInDays);
  const res = await post(
    t,
    '/api/bookings',
    {
      eventId: event.id,
      holderName: 'Anna Beispiel',
      items: [
        { categoryId: single.id, quantity: 1 },
        { categoryId: double.id, quantity: 2 },
      ],
      code,
      billingAddress: ADDRESS,
    },
    { cookie: buyer.cookie },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const booking = (await res.json()) as BookingView;
  expect(booking.totalAmountCents).toBe(45_000);
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
  const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, booking.id));
  expect(invoice).toBeDefined();
  return { event, booking, code, invoice: invoice! };
}

let files = 0;
function save(pdf: Buffer): string {
  const file = path.join(scratch, `${++files}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const layoutText = (file: string) =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');

function facturX(file: string): string {
  const out = path.join(scratch, `out-${files}`);
  mkdirSync(out);
  execFileSync('pdfdetach', ['-saveall', '-o', out, file]);
  return readFileSync(path.join(out, 'factur-x.xml'), 'utf8');
}
const values = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)</ram:${name}>`, 'g'))].map((m) => m[1]!);
const element = (xml: string, name: string) =>
  new RegExp(`<ram:${name}>[\\s\\S]*?</ram:${name}>`).exec(xml)?.[0] ?? '';
const cents = (amount: string) => Math.round(Number(amount) * 100);
const sum = (numbers: number[]) => numbers.reduce((total, n) => total + n, 0);

describe('invoice lines of categories and a code (docs/product/ticket-categories.md#invoice-lines)', () => {
  it('lists each category and the discount as its own line, net and tax per line adding up to the totals', async () => {
    const { invoice, code } = await paidOrder();
    const doc = invoice.document as InvoiceDocument;
    expect(doc.lines).toEqual([
      {
        description: 'Einzelzimmer: Retreat an der Heide',
        quantity: 1,
        unit: 'Ticket',
        unitPriceCents: 12_000,
        grossCents: 12_000,
        netCents: 10_084,
        taxCents: 1_916,
      },
      {
        description: 'Doppelzimmer: Retreat an der Heide',
        quantity: 2,
        unit: 'Paar',
        unitPriceCents: 19_000,
        grossCents: 38_000,
        netCents: 31_933,
        taxCents: 6_067,
      },
      {
        description: `Gutschein ${code}`,
        quantity: 1,
        unit: 'Ticket',
        unitPriceCents: -5_000,
        grossCents: -5_000,
        kind: 'discount',
        netCents: -4_202,
        taxCents: -798,
      },
    ]);
    // the document is split once (decision 040); the lines are its shares to the cent
    expect([invoice.netCents, invoice.taxCents, invoice.grossCents]).toEqual([37_815, 7_185, 45_000]);
    expect(sum(doc.lines.map((line) => line.grossCents))).toBe(doc.grossCents);
    expect(sum(doc.lines.map((line) => line.netCents!))).toBe(doc.netCents);
    expect(sum(doc.lines.map((line) => line.taxCents!))).toBe(doc.taxCents);
    for (const line of doc.lines) expect(line.netCents! + line.taxCents!).toBe(line.grossCents);

    // the PDF prints the lines, the discount and each line's net and tax
    const pdf = Buffer.from(await (await get(`/api/invoices/${invoice.id}/pdf`, buyer.cookie)).arrayBuffer());
    const file = save(pdf);
    const text = layoutText(file);
    expect(text).toContain('1 Einzelzimmer: Retreat an der Heide 1 Ticket 120,00 € 120,00 €');
    expect(text).toContain('2 Doppelzimmer: Retreat an der Heide 2 Paare 190,00 € 380,00 €');
    expect(text).toContain(`3 Gutschein ${code} -50,00 €`);
    expect(text).toContain('netto 100,84 € · USt 19 % 19,16 €');
    expect(text).toContain('netto 319,33 € · USt 19 % 60,67 €');
    expect(text).toContain('netto -42,02 € · USt 19 % -7,98 €');
    expect(text).toContain('Nettobetrag 378,15 €');
    expect(text).toContain('Umsatzsteuer 19 % 71,85 €');
    expect(text).toContain('Gesamtbetrag 450,00 €');

    // the e-invoice (made and schema-checked by the library): two item lines, the discount as an allowance
    const xml = facturX(file);
    expect(values(xml, 'LineID')).toEqual(['1', '2']);
    expect(values(xml, 'Name').filter((name) => name.includes('Retreat'))).toEqual([
      'Einzelzimmer: Retreat an der Heide',
      'Doppelzimmer: Retreat an der Heide',
    ]);
    expect(xml).toContain('<ram:BilledQuantity unitCode="PR">2</ram:BilledQuantity>');
    const allowance = element(xml, 'SpecifiedTradeAllowanceCharge');
    expect(allowance).toMatch(/<ram:ChargeIndicator>\s*<udt:Indicator>false<\/udt:Indicator>/);
    expect(values(allowance, 'ActualAmount')).toEqual(['42.02']);
    expect(values(allowance, 'ReasonCode')).toEqual(['95']);
    expect(values(allowance, 'Reason')).toEqual([`Gutschein ${code}`]);
    expect(values(allowance, 'CategoryCode')).toEqual(['S']);
    expect(values(allowance, 'RateApplicablePercent')).toEqual(['19']);
    const summation = element(xml, 'SpecifiedTradeSettlementHeaderMonetarySummation');
    const total = (name: string) => cents(values(summation, name)[0]!);
    expect(total('LineTotalAmount')).toBe(42_017);
    expect(total('AllowanceTotalAmount')).toBe(4_202);
    expect(total('TaxBasisTotalAmount')).toBe(37_815);
    expect(total('TaxTotalAmount')).toBe(7_185);
    expect(total('GrandTotalAmount')).toBe(45_000);
    // the EN 16931 sums: BR-CO-10 (Σ line nets), BR-CO-13 (lines − allowances), BR-CO-15 (net + tax), BR-S-08
    const lineNets = [
      ...xml.matchAll(
        /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/g,
      ),
    ].map((item) => cents(values(item[0], 'LineTotalAmount')[0]!));
    expect(lineNets).toEqual([10_084, 31_933]);
    expect(sum(lineNets)).toBe(total('LineTotalAmount'));
    expect(total('LineTotalAmount') - total('AllowanceTotalAmount')).toBe(total('TaxBasisTotalAmount'));
    expect(total('TaxBasisTotalAmount') + total('TaxTotalAmount')).toBe(total('GrandTotalAmount'));
    // the VAT breakdown (BG-23): BR-S-08 (lines − allowances) and BR-CO-17 (basis × rate, rounded)
    expect(values(xml, 'BasisAmount').map(cents)).toEqual([37_815]);
    expect(values(xml, 'CalculatedAmount').map(cents)).toEqual([Math.round(37_815 * 0.19)]);
  });

  it('refunds a discounted ticket its tier share of what was paid, on the cancellation invoice', async () => {
    // 5 days ahead: the default tier 'more than 3 days' gives back 50 %
    const { booking, invoice } = await paidOrder(5);
    const issued = await db()
      .select()
      .from(tickets)
      .where(eq(tickets.bookingId, booking.id))
      .orderBy(asc(tickets.position));
    // what each ticket cost after the 10 %: 108 € and 171 € per pair
    expect(issued.map((ticket) => [ticket.categoryName, ticket.priceCents])).toEqual([
      ['Einzelzimmer', 10_800],
      ['Doppelzimmer', 17_100],
      ['Doppelzimmer', 17_100],
    ]);
    // 50 % of the 108 € paid, not of the 120 € list price (60 €)
    const cancel = await post(t, `/api/tickets/${issued[0]!.id}/cancel`, {}, { cookie: buyer.cookie });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(((await cancel.json()) as { refund: { amountCents: number } }).refund.amountCents).toBe(5_400);
    const [storno] = await db().select().from(invoices).where(eq(invoices.correctsInvoiceId, invoice.id));
    expect(storno).toMatchObject({ kind: 'cancellation', grossCents: -5_400 });
    const doc = storno!.document as InvoiceDocument;
    expect(doc.lines).toHaveLength(1);
    expect(doc.lines[0]).toMatchObject({
      description: 'Erstattung: Retreat an der Heide',
      grossCents: -5_400,
    });
    expect(doc.lines[0]!.netCents! + doc.lines[0]!.taxCents!).toBe(-5_400);
    expect([doc.netCents, doc.taxCents]).toEqual([-4_538, -862]);
  });

  it('keeps the old single line for an event with its one category', async () => {
    const event = await createEvent(db(), { title: 'Atem & Stimme', priceCents: 5_950 });
    const res = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 2, holderName: 'Anna' },
      { cookie: buyer.cookie },
    );
    const booking = (await res.json()) as BookingView;
    await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: buyer.cookie });
    await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, { cookie: buyer.cookie });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, booking.id));
    expect((invoice!.document as InvoiceDocument).lines).toEqual([
      {
        description: 'Ticket: Atem & Stimme',
        quantity: 2,
        unit: 'Ticket',
        unitPriceCents: 5_950,
        grossCents: 11_900,
        netCents: 10_000,
        taxCents: 1_900,
      },
    ]);
  });
});
