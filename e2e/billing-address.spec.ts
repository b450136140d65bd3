// The 'Rechnungsadresse' in checkout (docs/product/invoices.md#billing-address): an order above 250 € asks
// for it, a bad postcode stays on the page, a company's address with 'E-Rechnung (ZUGFeRD) erwünscht' goes
// with the order, and the invoice downloaded from Meine Tickets ('Rechnung') carries it
// (docs/product/invoices.md#buyer).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { currentUnitPriceCents, seatsPerTicket } from '../src/shared/event-rules';
import type { PublicEvent } from '../src/shared/events';
import { SIMPLIFIED_INVOICE_LIMIT_CENTS } from '../src/shared/invoices';
import type { MyTicket } from '../src/shared/tickets';
import {
  expect,
  expectNoSeriousA11yViolations,
  openPage,
  PAID_DEMO_SEATS_LOCK,
  test,
  withRunLock,
} from './support/fixtures';
import { freshEmail, signInByCode } from './support/mailbox';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const COMPANY = 'Muster Coaching GmbH';
const STREET = 'Speicherstadtweg 12';

const ticketsLeft = (event: Pick<PublicEvent, 'availableSeats' | 'priceUnit'>) =>
  Math.floor(Math.max(0, event.availableSeats) / seatsPerTicket(event.priceUnit));

async function fetchJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Connection: 'close' } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/**
 * A future event of the demo whose one ticket costs more than 250 € and that has room to spare: the journeys
 * of booking.spec.ts need four tickets left on the paid event they choose (the nearly sold-out seminar's two
 * last seats stay untouched).
 */
async function eventAboveLimit(request: APIRequestContext): Promise<PublicEvent> {
  const now = new Date();
  const candidates = (await fetchJson<PublicEvent[]>(request, '/api/events'))
    .filter((event) => new Date(event.startTime) > now)
    .filter((event) => currentUnitPriceCents(event, now) > SIMPLIFIED_INVOICE_LIMIT_CENTS)
    .filter((event) => ticketsLeft(event) >= 5)
    // one category: the quantity stepper of an event as before categories (categories.spec.ts books several)
    .filter((event) => (event.categories ?? []).length === 1)
    .sort((a, b) => ticketsLeft(b) - ticketsLeft(a));
  expect(candidates.length, 'a future event above 250 € per ticket with room').toBeGreaterThan(0);
  return candidates[0]!;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-invoice-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('orders above 250 € with a company billing address and finds it on the invoice', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(180_000);
  const name = 'Bettina Rechnung';
  const event = await eventAboveLimit(page.request);

  // a new buyer signs in and completes the profile
  await openPage(page, '/login');
  await signInByCode(page, freshEmail('billing'));
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 3334455');
  await page.locator('#onboarding-dsgvo').check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).not.toHaveURL(/\/onboarding$/);

  // the checkout asks for the address: open, required, the name from the profile
  await openPage(page, `/checkout/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets buchen');
  const billing = page.getByRole('region', { name: 'Rechnungsadresse', exact: true });
  await expect(billing).toContainText('Für Rechnungen über 250 € brauchen wir deine Rechnungsadresse.');
  await expect(billing.getByRole('checkbox', { name: /Rechnungsadresse angeben/ })).toHaveCount(0);
  await expect(billing.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(billing.getByLabel('Land')).toHaveValue('DE');
  const eInvoice = billing.getByRole('checkbox', { name: 'E-Rechnung (ZUGFeRD) erwünscht' });
  await expect(eInvoice).toHaveCount(0);

  await billing.getByLabel('Firma (optional)').fill(COMPANY);
  await eInvoice.check();
  await billing.getByLabel('Straße und Hausnummer').fill(STREET);
  const postcode = billing.getByLabel('PLZ');
  await postcode.fill('2045');
  await billing.getByLabel('Ort').fill('Hamburg');
  await billing.getByLabel('USt-IdNr. (optional)').fill('DE 123 456 789');

  // a German postcode has five digits: the order stays here and says so at the field
  const orderButton = page.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true });
  await orderButton.click();
  await expect(postcode).toBeFocused();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(billing.getByRole('alert')).toHaveText('Bitte gib eine gültige Postleitzahl an.');
  await expect(page).toHaveURL(new RegExp(`/checkout/${event.id}$`));
  await expectNoSeriousA11yViolations(page, 'checkout with the billing address');

  await postcode.fill('20457');
  await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');
  // booking.spec.ts compares this event's seats around its own steps: one booking at a time
  await withRunLock(
    PAID_DEMO_SEATS_LOCK,
    async () => {
      await orderButton.click();
      await expect(page).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
    },
    30_000,
  );
  const bookingId = new URL(page.url()).pathname.split('/')[2]!;

  // pay with the test provider
  const payment = page.getByRole('region', { name: 'Zahlung', exact: true });
  await payment.getByRole('button', { name: 'Testzahlung abschließen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');

  // Meine Tickets: 'Rechnung' downloads the invoice, which names the company and its street
  const ticket = (await fetchJson<MyTicket[]>(page.request, '/api/tickets')).find(
    (entry) => entry.bookingId === bookingId,
  );
  expect(ticket?.invoice, 'the paid booking has an invoice').toBeTruthy();
  await openPage(page, '/my-tickets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Tickets');
  const card = page.locator(`article[data-ticket-id="${ticket!.id}"]`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'Rechnung', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Rechnung-${ticket!.invoice!.number}.pdf`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const text = pdfText(Buffer.concat(chunks));
  expect(text).toContain(COMPANY);
  expect(text).toContain(STREET);
  expect(text).toContain('20457 Hamburg');
  expect(browserErrors).toEqual([]);
});
