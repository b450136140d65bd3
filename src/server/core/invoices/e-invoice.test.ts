import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { BillingAddress, InvoiceDocument, InvoiceLine, TaxMode } from '@shared/invoices';
import { renderInvoicePdf } from './invoice-pdf';
import {
  flat,
  invoiceDocument,
  pdfLayoutText,
  seller as sellerWithoutIds,
  SITE,
  ticket,
} from './invoice-test-documents';

// A business buyer's invoice carries its EN 16931 data as Factur-X (docs/product/invoices.md#e-invoice). The
// tests read the PDF as a receiving system would: poppler lists and extracts the embedded 'factur-x.xml'.

const dir = mkdtempSync(path.join(tmpdir(), 'e-invoice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const seller = { ...sellerWithoutIds, vatId: 'DE123456789' };

const address: BillingAddress = {
  company: 'Müßig & Söhne KG',
  name: 'Jürgen Müßig',
  street: 'Ringstraße 5',
  postalCode: '1010',
  city: 'Wien',
  country: 'AT',
  vatId: 'ATU12345678',
  eInvoice: true,
};

/** The shared test invoice, sold by a seller with a VAT id to a buyer who asked for the e-invoice. */
const invoice = (taxMode: TaxMode, lines: InvoiceLine[], extra: Partial<InvoiceDocument> = {}) =>
  invoiceDocument(taxMode, lines, {
    serviceStart: '2027-03-14',
    seller,
    buyer: { name: 'Jürgen Müßig', email: 'juergen@example.de', address },
    ...extra,
  });

let files = 0;
function save(pdf: Buffer): string {
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The names poppler lists as embedded files. */
function embeddedFiles(file: string): string[] {
  const list = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
  return list
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^\d+:\s*/, '').trim())
    .filter(Boolean);
}

/** Renders the document and gives the PDF's file, its text and the extracted 'factur-x.xml'. */
async function renderEInvoice(doc: InvoiceDocument) {
  const pdf = await renderInvoicePdf(doc, { siteName: SITE });
  const file = save(pdf);
  expect(embeddedFiles(file)).toEqual(['factur-x.xml']);
  const out = path.join(dir, `out-${files}`);
  mkdirSync(out);
  execFileSync('pdfdetach', ['-saveall', '-o', out, file]);
  expect(readdirSync(out)).toEqual(['factur-x.xml']);
  const xml = readFileSync(path.join(out, 'factur-x.xml'), 'utf8');
  const text = flat(pdfLayoutText(file));
  return { pdf, file, xml, text };
}

/** The text of every `<ram:{name} …>…</ram:{name}>` in the document, in order. */
function values(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)</ram:${name}>`, 'g'))].map(
    (m) => m[1]!,
  );
}
const value = (xml: string, name: string) => values(xml, name)[0];

/** The first `<ram:{name}>` element with all it contains; fails the test when there is none. */
function element(xml: string, name: string): string {
  const found = new RegExp(`<ram:${name}>[\\s\\S]*?</ram:${name}>`).exec(xml)?.[0];
  expect(found, name).toBeDefined();
  return found!;
}

/** The header sums of the invoice (BG-22), by CII element. */
function totals(xml: string): Record<string, string | undefined> {
  const summation = element(xml, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const names = ['LineTotalAmount', 'TaxBasisTotalAmount', 'TaxTotalAmount', 'GrandTotalAmount'];
  const more = ['TotalPrepaidAmount', 'DuePayableAmount'];
  return Object.fromEntries([...names, ...more].map((name) => [name, value(summation, name)]));
}

describe('Factur-X data in the invoice PDF', () => {
  it('embeds factur-x.xml (EN 16931): parties, VAT ids and the 19 % sums to the cent', async () => {
    const doc = invoice('vat_19', [ticket(2, 14_900)]);
    expect([doc.netCents, doc.taxCents, doc.grossCents]).toEqual([25_042, 4_758, 29_800]);
    const { xml, file } = await renderEInvoice(doc);

    expect(xml).toMatch(
      /<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>urn:cen\.eu:en16931:2017<\/ram:ID>/,
    );
    expect(xml).toMatch(
      /<rsm:ExchangedDocument>\s*<ram:ID>RE-2027-00042<\/ram:ID>\s*<ram:TypeCode>380<\/ram:TypeCode>/,
    );
    expect(xml).toContain('<udt:DateTimeString format="102">20270302</udt:DateTimeString>');
    expect(xml).toContain('Bestellnummer WR-7K3Q9F');
    // the seller: name, address, VAT id, e-mail
    const sellerParty = element(xml, 'SellerTradeParty');
    expect(value(sellerParty, 'Name')).toBe('Tanzschule Größe GmbH');
    expect(value(sellerParty, 'LineOne')).toBe('Hauptstraße 12');
    expect(value(sellerParty, 'PostcodeCode')).toBe('10115');
    expect(value(sellerParty, 'CityName')).toBe('Berlin');
    expect(value(sellerParty, 'CountryID')).toBe('DE');
    expect(sellerParty).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    expect(sellerParty).toContain('rechnung@tanzschule-groesse.de');
    // the buyer: the company, its contact, address, country and VAT id
    const buyerParty = element(xml, 'BuyerTradeParty');
    expect(value(buyerParty, 'Name')).toBe('Müßig &amp; Söhne KG');
    expect(value(buyerParty, 'PersonName')).toBe('Jürgen Müßig');
    expect(value(buyerParty, 'LineOne')).toBe('Ringstraße 5');
    expect(value(buyerParty, 'PostcodeCode')).toBe('1010');
    expect(value(buyerParty, 'CityName')).toBe('Wien');
    expect(value(buyerParty, 'CountryID')).toBe('AT');
    expect(buyerParty).toContain('<ram:ID schemeID="VA">ATU12345678</ram:ID>');
    expect(buyerParty).toContain('juergen@example.de');
    // the event's day is the delivery date
    expect(element(xml, 'ActualDeliverySupplyChainEvent')).toContain(
      '<udt:DateTimeString format="102">20270314</udt:DateTimeString>',
    );
    // the line: quantity in pieces, net unit price, net amount, 19 % standard rate
    expect(value(xml, 'BilledQuantity')).toBe('2');
    expect(xml).toContain('<ram:BilledQuantity unitCode="C62">2</ram:BilledQuantity>');
    expect(value(xml, 'ChargeAmount')).toBe('125.21');
    expect(value(xml, 'Name')).toBe('Ticket: Frühlingsball');
    // the VAT breakdown and the sums; paid in advance, nothing due
    expect(values(xml, 'CategoryCode')).toEqual(['S', 'S']);
    expect(values(xml, 'RateApplicablePercent')).toEqual(['19', '19']);
    expect(value(xml, 'BasisAmount')).toBe('250.42');
    expect(value(xml, 'CalculatedAmount')).toBe('47.58');
    expect(totals(xml)).toEqual({
      LineTotalAmount: '250.42',
      TaxBasisTotalAmount: '250.42',
      TaxTotalAmount: '47.58',
      GrandTotalAmount: '298.00',
      TotalPrepaidAmount: '298.00',
      DuePayableAmount: '0.00',
    });
    expect(xml).not.toContain('ExemptionReason');

    // the Factur-X metadata the library writes (PDF/A-3 with the Factur-X extension)
    const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    expect(meta).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(meta).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(meta).toContain('<pdfaid:part>3</pdfaid:part>');
  });

  it('marks a Kleinunternehmer invoice as exempt (E) with the § 19 UStG reason', async () => {
    const doc = invoice('small_business', [ticket(2, 14_900)], {
      seller: { ...seller, vatId: '', taxNumber: '27/123/45678' },
    });
    const { xml } = await renderEInvoice(doc);
    expect(values(xml, 'CategoryCode')).toEqual(['E', 'E']);
    expect(values(xml, 'RateApplicablePercent')).toEqual(['0', '0']);
    expect(values(xml, 'ExemptionReason')).toEqual(['Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.']);
    expect(xml).toContain('<ram:ID schemeID="FC">27/123/45678</ram:ID>');
    expect(xml).not.toContain('schemeID="VA">DE');
    expect(value(xml, 'ChargeAmount')).toBe('149.00');
    expect(totals(xml)).toEqual({
      LineTotalAmount: '298.00',
      TaxBasisTotalAmount: '298.00',
      TaxTotalAmount: '0.00',
      GrandTotalAmount: '298.00',
      TotalPrepaidAmount: '298.00',
      DuePayableAmount: '0.00',
    });
  });

  it('marks a § 4 Nr. 21 invoice as exempt (E) with its reason', async () => {
    const doc = invoice('education_exempt', [ticket(1, 30_000)]);
    const { xml } = await renderEInvoice(doc);
    expect(values(xml, 'CategoryCode')).toEqual(['E', 'E']);
    expect(values(xml, 'ExemptionReason')).toEqual(['Umsatzsteuerfreie Leistung gemäß § 4 Nr. 21 UStG.']);
    expect(totals(xml).TaxTotalAmount).toBe('0.00');
    expect(totals(xml).GrandTotalAmount).toBe('300.00');
  });

  it('writes a cancellation invoice as credit note 381 with positive amounts', async () => {
    const doc = invoice('vat_19', [ticket(1, -29_800)], {
      kind: 'cancellation',
      number: 'RE-2027-00043',
      issueDate: '2027-03-05',
      corrects: { number: 'RE-2027-00042', issueDate: '2027-03-02' },
    });
    expect([doc.netCents, doc.taxCents]).toEqual([-25_042, -4_758]);
    const { xml, text } = await renderEInvoice(doc);
    expect(xml).toMatch(
      /<rsm:ExchangedDocument>\s*<ram:ID>RE-2027-00043<\/ram:ID>\s*<ram:TypeCode>381<\/ram:TypeCode>/,
    );
    expect(xml).toContain('Korrigiert Rechnung RE-2027-00042 vom 02.03.2027');
    expect(value(xml, 'ChargeAmount')).toBe('250.42');
    expect(value(xml, 'BilledQuantity')).toBe('1');
    expect(values(xml, 'CategoryCode')).toEqual(['S', 'S']);
    expect(totals(xml)).toEqual({
      LineTotalAmount: '250.42',
      TaxBasisTotalAmount: '250.42',
      TaxTotalAmount: '47.58',
      GrandTotalAmount: '298.00',
      TotalPrepaidAmount: '298.00',
      DuePayableAmount: '0.00',
    });
    expect(xml).not.toMatch(/>-\d/);
    // the printed document stays the negative Storno
    expect(text).toContain('Rechnungskorrektur (Storno)');
    expect(text).toContain('Gesamtbetrag -298,00 €');
  });

  it('adds the lines up to the printed net, with pairs as PR and a price that does not divide', async () => {
    const pair: InvoiceLine = {
      description: 'Paar-Ticket: Frühlingsball',
      quantity: 1,
      unit: 'Paar',
      unitPriceCents: 5_000,
      grossCents: 5_000,
    };
    const doc = invoice('vat_7', [ticket(3, 10_000), pair]);
    expect([doc.netCents, doc.taxCents, doc.grossCents]).toEqual([32_710, 2_290, 35_000]);
    const { xml } = await renderEInvoice(doc);
    // 300 € gross at 7 % is 280.37 net: not a multiple of 3, so the price is given for the 3 tickets
    expect(values(xml, 'LineTotalAmount').slice(0, 2)).toEqual(['280.37', '46.73']);
    expect(values(xml, 'ChargeAmount')).toEqual(['280.37', '46.73']);
    expect(xml).toContain('<ram:BasisQuantity unitCode="C62">3</ram:BasisQuantity>');
    expect(xml).toContain('<ram:BilledQuantity unitCode="PR">1</ram:BilledQuantity>');
    expect(totals(xml)).toMatchObject({
      LineTotalAmount: '327.10',
      TaxTotalAmount: '22.90',
      GrandTotalAmount: '350.00',
    });
  });

  it('names the payment means (BG-16): PayPal 68, SEPA debit 59, card 48, a transfer 58 with the IBAN', async () => {
    const cases = [
      [{ method: 'paypal', provider: 'stripe' }, '68', 'PayPal'],
      [{ method: 'sepa_debit', provider: 'stripe' }, '59', 'SEPA-Lastschrift'],
      [{ method: 'apple_pay', provider: 'stripe' }, '48', 'Apple Pay'],
      [
        { method: 'bank_transfer', provider: 'bank_transfer', iban: 'DE02120300000000202051' },
        '58',
        'Überweisung',
      ],
    ] as const;
    for (const [payment, code, name] of cases) {
      const { xml } = await renderEInvoice(invoice('vat_19', [ticket(1, 11_900)], { payment }));
      const means = element(xml, 'SpecifiedTradeSettlementPaymentMeans');
      expect(value(means, 'TypeCode')).toBe(code);
      expect(value(means, 'Information')).toBe(name);
      if (code === '58') expect(value(means, 'IBANID')).toBe('DE02120300000000202051');
    }
    // unknown method, or a transfer without the shop's IBAN: no payment means at all
    for (const payment of [
      { method: null, provider: 'stripe' },
      { method: 'bank_transfer', provider: 'bank_transfer' },
    ]) {
      const { xml } = await renderEInvoice(invoice('vat_19', [ticket(1, 11_900)], { payment }));
      expect(xml).not.toContain('SpecifiedTradeSettlementPaymentMeans');
    }
  });

  it('still prints every field of the invoice', async () => {
    const { text } = await renderEInvoice(invoice('vat_19', [ticket(2, 14_900)]));
    for (const part of [
      'Tanzschule Größe GmbH',
      'Hauptstraße 12',
      '10115 Berlin',
      'rechnung@tanzschule-groesse.de',
      'Müßig & Söhne KG',
      'Jürgen Müßig',
      'Ringstraße 5',
      '1010 Wien',
      'Österreich',
      'USt-IdNr. des Leistungsempfängers: ATU12345678',
      'Rechnungsnummer RE-2027-00042',
      'Rechnungsdatum 02.03.2027',
      'Leistungsdatum 14.03.2027',
      'Bestellnummer WR-7K3Q9F',
      'USt-IdNr.: DE123456789',
      '1 Ticket: Frühlingsball 2 Tickets 149,00 € 298,00 €',
      'Nettobetrag 250,42 €',
      'Umsatzsteuer 19 % 47,58 €',
      'Gesamtbetrag 298,00 €',
      `${SITE} · rechnung@tanzschule-groesse.de`,
    ])
      expect(text).toContain(part);
  });

  it('gives the same bytes later: the library dates are the invoice date, not the clock', async () => {
    const doc = invoice('vat_19', [ticket(2, 14_900)]);
    // rendered at two clock times, years after the invoice date: any date taken from the clock would differ
    const first = await renderAt('2031-01-05T08:15:30Z', doc);
    const second = await renderAt('2032-07-20T21:45:10Z', structuredClone(doc));
    expect(first.equals(second)).toBe(true);
    const file = save(first);
    const info = execFileSync('pdfinfo', ['-isodates', file], { encoding: 'utf8' });
    expect(info).toMatch(/^Title:\s+Rechnung RE-2027-00042$/m);
    expect(info).toMatch(/^CreationDate:\s+2027-03-02T12:00:00(Z|\+00)/m);
    expect(info).toMatch(/^ModDate:\s+2027-03-02T12:00:00(Z|\+00)/m);
    const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    const dates = [...meta.matchAll(/<xmp:(?:Create|Modify|Metadata)Date>([^<]+)</g)].map((m) => m[1]);
    expect(dates).toEqual(Array(3).fill('2027-03-02T12:00:00+00:00'));
  });
});

/** The invoice PDF rendered while the clock reads `now` (only Date is faked; the render's timers run). */
async function renderAt(now: string, doc: InvoiceDocument): Promise<Buffer> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
  try {
    return await renderInvoicePdf(doc, { siteName: SITE });
  } finally {
    vi.useRealTimers();
  }
}

describe('invoice PDF without e-invoice data', () => {
  it('embeds no file without an address', async () => {
    const doc = invoice('vat_19', [ticket(2, 14_900)], {
      buyer: { name: 'Jürgen Müßig', email: 'juergen@example.de' },
    });
    const file = save(await renderInvoicePdf(doc, { siteName: SITE }));
    expect(embeddedFiles(file)).toEqual([]);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Metadata Stream:\s+no$/m);
  });

  it('embeds no file when the buyer gave an address but did not ask for the e-invoice', async () => {
    const doc = invoice('vat_19', [ticket(2, 14_900)], {
      buyer: { name: 'Jürgen Müßig', email: 'juergen@example.de', address: { ...address, eInvoice: false } },
    });
    const file = save(await renderInvoicePdf(doc, { siteName: SITE }));
    expect(embeddedFiles(file)).toEqual([]);
  });
});
