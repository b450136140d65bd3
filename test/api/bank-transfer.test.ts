import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANK_TRANSFER_MESSAGES,
  epcPayload,
  paymentReference,
  type BankTransferInstructions,
} from '@shared/bank-transfer';
import {
  BANK_IMPORT_MESSAGES,
  TRANSFER_ADMIN_MESSAGES,
  CSV_MESSAGES,
  type CsvMapping,
  type CsvPreview,
  type AdminBankLine,
  type AdminTransferBooking,
  type AdminTransferRefund,
  type BankImportResult,
} from '@shared/bank-statements';
import type { BookingView } from '@shared/booking';
import { cancelUnpaidTransfers, sendTransferReminders } from '@server/core/bank-transfer/due-dates';
import { importStatement } from '@server/core/bank-transfer/import-statement';
import type { PersonalDataExport } from '@server/core/privacy/personal-data-document';
import { expireHolds } from '@server/core/bookings/expire-holds';
import { dueRefundIds } from '@server/core/payments/process-refund';
import { createEvent } from '@server/demo/factories';
import {
  bookings,
  invoices,
  mailOutbox,
  paymentActions,
  tickets,
  type MailAttachment,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { camtFile } from '../helpers/bank-statements';
import { availableSeats, DAY, mailContextOf, signedInUser, type ErrorBody } from '../helpers/tickets';

// Pay by bank transfer (docs/product/bank-transfer.md, decision 042).

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
const scratch = mkdtempSync(path.join(tmpdir(), 'bank-transfer-'));
const SETTINGS = {
  enabled: true,
  accountHolder: 'Wachstumsraum GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  minDaysBeforeStart: 10,
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t, 'attendee');
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

const db = () => t.database.db;
const as = (cookie: string) => ({ cookie });
const get = (pathname: string, cookie: string) => t.app.request(pathname, { headers: as(cookie) });
const put = (pathname: string, cookie: string, body: unknown) =>
  t.app.request(pathname, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...as(cookie) },
    body: JSON.stringify(body),
  });

async function order(startInDays: number, priceCents = 8000, quantity = 1) {
  const event = await createEvent(db(), {
    title: `Vorkasse ${startInDays}`,
    priceCents,
    totalSeats: 10,
    startTime: new Date(Date.now() + startInDays * DAY),
  });
  const res = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity, holderName: 'Anna Beispiel' },
    as(buyer.cookie),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return { event, booking: (await res.json()) as BookingView };
}

const chooseTransfer = (bookingId: string) =>
  post(t, `/api/bookings/${bookingId}/payment/bank-transfer`, {}, as(buyer.cookie));

