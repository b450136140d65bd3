// One journey per payment method on the demo, through the built-in test provider
// (docs/product/payments.md#methods, docs/product/payments.md#test-methods): PayPal and Klarna by their
// redirect page, a SEPA debit that is 'Zahlung in Bearbeitung' until the reconciliation brings the bank's
// verdict (docs/product/payments.md#processing), Apple Pay / Google Pay as a card; and the admin's
// 'Zahlungsarten' switching a method off and on again. The card journey is booking.spec.ts's.
// The e2e server's test debits would decide only after an hour (playwright.config.ts): a SEPA journey looks at
// 'Zahlung in Bearbeitung' as long as it needs, then lets the bank decide now (e2e/support/bank.ts) and waits for
// the reconciliation's verdict. The journeys wait for states, never for time.
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { BookingView } from '../src/shared/booking';
import { currentUnitPriceCents, seatsPerTicket } from '../src/shared/event-rules';
import type { PublicEvent } from '../src/shared/events';
import { SIMPLIFIED_INVOICE_LIMIT_CENTS } from '../src/shared/invoices';
import { SETTINGS_MESSAGES } from '../src/shared/admin-settings';
import { OPEN_PAYMENT_TEXTS } from '../src/shared/late-payments';
import { PAYMENT_MESSAGES } from '../src/shared/payments';
import { demoEvents } from '../src/server/demo/seed-events';
import { adminContext } from './support/admin';
import { bankDecidesNow } from './support/bank';
import {
  expect,
  expectNoSeriousA11yViolations,
  openPage,
  PAID_DEMO_SEATS_LOCK,
  saveScreenshot,
  screenshotFromTop,
  test,
  withRunLock,
} from './support/fixtures';
import { freshEmail, signInByCode, waitForMail } from './support/mailbox';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const DAY = 86_400_000;
/** SEPA-Lastschrift only for events this far ahead (the demo's 'Zahlungsarten', docs/product/payments.md#late-methods). */
const SEPA_MIN_DAYS = 14;
/** The demo's events: other journeys publish events of their own for a while. */
const DEMO_SLUGS = new Set(demoEvents.map((event) => event.slug));

const ticketsLeft = (event: Pick<PublicEvent, 'availableSeats' | 'priceUnit'>) =>
  Math.floor(Math.max(0, event.availableSeats) / seatsPerTicket(event.priceUnit));

/** GET of our JSON API on a connection of its own (see booking.spec.ts). */
async function fetchJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Connection: 'close' } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/**
 * The paid demo event far enough ahead for every method (SEPA included) with the most tickets left; the
 * nearly sold-out seminar's last seats stay untouched (other journeys count them).
 */
async function eventForEveryMethod(request: APIRequestContext): Promise<PublicEvent> {
  const events = await fetchJson<PublicEvent[]>(request, '/api/events');
  const now = Date.now();
  const candidates = events
    .filter((event) => DEMO_SLUGS.has(event.slug))
    .filter((event) => event.priceCents > 0)
    .filter((event) => new Date(event.startTime).getTime() - now > (SEPA_MIN_DAYS + 1) * DAY)
    .filter((event) => ticketsLeft(event) >= 4)
    // one category: the quantity stepper of an event as before categories (categories.spec.ts books several)
    .filter((event) => (event.categories ?? []).length === 1)
    .sort((a, b) => ticketsLeft(b) - ticketsLeft(a));
  expect(candidates.length, 'a paid demo event 15 days ahead with at least 4 tickets left').toBeGreaterThan(
    0,
  );
  return candidates[0]!;
}

/**
 * A new buyer signs in, completes the profile and orders one ticket; answers the booking's id on its payment
 * step (/booking/{id}/success).
 */
