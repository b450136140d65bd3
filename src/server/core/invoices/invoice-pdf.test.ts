import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { splitGross, TAX_NOTES, type InvoiceDocument } from '@shared/invoices';
import { renderInvoicePdf } from './invoice-pdf';
import {
  flat,
  invoiceDocument as invoice,
  pdfLayoutText,
  seller,
  SITE,
  ticket,
} from './invoice-test-documents';

// The invoice PDF carries every field § 14 UStG asks for (docs/product/invoices.md#invoice-pdf).

const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function render(doc: InvoiceDocument): Promise<{ pdf: Buffer; text: string }> {
  const pdf = await renderInvoicePdf(doc, { siteName: SITE });
  const file = path.join(dir, `${doc.number}-${doc.taxMode}-${doc.kind}.pdf`);
  writeFileSync(file, pdf);
  return { pdf, text: pdfLayoutText(file) };
}

function expectCommonFields(text: string, doc: InvoiceDocument) {
  const t = flat(text);
  for (const part of [
    'Tanzschule Größe GmbH',
    'Hauptstraße 12',
    '10115 Berlin',
    'rechnung@tanzschule-groesse.de',
    'Jürgen Müßig',
    'juergen@example.de',
    `Rechnungsnummer ${doc.number}`,
    'Rechnungsdatum 02.03.2027',
    'Leistungsdatum 14.03.2027',
    'Bestellnummer WR-7K3Q9F',
    'Pos.',
    'Beschreibung',
    'Menge',
    'Einzelpreis',
    'Betrag',
    'Ticket: Frühlingsball',
    'Gesamtbetrag',
    `${SITE} · rechnung@tanzschule-groesse.de`,
  ])
    expect(t).toContain(part);
}

