// Checkout, success page and 'Meine Tickets' (docs/product/booking-and-seats.md, docs/product/payments.md,
// docs/product/tickets-and-refunds.md), with the test payment provider and the dev mailbox: a buyer's whole
// way from the start page to a cancelled ticket, on the embedded defaults (PGlite, dev mailbox, test
// payments, demo seed — fresh per run). One long journey per project: code sending is rate-limited per client
// for the whole e2e run.
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { BookingView } from '../src/shared/booking';
import type { DevMail } from '../src/shared/dev-mail';
import { currentUnitPriceCents, seatsPerTicket } from '../src/shared/event-rules';
import type { PublicEvent } from '../src/shared/events';
import { SIMPLIFIED_INVOICE_LIMIT_CENTS } from '../src/shared/invoices';
import { demoEvents } from '../src/server/demo/seed-events';
import { cancelButtonLabel } from '../src/shared/refund-rules';
import { cancelSuccessMessage, type MyTicket } from '../src/shared/tickets';
import {
  expect,
  expectNoSeriousA11yViolations,
  FREE_ONLINE_SEATS_LOCK,
  openPage,
  PAID_DEMO_SEATS_LOCK,
  refused,
  screenshotFromTop,
  switchTheme,
  withRunLock,
  test,
} from './support/fixtures';
import { freshEmail, signInByCode, waitForMail } from './support/mailbox';

const FREE_ONLINE = {
  slug: 'gelassen-durch-veraenderungen-online-infoabend',
  title: 'Gelassen durch Veränderungen – kostenloser Online-Infoabend',
};
const UNKNOWN_BOOKING = '00000000-0000-4000-8000-000000000000';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(cents / 100);
const ticketsLeft = (event: Pick<PublicEvent, 'availableSeats' | 'priceUnit'>) =>
  Math.floor(Math.max(0, event.availableSeats) / seatsPerTicket(event.priceUnit));

/**
 * GET of our JSON API on a connection of its own. An API context keeps idle sockets for reuse without
 * heeding the server's keep-alive timeout (5 s): a request sent just as the server closes one fails with
 * ECONNRESET. 'Connection: close' keeps these reads out of the pool.
 */
async function fetchJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Connection: 'close' } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** The demo's events: other journeys publish events of their own for a while (admin.spec.ts) and hide them again. */
const DEMO_SLUGS = new Set(demoEvents.map((event) => event.slug));

/**
 * The paid future demo event with the most tickets left (the demo's nearly sold-out seminar stays untouched:
 * other journeys count its two last seats). Both projects book it, so it needs room for both.
 */
async function paidEventWithRoom(request: APIRequestContext): Promise<PublicEvent> {
  const events = await fetchJson<PublicEvent[]>(request, '/api/events');
  const now = Date.now();
  const candidates = events
    .filter((event) => DEMO_SLUGS.has(event.slug))
    .filter((event) => event.priceCents > 0 && new Date(event.startTime).getTime() > now)
    .filter((event) => ticketsLeft(event) >= 4)
    // one category: the quantity stepper of an event as before categories (categories.spec.ts books several)
    .filter((event) => (event.categories ?? []).length === 1)
    .sort((a, b) => ticketsLeft(b) - ticketsLeft(a));
  expect(candidates.length, 'a paid future event with at least 4 tickets left').toBeGreaterThan(0);
  return candidates[0]!;
}

// Both projects book and cancel on the same event at the same time, and the billing and payment-method journeys
// may pick it too. A seat count compared before and after a cancel is only meaningful while no other journey
// books in between: the steps that change the event's seats take this lock (an atomic mkdir in the run's data
// folder, shared by the workers).
const withSeatLock = <T>(step: () => Promise<T>) => withRunLock(PAID_DEMO_SEATS_LOCK, step, 30_000);

/**
 * Axe on the colours and a screenshot in the dark theme, then back to light (the page is reloaded twice); the
 * journeys check the light page whole.
 */
