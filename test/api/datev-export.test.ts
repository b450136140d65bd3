import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_DEFAULTS, monthRange, type AccountingSettings } from '@shared/accounting';
import type { BookingView } from '@shared/booking';
import { ACCOUNTING_SETTINGS_KEY } from '@server/core/accounting/accounting-settings';
import { createEvent } from '@server/demo/factories';
import { appSettings, events, invoices, payments, refunds } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { signedInUser, ticketsOfBooking } from '../helpers/tickets';

// 'Buchhaltung': the DATEV Buchungsstapel and the document package (docs/product/accounting.md, decision 066).
// The file is read back as DATEV would: Windows-1252, the EXTF header, 125 fields per line, and the bookings
// add up to the invoices.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
const db = () => t.database.db;
const get = (pathname: string, cookie: string) => t.app.request(pathname, { headers: { cookie } });
const put = (pathname: string, cookie: string, body: unknown) =>
  t.app.request(pathname, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify(body),
  });

const SETTINGS: AccountingSettings = {
  chart: 'skr03',
  consultantNumber: '1001',
  clientNumber: '4711',
  ...CHART_DEFAULTS.skr03,
  clearingAccounts: { ...CHART_DEFAULTS.skr03.clearingAccounts, paypal: '1361' },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t, 'attendee');
});
afterAll(async () => {
  await t.close();
});

async function paidBooking(options: {
  priceCents: number;
  quantity: number;
  taxMode: string | null;
  title: string;
}) {
  const event = await createEvent(db(), { priceCents: options.priceCents, title: options.title });
  await db()
    .update(events)
    .set({ taxMode: options.taxMode as never })
    .where(eq(events.id, event.id));
  const res = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity: options.quantity, holderName: 'Jörg Übermuth' },
    { cookie: buyer.cookie },
  );
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingView;
  expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, { cookie: buyer.cookie })).status).toBe(
    200,
  );
  expect(
    (await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, { cookie: buyer.cookie })).status,
  ).toBe(200);
  return booking;
}

/** DATEV's CSV: semicolons, text in double quotes with doubled quotes inside. */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/**
 * Decoded by glibc's iconv, not by our encoder's table: Node's TextDecoder reads 'windows-1252' as Latin-1
 * (0x96 would become U+0096 instead of the en dash).
 */
function readStapel(bytes: Uint8Array) {
  const text = execFileSync('iconv', ['-f', 'WINDOWS-1252', '-t', 'UTF-8'], { input: bytes }).toString(
    'utf8',
  );
  expect(text.endsWith('\r\n')).toBe(true);
  const rows = text.slice(0, -2).split('\r\n');
  const [header, headings, ...lines] = rows;
  return { text, header: parseLine(header!), headings: parseLine(headings!), lines: lines.map(parseLine) };
}

const cents = (amount: string) => {
  expect(amount).toMatch(/^\d{1,10},\d{2}$/);
  return Number(amount.replace(',', ''));
};

/** Debit minus credit per account, read from the file's lines. */
function balancesOf(lines: string[][]): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of lines) {
    const amount = cents(line[0]!) * (line[1] === 'S' ? 1 : -1);
    out.set(line[6]!, (out.get(line[6]!) ?? 0) + amount);
    out.set(line[7]!, (out.get(line[7]!) ?? 0) - amount);
  }
  return out;
}

// the shop's day (issue dates are Berlin days), not UTC's
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
const thisMonth = () => monthRange(today().slice(0, 7));
const query = (range: { from: string; to: string }) => `from=${range.from}&to=${range.to}`;

describe('settings (docs/product/accounting.md#settings)', () => {
  it('starts with SKR03 and no numbers; refuses bad accounts with a German message and keeps what was saved', async () => {
    const fresh = await get('/api/admin/accounting/settings', admin.cookie);
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as { accounting: AccountingSettings }).accounting).toMatchObject({
      chart: 'skr03',
      consultantNumber: '',
      revenueAccounts: { vat_19: '8400', vat_7: '8300', small_business: '8195', education_exempt: '8100' },
      bankAccount: '1200',
    });
    expect((await put('/api/admin/accounting/settings', admin.cookie, SETTINGS)).status).toBe(200);

    for (const [bad, message] of [
      [{ ...SETTINGS, bankAccount: '12a0' }, 'Ein Sachkonto hat genau 4 Ziffern'],
      [{ ...SETTINGS, debtorAccount: '1000' }, 'Das Debitorenkonto hat genau 5 Ziffern'],
      [{ ...SETTINGS, consultantNumber: '999' }, 'Die Beraternummer hat 4 bis 7 Ziffern'],
      [{ ...SETTINGS, chart: 'skr99' }, 'Bitte SKR03 oder SKR04 wählen.'],
    ] as const) {
      const res = await put('/api/admin/accounting/settings', admin.cookie, bad);
      expect(res.status).toBe(422);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const kept = (await (await get('/api/admin/accounting/settings', admin.cookie)).json()) as {
      accounting: AccountingSettings;
    };
    expect(kept.accounting).toEqual(SETTINGS);
    // an attendee reaches none of it
    expect((await get('/api/admin/accounting/settings', buyer.cookie)).status).toBe(403);
    expect((await get(`/api/admin/accounting/datev.csv?${query(thisMonth())}`, buyer.cookie)).status).toBe(
      403,
    );
  });
});