describe('renderInvoicePdf', () => {
  it('prints a 19 % invoice with net, tax and the USt-IdNr.', async () => {
    const doc = invoice('vat_19', [ticket(1, 11_900)], { seller: { ...seller, vatId: 'DE123456789' } });
    expect([doc.netCents, doc.taxCents]).toEqual([10_000, 1_900]);
    const { text } = await render(doc);
    const t = flat(text);
    expectCommonFields(text, doc);
    expect(t).toMatch(/^ ?Rechnung$/m);
    expect(t).not.toContain('Rechnungskorrektur');
    expect(t).toContain('1 Ticket: Frühlingsball 1 Ticket 119,00 € 119,00 €');
    expect(t).toContain('Nettobetrag 100,00 €');
    expect(t).toContain('Umsatzsteuer 19 % 19,00 €');
    expect(t).toContain('Gesamtbetrag 119,00 €');
    expect(t).toContain('USt-IdNr.: DE123456789');
    expect(t).not.toContain('Steuernummer');
    expect(t).not.toContain('UStG');
  });

  it('prints a 7 % invoice with several tickets and the Steuernummer', async () => {
    const doc = invoice(
      'vat_7',
      [ticket(3, 1_000), { ...ticket(1, 2_000), unit: 'Paar', description: 'Paar-Ticket: Frühlingsball' }],
      {
        seller: { ...seller, taxNumber: '27/123/45678' },
      },
    );
    expect([doc.netCents, doc.taxCents, doc.grossCents]).toEqual([4_673, 327, 5_000]);
    const { text } = await render(doc);
    const t = flat(text);
    expectCommonFields(text, doc);
    expect(t).toContain('1 Ticket: Frühlingsball 3 Tickets 10,00 € 30,00 €');
    expect(t).toContain('2 Paar-Ticket: Frühlingsball 1 Paar 20,00 € 20,00 €');
    expect(t).toContain('Nettobetrag 46,73 €');
    expect(t).toContain('Umsatzsteuer 7 % 3,27 €');
    expect(t).toContain('Gesamtbetrag 50,00 €');
    expect(t).toContain('Steuernummer: 27/123/45678');
    expect(t).not.toContain('USt-IdNr.');
  });

  it('prints a Kleinunternehmer invoice with the § 19 note and no tax line', async () => {
    const doc = invoice('small_business', [ticket(2, 1_250)], {
      seller: { ...seller, taxNumber: '27/123/45678' },
    });
    const { text } = await render(doc);
    const t = flat(text);
    expectCommonFields(text, doc);
    expect(t).toContain('1 Ticket: Frühlingsball 2 Tickets 12,50 € 25,00 €');
    expect(t).toContain('Nettobetrag 25,00 €');
    expect(t).not.toContain('Umsatzsteuer 0');
    expect(t).toContain('Gesamtbetrag 25,00 €');
    expect(t).toContain(TAX_NOTES.small_business!);
    expect(t).toContain('Steuernummer: 27/123/45678');
  });

  it('prints a tax-free education invoice with the § 4 Nr. 21 note', async () => {
    const doc = invoice('education_exempt', [ticket(1, 123_450)], {
      seller: { ...seller, vatId: 'DE123456789', taxNumber: '27/123/45678' },
    });
    expect(doc.simplified).toBe(false);
    const { text } = await render(doc);
    const t = flat(text);
    expectCommonFields(text, doc);
    expect(t).toContain('1 Ticket: Frühlingsball 1 Ticket 1.234,50 € 1.234,50 €');
    expect(t).toContain('Nettobetrag 1.234,50 €');
    expect(t).not.toMatch(/Umsatzsteuer \d/);
    expect(t).toContain('Gesamtbetrag 1.234,50 €');
    expect(t).toContain(TAX_NOTES.education_exempt!);
    // the USt-IdNr. wins when both are set
    expect(t).toContain('USt-IdNr.: DE123456789');
    expect(t).not.toContain('Steuernummer');
  });

  it('prints a cancellation with negative amounts and the invoice it corrects', async () => {
    const doc = invoice('vat_19', [ticket(1, -1_000)], {
      kind: 'cancellation',
      number: 'RE-2027-00043',
      issueDate: '2027-03-05',
      seller: { ...seller, vatId: 'DE123456789' },
      corrects: { number: 'RE-2027-00042', issueDate: '2027-03-02' },
    });
    expect([doc.netCents, doc.taxCents]).toEqual([-840, -160]);
    const { text } = await render(doc);
    const t = flat(text);
    expect(t).toContain('Rechnungskorrektur (Storno)');
    expect(t).toContain('Korrigiert Rechnung RE-2027-00042 vom 02.03.2027');
    expect(t).toContain('Rechnungsnummer RE-2027-00043');
    expect(t).toContain('Rechnungsdatum 05.03.2027');
    expect(t).toContain('Leistungsdatum 14.03.2027');
    expect(t).toContain('Bestellnummer WR-7K3Q9F');
    expect(t).toContain('Tanzschule Größe GmbH');
    expect(t).toContain('Jürgen Müßig');
    expect(t).toContain('1 Ticket: Frühlingsball 1 Ticket -10,00 € -10,00 €');
    expect(t).toContain('Nettobetrag -8,40 €');
    expect(t).toContain('Umsatzsteuer 19 % -1,60 €');
    expect(t).toContain('Gesamtbetrag -10,00 €');
    expect(t).toContain('USt-IdNr.: DE123456789');
  });

  it('prints the billing address in the window, the country in German and the buyer VAT id', async () => {
    const doc = invoice('vat_19', [ticket(2, 14_900)], {
      seller: { ...seller, vatId: 'DE123456789' },
      buyer: {
        name: 'Jürgen Müßig',
        email: 'juergen@example.de',
        address: {
          company: 'Müßig & Söhne KG',
          name: 'Jürgen Müßig',
          street: 'Ringstraße 5',
          postalCode: '1010',
          city: 'Wien',
          country: 'AT',
          vatId: 'ATU12345678',
          eInvoice: false,
        },
      },
    });
    const { text } = await render(doc);
    const t = flat(text);
    expectCommonFields(text, doc);
    // the address window, line by line, left of the facts
    const window = text
      .split('\n')
      .map((line) => line.slice(0, 60).trim())
      .filter(Boolean);
    const start = window.indexOf('Müßig & Söhne KG');
    expect(window.slice(start, start + 6)).toEqual([
      'Müßig & Söhne KG',
      'Jürgen Müßig',
      'Ringstraße 5',
      '1010 Wien',
      'Österreich',
      'juergen@example.de',
    ]);
    expect(t).toContain('USt-IdNr. des Leistungsempfängers: ATU12345678');
    expect(t).toContain('USt-IdNr.: DE123456789');
  });

  it('leaves out Germany and an absent company or VAT id', async () => {
    const doc = invoice('small_business', [ticket(1, 30_000)], {
      buyer: {
        name: 'Jürgen Müßig',
        email: 'juergen@example.de',
        address: {
          company: '',
          name: 'Jürgen Müßig',
          street: 'Lindenallee 3',
          postalCode: '04109',
          city: 'Leipzig',
          country: 'DE',
          vatId: '',
          eInvoice: false,
        },
      },
    });
    const { text } = await render(doc);
    const t = flat(text);
    expectCommonFields(text, doc);
    expect(t).toContain('Lindenallee 3');
    expect(t).toContain('04109 Leipzig');
    expect(t).not.toContain('Deutschland');
    expect(t).not.toContain('Leistungsempfängers');
  });

  it('goes on to further pages when there are many lines', async () => {
    const lines = Array.from({ length: 40 }, (_, index) => ({
      ...ticket(1, 1_000),
      description: `Ticket: Frühlingsball, Abend ${index + 1}`,
    }));
    const doc = invoice('vat_19', lines);
    const { text } = await render(doc);
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    const t = flat(text);
    expect(t).toContain('Abend 40');
    expect(t).toContain('Gesamtbetrag 400,00 €');
    expect(t).toContain(`Seite 1 von ${pages.length}`);
  });

  it('names the payment method (docs/product/payments.md#method-names), nothing when it is unknown', async () => {
    const paypal = invoice('vat_19', [ticket(1, 11_900)], {
      payment: { method: 'paypal', provider: 'stripe' },
    });
    expect(flat((await render(paypal)).text)).toContain('Zahlungsart: PayPal. Der Betrag ist bezahlt.');
    const sepa = invoice('vat_19', [ticket(1, 11_900)], {
      number: 'RE-2027-00043',
      kind: 'cancellation',
      corrects: { number: 'RE-2027-00042', issueDate: '2027-03-02' },
      payment: { method: 'sepa_debit', provider: 'stripe' },
    });
    expect(flat((await render(sepa)).text)).toContain(
      'Zahlungsart: SEPA-Lastschrift. Der Betrag wird erstattet.',
    );
    // a Stripe payment from before methods were stored
    const old = invoice('vat_19', [ticket(1, 11_900)], {
      number: 'RE-2027-00044',
      payment: { method: null, provider: 'stripe' },
    });
    expect(flat((await render(old)).text)).toContain('Zahlungsart: Online (Stripe).');
    const none = invoice('vat_19', [ticket(1, 11_900)], { number: 'RE-2027-00045' });
    expect(flat((await render(none)).text)).not.toContain('Zahlungsart');
  });

  it('gives the same bytes for the same document', async () => {
    const doc = invoice('vat_19', [ticket(2, 5_950)], { seller: { ...seller, vatId: 'DE123456789' } });
    const first = await renderInvoicePdf(doc, { siteName: SITE });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await renderInvoicePdf(structuredClone(doc), { siteName: SITE });
    expect(first.equals(second)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    // the dates come from the issue date, not from the clock
    const file = path.join(dir, 'same-bytes.pdf');
    writeFileSync(file, first);
    const info = execFileSync('pdfinfo', ['-isodates', file], { encoding: 'utf8' });
    expect(info).toMatch(/^CreationDate:\s+2027-03-02T12:00:00(Z|\+00)/m);
    expect(info).toMatch(/^ModDate:\s+2027-03-02T12:00:00(Z|\+00)/m);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)/m);
  });
});

describe('splitGross', () => {
  it('takes net and tax out of a gross amount, rounding half-cents away from zero', () => {
    expect(splitGross(11_900, 19)).toEqual({ netCents: 10_000, taxCents: 1_900 });
    expect(splitGross(1_000, 19)).toEqual({ netCents: 840, taxCents: 160 });
    expect(splitGross(1_000, 7)).toEqual({ netCents: 935, taxCents: 65 });
    expect(splitGross(-1_000, 19)).toEqual({ netCents: -840, taxCents: -160 });
    expect(splitGross(1_000, 0)).toEqual({ netCents: 1_000, taxCents: 0 });
    expect(splitGross(-1_000, 0)).toEqual({ netCents: -1_000, taxCents: 0 });
  });
});
