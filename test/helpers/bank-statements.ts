import { count, inArray } from 'drizzle-orm';
import { paymentReference, transferHoldEnd } from '@shared/bank-transfer';
import { newOrderNumber } from '@shared/order-number';
import { createEvent } from '@server/demo/factories';
import {
  bankCredits,
  bankStatementImports,
  bankStatementLines,
  bookings,
  mailOutbox,
  payments,
} from '@server/db/schema';
import type { TestApp } from './app';
import { DAY } from './tickets';

// Statement files and open transfer bookings for the import tests (docs/product/bank-transfer.md#statement-import,
// #hostile-files), in bulk where a test needs thousands.

export const TRANSFER_SETTINGS = {
  enabled: true,
  accountHolder: 'Wachstumsraum GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  minDaysBeforeStart: 10,
};

export interface CamtEntry {
  ref: string;
  amount: string;
  currency?: string;
  credit?: boolean;
  text: string[];
  name?: string;
  iban?: string;
  bookedOn?: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One booked entry of a camt.053.001.02 statement, written as German banks do; `raw` leaves the texts as given. */
export function camtEntry(entry: CamtEntry, raw = false): string {
  const text = (value: string) => (raw ? value : escapeXml(value));
  const amount = `<Amt Ccy="${entry.currency ?? 'EUR'}">${entry.amount}</Amt>`;
  return `<Ntry>
  <NtryRef>${text(entry.ref)}</NtryRef>${amount}<CdtDbtInd>${entry.credit === false ? 'DBIT' : 'CRDT'}</CdtDbtInd>
  <Sts>BOOK</Sts><BookgDt><Dt>${entry.bookedOn ?? '2026-11-27'}</Dt></BookgDt><AcctSvcrRef>${text(entry.ref)}</AcctSvcrRef>
  <NtryDtls><TxDtls><Refs><AcctSvcrRef>${text(entry.ref)}</AcctSvcrRef></Refs><AmtDtls><TxAmt>${amount}</TxAmt></AmtDtls>
    <RltdPties><Dbtr><Nm>${text(entry.name ?? 'Anna Beispiel')}</Nm></Dbtr><DbtrAcct><Id><IBAN>${entry.iban ?? 'DE02120300000000202051'}</IBAN></Id></DbtrAcct></RltdPties>
    <RmtInf>${entry.text.map((line) => `<Ustrd>${text(line)}</Ustrd>`).join('')}</RmtInf>
  </TxDtls></NtryDtls>
</Ntry>`;
}

/** A camt.053.001.02 file around already written entries; `prolog` goes between the XML declaration and the root. */
export function camtDocument(entries: string, prolog = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
${prolog}<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt><GrpHdr><MsgId>STMT-1</MsgId><CreDtTm>2026-11-28T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT-1-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}

export const camtFile = (entries: CamtEntry[]) =>
  camtDocument(entries.map((entry) => camtEntry(entry)).join('\n'));

/** POST /api/admin/bank-statements as the admin's page sends it. */
export function uploadStatement(
  t: TestApp,
  cookie: string,
  content: string | Buffer,
  options: { fileName?: string; mapping?: string; accept?: string } = {},
) {
  const form = new FormData();
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  form.append('file', new Blob([new Uint8Array(bytes)]), options.fileName ?? 'auszug.xml');
  if (options.mapping) form.append('mapping', options.mapping);
  return t.app.request('/api/admin/bank-statements', {
    method: 'POST',
    headers: { cookie, ...(options.accept ? { Accept: options.accept } : {}) },
    body: form,
  });
}

/**
 * `count` bookings that wait for a transfer, each of `totalCents`, written in bulk (as chooseBankTransfer leaves
 * them: pending, due date and hold, a pending 'bank_transfer' payment).
 */
export async function openTransferBookings(
  t: TestApp,
  options: { count: number; totalCents: number; profileId: string },
): Promise<{ bookingId: string; orderNumber: string; reference: string }[]> {
  const db = t.database.db;
  const event = await createEvent(db, {
    priceCents: options.totalCents,
    totalSeats: options.count + 10,
    availableSeats: 10,
    startTime: new Date(Date.now() + 60 * DAY),
  });
  const dueAt = new Date(Date.now() + 7 * DAY);
  const created: { bookingId: string; orderNumber: string; reference: string }[] = [];
  // drawn apart here: in thousands, a chance clash (the booking code draws again) would fail the whole insert
  const orderNumbers = new Set<string>();
  while (orderNumbers.size < options.count) orderNumbers.add(newOrderNumber());
  const numbers = [...orderNumbers];
  for (let start = 0; start < options.count; start += 1_000) {
    const size = Math.min(1_000, options.count - start);
    const rows = await db
      .insert(bookings)
      .values(
        Array.from({ length: size }, (_, i) => ({
          orderNumber: numbers[start + i]!,
          eventId: event.id,
          profileId: options.profileId,
          quantity: 1,
          seats: 1,
          unitPriceCents: options.totalCents,
          totalAmountCents: options.totalCents,
          status: 'pending' as const,
          paymentDueAt: dueAt,
          holdExpiresAt: transferHoldEnd(dueAt),
        })),
      )
      .returning({ id: bookings.id, orderNumber: bookings.orderNumber });
    await db.insert(payments).values(
      rows.map((row) => ({
        bookingId: row.id,
        provider: 'bank_transfer' as const,
        amountCents: options.totalCents,
        currency: 'EUR',
        idempotencyKey: `booking-${row.id}-bank-transfer`,
      })),
    );
    created.push(
      ...rows.map((row) => ({
        bookingId: row.id,
        orderNumber: row.orderNumber,
        reference: paymentReference(row.orderNumber),
      })),
    );
  }
  return created;
}

/** What an import can leave behind: rows of the import tables, credits, mails, and the named bookings' states. */
export async function importTraces(t: TestApp, bookingIds: string[] = []) {
  const db = t.database.db;
  const rows = async (
    table: typeof bankStatementImports | typeof bankStatementLines | typeof bankCredits | typeof mailOutbox,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    imports: await rows(bankStatementImports),
    lines: await rows(bankStatementLines),
    credits: await rows(bankCredits),
    mails: await rows(mailOutbox),
    bookings:
      bookingIds.length === 0
        ? []
        : (
            await db
              .select({ id: bookings.id, status: bookings.status })
              .from(bookings)
              .where(inArray(bookings.id, bookingIds))
              .orderBy(bookings.id)
          ).map((row) => `${row.id}:${row.status}`),
  };
}
