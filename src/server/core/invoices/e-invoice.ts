import { InvoiceService, type Invoice, type Logger } from '@e-invoice-eu/core';
import { splitGross, type InvoiceDocument, type InvoiceLine, type TaxMode } from '@shared/invoices';
import { paymentMethodName, type UsedPaymentMethod } from '@shared/payment-methods';

// The EN 16931 data of an invoice for a business buyer who asked for it (docs/product/invoices.md#e-invoice):
// a Factur-X / ZUGFeRD PDF, profile EN 16931, made by @e-invoice-eu/core from the stored document only. The
// library takes its invoice as UBL-shaped JSON and writes the CII 'factur-x.xml' into the PDF, with the
// PDF/A-3 metadata it knows how to write.

const FORMAT = 'Factur-X-EN16931';

// The library's types spell out every code list; the data is built loosely here and checked by the library's
// own schema validation when the PDF is made (and by the tests).
type Json = Record<string, unknown>;
type TaxCategory = Record<'cbc:ID' | 'cbc:Percent', string> & { 'cbc:TaxExemptionReason'?: string } & Json;

/**
 * What the EN 16931 VAT category of a tax mode is. The two modes without tax both use 'E' (exempt) with the
 * legal reason as BT-120, because every E breakdown needs a reason (BR-E-10):
 * - § 4 Nr. 21 UStG is a tax exemption in the proper sense;
 * - a Kleinunternehmer (§ 19 UStG) is not exempt in EU terms, but German e-invoicing practice (the ZUGFeRD /
 *   XRechnung guidance) puts his invoices under 'E' with the § 19 note, not under 'O' (not subject to VAT),
 *   which forbids the seller's and the buyer's VAT ids (BR-O-2 to BR-O-4) that a buyer may well give.
 * The reason is the same sentence the PDF prints as the tax note.
 */
function taxCategory(doc: InvoiceDocument): TaxCategory {
  const exempt: Partial<Record<TaxMode, string>> = {
    small_business: doc.taxNote ?? 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    education_exempt: doc.taxNote ?? 'Umsatzsteuerfreie Leistung gemäß § 4 Nr. 21 UStG.',
  };
  const reason = exempt[doc.taxMode];
  if (reason) {
    return {
      'cbc:ID': 'E',
      'cbc:Percent': '0',
      'cbc:TaxExemptionReason': reason,
      'cac:TaxScheme': { 'cbc:ID': 'VAT' },
    };
  }
  return { 'cbc:ID': 'S', 'cbc:Percent': String(doc.taxRatePercent), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
}

/** Integer cents as the library's amount ('250.42', '-8.40'). */
function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** UN/ECE Recommendation 20: one ticket is a piece ('C62', one), a couple's ticket a pair ('PR'). */
const UNIT_CODES: Record<InvoiceLine['unit'], string> = { Ticket: 'C62', Paar: 'PR' };

/**
 * Each line's net amount. The document splits net and tax once per invoice (decision 040); since issue 32 the
 * lines carry their share (splitLines). Older documents split the lines here on their own and the last one
 * takes the rounding difference: either way the lines add up to the document's net (BR-CO-10) exactly as
 * printed.
 */
function lineNets(doc: InvoiceDocument): number[] {
  if (doc.lines.every((line) => line.netCents !== undefined)) return doc.lines.map((line) => line.netCents!);
  const nets = doc.lines.map((line) => splitGross(line.grossCents, doc.taxRatePercent).netCents);
  const rest = doc.netCents - nets.reduce((sum, net) => sum + net, 0);
  if (nets.length > 0) nets[nets.length - 1]! += rest;
  return nets;
}

/** The delivery date (BT-72): the event's first day, or on older documents a one-day service date. */
function deliveryDate(doc: InvoiceDocument): string | null {
  if (doc.serviceStart) return doc.serviceStart;
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(doc.serviceDate.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/**
 * The payment means (BG-16) by UNTDID 4461: 48 bank card (wallets pay with one), 59 SEPA direct debit, 58 SEPA
 * credit transfer, 68 online payment service (PayPal, Klarna, Billie). A transfer names the shop's IBAN, which
 * EN 16931 asks for with code 58 (BR-61); without it, and for an unknown method, there is no BG-16.
 */
const PAYMENT_MEANS_CODES: Record<UsedPaymentMethod, string> = {
  card: '48',
  apple_pay: '48',
  google_pay: '48',
  paypal: '68',
  sepa_debit: '59',
  klarna: '68',
  billie: '68',
  bank_transfer: '58',
};

function paymentMeans(doc: InvoiceDocument): Json[] {
  const payment = doc.payment;
  if (!payment) return [];
  const method = (payment.method ??
    (payment.provider === 'bank_transfer' ? 'bank_transfer' : null)) as UsedPaymentMethod | null;
  const code = method ? PAYMENT_MEANS_CODES[method] : undefined;
  if (!code || (code === '58' && !payment.iban)) return [];
  return [
    {
      'cbc:PaymentMeansCode': code,
      'cbc:PaymentMeansCode@name': paymentMethodName(payment.method, payment.provider),
      ...(code === '58' ? { 'cac:PayeeFinancialAccount': { 'cbc:ID': payment.iban } } : {}),
    },
  ];
}

/** 'YYYY-MM-DD' as 'DD.MM.YYYY'. */
const germanDate = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** Leaves out what was not given: EN 16931 forbids empty elements. */
function given<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== '' && entry != null)) as T;
}

