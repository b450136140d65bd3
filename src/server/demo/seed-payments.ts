import { and, eq, sql } from 'drizzle-orm';
import { paymentReference, transferHoldEnd, type BankTransferSettings } from '@shared/bank-transfer';
import type { BillingAddress, InvoiceDocument } from '@shared/invoices';
import type { DbOrTx, Event } from '../db/types';
import {
  appSettings,
  bankCredits,
  bankStatementImports,
  bankStatementLines,
  bookings,
  invoices,
  payments,
} from '../db/schema';
import { createBooking } from './factories';
import { demoOperator } from './seed-operator';

const DAY = 86_400_000;

/** The demo shop's account: a valid test IBAN (docs/product/bank-transfer.md#settings). */
export const DEMO_BANK_ACCOUNT: BankTransferSettings = {
  enabled: true,
  accountHolder: demoOperator.name,
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  minDaysBeforeStart: 10,
};

/**
 * Transfers in the demo (docs/product/bank-transfer.md): the method switched on; on the given event one ticket
 * booked by transfer and not paid yet, one partly paid by a statement line; that statement also has a line
 * nobody could match, one in Swiss francs (which pays nothing) and an outgoing one, so 'Kontoauszüge' shows every
 * state in the first minute.
 */
export async function seedBankTransfers(
  tx: DbOrTx,
  options: { now: Date; event: Event; unpaidBy: string; partlyPaidBy: string },
): Promise<void> {
  const { now, event } = options;
  await tx
    .insert(appSettings)
    .values({ key: 'bankTransfer', value: { ...DEMO_BANK_ACCOUNT } })
    .onConflictDoNothing();
  const [statement] = await tx
    .insert(bankStatementImports)
    .values({
      fileName: 'Umsaetze-Demo.xml',
      format: 'camt053',
      linesTotal: 4,
      linesNew: 4,
      createdAt: new Date(now.getTime() - DAY),
    })
    .returning({ id: bankStatementImports.id });
  const bookedOn = new Date(now.getTime() - DAY).toISOString().slice(0, 10);
  for (const [index, profileId] of [options.unpaidBy, options.partlyPaidBy].entries()) {
    const orderedAt = new Date(now.getTime() - (3 - index) * DAY);
    const dueAt = new Date(orderedAt.getTime() + 7 * DAY);
    const { booking } = await createBooking(tx, {
      event,
      profileId,
      status: 'pending',
      now: orderedAt,
      isTest: true,
      booking: { paymentDueAt: dueAt, holdExpiresAt: transferHoldEnd(dueAt) },
    });
    await tx.insert(payments).values({
      bookingId: booking.id,
      provider: 'bank_transfer',
      method: 'bank_transfer',
      amountCents: booking.totalAmountCents,
      currency: booking.currency,
      idempotencyKey: `booking-${booking.id}-bank-transfer`,
      createdAt: orderedAt,
    });
    if (index === 1) {
      const [line] = await tx
        .insert(bankStatementLines)
        .values({
          importId: statement!.id,
          dedupeKey: `DEMO:${booking.orderNumber}`,
          bookedOn,
          amountCents: 30_000,
          currency: 'EUR',
          counterpartyName: 'Aylin Demir',
          counterpartyIban: 'DE02120300000000202051',
          remittance: `Seminar Ostsee Anzahlung ${paymentReference(booking.orderNumber)}`,
          status: 'partial',
        })
        .returning({ id: bankStatementLines.id });
      await tx.insert(bankCredits).values({ lineId: line!.id, bookingId: booking.id, amountCents: 30_000 });
    }
  }
  await tx.insert(bankStatementLines).values([
    {
      importId: statement!.id,
      dedupeKey: 'DEMO:unmatched',
      bookedOn,
      amountCents: 14_900,
      currency: 'EUR',
      counterpartyName: 'Maria Beispiel',
      counterpartyIban: 'DE75512108001245126199',
      remittance: 'Workshop Stimme Lübeck Maria',
      status: 'unmatched',
    },
    {
      // docs/product/bank-transfer.md#currency: francs pay no booking; the line says why
      importId: statement!.id,
      dedupeKey: 'DEMO:foreign-currency',
      bookedOn,
      amountCents: 12_000,
      currency: 'CHF',
      counterpartyName: 'Luca Meier',
      counterpartyIban: 'CH9300762011623852957',
      remittance: 'Anmeldung Seminar Ostsee',
      status: 'unmatched',
    },
    {
      importId: statement!.id,
      dedupeKey: 'DEMO:outgoing',
      bookedOn,
      amountCents: -4_500,
      currency: 'EUR',
      counterpartyName: 'Seminarhaus Heide',
      counterpartyIban: 'DE44500105175407324931',
      remittance: 'Raummiete Anzahlung',
      status: 'ignored',
    },
  ]);
}

/**
 * A company's booking with its billing address and 'E-Rechnung (ZUGFeRD)': the invoice of the attendee's first
 * paid booking carries it, as if given in checkout (docs/product/invoices.md#e-invoice).
 */
export async function seedCompanyInvoice(
  tx: DbOrTx,
  options: { profileId: string; name: string },
): Promise<void> {
  const [row] = await tx
    .select({ booking: bookings, invoice: invoices })
    .from(bookings)
    .innerJoin(invoices, and(eq(invoices.bookingId, bookings.id), eq(invoices.kind, 'invoice')))
    .where(eq(bookings.profileId, options.profileId))
    .orderBy(sql`${bookings.createdAt}`)
    .limit(1);
  if (!row) return;
  const address: BillingAddress = {
    company: 'Krüger Organisationsberatung GmbH',
    name: options.name,
    street: 'Speicherstadt 12',
    postalCode: '20457',
    city: 'Hamburg',
    country: 'DE',
    vatId: 'DE287654321',
    eInvoice: true,
  };
  const document: InvoiceDocument = {
    ...row.invoice.document,
    buyer: { ...row.invoice.document.buyer, address },
  };
  await tx.update(bookings).set({ billingAddress: address }).where(eq(bookings.id, row.booking.id));
  await tx.update(invoices).set({ document, pdf: null }).where(eq(invoices.id, row.invoice.id));
}