async function orderOneTicket(
  page: Page,
  buyer: string,
  name: string,
  company?: string,
): Promise<{ event: PublicEvent; email: string; bookingId: string }> {
  const event = await eventForEveryMethod(page.request);
  const email = freshEmail(buyer);
  await openPage(page, '/login');
  await signInByCode(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 2223344');
  await page.locator('#onboarding-dsgvo').check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).not.toHaveURL(/\/onboarding$/);
  await openPage(page, `/checkout/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets buchen');
  // above 250 € the order needs a 'Rechnungsadresse' (docs/product/invoices.md#billing-address)
  const aboveLimit = currentUnitPriceCents(event, new Date()) > SIMPLIFIED_INVOICE_LIMIT_CENTS;
  expect(aboveLimit || !company, 'a company address needs an order above 250 €').toBe(true);
  if (aboveLimit) {
    const billing = page.getByRole('region', { name: 'Rechnungsadresse', exact: true });
    if (company) await billing.getByLabel('Firma (optional)').fill(company);
    await billing.getByLabel('Straße und Hausnummer').fill('Hafenstraße 3');
    await billing.getByLabel('PLZ').fill('20095');
    await billing.getByLabel('Ort').fill('Hamburg');
  }
  const order = page.getByRole('region', { name: 'Bestellung abschließen', exact: true });
  // booking.spec.ts and billing-address.spec.ts may pick the same event: one order at a time
  await withRunLock(PAID_DEMO_SEATS_LOCK, async () => {
    await order.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fast geschafft: jetzt bezahlen');
  return { event, email, bookingId: new URL(page.url()).pathname.split('/')[2]! };
}

/** The payment step's region, with the test provider's methods to choose from. */
const paymentRegion = (page: Page): Locator => page.getByRole('region', { name: 'Zahlung', exact: true });

async function chooseMethod(page: Page, label: string): Promise<Locator> {
  const payment = paymentRegion(page);
  await expect(payment.getByRole('note')).toContainText('Testmodus');
  await payment.getByRole('radio', { name: label, exact: true }).check();
  return payment;
}

const booking = (page: Page, bookingId: string) =>
  fetchJson<BookingView>(page.request, `/api/bookings/${bookingId}`);

/** The buyer's ticket(s) of this booking in Meine Tickets name the method it was paid with. */
async function myTicketsName(page: Page, view: BookingView, method: string) {
  await openPage(page, '/my-tickets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Tickets');
  const card = page.locator(`article[data-ticket-id="${view.tickets[0]!.id}"]`);
  await expect(card).toContainText(view.event.title);
  await expect(card).toContainText(`Zahlungsart: ${method}`);
  return card;
}

/** PayPal and Klarna: the local redirect page, 'Zahlung freigeben', back on the booking, confirmed. */
async function payByRedirect(page: Page, testInfo: TestInfo, label: 'PayPal' | 'Klarna', shot: string) {
  const { bookingId } = await orderOneTicket(page, shot, `Rita ${label}`);
  const payment = await chooseMethod(page, label);
  await screenshotFromTop(page, testInfo, `${shot}-choice`);
  await payment.getByRole('button', { name: `Weiter zu ${label}` }).click();
  // the provider's page, simulated: where the buyer would be now
  await expect(page).toHaveURL(new RegExp(`/booking/${bookingId}/testzahlung/${label.toLowerCase()}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Testzahlung: ${label}`);
  await expect(page.getByText(`Hier würdest du bei ${label} die Zahlung freigeben.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${label} redirect page`);
  await screenshotFromTop(page, testInfo, `${shot}-redirect`);
  await page.getByRole('button', { name: 'Zahlung freigeben' }).click();
  // back at the return address, which carries the booking
  await expect(page).toHaveURL(new RegExp(`/booking/${bookingId}/success`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');
  const view = await booking(page, bookingId);
  expect(view).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  await screenshotFromTop(page, testInfo, `${shot}-confirmed`);
  await myTicketsName(page, view, label);
  await screenshotFromTop(page, testInfo, `${shot}-my-tickets`);
}

test.describe('payment methods on the demo', () => {
  test(
    'PayPal: the redirect page, approve, back confirmed; Meine Tickets names PayPal',
    { tag: '@phone' },
    async ({ page, browserErrors }, testInfo) => {
      test.setTimeout(180_000);
      await payByRedirect(page, testInfo, 'PayPal', 'paypal');
      expect(browserErrors).toEqual([]);
    },
  );

  test('Klarna: the redirect page, approve, back confirmed; Meine Tickets names Klarna', async ({
    page,
    browserErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    await payByRedirect(page, testInfo, 'Klarna', 'klarna');
    expect(browserErrors).toEqual([]);
  });

  test(
    'Apple Pay / Google Pay: paid as a card; Meine Tickets names Apple Pay',
    { tag: '@phone' },
    async ({ page, browserErrors }, testInfo) => {
      test.setTimeout(180_000);
      const { bookingId } = await orderOneTicket(page, 'wallet', 'Walter Wallet');
      // Billie is for companies only (docs/product/payments.md#late-methods)
      await expect(
        paymentRegion(page).getByRole('radio', { name: 'Rechnungskauf für Firmen (Billie)' }),
      ).toHaveCount(0);
      const payment = await chooseMethod(page, 'Apple Pay / Google Pay');
      await payment.getByRole('button', { name: 'Testzahlung abschließen' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');
      const view = await booking(page, bookingId);
      expect(view).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      await myTicketsName(page, view, 'Apple Pay');
      await screenshotFromTop(page, testInfo, 'wallet-my-tickets');
      expect(browserErrors).toEqual([]);
    },
  );

  test('Billie: offered only to a company, paid as an invoice purchase; Meine Tickets names Billie', async ({
    page,
    browserErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { bookingId } = await orderOneTicket(page, 'billie', 'Bruno Firma', 'Firma Beispiel GmbH');
    const payment = await chooseMethod(page, 'Rechnungskauf für Firmen (Billie)');
    await screenshotFromTop(page, testInfo, 'billie-choice');
    await payment.getByRole('button', { name: 'Testzahlung abschließen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');
    const view = await booking(page, bookingId);
    expect(view).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    await myTicketsName(page, view, 'Rechnungskauf (Billie)');
    expect(browserErrors).toEqual([]);
  });

  test(
    "SEPA debit 'wird eingelöst': processing keeps the seats, then the reconciliation confirms",
    { tag: '@phone' },
    async ({ page, browserErrors }, testInfo) => {
      test.setTimeout(180_000);
      const { event, bookingId } = await orderOneTicket(page, 'sepa', 'Sebastian Lastschrift');
      const payment = await chooseMethod(page, 'SEPA-Lastschrift');
      await expect(payment.getByRole('textbox', { name: 'IBAN' })).not.toHaveValue('');
      await payment.getByRole('radio', { name: 'wird eingelöst', exact: true }).check();
      await expectNoSeriousA11yViolations(page, 'SEPA test debit');
      await screenshotFromTop(page, testInfo, 'sepa-choice');
      await payment.getByRole('button', { name: 'Lastschrift erteilen' }).click();

      // processing: the page says so, the seats stay held
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung in Bearbeitung');
      await expect(page.getByText(PAYMENT_MESSAGES.processing)).toBeVisible();
      const processing = await booking(page, bookingId);
      expect(processing).toMatchObject({ status: 'pending', paymentStatus: 'processing' });
      expect(processing.tickets).toEqual([]);
      await expectNoSeriousA11yViolations(page, 'SEPA processing');
      await screenshotFromTop(page, testInfo, 'sepa-processing');
      await openPage(page, '/my-tickets');
      await expect(page.getByRole('main')).toContainText('Zahlung in Bearbeitung');
      await expect(page.getByRole('main')).toContainText(event.title);
      await screenshotFromTop(page, testInfo, 'sepa-my-tickets-processing');

      // the bank's verdict, brought by the reconciliation (every 2 s here): confirmed with tickets
      await bankDecidesNow(bookingId);
      await expect
        .poll(async () => (await booking(page, bookingId)).status, {
          message: 'the SEPA debit settles',
          timeout: 30_000,
          intervals: [2_000],
        })
        .toBe('confirmed');
      const view = await booking(page, bookingId);
      expect(view).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      await myTicketsName(page, view, 'SEPA-Lastschrift');
      await screenshotFromTop(page, testInfo, 'sepa-my-tickets-confirmed');
      expect(browserErrors).toEqual([]);
    },
  );

  test("admin 'Zahlungsarten': Klarna switched off is no longer offered, then on again", async ({
    page,
    browser,
    browserErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await adminContext(browser);
    const adminPage = await admin.newPage();
    /** Switches Klarna in 'Zahlungsarten' and saves; answers whether it was on before. */
    const switchKlarna = async (on: boolean) => {
      await openPage(adminPage, '/admin/settings#payment-methods');
      const card = adminPage.locator('#payment-methods');
      const box = card.getByRole('checkbox', { name: 'Klarna', exact: true });
      await expect(box).toBeVisible();
      const before = await box.isChecked();
      await box.setChecked(on);
      await card.getByRole('button', { name: 'Speichern' }).click();
      await expect(adminPage.getByText(SETTINGS_MESSAGES.saved).first()).toBeVisible();
      return before;
    };
    try {
      await openPage(adminPage, '/admin/settings#payment-methods');
      const card = adminPage.locator('#payment-methods');
      await expect(card.getByRole('heading', { name: 'Zahlungsarten' })).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(adminPage, testInfo, 'admin-payment-methods');
      // the demo offers every online method (src/server/demo/seed-payment-methods.ts)
      expect(await switchKlarna(false)).toBe(true);
      const { bookingId } = await orderOneTicket(page, 'no-klarna', 'Nora Ohneklarna');
      const payment = paymentRegion(page);
      await expect(payment.getByRole('radio', { name: 'PayPal', exact: true })).toBeVisible();
      await expect(payment.getByRole('radio', { name: 'Klarna', exact: true })).toHaveCount(0);
      // paid by card, so the booking holds no seat until its hold runs out
      await chooseMethod(page, 'Karte');
      await payment.getByRole('button', { name: 'Testzahlung abschließen' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');
      expect((await booking(page, bookingId)).status).toBe('confirmed');
    } finally {
      // the demo as it was: the journeys share one server
      await switchKlarna(true);
      await admin.close();
    }
    expect(browserErrors).toEqual([]);
  });
  test("SEPA debit 'wird abgelehnt': processing, then failed with a mail to pay again; paid again by card", async ({
    page,
    browserErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { event, email, bookingId } = await orderOneTicket(page, 'sepa-declined', 'Dora Abgelehnt');
    const payment = await chooseMethod(page, 'SEPA-Lastschrift');
    await payment.getByRole('radio', { name: 'wird abgelehnt', exact: true }).check();
    await payment.getByRole('button', { name: 'Lastschrift erteilen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung in Bearbeitung');
    await waitForMail(page.request, email, /^(\[TEST\] )?Deine Zahlung ist in Bearbeitung/);

    // the bank says no (docs/product/payments.md#pay-again): pending, 48 hours to pay again, one mail
    expect((await booking(page, bookingId)).paymentStatus).toBe('processing');
    await bankDecidesNow(bookingId);
    await expect
      .poll(async () => (await booking(page, bookingId)).paymentStatus, {
        message: 'the SEPA debit fails',
        timeout: 30_000,
        intervals: [2_000],
      })
      .toBe('failed');
    const failed = await booking(page, bookingId);
    expect(failed.status).toBe('pending');
    expect(new Date(failed.holdExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    const mail = await waitForMail(
      page.request,
      email,
      /Zahlung fehlgeschlagen, bitte bis .* erneut bezahlen/,
    );
    expect(mail.subject).toContain(event.title);
    expect(mail.text).toContain(`/booking/${bookingId}/success`);

    await openPage(page, `/booking/${bookingId}/success`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fast geschafft: jetzt bezahlen');
    await expectNoSeriousA11yViolations(page, 'pay again after a failed debit');
    await screenshotFromTop(page, testInfo, 'sepa-declined-pay-again');
    await (
      await chooseMethod(page, 'Karte')
    )
      .getByRole('button', { name: 'Testzahlung abschließen' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');
    const view = await booking(page, bookingId);
    expect(view).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    await myTicketsName(page, view, 'Karte');
    expect(browserErrors).toEqual([]);
  });

  test('the demo shows a returned debit to its buyer and a failed refund to the admin, as seeded', async ({
    page,
    browser,
    browserErrors,
  }, testInfo) => {
    // Mareike's debit for 'Klarheit finden' came back (src/server/demo/seed-payment-methods.ts)
    await openPage(page, '/login');
    await signInByCode(page, 'mareike.jansen@demo.example');
    await expect(page).not.toHaveURL(/\/login$/);
    await openPage(page, '/my-tickets');
    const open = page.getByRole('main');
    await expect(open.getByRole('heading', { name: OPEN_PAYMENT_TEXTS.heading })).toBeVisible();
    await expect(open.getByText(OPEN_PAYMENT_TEXTS.returned, { exact: true })).toBeVisible();
    await expect(open).toContainText('Klarheit finden – Wochenendseminar an der Ostsee');
    await expect(open).toContainText('Zahlungsart: SEPA-Lastschrift');
    await expectNoSeriousA11yViolations(page, 'Meine Tickets with a returned debit');
    await screenshotFromTop(page, testInfo, 'demo-returned-debit');

    // Paul's refund that PayPal declined: listed first, with its reason and 'Erneut versuchen' (not pressed:
    // the demo stays as it is for the other journeys)
    const admin = await adminContext(browser);
    try {
      const adminPage = await admin.newPage();
      await openPage(adminPage, '/admin/settings#refunds');
      const refunds = adminPage.locator('#refunds');
      await expect(refunds.getByText('Rückerstattung fehlgeschlagen').first()).toBeVisible();
      await expect(refunds).toContainText('PayPal');
      await expect(refunds.getByRole('button', { name: 'Erneut versuchen' }).first()).toBeEnabled();
      await refunds.scrollIntoViewIfNeeded();
      await saveScreenshot(adminPage, testInfo, 'demo-failed-refund');
    } finally {
      await admin.close();
    }
    expect(browserErrors).toEqual([]);
  });
});
