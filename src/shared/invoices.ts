// Invoices and cancellation invoices (docs/product/invoices.md): tax modes, texts and the document an invoice
// is made of. Free of zod: the client imports the labels.

export const TAX_MODES = ['small_business', 'education_exempt', 'vat_19', 'vat_7'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/** What the admin picks in settings and, per event, in the event form. */
export const TAX_MODE_LABELS: Record<TaxMode, string> = {
  small_business: 'Kleinunternehmer (§ 19 UStG): keine Umsatzsteuer',
  education_exempt: 'Steuerfreie Bildungsleistung (§ 4 Nr. 21 UStG)',
  vat_19: 'Umsatzsteuer 19 %',
  vat_7: 'Umsatzsteuer 7 %',
};

export const TAX_RATE_PERCENT: Record<TaxMode, number> = {
  small_business: 0,
  education_exempt: 0,
  vat_19: 19,
  vat_7: 7,
};

/** The note the law asks for when no tax is shown (docs/product/invoices.md#tax-modes). */
export const TAX_NOTES: Record<TaxMode, string | null> = {
  small_business: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
  education_exempt: 'Umsatzsteuerfreie Leistung gemäß § 4 Nr. 21 UStG.',
  vat_19: null,
  vat_7: null,
};

/** Up to this gross amount an invoice may be simplified (Kleinbetragsrechnung, § 33 UStDV). */
export const SIMPLIFIED_INVOICE_LIMIT_CENTS = 25_000;

/** Settings key `invoicing` (admin only). */
export interface InvoiceSettings {
  taxMode: TaxMode;
  /** Put before the year and the number: 'RE' gives 'RE-2026-00001'. */
  numberPrefix: string;
}
export const DEFAULT_INVOICE_SETTINGS: InvoiceSettings = { taxMode: 'small_business', numberPrefix: 'RE' };

export type InvoiceKind = 'invoice' | 'cancellation';

export interface InvoiceSeller {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  email: string;
  vatId: string;
  taxNumber: string;
}

/**
 * The billing address a buyer may give in checkout (docs/product/invoices.md#billing-address); asked for and
 * required when the order is above SIMPLIFIED_INVOICE_LIMIT_CENTS. Stored on the booking, copied into the
 * invoice when it is issued. Empty strings for what was not given.
 */
export interface BillingAddress {
  /** '' for a private person */
  company: string;
  /** The person the invoice is for (or the company's contact) */
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, 'DE' unless chosen */
  country: string;
  /** The buyer's USt-IdNr., optional */
  vatId: string;
  /** A business buyer asked for the EN 16931 data (ZUGFeRD/Factur-X) in the PDF; needs a company. */
  eInvoice: boolean;
}

export interface InvoiceBuyer {
  name: string;
  email: string;
  /** Absent on invoices issued before billing addresses existed, null when none was given. */
  address?: BillingAddress | null;
}

export interface InvoiceLine {
  /**
   * '{category}: {event title}' ('Ticket: …' or 'Paar-Ticket: …' for the one category 'Ticket'), or the
   * discount's 'Gutschein FREUNDE10' (docs/product/ticket-categories.md#invoice-lines).
   */
  description: string;
  quantity: number;
  unit: 'Ticket' | 'Paar';
  /** Gross per unit; negative on a cancellation invoice and on a discount line. */
  unitPriceCents: number;
  grossCents: number;
  /** A discount code's line: negative, one per invoice, shown without quantity and unit price. */
  kind?: 'discount';
  /** The line's share of the document's net and tax (splitLines). Absent on invoices issued before issue 32. */
  netCents?: number;
  taxCents?: number;
}

/**
 * Everything an issued invoice shows, kept as issued (the PDF is made from this and nothing else). Amounts
 * are integer cents, negative on a cancellation invoice.
 */
export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  /** 'YYYY-MM-DD' in the shop's time zone */
  issueDate: string;
  /** The event's date(s) as the buyer reads them, e.g. '14.03.2027' or '14.–16.03.2027'. */
  serviceDate: string;
  /**
   * The event's first day, 'YYYY-MM-DD' in the event's zone: the delivery date of the e-invoice data. Absent on
   * invoices issued before it was kept.
   */
  serviceStart?: string;
  orderNumber: string;
  eventTitle: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  currency: string;
  taxMode: TaxMode;
  taxRatePercent: number;
  taxNote: string | null;
  lines: InvoiceLine[];
  netCents: number;
  taxCents: number;
  grossCents: number;
  /** gross ≤ 250 €: a Kleinbetragsrechnung (§ 33 UStDV) */
  simplified: boolean;
  /** A cancellation invoice names the invoice it corrects. */
  corrects: { number: string; issueDate: string } | null;
  /**
   * What the booking was paid with (docs/product/payments.md#method-names): the payment's stored method and
   * provider, read with paymentMethodName of shared/payment-methods.ts; the shop's IBAN when paid by transfer
   * (the e-invoice's payment account). Absent on invoices issued before issue 31.
   */
  payment?: { method: string | null; provider: string; iban?: string };
}

/** A row of the admin's invoice list and of the CSV for the accountant. */
export interface AdminInvoiceRow {
  id: string;
  number: string;
  kind: InvoiceKind;
  issueDate: string;
  orderNumber: string;
  buyerName: string;
  buyerEmail: string;
  eventId: string;
  eventTitle: string;
  netCents: number;
  taxCents: number;
  grossCents: number;
  currency: string;
  /** on an invoice: what cancellation invoices took back so far (positive cents) */
  refundedCents: number;
  /** on a cancellation invoice: the number of the invoice it corrects */
  correctsNumber: string | null;
}

/** Net and tax inside a gross amount, rounded once per invoice (decision 040). */
export function splitGross(grossCents: number, ratePercent: number): { netCents: number; taxCents: number } {
  if (ratePercent === 0) return { netCents: grossCents, taxCents: 0 };
  // half-cents away from zero, the same for an invoice and its cancellation
  const sign = grossCents < 0 ? -1 : 1;
  const netCents = sign * Math.round((Math.abs(grossCents) * 100) / (100 + ratePercent));
  return { netCents, taxCents: grossCents - netCents };
}

/**
 * Each line's net and tax inside the document's (docs/product/ticket-categories.md#invoice-lines). The
 * document is split once (splitGross, decision 040); each line is split on its own and the line with the
 * largest amount takes the cent or two that the rounding leaves, so the lines' nets and taxes add up to the
 * document's exactly (net + tax = gross on every line and on the document).
 */
export function splitLines(
  lines: readonly { grossCents: number }[],
  ratePercent: number,
  total: { netCents: number; taxCents: number },
): { netCents: number; taxCents: number }[] {
  const split = lines.map((line) => splitGross(line.grossCents, ratePercent));
  const rest = total.netCents - split.reduce((sum, line) => sum + line.netCents, 0);
  if (rest !== 0 && split.length > 0) {
    let largest = 0;
    lines.forEach((line, index) => {
      if (Math.abs(line.grossCents) > Math.abs(lines[largest]!.grossCents)) largest = index;
    });
    const line = split[largest]!;
    line.netCents += rest;
    line.taxCents -= rest;
  }
  return split;
}

export function invoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix ? `${prefix}-` : ''}${year}-${String(sequence).padStart(5, '0')}`;
}

/** The PDF's file name, for downloads and the confirmation mail's attachment. */
export const invoiceFileName = (number: string) => `Rechnung-${number}.pdf`;