describe('the Buchungsstapel (docs/product/accounting.md#export)', () => {
  it('refuses an export without Berater- and Mandantennummer, and ranges that are no range', async () => {
    await db().delete(appSettings).where(eq(appSettings.key, ACCOUNTING_SETTINGS_KEY));
    const missing = await get(`/api/admin/accounting/datev.csv?${query(thisMonth())}`, admin.cookie);
    expect(missing.status).toBe(409);
    expect(JSON.stringify(await missing.json())).toContain('Trag zuerst Berater- und Mandantennummer');
    expect((await put('/api/admin/accounting/settings', admin.cookie, SETTINGS)).status).toBe(200);

    for (const [range, message] of [
      ['from=2026-12-01&to=2027-01-31', 'nur Tage eines Jahres'],
      ['from=2026-05-10&to=2026-05-01', 'vor seinem Anfang'],
      ['from=2026-02-30&to=2026-03-01', 'JJJJ-MM-TT'],
      ['to=2026-03-01', 'JJJJ-MM-TT'],
    ]) {
      const res = await get(`/api/admin/accounting/datev.csv?${range}`, admin.cookie);
      expect(res.status).toBe(422);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
  });

  it('gives a range without bookings an empty but valid stapel: header, 125 headings, no line', async () => {
    const res = await get('/api/admin/accounting/datev.csv?from=2020-01-01&to=2020-01-31', admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect(res.headers.get('content-disposition')).toContain('EXTF_Buchungsstapel_20200101_20200131.csv');
    const file = readStapel(new Uint8Array(await res.arrayBuffer()));
    expect(file.lines).toEqual([]);
    expect(file.header).toHaveLength(31);
    expect(file.header.slice(0, 5)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '13']);
    expect(file.header.slice(10, 16)).toEqual(['1001', '4711', '20200101', '4', '20200101', '20200131']);
    expect(file.header[26]).toBe('03');
    expect(file.headings).toHaveLength(125);
    expect(file.headings.slice(0, 2)).toEqual(['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen']);
    expect(file.headings[124]).toBe('Abw. Skontokonto');
  });

  it('books every invoice and cancellation invoice of the range once, and the money as lines of its own; the sums add up', async () => {
    const vat = await paidBooking({
      priceCents: 11900,
      quantity: 2,
      taxMode: 'vat_19',
      title: 'Übungstag – Atem & Stimme',
    });
    await paidBooking({ priceCents: 4000, quantity: 1, taxMode: 'small_business', title: 'Yoga "sanft"' });
    const reduced = await paidBooking({ priceCents: 2140, quantity: 3, taxMode: 'vat_7', title: 'Lesung' });
    // one ticket cancelled: a refund and its cancellation invoice
    const [first] = await ticketsOfBooking(t, vat.id);
    expect((await post(t, `/api/tickets/${first!.id}/cancel`, {}, { cookie: buyer.cookie })).status).toBe(
      200,
    );
    const [recorded] = await db().select().from(refunds).where(eq(refunds.bookingId, vat.id));
    await t.services.payments.sendRefunds([recorded!.id]);
    const [refund] = await db().select().from(refunds).where(eq(refunds.bookingId, vat.id));
    expect(refund!.status).toBe('succeeded');
    // the reduced booking was paid with PayPal: its own clearing account
    await db().update(payments).set({ method: 'paypal' }).where(eq(payments.bookingId, reduced.id));

    const range = thisMonth();
    const res = await get(`/api/admin/accounting/datev.csv?${query(range)}`, admin.cookie);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Windows-1252, not UTF-8: 'Ü' is one byte 0xDC, the en dash 0x96
    expect(bytes.includes(0xdc)).toBe(true);
    expect(bytes.includes(0x96)).toBe(true);
    expect(bytes.includes(0xc3)).toBe(false);
    const file = readStapel(bytes);
    for (const line of file.lines) expect(line).toHaveLength(125);

    const issued = (await db().select().from(invoices)).filter(
      (invoice) => invoice.document.issueDate >= range.from && invoice.document.issueDate <= range.to,
    );
    expect(issued).toHaveLength(4);
    const revenue = new Set(Object.values(SETTINGS.revenueAccounts));
    const invoiceLines = file.lines.filter((line) => revenue.has(line[7]!));
    // every invoice of the range exactly once, Belegfeld 1 its number, linked to its document
    expect(invoiceLines.map((line) => line[10]).sort()).toEqual(
      issued.map((invoice) => invoice.number).sort(),
    );
    for (const invoice of issued) {
      const line = invoiceLines.find((row) => row[10] === invoice.number)!;
      expect(line[6]).toBe('10000');
      expect(line[1]).toBe(invoice.kind === 'invoice' ? 'S' : 'H');
      expect(cents(line[0]!)).toBe(Math.abs(invoice.grossCents));
      expect(line[9]).toBe(
        `${invoice.document.issueDate.slice(8, 10)}${invoice.document.issueDate.slice(5, 7)}`,
      );
      expect(line[19]).toBe(`BEDI "${invoice.id}"`);
      expect(line[11]).toBe(invoice.document.orderNumber);
    }
    expect(invoiceLines.find((line) => line[13]!.includes('Übungstag'))![13]).toContain(
      'Übungstag – Atem & Stimme',
    );

    // sums per account = the invoices' totals per tax mode
    const sums = balancesOf(file.lines);
    const grossOf = (mode: string) =>
      issued
        .filter((invoice) => invoice.document.taxMode === mode)
        .reduce((sum, invoice) => sum + invoice.grossCents, 0);
    expect(-sums.get('8400')!).toBe(grossOf('vat_19'));
    expect(-sums.get('8400')!).toBe(2 * 11900 - refund!.amountCents);
    expect(-sums.get('8195')!).toBe(grossOf('small_business'));
    expect(-sums.get('8300')!).toBe(3 * 2140);
    // the money: payments less refunds on the clearing accounts; the debtor is settled
    expect(sums.get('1360')).toBe(2 * 11900 + 4000 - refund!.amountCents);
    expect(sums.get('1361')).toBe(3 * 2140);
    expect(sums.get('10000')).toBe(0);
    const moneyLines = file.lines.filter((line) => !revenue.has(line[7]!));
    expect(moneyLines).toHaveLength(4);
    const refundLine = moneyLines.find((line) => line[13]!.startsWith('Erstattung'))!;
    expect(refundLine).toMatchObject({
      0: (refund!.amountCents / 100).toFixed(2).replace('.', ','),
      1: 'H',
      6: '1360',
      7: '10000',
    });
    expect(refundLine[10]).toBe(issued.find((invoice) => invoice.refundId === refund!.id)!.number);

    // the preview says the same
    const preview = (await (
      await get(`/api/admin/accounting/preview?${query(range)}`, admin.cookie)
    ).json()) as {
      invoices: number;
      cancellations: number;
      payments: number;
      refunds: number;
      accounts: { account: string; balanceCents: number }[];
    };
    expect(preview).toMatchObject({ invoices: 3, cancellations: 1, payments: 3, refunds: 1 });
    expect(Object.fromEntries(preview.accounts.map((row) => [row.account, row.balanceCents]))).toEqual(
      Object.fromEntries(sums),
    );

    // SKR04: the same bookings on the other chart's accounts, and '04' in the header
    expect(
      (
        await put('/api/admin/accounting/settings', admin.cookie, {
          ...SETTINGS,
          chart: 'skr04',
          ...CHART_DEFAULTS.skr04,
        })
      ).status,
    ).toBe(200);
    const skr04 = readStapel(
      new Uint8Array(
        await (await get(`/api/admin/accounting/datev.csv?${query(range)}`, admin.cookie)).arrayBuffer(),
      ),
    );
    expect(skr04.header[26]).toBe('04');
    expect(-balancesOf(skr04.lines).get('4400')!).toBe(grossOf('vat_19'));
    expect(balancesOf(skr04.lines).get('1460')).toBe(2 * 11900 + 4000 + 3 * 2140 - refund!.amountCents);
    await put('/api/admin/accounting/settings', admin.cookie, SETTINGS);
  });
});

describe('the document package (docs/product/accounting.md#zip)', () => {
  it('holds each PDF of the range and a document.xml naming them by the GUIDs the stapel links to', async () => {
    const range = thisMonth();
    const res = await get(`/api/admin/accounting/datev-belege.zip?${query(range)}`, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const xml = new TextDecoder().decode(files['document.xml']);
    expect(xml).toContain('xmlns="http://xml.datev.de/bedi/tps/document/v06.0"');
    expect(xml).toContain('version="6.0"');
    expect(xml).toContain('<consultantNumber>1001</consultantNumber>');
    const issued = (await db().select().from(invoices)).filter(
      (invoice) => invoice.document.issueDate >= range.from && invoice.document.issueDate <= range.to,
    );
    const named = [...xml.matchAll(/<document guid="([^"]+)"[^>]*>[\s\S]*?name="([^"]+)"/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(named.map(([guid]) => guid).sort()).toEqual(issued.map((invoice) => invoice.id).sort());
    for (const [, name] of named) {
      expect(new TextDecoder().decode(files[name!]!.subarray(0, 5))).toBe('%PDF-');
    }
    expect(Object.keys(files)).toHaveLength(issued.length + 1);

    const empty = await get(
      '/api/admin/accounting/datev-belege.zip?from=2020-01-01&to=2020-01-31',
      admin.cookie,
    );
    expect(empty.status).toBe(404);
    expect(JSON.stringify(await empty.json())).toContain('keine Rechnungen');
  });
});