/**
 * The library's invoice input for an issued document. A cancellation invoice becomes a credit note (type
 * code 381) with positive amounts: in EN 16931 the type code carries the direction, and a credit note with
 * negative amounts would mean a further charge. (An invoice 380 with negative amounts is allowed too, but
 * many receiving systems take it for an error.) It names the invoice it corrects (BG-3). The buyer has paid
 * (or been refunded) already: the whole gross is prepaid (BT-113), nothing is due (BT-115).
 */
export function eInvoiceData(doc: InvoiceDocument): Invoice {
  const address = doc.buyer.address;
  if (!address) throw new Error(`invoice ${doc.number} has no billing address for the e-invoice data`);
  const direction = doc.kind === 'cancellation' ? -1 : 1;
  const money = (cents: number) => amount(direction * cents);
  const currency = doc.currency;
  const category = taxCategory(doc);
  const lineCategory = { ...category };
  delete lineCategory['cbc:TaxExemptionReason'];
  const { seller } = doc;
  const delivery = deliveryDate(doc);
  const allNets = lineNets(doc);
  // A discount code's line becomes a document level allowance (BG-20), not an invoice line with a negative
  // amount (docs/product/ticket-categories.md#invoice-lines): EN 16931 forbids a negative item net price
  // (BR-27), so a negative line would need the quantity -1, which receiving systems read as a return of
  // goods; the allowance is the model's own element for a discount on the whole order, with reason code 95
  // (UNCL5189 'Discount') and the same VAT category as the lines, so the VAT breakdown's taxable amount is
  // the lines' net minus the allowance (BR-CO-13) and equals the printed net to the cent.
  const items = doc.lines.flatMap((line, index) =>
    line.kind === 'discount' ? [] : [{ line, net: allNets[index]! }],
  );
  const allowances = doc.lines.flatMap((line, index) =>
    line.kind === 'discount' ? [{ line, net: -allNets[index]! }] : [],
  );
  const itemsNet = items.reduce((sum, item) => sum + item.net, 0);
  const allowancesNet = allowances.reduce((sum, allowance) => sum + allowance.net, 0);

  const invoice: Json = {
    'cbc:ID': doc.number,
    'cbc:IssueDate': doc.issueDate,
    'cbc:InvoiceTypeCode': doc.kind === 'cancellation' ? '381' : '380',
    // one note (the library writes the entries of its array as several Contents of one CII note, which the
    // Factur-X schema does not allow). BG-3 below is the proper place for the corrected invoice, but the
    // library's CII mapping (2.3.4) looks for it one level too high and drops it: the note names it as well.
    'cbc:Note': [
      [
        `Bestellnummer ${doc.orderNumber}`,
        doc.corrects
          ? `Korrigiert Rechnung ${doc.corrects.number} vom ${germanDate(doc.corrects.issueDate)}`
          : '',
      ]
        .filter(Boolean)
        .join('\n'),
    ],
    'cbc:DocumentCurrencyCode': currency,
    'cac:AccountingSupplierParty': {
      'cac:Party': given({
        ...(seller.email ? { 'cbc:EndpointID': seller.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
        'cac:PartyName': { 'cbc:Name': seller.name },
        // the operator's address is German: 'Rechtliches & Betreiber' asks for no country
        'cac:PostalAddress': given({
          'cbc:StreetName': seller.street,
          'cbc:CityName': seller.city,
          'cbc:PostalZone': seller.postalCode,
          'cac:Country': { 'cbc:IdentificationCode': 'DE' },
        }),
        'cac:PartyTaxScheme': [
          ...(seller.vatId ? [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
          // the Steuernummer is the seller's tax registration (BT-32), written as schemeID 'FC' in CII
          ...(seller.taxNumber
            ? [{ 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }]
            : []),
        ],
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name },
        'cac:Contact': seller.email ? { 'cbc:ElectronicMail': seller.email } : undefined,
      }),
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': given({
        ...(doc.buyer.email ? { 'cbc:EndpointID': doc.buyer.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
        'cac:PostalAddress': given({
          'cbc:StreetName': address.street,
          'cbc:CityName': address.city,
          'cbc:PostalZone': address.postalCode,
          'cac:Country': { 'cbc:IdentificationCode': address.country || 'DE' },
        }),
        'cac:PartyTaxScheme': address.vatId
          ? { 'cbc:CompanyID': address.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }
          : undefined,
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': address.company || address.name || doc.buyer.name },
        'cac:Contact': given({
          'cbc:Name': address.company ? address.name : '',
          'cbc:ElectronicMail': doc.buyer.email,
        }),
      }),
    },
    ...(paymentMeans(doc).length > 0 ? { 'cac:PaymentMeans': paymentMeans(doc) } : {}),
    'cac:PaymentTerms': {
      'cbc:Note':
        doc.kind === 'cancellation' ? 'Der Betrag wird erstattet.' : 'Der Betrag ist bereits bezahlt.',
    },
    ...(allowances.length > 0
      ? {
          'cac:AllowanceCharge': allowances.map(({ line, net }) => ({
            'cbc:ChargeIndicator': 'false',
            'cbc:AllowanceChargeReasonCode': '95',
            'cbc:AllowanceChargeReason': line.description,
            'cbc:Amount': money(net),
            'cbc:Amount@currencyID': currency,
            'cac:TaxCategory': lineCategory,
          })),
        }
      : {}),
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': money(doc.taxCents),
        'cbc:TaxAmount@currencyID': currency,
        'cac:TaxSubtotal': [
          {
            'cbc:TaxableAmount': money(doc.netCents),
            'cbc:TaxableAmount@currencyID': currency,
            'cbc:TaxAmount': money(doc.taxCents),
            'cbc:TaxAmount@currencyID': currency,
            'cac:TaxCategory': category,
          },
        ],
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(itemsNet),
      'cbc:LineExtensionAmount@currencyID': currency,
      ...(allowances.length > 0
        ? {
            'cbc:AllowanceTotalAmount': money(allowancesNet),
            'cbc:AllowanceTotalAmount@currencyID': currency,
          }
        : {}),
      'cbc:TaxExclusiveAmount': money(doc.netCents),
      'cbc:TaxExclusiveAmount@currencyID': currency,
      'cbc:TaxInclusiveAmount': money(doc.grossCents),
      'cbc:TaxInclusiveAmount@currencyID': currency,
      'cbc:PrepaidAmount': money(doc.grossCents),
      'cbc:PrepaidAmount@currencyID': currency,
      'cbc:PayableAmount': amount(0),
      'cbc:PayableAmount@currencyID': currency,
    },
    'cac:InvoiceLine': items.map(({ line, net: lineNet }, index) => {
      const net = direction * lineNet;
      const unitCode = UNIT_CODES[line.unit];
      // the net unit price (BT-146) has two decimals: where the line's net does not divide by the quantity,
      // the price is given for the whole quantity as its base (BT-149), so quantity × price is the line's net
      const divides = net % line.quantity === 0;
      return {
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': String(line.quantity),
        'cbc:InvoicedQuantity@unitCode': unitCode,
        'cbc:LineExtensionAmount': amount(net),
        'cbc:LineExtensionAmount@currencyID': currency,
        'cac:Item': { 'cbc:Name': line.description, 'cac:ClassifiedTaxCategory': lineCategory },
        'cac:Price': divides
          ? { 'cbc:PriceAmount': amount(net / line.quantity), 'cbc:PriceAmount@currencyID': currency }
          : {
              'cbc:PriceAmount': amount(net),
              'cbc:PriceAmount@currencyID': currency,
              'cbc:BaseQuantity': String(line.quantity),
              'cbc:BaseQuantity@unitCode': unitCode,
            },
      };
    }),
  };
  if (delivery) invoice['cac:Delivery'] = { 'cbc:ActualDeliveryDate': delivery };
  if (doc.corrects) {
    invoice['cac:BillingReference'] = [
      {
        'cac:InvoiceDocumentReference': {
          'cbc:ID': doc.corrects.number,
          'cbc:IssueDate': doc.corrects.issueDate,
        },
      },
    ];
  }
  return { 'ubl:Invoice': invoice } as unknown as Invoice;
}

// The parts of the library's Factur-X service that read the clock (version 2.3.4, pinned in package.json):
// it stamps `new Date()` into the XMP metadata, the info dictionary and the attachment. They are replaced on
// the one service instance made for this call, so the dates are the invoice date and the same document gives
// the same bytes (docs/product/invoices.md#invoice-pdf). Should an update rename them, this fails loudly.
interface PdfLibDocument {
  attach(
    data: Uint8Array,
    name: string,
    options: {
      mimeType: string;
      description: string;
      creationDate: Date;
      modificationDate: Date;
      afRelationship: unknown;
    },
  ): Promise<void>;
  setCreationDate(date: Date): void;
  setModificationDate(date: Date): void;
  setTitle(title: string): void;
}
interface FacturXClock {
  formatDateWithOffset(date: Date): string;
  attachFile(
    pdf: PdfLibDocument,
    file: { buffer: Uint8Array; filename: string; mimetype: string; description?: string },
    relationship: unknown,
  ): Promise<void>;
  setTrailerInfoID(pdf: PdfLibDocument, meta: unknown): Promise<void>;
}
interface FormatFactory {
  createFormatService(format: string, logger: Logger): unknown;
}

function pinClock(service: unknown, issued: Date, title: string) {
  const target = service as FacturXClock;
  for (const method of ['formatDateWithOffset', 'attachFile', 'setTrailerInfoID'] as const) {
    if (typeof target[method] !== 'function')
      throw new Error(`@e-invoice-eu/core: no ${method} to pin the clock`);
  }
  const setTrailerInfoID = target.setTrailerInfoID.bind(target);
  target.formatDateWithOffset = () => `${issued.toISOString().slice(0, 19)}+00:00`;
  target.attachFile = (pdf, file, relationship) =>
    pdf.attach(file.buffer, file.filename, {
      mimeType: file.mimetype,
      description: file.description ?? 'Supplementary file',
      creationDate: issued,
      modificationDate: issued,
      afRelationship: relationship,
    });
  // runs after the library set its dates and its English title, just before the file ID is made
  target.setTrailerInfoID = async (pdf, meta) => {
    pdf.setCreationDate(issued);
    pdf.setModificationDate(issued);
    pdf.setTitle(title);
    await setTrailerInfoID(pdf, meta);
  };
  return service;
}

// the library logs a rejected input before it throws; the error thrown says the same
const quiet: Logger = { log: () => {}, warn: () => {}, error: () => {} };

/**
 * The rendered invoice PDF with the EN 16931 data in it: 'factur-x.xml' attached, Factur-X profile
 * EN 16931, the library's PDF/A-3 metadata. The library validates its input against its schema and throws on
 * an invalid one.
 */
export async function attachEInvoice(
  pdf: Buffer,
  doc: InvoiceDocument,
  meta: { issued: Date; title: string },
): Promise<Buffer> {
  const service = new InvoiceService(quiet);
  const factory = (service as unknown as { formatFactoryService: FormatFactory }).formatFactoryService;
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format, logger) => pinClock(create(format, logger), meta.issued, meta.title);
  const result = await service.generate(eInvoiceData(doc), {
    format: FORMAT,
    lang: 'de',
    pdf: { buffer: new Uint8Array(pdf), filename: `${doc.number}.pdf`, mimetype: 'application/pdf' },
    noWarnings: true,
  });
  if (typeof result === 'string') throw new Error('@e-invoice-eu/core returned XML instead of a PDF');
  return Buffer.from(result);
}
