// Paying by bank transfer (docs/product/bank-transfer.md): a buyer chooses 'Überweisung (Vorkasse)' on the
// payment step and gets IBAN, reference and a GiroCode that a banking app reads; the admin reads in the bank's
// statement on 'Kontoauszüge', and the buyer's tickets arrive. Runs in the 'after-public' project
// (playwright.config.ts): its own event is published and would show on the home page the other journeys count.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { epcPayload, paymentReference } from '../src/shared/bank-transfer';
import type { MyTicket } from '../src/shared/tickets';
import { adminContext, presetConsent } from './support/admin';
import { expect, openPage, saveScreenshot, test } from './support/fixtures';
import { freshEmail, signInByCode, waitForMail } from './support/mailbox';

const DAY = 24 * 60 * 60_000;
const ACCOUNT = {
  enabled: true,
  accountHolder: 'Wachstumsraum Albers GbR',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  minDaysBeforeStart: 10,
};

/** A paid published event a month ahead, made by the admin through the API. */
async function paidEvent(admin: BrowserContext) {
  const start = new Date(Date.now() + 30 * DAY);
  const title = `Überweisungs-Workshop ${Date.now()}`;
  const created = await admin.request.post('/api/admin/events', {
    data: {
      title,
      description: 'Ein Workshop, bezahlt per Überweisung.',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3 * 60 * 60_000).toISOString(),
      location: 'Bremen',
      totalSeats: 10,
      priceCents: 8500,
      status: 'published',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...((await created.json()) as { id: string; slug: string }), title };
}

function decodeQr(png: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-girocode-'));
  try {
    const file = path.join(dir, 'girocode.png');
    writeFileSync(file, png);
    return execFileSync('zbarimg', ['--quiet', '--raw', '-Sbinary', file], { encoding: 'utf8' }).replace(
      /\n$/,
      '',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bank's CAMT.053 statement with one credit of `amount` and `reference` in its remittance. */
const statement = (amount: string, reference: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>E2E-${Date.now()}</MsgId><CreDtTm>2026-11-28T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>E2E</Id><Acct><Id><IBAN>${ACCOUNT.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt>
<AcctSvcrRef>E2E-${Date.now()}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Ulla Überweiserin</Nm></Dbtr>
<DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct></RltdPties>
<RmtInf><Ustrd>Workshop ${reference.toLowerCase()}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`);

test('a buyer pays by transfer with the GiroCode; the admin reads the statement in and the tickets arrive', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await adminContext(browser);
  const saved = await admin.request.put('/api/admin/settings/bank-transfer', { data: ACCOUNT });
  expect(saved.status(), await saved.text()).toBe(200);
  const event = await paidEvent(admin);

  // the buyer orders and chooses transfer on the payment step
  await presetConsent(page.context());
  const email = freshEmail('ulla');
  await openPage(page, '/login');
  await signInByCode(page, email);
  await page.waitForURL(/\/onboarding|\/$/);
  if (/\/onboarding/.test(page.url())) {
    await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill('Ulla Überweiserin');
    await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('0421 5556677');
    await page.locator('#onboarding-dsgvo').check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).not.toHaveURL(/\/onboarding/);
  }
  await openPage(page, `/checkout/${event.id}`);
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/booking\/[^/]+\/success/);
  await page.getByRole('radio', { name: /Überweisung \(Vorkasse\)/ }).check();
  await page.getByRole('button', { name: 'Per Überweisung bezahlen' }).click();

  const instructions = page.getByRole('region', { name: 'Zahlung per Überweisung' });
  await expect(instructions.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
  const bookingId = page.url().match(/\/booking\/([^/]+)\/success/)![1]!;
  const booking = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as {
    orderNumber: string;
  };
  const reference = paymentReference(booking.orderNumber);
  await expect(instructions.getByText(reference)).toBeVisible();
  // the code on the screen is what a banking app reads: exactly the EPC payload of this booking
  const code = instructions.getByRole('img', { name: 'GiroCode zum Scannen mit deiner Banking-App' });
  await expect(code).toBeVisible();
  await code.scrollIntoViewIfNeeded();
  expect(decodeQr(await code.screenshot({ scale: 'device' }))).toBe(
    epcPayload({ ...ACCOUNT, amountCents: 8500, reference }),
  );
  await saveScreenshot(page, testInfo, 'bank-transfer-instructions');
  const mail = await waitForMail(page.request, email, /^Zahlungsinformationen/);
  expect(mail.text).toContain(reference);

  // Meine Tickets: the open transfer, no ticket yet
  await openPage(page, '/my-tickets');
  await expect(page.getByRole('heading', { name: 'Offene Überweisungen' })).toBeVisible();

  // the admin reads in the statement: the line is matched (reference in lower case, as banks sometimes send it)
  const adminPage = await admin.newPage();
  await openPage(adminPage, '/admin/kontoauszuege');
  await adminPage.getByLabel('Datei').setInputFiles({
    name: 'umsaetze.xml',
    mimeType: 'application/xml',
    buffer: statement('85.00', reference),
  });
  await adminPage.getByRole('button', { name: 'Einlesen' }).click();
  await expect(adminPage.getByRole('status').getByText(/1 zugeordnet/)).toBeVisible();
  await saveScreenshot(adminPage, testInfo, 'bank-statements-imported');

  // the buyer's tickets arrive with the confirmation
  await waitForMail(page.request, email, /^Deine Tickets: /);
  const tickets = (await (await page.request.get('/api/tickets')).json()) as MyTicket[];
  expect(
    tickets.filter((ticket) => ticket.bookingId === bookingId && ticket.status === 'active'),
  ).toHaveLength(1);
  await openPage(page, '/my-tickets');
  await expect(page.getByRole('heading', { name: 'Offene Überweisungen' })).toHaveCount(0);
  await admin.close();
});
