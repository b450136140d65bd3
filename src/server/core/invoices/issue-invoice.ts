import { and, desc, eq, sql } from 'drizzle-orm';
import { eventDateRange } from '@shared/date-range';
import {
  SIMPLIFIED_INVOICE_LIMIT_CENTS,
  TAX_NOTES,
  TAX_RATE_PERCENT,
  invoiceNumber,
  splitGross,
  splitLines,
  type InvoiceDocument,
  type InvoiceLine,
  type TaxMode,
} from '@shared/invoices';
import { zonedParts } from '@shared/event-rules';
import type { DbOrTx } from '../../db/types';
import { bookings, events, invoiceCounters, invoices, payments, profiles } from '../../db/schema';
import { loadSettings } from '../settings/settings-store';
import { bookingLines } from '../ticket-categories/booking-lines';

/** 'YYYY-MM-DD' of `at` in `zone` (an unknown zone counts as Berlin: the paying transaction must not fail). */
function dayIn(at: Date, zone: string): string {
  const { year, month, day } = zonedParts(at, zone);
  return `${year}-${month}-${day}`;
}

/**
 * The next number of the year: the counter row is locked by the update until the transaction ends, so
 * concurrent payments queue here and a rollback gives the number back (docs/product/invoices.md#numbering).
 */
async function nextNumber(tx: DbOrTx, prefix: string, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return invoiceNumber(prefix, year, row!.lastNumber);
}

/**
 * The succeeded payment the invoice is for (the latest, should there be two), as the invoice names it
 * (docs/product/payments.md#method-names); undefined when there is none (issued by hand in the demo).
 */