function decodeQr(png: Buffer): string {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.png`);
  writeFileSync(file, png);
  return execFileSync('zbarimg', ['--quiet', '--raw', '-Sbinary', file], { encoding: 'utf8' }).replace(
    /\n$/,
    '',
  );
}

/** A camt.053.001.02 statement with one booked entry per line given. */
function camt(
  lines: { ref: string; amount: string; credit?: boolean; text: string[]; name?: string }[],
): Buffer {
  const entries = lines
    .map(
      (line) => `<Ntry>
        <NtryRef>${line.ref}</NtryRef>
        <Amt Ccy="EUR">${line.amount}</Amt>
        <CdtDbtInd>${line.credit === false ? 'DBIT' : 'CRDT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-27</Dt></BookgDt>
        <ValDt><Dt>2026-11-27</Dt></ValDt>
        <AcctSvcrRef>${line.ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${line.ref}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <AmtDtls><TxAmt><Amt Ccy="EUR">${line.amount}</Amt></TxAmt></AmtDtls>
          <RltdPties><Dbtr><Nm>${line.name ?? 'Anna Beispiel'}</Nm></Dbtr><DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf>${line.text.map((text) => `<Ustrd>${text}</Ustrd>`).join('')}</RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join('\n');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-1</MsgId><CreDtTm>2026-11-28T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-1-1</Id><ElctrncSeqNb>1</ElctrncSeqNb><CreDtTm>2026-11-28T06:00:00</CreDtTm>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      ${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>`);
}

async function upload(content: Buffer, cookie = admin.cookie) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'application/xml' }), 'auszug.xml');
  return t.app.request('/api/admin/bank-statements', { method: 'POST', headers: as(cookie), body: form });
}

const bookingRow = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const mailsTo = (to: string) =>
  db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);

describe('settings (docs/product/bank-transfer.md#settings)', () => {
  it('checks the IBAN, stays admin-only and is offered through the payment config', async () => {
    const bad = await put('/api/admin/settings/bank-transfer', admin.cookie, {
      ...SETTINGS,
      iban: 'DE89 3704 0044 0532 0130 01',
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).error.message).toBe(BANK_TRANSFER_MESSAGES.iban);
    expect((await put('/api/admin/settings/bank-transfer', buyer.cookie, SETTINGS)).status).toBe(403);
    const saved = await put('/api/admin/settings/bank-transfer', admin.cookie, SETTINGS);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    const config = (await (await t.app.request('/api/payments/config')).json()) as { bankTransfer: unknown };
    expect(config.bankTransfer).toEqual({ minDaysBeforeStart: 10 });
    const visitors = await (await t.app.request('/api/settings')).text();
    expect(visitors).not.toContain('DE89370400440532013000');
  });
});

describe('choosing transfer (docs/product/bank-transfer.md#instructions)', () => {
  it('holds the seats until the due date plus grace and mails the instructions with a GiroCode banking apps read', async () => {
    const before = Date.now();
    const { booking, event } = await order(30, 9990, 2);
    const res = await chooseTransfer(booking.id);
    expect(res.status, await res.clone().text()).toBe(200);
    const instructions = (await res.json()) as BankTransferInstructions;
    expect(instructions).toMatchObject({
      amountCents: 19980,
      paidCents: 0,
      iban: 'DE89 3704 0044 0532 0130 00',
      reference: paymentReference(booking.orderNumber),
    });
    const due = new Date(instructions.dueAt).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(due).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    const row = await bookingRow(booking.id);
    expect(row.holdExpiresAt!.getTime()).toBe(due + 2 * DAY);
    expect(await availableSeats(t, event.id)).toBe(8);

    const expected = epcPayload({
      bic: 'COBADEFFXXX',
      accountHolder: 'Wachstumsraum GmbH',
      iban: 'DE89370400440532013000',
      amountCents: 19980,
      reference: paymentReference(booking.orderNumber),
    });
    expect(expected.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Wachstumsraum GmbH',
      'DE89370400440532013000',
      'EUR199.80',
      '',
      '',
      paymentReference(booking.orderNumber),
    ]);
    // the page's SVG and the mail's PNG decode to exactly that payload
    expect(decodeQr(await sharp(Buffer.from(instructions.qrSvg)).resize(600).png().toBuffer())).toBe(
      expected,
    );
    const [mail] = (await mailsTo(buyer.email)).filter((m) => m.subject.startsWith('Zahlungsinformationen'));
    expect(mail!.text).toContain(paymentReference(booking.orderNumber));
    const png = mail!.attachments.find((a) => a.filename === 'GiroCode.png') as MailAttachment;
    expect(decodeQr(Buffer.from(png.contentBase64, 'base64'))).toBe(expected);

    // asking again changes nothing; Meine Tickets lists it
    expect(((await (await chooseTransfer(booking.id)).json()) as BankTransferInstructions).dueAt).toBe(
      instructions.dueAt,
    );
    const open = (await (await get('/api/bank-transfers', buyer.cookie)).json()) as {
      transfers: BankTransferInstructions[];
    };
    expect(open.transfers.map((transfer) => transfer.orderNumber)).toContain(booking.orderNumber);
    expect((await get(`/api/bookings/${booking.id}/bank-transfer`, admin.cookie)).status).toBe(200);
    const stranger = await signedInUser(t, 'attendee');
    expect((await get(`/api/bookings/${booking.id}/bank-transfer`, stranger.cookie)).status).toBe(404);
  });

  it('lets a shop without card payments take orders that are paid by transfer, only far enough ahead', async () => {
    const { gateway } = t.services;
    const current = gateway.current.bind(gateway);
    gateway.current = async () => null;
    try {
      const far = await order(30, 4000);
      expect((await chooseTransfer(far.booking.id)).status).toBe(200);
      const near = await createEvent(db(), { priceCents: 4000, startTime: new Date(Date.now() + 5 * DAY) });
      const refused = await post(
        t,
        '/api/bookings',
        { eventId: near.id, quantity: 1, holderName: 'Anna' },
        as(buyer.cookie),
      );
      expect(refused.status).toBe(503);
      expect(await availableSeats(t, near.id)).toBe(near.totalSeats);
    } finally {
      gateway.current = current;
    }
  });

  // docs/product/bank-transfer.md#euro-only: the GiroCode and the statement import know euro only
  it('is refused for an event in another currency, and such an order is not taken for transfer alone', async () => {
    const event = await createEvent(db(), {
      title: 'Seminar in Basel',
      priceCents: 9000,
      currency: 'CHF',
      totalSeats: 10,
      startTime: new Date(Date.now() + 30 * DAY),
    });
    const res = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 1, holderName: 'Anna Beispiel' },
      as(buyer.cookie),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const booking = (await res.json()) as BookingView;
    const refused = await chooseTransfer(booking.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(BANK_TRANSFER_MESSAGES.notOffered);
    expect((await bookingRow(booking.id)).paymentDueAt).toBeNull();
  });

  it('is refused when the event is too close', async () => {
    const { booking } = await order(9);
    const res = await chooseTransfer(booking.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(BANK_TRANSFER_MESSAGES.notOffered);
    expect((await bookingRow(booking.id)).paymentDueAt).toBeNull();
  });
});

describe('statement import (docs/product/bank-transfer.md#matching)', () => {
  it('pays exact and tolerant references, keeps partial, overpaid and unmatched lines, and credits nothing twice', async () => {
    const exact = await order(40, 8000);
    const partial = await order(40, 8000);
    const over = await order(40, 5000);
    const handed = await order(40, 3000);
    for (const { booking } of [exact, partial, over, handed])
      expect((await chooseTransfer(booking.id)).status).toBe(200);
    const ref = (booking: BookingView) => paymentReference(booking.orderNumber);
    const spaced = ref(partial.booking).toLowerCase().replace(/-/g, ' ');
    const wrongCheck = `${over.booking.orderNumber}-${ref(over.booking).endsWith('2') ? '3' : '2'}`;
    const file = camt([
      { ref: 'E1', amount: '80.00', text: ['Buchung', ref(exact.booking)] },
      { ref: 'E2', amount: '50.00', text: [spaced.slice(0, 6), spaced.slice(6)] },
      { ref: 'E3', amount: '70.00', text: [`EREF+${ref(over.booking)}`] },
      { ref: 'E4', amount: '30.00', text: [`Workshop ${wrongCheck}`] },
      { ref: 'E5', amount: '0.00', text: [ref(handed.booking)] },
      { ref: 'E6', amount: '99.00', credit: false, text: [ref(handed.booking)] },
    ]);
    const res = await upload(file);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      format: 'camt053',
      linesTotal: 6,
      linesNew: 6,
      matched: 1,
      partial: 1,
      overpaid: 1,
      unmatched: 1,
      ignored: 2,
    } satisfies Partial<BankImportResult>);

    // exact: confirmed with tickets and invoice, like a card payment
    expect(await bookingRow(exact.booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await db().select().from(tickets).where(eq(tickets.bookingId, exact.booking.id))).toHaveLength(1);
    expect(await db().select().from(invoices).where(eq(invoices.bookingId, exact.booking.id))).toHaveLength(
      1,
    );
    // partial: still pending, the buyer is told what is missing
    expect((await bookingRow(partial.booking.id)).status).toBe('pending');
    expect(
      (await mailsTo(buyer.email)).some(
        (m) => m.subject.startsWith('Teilzahlung erhalten') && m.text.includes('30,00'),
      ),
    ).toBe(true);
    const rest = (await (
      await get(`/api/bookings/${partial.booking.id}/bank-transfer`, buyer.cookie)
    ).json()) as BankTransferInstructions;
    expect(rest).toMatchObject({ amountCents: 3000, paidCents: 5000 });
    // overpaid: paid, the excess flagged
    expect((await bookingRow(over.booking.id)).status).toBe('confirmed');
    const lines = (
      (await (await get('/api/admin/bank-statements/lines', admin.cookie)).json()) as {
        lines: AdminBankLine[];
      }
    ).lines;
    expect(lines.map((line) => [line.status, line.excessCents]).sort()).toEqual([
      ['overpaid', 2000],
      ['partial', 0],
      ['unmatched', 0],
    ]);
    // the overpayment is owed back to the account it came from
    const owedExcess = (
      (await (await get('/api/admin/transfer-refunds', admin.cookie)).json()) as {
        refunds: AdminTransferRefund[];
      }
    ).refunds.filter((refund) => refund.kind === 'excess');
    expect(owedExcess.map((refund) => [refund.orderNumber, refund.amountCents, refund.payoutIban])).toEqual([
      [over.booking.orderNumber, 2000, 'DE02120300000000202051'],
    ]);
    expect(await (await get('/api/admin/transfer-refunds/pain001', admin.cookie)).text()).toContain(
      `<Ustrd>Erstattung Ueberzahlung ${over.booking.orderNumber}</Ustrd>`,
    );
    const paidBack = await post(
      t,
      '/api/admin/transfer-refunds/mark-paid',
      { ids: [owedExcess[0]!.refundId] },
      as(admin.cookie),
    );
    expect(await paidBack.json()).toEqual({ marked: 1 });
    expect(
      (
        (await (await get('/api/admin/transfer-refunds', admin.cookie)).json()) as {
          refunds: AdminTransferRefund[];
        }
      ).refunds.filter((refund) => refund.kind === 'excess'),
    ).toEqual([]);
    // zero and outgoing lines never mail anybody
    const unmatchedMails = (await mailsTo(buyer.email)).filter((m) =>
      m.text.includes(handed.booking.orderNumber),
    );
    expect(unmatchedMails.every((m) => m.subject.startsWith('Zahlungsinformationen'))).toBe(true);

    // the same file again: nothing new, nothing credited twice
    const again = (await (await upload(file)).json()) as BankImportResult;
    expect(again).toMatchObject({ linesTotal: 6, linesNew: 0, matched: 0, partial: 0 });
    expect((await bookingRow(partial.booking.id)).status).toBe('pending');

    // the admin assigns the wrong-check-character line by order number
    const unmatched = lines.find((line) => line.status === 'unmatched')!;
    const wrong = await post(
      t,
      `/api/admin/bank-statements/lines/${unmatched.id}/assign`,
      { orderNumber: 'WR-ZZZZZZ' },
      as(admin.cookie),
    );
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as ErrorBody).error.message).toBe(BANK_IMPORT_MESSAGES.orderNotFound);
    const assigned = await post(
      t,
      `/api/admin/bank-statements/lines/${unmatched.id}/assign`,
      { orderNumber: handed.booking.orderNumber.toLowerCase() },
      as(admin.cookie),
    );
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    expect(await assigned.json()).toMatchObject({
      status: 'matched',
      bookings: [{ orderNumber: handed.booking.orderNumber, amountCents: 3000 }],
    });
    expect((await bookingRow(handed.booking.id)).status).toBe('confirmed');
    expect((await upload(file, buyer.cookie)).status).toBe(403);
  });

  it('confirms the first bookings of a large statement at once and leaves the rest to the job', async () => {
    const orders = [await order(40, 2000), await order(40, 2000), await order(40, 2000)];
    for (const { booking } of orders) expect((await chooseTransfer(booking.id)).status).toBe(200);
    let woken = 0;
    const result = await importStatement(
      { ...t.services, bankTransfers: { kick: () => woken++ }, settleInline: 1 },
      {
        fileName: 'gross.xml',
        content: camt(
          orders.map(({ booking }, i) => ({
            ref: `L${i}`,
            amount: '20.00',
            text: [paymentReference(booking.orderNumber)],
          })),
        ),
        adminId: admin.id,
      },
    );
    expect(result.matched).toBe(3);
    expect(woken).toBe(1);
    const statuses = async () =>
      Promise.all(orders.map(async ({ booking }) => (await bookingRow(booking.id)).status));
    expect(await statuses()).toEqual(['confirmed', 'pending', 'pending']);
    // the job's round settles what is paid in full
    expect(await t.services.bankTransfers.runOnce()).toBeGreaterThanOrEqual(2);
    expect(await statuses()).toEqual(['confirmed', 'confirmed', 'confirmed']);
  });

  it('refuses a file that is no statement, and a CSV without its mapping', async () => {
    const garbage = await upload(Buffer.from('Hallo Bank'));
    expect(garbage.status).toBe(422);
    expect(((await garbage.json()) as ErrorBody).error.message).toBe(BANK_IMPORT_MESSAGES.unreadable);
    const csv = await upload(Buffer.from('Datum;Betrag\n27.11.2026;80,00'));
    expect(csv.status).toBe(422);
    expect(((await csv.json()) as ErrorBody).error.message).toBe(CSV_MESSAGES.mappingMissing);
  });
});

describe('due dates (docs/product/bank-transfer.md#due-dates)', () => {
  it('reminds once 3 days before the due date and cancels an unpaid booking only after the grace days', async () => {
    const { booking, event } = await order(60, 4000);
    expect((await chooseTransfer(booking.id)).status).toBe(200);
    const row = await bookingRow(booking.id);
    const due = row.paymentDueAt!.getTime();
    const mail = await mailContextOf(t);
    const reminders = async () =>
      (await mailsTo(buyer.email)).filter(
        (m) => m.subject.startsWith('Erinnerung') && m.text.includes(booking.orderNumber),
      ).length;
    const allReminders = async () =>
      (await mailsTo(buyer.email)).filter((m) => m.subject.startsWith('Erinnerung')).length;

    await sendTransferReminders(db(), new Date(due - 3 * DAY - 60_000), mail);
    expect(await reminders()).toBe(0);
    const before = await allReminders();
    // two instances at once: each booking is reminded once
    const twice = await Promise.all(
      [1, 2].map(() => sendTransferReminders(db(), new Date(due - 3 * DAY + 60_000), mail)),
    );
    expect(twice.reduce((a, b) => a + b, 0)).toBe((await allReminders()) - before);
    expect(await reminders()).toBe(1);
    expect(await sendTransferReminders(db(), new Date(due - DAY), mail)).toBe(0);
    expect(await reminders()).toBe(1);

    const holdEnd = row.holdExpiresAt!;
    // the card hold's job leaves it alone, even after its hold
    await expireHolds(db(), new Date(holdEnd.getTime() + 1), mail);
    expect((await bookingRow(booking.id)).status).toBe('pending');
    // (earlier tests' unpaid bookings, ordered a moment before, go too: counts are not this booking's alone)
    await cancelUnpaidTransfers(db(), new Date(holdEnd.getTime() - 1), mail);
    expect((await bookingRow(booking.id)).status).toBe('pending');
    expect(await cancelUnpaidTransfers(db(), holdEnd, mail)).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(booking.id)).status).toBe('expired');
    expect(await availableSeats(t, event.id)).toBe(10);
    const cancelled = (await mailsTo(buyer.email)).filter(
      (m) => m.subject === `Buchung storniert: ${event.title}` && m.attachments.length === 0,
    );
    expect(cancelled).toHaveLength(1);
    expect(await cancelUnpaidTransfers(db(), new Date(holdEnd.getTime() + DAY), mail)).toBe(0);
    // nothing is open any more
    const [still] = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'pending')));
    expect(still).toBeUndefined();
  });
});

describe("the admin's actions (docs/product/bank-transfer.md#admin-actions)", () => {
  it('extends a due date and marks a booking paid by hand, both logged', async () => {
    const { booking } = await order(50, 6000);
    expect((await chooseTransfer(booking.id)).status).toBe(200);
    const before = await bookingRow(booking.id);
    const list = (await (await get('/api/admin/bank-transfers', admin.cookie)).json()) as {
      bookings: AdminTransferBooking[];
    };
    expect(list.bookings.map((row) => row.orderNumber)).toContain(booking.orderNumber);

    const refused = await post(
      t,
      `/api/admin/bank-transfers/${booking.id}/extend`,
      { days: 0 },
      as(admin.cookie),
    );
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(TRANSFER_ADMIN_MESSAGES.extendDays);
    const extended = await post(
      t,
      `/api/admin/bank-transfers/${booking.id}/extend`,
      { days: 7 },
      as(admin.cookie),
    );
    expect(extended.status).toBe(200);
    const after = await bookingRow(booking.id);
    expect(after.paymentDueAt!.getTime() - before.paymentDueAt!.getTime()).toBe(7 * DAY);
    expect(after.holdExpiresAt!.getTime() - before.holdExpiresAt!.getTime()).toBe(7 * DAY);
    expect(
      (await post(t, `/api/admin/bank-transfers/${booking.id}/extend`, { days: 7 }, as(buyer.cookie))).status,
    ).toBe(403);

    const paid = await post(t, `/api/admin/bank-transfers/${booking.id}/mark-paid`, {}, as(admin.cookie));
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await db().select().from(tickets).where(eq(tickets.bookingId, booking.id))).toHaveLength(1);
    const log = await db().select().from(paymentActions).where(eq(paymentActions.bookingId, booking.id));
    expect(log.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['extend_due', admin.id],
      ['mark_paid', admin.id],
    ]);
    expect(
      (await post(t, `/api/admin/bank-transfers/${booking.id}/mark-paid`, {}, as(admin.cookie))).status,
    ).toBe(409);
  });
});

describe('refunds of transfers (docs/product/bank-transfer.md#refunds)', () => {
  it('are owed, go to the named account or the paying one, leave as a pain.001 file and are marked paid', async () => {
    const first = await order(45, 4000);
    const second = await order(45, 2500);
    for (const { booking } of [first, second]) expect((await chooseTransfer(booking.id)).status).toBe(200);
    const paidIn = await upload(
      camt([
        {
          ref: 'R1',
          amount: '40.00',
          text: [paymentReference(first.booking.orderNumber)],
          name: 'Anna Beispiel',
        },
        {
          ref: 'R2',
          amount: '25.00',
          text: [paymentReference(second.booking.orderNumber)],
          name: 'Anna Beispiel',
        },
      ]),
    );
    expect(((await paidIn.json()) as BankImportResult).matched).toBe(2);
    const ticketOf = async (bookingId: string) =>
      (await db().select().from(tickets).where(eq(tickets.bookingId, bookingId)))[0]!;
    const mine = (await (await get('/api/tickets', buyer.cookie)).json()) as {
      id: string;
      paidByTransfer?: boolean;
    }[];
    const firstTicket = await ticketOf(first.booking.id);
    expect(mine.find((ticket) => ticket.id === firstTicket.id)?.paidByTransfer).toBe(true);

    const cancel = (ticketId: string, body: unknown) =>
      post(t, `/api/tickets/${ticketId}/cancel`, body, as(buyer.cookie));
    const bad = await cancel(firstTicket.id, { payoutIban: 'DE00 1234', payoutName: 'Anna Beispiel' });
    expect(bad.status).toBe(422);
    expect((await ticketOf(first.booking.id)).status).toBe('active');
    expect(
      (await cancel(firstTicket.id, { payoutIban: 'DE75 5121 0800 1245 1261 99', payoutName: 'Anna B.' }))
        .status,
    ).toBe(200);
    expect((await cancel((await ticketOf(second.booking.id)).id, {})).status).toBe(200);
    // the refund job leaves them alone: the shop's bank pays them back
    expect(await dueRefundIds(db(), new Date(Date.now() + DAY))).toEqual([]);

    const owed = (
      (await (await get('/api/admin/transfer-refunds', admin.cookie)).json()) as {
        refunds: AdminTransferRefund[];
      }
    ).refunds;
    expect(
      owed.map((refund) => [refund.orderNumber, refund.amountCents, refund.payoutIban, refund.payoutName]),
    ).toEqual([
      [first.booking.orderNumber, 4000, 'DE75512108001245126199', 'Anna B.'],
      [second.booking.orderNumber, 2500, 'DE02120300000000202051', 'Anna Beispiel'],
    ]);
    const file = await get('/api/admin/transfer-refunds/pain001', admin.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="Erstattungen-\d{4}-\d{2}-\d{2}\.xml"$/,
    );
    const xml = await file.text();
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>65.00</CtrlSum>');
    expect(xml).toContain('<DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>');
    expect(xml).toContain('<IBAN>DE75512108001245126199</IBAN>');
    expect(xml).toContain(`<Ustrd>Erstattung ${second.booking.orderNumber}</Ustrd>`);

    const marked = await post(
      t,
      '/api/admin/transfer-refunds/mark-paid',
      { ids: owed.map((refund) => refund.refundId) },
      as(admin.cookie),
    );
    expect(await marked.json()).toEqual({ marked: 2 });
    expect(
      ((await (await get('/api/admin/transfer-refunds', admin.cookie)).json()) as { refunds: unknown[] })
        .refunds,
    ).toEqual([]);
    expect((await get('/api/admin/transfer-refunds/pain001', admin.cookie)).status).toBe(409);

    // the buyer's data export shows the transfers that paid and the account named for the refund
    // (docs/product/accounts-and-consent.md#data-export)
    const exported = (await (await get('/api/profile/export', buyer.cookie)).json()) as PersonalDataExport;
    const firstBooking = exported.bookings.find((row) => row.orderNumber === first.booking.orderNumber)!;
    expect(firstBooking.transfersReceived).toEqual([
      expect.objectContaining({
        amountCents: 4000,
        payerName: 'Anna Beispiel',
        payerIban: 'DE02120300000000202051',
      }),
    ]);
    expect(exported.refunds.find((refund) => refund.orderNumber === first.booking.orderNumber)).toMatchObject(
      {
        payoutIban: 'DE75512108001245126199',
        payoutName: 'Anna B.',
      },
    );
  });
});

describe('the SEPA file (docs/product/bank-transfer.md#sepa-characters)', () => {
  it('writes names and remittance in the SEPA character set, cut after transliterating', async () => {
    const cancelled = await order(45, 3000);
    const over = await order(45, 2000);
    for (const { booking } of [cancelled, over]) expect((await chooseTransfer(booking.id)).status).toBe(200);
    const payer = 'Jörg "JJ" Müller & Söhne <GmbH> – Straßenbau für Groß und Klein, Weißenfels an der Saale';
    const paidIn = await upload(
      camt([
        { ref: 'S1', amount: '30.00', text: [paymentReference(cancelled.booking.orderNumber)], name: 'Anna' },
        // 5 € too much: owed back to the payer, by the name the bank wrote (XML-escaped in the statement)
        {
          ref: 'S2',
          amount: '25.00',
          text: [paymentReference(over.booking.orderNumber)],
          name: payer.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
        },
      ]),
    );
    expect(await paidIn.json()).toMatchObject({ matched: 1, overpaid: 1 });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.bookingId, cancelled.booking.id));
    const cancel = await post(
      t,
      `/api/tickets/${ticket!.id}/cancel`,
      { payoutIban: 'DE75 5121 0800 1245 1261 99', payoutName: 'Zoë O’Brien-Weiß' },
      as(buyer.cookie),
    );
    expect(cancel.status, await cancel.clone().text()).toBe(200);

    const xml = await (await get('/api/admin/transfer-refunds/pain001', admin.cookie)).text();
    const texts = [...xml.matchAll(/<(Nm|Ustrd)>([^<]*)<\/\1>/g)].map(([, tag, text]) => [
      tag,
      text!.replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
    ]);
    expect(texts).toContainEqual(['Nm', "Zoe O'Brien-Weiss"]);
    const longName = 'Joerg JJ Mueller + Soehne GmbH - Strassenbau fuer Gross und Klein, Wei';
    expect(longName).toHaveLength(70);
    expect(texts).toContainEqual(['Nm', longName]);
    expect(texts).toContainEqual(['Ustrd', `Erstattung Ueberzahlung ${over.booking.orderNumber}`]);
    for (const [tag, text] of texts) {
      expect(text, tag).toMatch(/^[a-zA-Z0-9/\-?:().,'+ ]{1,140}$/);
      if (tag === 'Nm') expect(text!.length).toBeLessThanOrEqual(70);
    }
    // paid back: the lists after this test stay as they were
    const owed = (
      (await (await get('/api/admin/transfer-refunds', admin.cookie)).json()) as {
        refunds: AdminTransferRefund[];
      }
    ).refunds;
    const marked = await post(
      t,
      '/api/admin/transfer-refunds/mark-paid',
      { ids: owed.map((refund) => refund.refundId) },
      as(admin.cookie),
    );
    expect(marked.status).toBe(200);
  });
});

describe('CSV statements (docs/product/bank-transfer.md#csv)', () => {
  const SPARKASSE: CsvMapping = {
    name: 'Sparkasse',
    delimiter: ';',
    dateColumn: 'Buchungstag',
    dateFormat: 'DD.MM.YY',
    amountColumn: 'Betrag',
    decimalComma: true,
    nameColumn: 'Beguenstigter/Zahlungspflichtiger',
    ibanColumn: 'Kontonummer/IBAN',
    textColumns: ['Verwendungszweck'],
  };
  const uploadCsv = (csv: string, mapping?: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'umsaetze.csv');
    if (mapping) form.append('mapping', mapping);
    return t.app.request('/api/admin/bank-statements', {
      method: 'POST',
      headers: as(admin.cookie),
      body: form,
    });
  };

  it('saves a mapping per bank, previews the columns and pays by it; a bad row stops the import', async () => {
    const { booking } = await order(40, 4500);
    expect((await chooseTransfer(booking.id)).status).toBe(200);
    const header =
      'Auftragskonto;Buchungstag;Valutadatum;Buchungstext;Verwendungszweck;Beguenstigter/Zahlungspflichtiger;Kontonummer/IBAN;BIC (SWIFT-Code);Betrag;Waehrung;Info';
    const csv = [
      header,
      `DE89370400440532013000;27.11.26;27.11.26;GUTSCHR. UEBERWEISUNG;"Seminar ${paymentReference(booking.orderNumber)}";Anna Beispiel;DE02 1203 0000 0000 2020 51;BYLADEM1001;45,00;EUR;Umsatz gebucht`,
      `DE89370400440532013000;27.11.26;27.11.26;LASTSCHRIFT;Miete Raum;Seminarhaus;DE44500105175407324931;INGDDEFFXXX;-1.200,00;EUR;Umsatz gebucht`,
    ].join('\n');

    const badMapping = await put('/api/admin/bank-statements/csv-mappings', admin.cookie, {
      mappings: [{ ...SPARKASSE, textColumns: [] }],
    });
    expect(badMapping.status).toBe(422);
    expect(((await badMapping.json()) as ErrorBody).error.message).toBe(CSV_MESSAGES.textColumns);
    const twice = await put('/api/admin/bank-statements/csv-mappings', admin.cookie, {
      mappings: [SPARKASSE, { ...SPARKASSE, name: 'sparkasse' }],
    });
    expect(((await twice.json()) as ErrorBody).error.message).toBe(CSV_MESSAGES.duplicateName);
    expect(
      (await put('/api/admin/bank-statements/csv-mappings', admin.cookie, { mappings: [SPARKASSE] })).status,
    ).toBe(200);
    expect(await (await get('/api/admin/bank-statements/csv-mappings', admin.cookie)).json()).toEqual({
      mappings: [SPARKASSE],
    });

    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'umsaetze.csv');
    const preview = (await (
      await t.app.request('/api/admin/bank-statements/csv-preview', {
        method: 'POST',
        headers: as(admin.cookie),
        body: form,
      })
    ).json()) as CsvPreview;
    expect(preview.delimiter).toBe(';');
    expect(preview.headers).toContain('Verwendungszweck');
    expect(preview.rows).toHaveLength(2);

    expect(((await (await uploadCsv(csv, 'Volksbank')).json()) as ErrorBody).error.message).toBe(
      CSV_MESSAGES.mappingUnknown,
    );
    // a row the mapping cannot read stops everything: nothing is stored, nobody is mailed
    const broken = await uploadCsv(
      `${csv}\nDE89370400440532013000;kein Datum;;;x;y;;;0,00;EUR;`,
      'Sparkasse',
    );
    expect(broken.status).toBe(422);
    expect(((await broken.json()) as ErrorBody).error.message).toBe(CSV_MESSAGES.badRow(4));
    expect((await bookingRow(booking.id)).status).toBe('pending');

    const res = await uploadCsv(csv, 'Sparkasse');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      format: 'csv',
      linesTotal: 2,
      linesNew: 2,
      matched: 1,
      ignored: 1,
    });
    expect((await bookingRow(booking.id)).status).toBe('confirmed');
    const again = (await (await uploadCsv(csv, 'Sparkasse')).json()) as BankImportResult;
    expect(again).toMatchObject({ linesNew: 0, matched: 0 });
  });
});

describe('other currencies (docs/product/bank-transfer.md#currency)', () => {
  it('pay nothing: a line in yen or dollars waits with its reason, and cannot be assigned by hand', async () => {
    const { booking } = await order(40, 19000);
    expect((await chooseTransfer(booking.id)).status).toBe(200);
    const reference = paymentReference(booking.orderNumber);
    const yen = await upload(
      Buffer.from(camtFile([{ ref: 'JPY-1', amount: '190.00', currency: 'JPY', text: [reference] }])),
    );
    expect(await yen.json()).toMatchObject({ linesNew: 1, matched: 0, unmatched: 1 });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    const lines = (
      (await (await get('/api/admin/bank-statements/lines', admin.cookie)).json()) as {
        lines: AdminBankLine[];
      }
    ).lines;
    const line = lines.find((each) => each.currency === 'JPY')!;
    expect(line).toMatchObject({ status: 'unmatched', amountCents: 19000, bookings: [] });
    expect(line.reason).toBe('Währung JPY – nur Euro-Zahlungen werden zugeordnet');
    expect(lines.filter((each) => each.currency === 'EUR').every((each) => each.reason === null)).toBe(true);
    const byHand = await post(
      t,
      `/api/admin/bank-statements/lines/${line.id}/assign`,
      { orderNumber: booking.orderNumber },
      as(admin.cookie),
    );
    expect(byHand.status).toBe(409);
    expect(((await byHand.json()) as ErrorBody).error.message).toBe(BANK_IMPORT_MESSAGES.notEuro);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'pending' });

    // a CSV's 'Waehrung' column decides the same way; the euro row pays the booking
    const mapping: CsvMapping = {
      name: 'Volksbank',
      delimiter: ';',
      dateColumn: 'Buchungstag',
      dateFormat: 'DD.MM.YYYY',
      amountColumn: 'Betrag',
      decimalComma: true,
      nameColumn: 'Name',
      ibanColumn: '',
      textColumns: ['Verwendungszweck'],
    };
    expect(
      (await put('/api/admin/bank-statements/csv-mappings', admin.cookie, { mappings: [mapping] })).status,
    ).toBe(200);
    const form = new FormData();
    const csv = [
      'Buchungstag;Name;Verwendungszweck;Betrag;Waehrung',
      `27.11.2026;Anna Beispiel;${reference};190,00;USD`,
      `28.11.2026;Anna Beispiel;${reference};190,00;EUR`,
    ].join('\n');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'umsaetze.csv');
    form.append('mapping', 'Volksbank');
    const dollars = await t.app.request('/api/admin/bank-statements', {
      method: 'POST',
      headers: as(admin.cookie),
      body: form,
    });
    expect(await dollars.json()).toMatchObject({ linesNew: 2, matched: 1, unmatched: 1 });
    expect((await bookingRow(booking.id)).status).toBe('confirmed');
    const usd = (
      (await (await get('/api/admin/bank-statements/lines', admin.cookie)).json()) as {
        lines: AdminBankLine[];
      }
    ).lines.find((each) => each.currency === 'USD');
    expect(usd?.reason).toBe('Währung USD – nur Euro-Zahlungen werden zugeordnet');
  });
});

// last: its unmatched line would show in the lists the tests above count
describe('card after transfer (docs/product/bank-transfer.md#paid)', () => {
  it('paid by card after choosing transfer: the transfer is no longer expected, late money waits for a hand', async () => {
    const { booking } = await order(30, 3500);
    expect((await chooseTransfer(booking.id)).status).toBe(200);
    expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(buyer.cookie))).status).toBe(200);
    expect(
      (await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(buyer.cookie))).status,
    ).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', paymentDueAt: null });
    const res = await upload(
      camt([{ ref: `CARD-${booking.id}`, amount: '35.00', text: [paymentReference(booking.orderNumber)] }]),
    );
    expect(await res.json()).toMatchObject({ matched: 0, unmatched: 1 });
    expect(await (await get(`/api/bookings/${booking.id}/bank-transfer`, buyer.cookie)).json()).toBeNull();
  });
});