async function checkDark(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  await switchTheme(page, 'dark');
  await ready();
  await expectNoSeriousA11yViolations(page, `${name} (dark)`, { coloursOnly: true });
  await screenshotFromTop(page, testInfo, `${name}-dark`);
  await switchTheme(page, 'light');
  await ready();
}

const seatsShown = (page: Page) =>
  page
    .getByRole('complementary', { name: 'Termin und Buchung' })
    .getByText(/^\d+ Tickets? übrig$/)
    .first();

const ticketCard = (page: Page, ticketId: string): Locator =>
  page.locator(`article[data-ticket-id="${ticketId}"]`);

test(
  'a guest opening the checkout directly sees the quick sign-in and the order button, disabled until signed in',
  { tag: '@phone' },
  async ({ page, request, browserErrors }) => {
    const event = await paidEventWithRoom(request);
    await openPage(page, `/checkout/${event.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets buchen');
    const order = page.getByRole('region', { name: 'Anmelden und buchen', exact: true });
    await expect(order.getByLabel('E-Mail-Adresse')).toBeVisible();
    await expect(order.getByRole('button', { name: 'Code senden' })).toBeVisible();
    // the spec's order button, disabled until signed in (docs/product/booking-and-seats.md#order-button-for-guests)
    await expect(
      order.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true }),
    ).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'checkout as a guest');
    expect(browserErrors).toEqual([]);
  },
);

test('book and pay two tickets, get them by mail, download one, cancel one; book a free event', async ({
  page,
  browserErrors,
  allowBrowserErrors,
}, testInfo) => {
  test.setTimeout(300_000);
  const email = freshEmail('buyer');
  const name = 'Daniel Desktop';
  const event = await paidEventWithRoom(page.request);
  const currency = event.currency;
  const unitCents = currentUnitPriceCents(event, new Date());
  const perTicket = seatsPerTicket(event.priceUnit);

  // 1. Home → event → 'Jetzt buchen' → the event's sign-in → code → onboarding → checkout
  await openPage(page, '/');
  await expectNoSeriousA11yViolations(page, 'home');
  await page.getByTestId('event-card').filter({ hasText: event.title }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
  await expectNoSeriousA11yViolations(page, 'event detail');
  await page.getByRole('button', { name: 'Jetzt buchen' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.slug}/login$`));
  await expect(page.getByRole('heading', { name: 'Anmelden und buchen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'event sign-in');
  await signInByCode(page, email);

  await expect(page).toHaveURL(/\/onboarding$/);
  await expectNoSeriousA11yViolations(page, 'onboarding');
  await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 2223344');
  await page.locator('#onboarding-dsgvo').check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${event.id}$`));

  // 2. Checkout: steps, event, name, quantity, test payment, legal links, the order button with the total
  const checkoutReady = async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets buchen');
    await expect(page.getByRole('note').filter({ hasText: 'Testmodus' })).toBeVisible();
  };
  await checkoutReady();
  const steps = page.getByRole('list', { name: 'Schritte der Buchung' }).getByRole('listitem');
  await expect(steps).toHaveText(['1Buchung', '2Zahlung', '3Bestätigung']);
  await expect(steps.first()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('region', { name: event.title, exact: true })).toBeVisible();
  await expect(page.getByLabel('Name auf dem Ticket')).toHaveValue(name);

  const quantity = page.getByTestId('quantity');
  const total = page.getByTestId('order-total');
  await expect(quantity).toHaveText('1');
  await expect(total).toHaveText(money(unitCents, currency));
  await page.getByRole('button', { name: 'Ein Ticket mehr' }).click();
  await expect(quantity).toHaveText('2');
  await expect(total).toHaveText(money(2 * unitCents, currency));

  const order = page.getByRole('region', { name: 'Bestellung abschließen', exact: true });
  const orderButton = order.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true });
  await expect(order.getByRole('note')).toContainText('Testmodus');
  await expect(order.getByText('Gesamt', { exact: true })).toBeVisible();
  await expect(order).toContainText(money(2 * unitCents, currency));
  await expect(orderButton).toBeEnabled();
  // The terms and privacy links stand above the button (§312j BGB).
  const buttonTop = (await orderButton.boundingBox())!.y;
  for (const link of ['AGB', 'Datenschutzerklärung']) {
    const legal = order.getByRole('link', { name: link, exact: true });
    await expect(legal).toHaveAttribute('target', '_blank');
    expect((await legal.boundingBox())!.y, `${link} above the order button`).toBeLessThan(buttonTop);
  }
  await expectNoSeriousA11yViolations(page, 'checkout');
  await screenshotFromTop(page, testInfo, 'checkout');
  await checkDark(page, testInfo, 'checkout', checkoutReady);
  // the reload started over with one ticket
  await page.getByRole('button', { name: 'Ein Ticket mehr' }).click();
  await expect(quantity).toHaveText('2');
  // above 250 € the order needs a 'Rechnungsadresse' (docs/product/invoices.md#billing-address;
  // e2e/billing-address.spec.ts follows it to the invoice)
  if (2 * unitCents > SIMPLIFIED_INVOICE_LIMIT_CENTS) {
    const billing = page.getByRole('region', { name: 'Rechnungsadresse', exact: true });
    await expect(billing.getByLabel('Name', { exact: true })).toHaveValue(name);
    await billing.getByLabel('Straße und Hausnummer').fill('Hafenstraße 3');
    await billing.getByLabel('PLZ').fill('20095');
    await billing.getByLabel('Ort').fill('Hamburg');
  }

  await withSeatLock(async () => {
    await orderButton.click();
    await expect(page).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
  });
  const bookingId = new URL(page.url()).pathname.split('/')[2]!;

  // 3. The payment step: decline first, then complete
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fast geschafft: jetzt bezahlen');
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  const payment = page.getByRole('region', { name: 'Zahlung', exact: true });
  await expect(payment.getByRole('note')).toContainText('Testmodus');
  await expect(payment.getByRole('button', { name: 'Testzahlung abschließen' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'payment step');
  await screenshotFromTop(page, testInfo, 'payment-step');

  await payment.getByRole('button', { name: 'Testzahlung ablehnen' }).click();
  await expect(
    payment.getByText('Die Testzahlung wurde abgelehnt. Du kannst es erneut versuchen.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fast geschafft: jetzt bezahlen');
  await payment.getByRole('button', { name: 'Testzahlung abschließen' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');
  await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
  const booking = await fetchJson<BookingView>(page.request, `/api/bookings/${bookingId}`);
  expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', isTest: true, quantity: 2 });
  expect(booking.totalAmountCents).toBe(2 * unitCents);
  expect(booking.tickets).toHaveLength(2);
  const confirmation = page.getByRole('region', { name: /Deine Tickets/ });
  await expect(confirmation.getByText('TEST', { exact: true })).toBeVisible();
  for (const ticket of booking.tickets) await expect(confirmation).toContainText(ticket.code);
  // the order number the buyer quotes to the shop (docs/decisions/020-order-numbers.md)
  await expect(page.getByTestId('order-number')).toHaveText(booking.orderNumber);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Zu meinen Tickets' })).toHaveAttribute('href', '/my-tickets');
  const calendar = page.getByRole('region', { name: 'Zum Kalender hinzufügen' });
  await expect(calendar.getByRole('link', { name: 'Google Kalender' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\//,
  );
  await expect(calendar.getByRole('link', { name: '.ics herunterladen' })).toHaveAttribute(
    'href',
    `/api/events/${event.slug}/calendar.ics`,
  );
  await expectNoSeriousA11yViolations(page, 'confirmation');
  await screenshotFromTop(page, testInfo, 'confirmation');

  // 4. The confirmation mail with the tickets' PDF and the calendar file (rendered by the outbox worker)
  const mail = await waitForMail(page.request, email, new RegExp(`Deine Tickets: ${event.title}`));
  expect(mail.subject).toBe(`[TEST] Deine Tickets: ${event.title}`);
  let attachments: DevMail['attachments'] = [];
  await expect
    .poll(
      async () => {
        const mails = await fetchJson<DevMail[]>(page.request, '/api/dev/mails');
        attachments = mails.find((entry) => entry.id === mail.id)?.attachments ?? [];
        return attachments.length === 3 && attachments.every((file) => file.size > 0);
      },
      { message: 'attachments rendered', timeout: 15_000 },
    )
    .toBe(true);
  const [pdf, ics, invoice] = attachments;
  expect(pdf?.filename).toMatch(/^tickets?-[\w-]+\.pdf$/);
  expect(ics?.filename).toBe(`${event.slug}.ics`);
  // the booking's invoice (docs/product/invoices.md#buyer)
  expect(invoice).toMatchObject({
    contentType: 'application/pdf',
    filename: expect.stringMatching(/^Rechnung-RE-\d{4}-\d{5}\.pdf$/),
  });

  // 5. My tickets: both under 'Bevorstehend' with code and TEST; the PDF download
  await main.getByRole('link', { name: 'Zu meinen Tickets' }).click();
  await expect(page).toHaveURL(/\/my-tickets$/);
  const upcoming = page.getByRole('tab', { name: /Bevorstehend/ });
  await expect(upcoming).toHaveAttribute('aria-selected', 'true');
  await expect(upcoming).toContainText('2');
  const [kept, cancelled] = booking.tickets.map((ticket) => ticketCard(page, ticket.id)) as [
    Locator,
    Locator,
  ];
  for (const [index, card] of [kept, cancelled].entries()) {
    await expect(card).toContainText(event.title);
    await expect(card).toContainText(`Code ${booking.tickets[index]!.code}`);
    await expect(card.getByText('Bevorstehend', { exact: true })).toBeVisible();
    await expect(card.getByText('TEST', { exact: true })).toBeVisible();
    await expect(card).toContainText(name);
  }
  const myTicketsReady = async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Tickets');
    await expect(kept).toBeVisible();
  };
  await expectNoSeriousA11yViolations(page, 'my tickets');
  await screenshotFromTop(page, testInfo, 'my-tickets');
  await checkDark(page, testInfo, 'my-tickets', myTicketsReady);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    kept.getByRole('button', { name: 'Ticket herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`ticket-${booking.tickets[0]!.code}.pdf`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const file = Buffer.concat(chunks);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(1000);

  // 6. Cancel the second ticket with the refund the server offers; its seats are free again
  const offered = (await fetchJson<MyTicket[]>(page.request, '/api/tickets')).find(
    (ticket) => ticket.id === booking.tickets[1]!.id,
  )!;
  expect(offered.cancellation).not.toBeNull();
  const { share, refundCents } = offered.cancellation!;
  await cancelled.getByRole('button', { name: cancelButtonLabel(share), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Ticket stornieren?' });
  await expect(dialog).toContainText(
    refundCents > 0 ? `Erstattung: ${money(refundCents, currency)}` : 'Keine Erstattung',
  );
  await expectNoSeriousA11yViolations(page, 'cancel dialog');

  await withSeatLock(async () => {
    const before = (await fetchJson<PublicEvent>(page.request, `/api/events/${event.slug}`)).availableSeats;
    await dialog.getByRole('button', { name: 'Ticket stornieren' }).click();
    await expect(page.getByText(cancelSuccessMessage(refundCents, currency), { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(cancelled).toHaveAttribute('data-status', 'canceled');
    await expect(cancelled.getByText('Storniert', { exact: true })).toBeVisible();
    await expect(cancelled.getByText('Dieses Ticket wurde storniert.')).toBeVisible();
    await expect(cancelled.getByRole('button', { name: 'Ticket nicht verfügbar' })).toBeDisabled();
    await expect(cancelled).toHaveClass(/\bbg-muted\b/);
    await expect(cancelled.getByRole('button', { name: /^Stornieren/ })).toHaveCount(0);
    await expect(kept.getByRole('button', { name: 'Ticket herunterladen' })).toBeEnabled();

    const after = (await fetchJson<PublicEvent>(page.request, `/api/events/${event.slug}`)).availableSeats;
    expect(after).toBe(before + perTicket);
    await openPage(page, `/event/${event.slug}`);
    const left = ticketsLeft({ availableSeats: after, priceUnit: event.priceUnit });
    await expect(seatsShown(page)).toHaveText(`${left} ${left === 1 ? 'Ticket' : 'Tickets'} übrig`);
  });

  // 7. The German address shows the same list, the cancelled ticket included
  await openPage(page, '/meine-tickets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Tickets');
  await expect(kept.getByText('Bevorstehend', { exact: true })).toBeVisible();
  await expect(cancelled.getByText('Storniert', { exact: true })).toBeVisible();
  await expect(cancelled.getByText('Dieses Ticket wurde storniert.')).toBeVisible();
  await expect(cancelled.getByRole('button', { name: 'Ticket nicht verfügbar' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'my tickets after the cancel');
  await screenshotFromTop(page, testInfo, 'my-tickets-cancelled');

  // The older booking page: seats, quantity, total; a paid order's button is the
  // §312j BGB one with the legal links above it here too (decision 013). Nothing is ordered here.
  await openPage(page, `/booking/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung');
  await expect(page.getByTestId('seat-counter')).toHaveText(/^\d+ Tickets? frei$/); // in tickets, like the badge (decision 024)
  const olderOrder = page.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true });
  await expect(olderOrder).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Jetzt buchen' })).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText(money(unitCents, currency));
  for (const link of ['AGB', 'Datenschutzerklärung']) {
    await expect(page.getByRole('main').getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'older booking page');

  // A free event books straight to the confirmation (same user: no second sign-in)
  await openPage(page, `/event/${FREE_ONLINE.slug}`);
  await page.getByRole('button', { name: 'Jetzt buchen' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${UUID}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets buchen');
  await expect(page.getByTestId('order-total')).toHaveText('Kostenlos');
  await expect(page.getByRole('note').filter({ hasText: 'Testmodus' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'checkout of a free event');
  await withRunLock(FREE_ONLINE_SEATS_LOCK, async () => {
    await page.getByRole('button', { name: 'Kostenlos buchen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');
  const freeBooking = await fetchJson<BookingView>(
    page.request,
    `/api/bookings/${new URL(page.url()).pathname.split('/')[2]}`,
  );
  expect(freeBooking).toMatchObject({ status: 'confirmed', totalAmountCents: 0, quantity: 1 });
  await expect(page.getByRole('region', { name: /^Dein Ticket\b/ })).toContainText(
    freeBooking.tickets[0]!.code,
  );
  // the online event's access link, for the holder only (docs/decisions/019-online-links.md)
  expect(freeBooking.onlineUrl).toMatch(/^https:\/\//);
  await expect(
    page
      .getByRole('region', { name: 'Online teilnehmen' })
      .getByRole('link', { name: freeBooking.onlineUrl!, exact: true }),
  ).toHaveAttribute('href', freeBooking.onlineUrl!);
  await expect(page.getByRole('region', { name: 'Zum Kalender hinzufügen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'confirmation of a free event');
  await screenshotFromTop(page, testInfo, 'confirmation-free');

  expect(browserErrors).toEqual([]);

  // A booking that is not there (or not the user's); the 404 of its request is the only browser error
  allowBrowserErrors(refused(404, `/api/bookings/${UNKNOWN_BOOKING}`));
  await openPage(page, `/booking/${UNKNOWN_BOOKING}/success`);
  await expect(page.getByText('Buchung nicht gefunden oder nicht mehr verfügbar.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Zu meinen Tickets' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'booking not found');
});
