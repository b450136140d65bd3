// Test data for the invoice renderer's tests (not part of the server: only the *.test.ts next to it import it).
import { execFileSync } from 'node:child_process';
import {
  splitGross,
  TAX_NOTES,
  TAX_RATE_PERCENT,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceSeller,
  type TaxMode,
} from '@shared/invoices';

export const SITE = 'Tanzschule Größe';

/** The seller without VAT id or tax number: a test adds the one it is about. */
export const seller: InvoiceSeller = {
  name: 'Tanzschule Größe GmbH',
  street: 'Hauptstraße 12',
  postalCode: '10115',
  city: 'Berlin',
  email: 'rechnung@tanzschule-groesse.de',
  vatId: '',
  taxNumber: '',
};

export const ticket = (quantity: number, unitPriceCents: number): InvoiceLine => ({
  description: 'Ticket: Frühlingsball',
  quantity,
  unit: 'Ticket',
  unitPriceCents,
  grossCents: quantity * unitPriceCents,
});

/**
 * Invoice RE-2027-00042 of order WR-7K3Q9F for 'Frühlingsball' on 14.03.2027, issued 02.03.2027 to a buyer
 * without address; net and tax come from the lines' gross. `extra` replaces any field.
 */
export function invoiceDocument(
  taxMode: TaxMode,
  lines: InvoiceLine[],
  extra: Partial<InvoiceDocument> = {},
): InvoiceDocument {
  const grossCents = lines.reduce((sum, line) => sum + line.grossCents, 0);
  const taxRatePercent = TAX_RATE_PERCENT[taxMode];
  return {
    kind: 'invoice',
    number: 'RE-2027-00042',
    issueDate: '2027-03-02',
    serviceDate: '14.03.2027',
    orderNumber: 'WR-7K3Q9F',
    eventTitle: 'Frühlingsball',
    seller,
    buyer: { name: 'Jürgen Müßig', email: 'juergen@example.de' },
    currency: 'EUR',
    taxMode,
    taxRatePercent,
    taxNote: TAX_NOTES[taxMode],
    lines,
    ...splitGross(grossCents, taxRatePercent),
    grossCents,
    simplified: grossCents <= 25_000,
    corrects: null,
    ...extra,
  };
}

/** The text of the PDF in `file` as poppler's pdftotext lays it out on the page. */
export const pdfLayoutText = (file: string): string =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/** The extracted text with each run of spaces as one space, so assertions do not depend on column widths. */
export const flat = (text: string) => text.replace(/[ \u00a0]+/g, ' ');