async function paidWith(
  tx: DbOrTx,
  bookingId: string,
  iban: string,
): Promise<InvoiceDocument['payment'] | undefined> {
  const [payment] = await tx
    .select({ method: payments.method, provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment) return undefined;
  const transfer = payment.provider === 'bank_transfer' || payment.method === 'bank_transfer';
  return { ...payment, ...(transfer && iban ? { iban } : {}) };
}

/**
 * The invoice's lines (docs/product/ticket-categories.md#invoice-lines): one per booked category with its
 * unit price before the discount, and the code's discount as its own negative line, so the lines add up to
 * what was paid. The one category 'Ticket' keeps the old wording ('Ticket: …', 'Paar-Ticket: …').
 */
function invoiceLines(
  items: {
    name: string;
    quantity: number;
    seatsPerTicket: number;
    unitPriceCents: number;
    discountCents: number;
  }[],
  booking: { discountCode: string | null },
  eventTitle: string,
): Omit<InvoiceLine, 'netCents' | 'taxCents'>[] {
  const lines: Omit<InvoiceLine, 'netCents' | 'taxCents'>[] = items.map((item) => {
    const pair = item.seatsPerTicket === 2;
    const name = item.name === 'Ticket' && pair ? 'Paar-Ticket' : item.name;
    return {
      description: `${name}: ${eventTitle}`,
      quantity: item.quantity,
      unit: pair ? 'Paar' : 'Ticket',
      unitPriceCents: item.unitPriceCents,
      grossCents: item.quantity * item.unitPriceCents,
    };
  });
  const discount = items.reduce((sum, item) => sum + item.discountCents, 0);
  if (discount > 0) {
    lines.push({
      description: booking.discountCode ? `Gutschein ${booking.discountCode}` : 'Rabatt',
      quantity: 1,
      unit: 'Ticket',
      unitPriceCents: -discount,
      grossCents: -discount,
      kind: 'discount',
    });
  }
  return lines;
}

async function insertInvoice(
  tx: DbOrTx,
  values: {
    bookingId: string;
    refundId?: string;
    correctsInvoiceId?: string;
    now: Date;
    document: InvoiceDocument;
  },
) {
  const { document } = values;
  const [row] = await tx
    .insert(invoices)
    .values({
      number: document.number,
      kind: document.kind,
      bookingId: values.bookingId,
      refundId: values.refundId ?? null,
      correctsInvoiceId: values.correctsInvoiceId ?? null,
      issuedAt: values.now,
      document,
      netCents: document.netCents,
      taxCents: document.taxCents,
      grossCents: document.grossCents,
      currency: document.currency,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

/**
 * The invoice of a paid booking (docs/product/invoices.md#when): called in the transaction that confirms
 * the payment. Free bookings get none; a second call returns the existing one. The seller, buyer, event and
 * tax mode are copied into the invoice as they are now: the invoice never changes afterwards.
 */
export async function issueInvoice(tx: DbOrTx, bookingId: string, now: Date): Promise<string | null> {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice')));
  if (existing) return existing.id;
  const [row] = await tx
    .select({
      booking: bookings,
      email: profiles.email,
      fullName: profiles.fullName,
      event: {
        title: events.title,
        startTime: events.startTime,
        endTime: events.endTime,
        timezone: events.timezone,
        priceUnit: events.priceUnit,
        taxMode: events.taxMode,
      },
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`booking ${bookingId} not found`);
  const { booking, event } = row;
  if (booking.totalAmountCents <= 0) return null;

  const settings = await loadSettings(tx); // as this transaction sees them
  const zone = settings.timezone.name;
  const taxMode: TaxMode = event.taxMode ?? settings.invoicing.taxMode;
  const taxRatePercent = TAX_RATE_PERCENT[taxMode];
  const issueDate = dayIn(now, zone);
  const number = await nextNumber(tx, settings.invoicing.numberPrefix, Number(issueDate.slice(0, 4)));
  const gross = booking.totalAmountCents;
  let lines = invoiceLines(await bookingLines(tx, booking), booking, event.title);
  // the lines are what the booking was priced from; a booking whose total was set otherwise (written by
  // hand before lines existed) gets the one line of its total, as before: an invoice never claims another
  // amount than was paid, and the paying transaction must not fail over it
  if (lines.reduce((sum, line) => sum + line.grossCents, 0) !== gross) {
    const perPair = event.priceUnit === 'per_pair';
    lines = [
      {
        description: `${perPair ? 'Paar-Ticket' : 'Ticket'}: ${event.title}`,
        quantity: booking.quantity,
        unit: perPair ? 'Paar' : 'Ticket',
        unitPriceCents: booking.unitPriceCents,
        grossCents: gross,
      },
    ];
  }
  const totals = splitGross(gross, taxRatePercent);
  const split = splitLines(lines, taxRatePercent, totals);
  const { operator } = settings;
  const payment = await paidWith(tx, bookingId, settings.bankTransfer.iban);
  const document: InvoiceDocument = {
    kind: 'invoice',
    number,
    issueDate,
    serviceDate: eventDateRange(event),
    serviceStart: dayIn(event.startTime, event.timezone || zone),
    orderNumber: booking.orderNumber,
    eventTitle: event.title,
    seller: {
      name: operator.name || settings.brand.siteName,
      street: operator.street,
      postalCode: operator.postalCode,
      city: operator.city,
      email: operator.email || settings.supportEmail,
      vatId: operator.vatId,
      taxNumber: operator.taxNumber,
    },
    buyer: {
      name: row.fullName?.trim() || booking.holderName?.trim() || row.email || '',
      email: row.email ?? '',
      address: booking.billingAddress ?? null,
    },
    currency: booking.currency,
    taxMode,
    taxRatePercent,
    taxNote: TAX_NOTES[taxMode],
    lines: lines.map((line, index) => ({ ...line, ...split[index]! })),
    ...totals,
    grossCents: gross,
    simplified: gross <= SIMPLIFIED_INVOICE_LIMIT_CENTS,
    corrects: null,
    ...(payment ? { payment } : {}),
  };
  return insertInvoice(tx, { bookingId, now, document });
}

/**
 * The cancellation invoice of a refund (docs/product/invoices.md#cancellation): the refunded share of the
 * booking's invoice, with negative amounts, the original's tax mode and a reference to it. Called in the
 * transaction that records the refund; nothing for a booking without an invoice (free, or refunded before
 * it was ever confirmed).
 */
export async function issueCancellationInvoice(
  tx: DbOrTx,
  refund: { id: string; bookingId: string; amountCents: number },
  now: Date,
): Promise<string | null> {
  const [original] = await tx
    .select({ id: invoices.id, document: invoices.document })
    .from(invoices)
    .where(and(eq(invoices.bookingId, refund.bookingId), eq(invoices.kind, 'invoice')));
  if (!original || refund.amountCents <= 0) return null;
  const [done] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.refundId, refund.id));
  if (done) return done.id;
  const settings = await loadSettings(tx); // as this transaction sees them
  const issueDate = dayIn(now, settings.timezone.name);
  const number = await nextNumber(tx, settings.invoicing.numberPrefix, Number(issueDate.slice(0, 4)));
  const source = original.document;
  const gross = -refund.amountCents;
  // one line of what is refunded: the refund is of what was paid, after any discount
  // (docs/product/ticket-categories.md#invoice-lines); it names the booked category when there was one
  const items = source.lines.filter((line) => line.kind !== 'discount');
  const [line] = items;
  const totals = splitGross(gross, source.taxRatePercent);
  const document: InvoiceDocument = {
    ...source,
    kind: 'cancellation',
    number,
    issueDate,
    lines: [
      {
        description: `Erstattung: ${items.length === 1 && line ? line.description : source.eventTitle}`,
        quantity: 1,
        unit: items.length === 1 && line ? line.unit : 'Ticket',
        unitPriceCents: gross,
        grossCents: gross,
        ...totals,
      },
    ],
    ...totals,
    grossCents: gross,
    simplified: -gross <= SIMPLIFIED_INVOICE_LIMIT_CENTS,
    corrects: { number: source.number, issueDate: source.issueDate },
  };
  return insertInvoice(tx, {
    bookingId: refund.bookingId,
    refundId: refund.id,
    correctsInvoiceId: original.id,
    now,
    document,
  });
}
