// The back office (docs/product/admin.md: layout, dashboard, events list, create and edit event, image crop
// dialog, 'Tickets verwalten', users, settings, cancel dialog override, CSV columns, redirect after save): an
// admin's way from the dashboard to a new event with a cover, a visitor buying a ticket for it, and the admin
// cancelling that ticket with half the money back and exporting the list. On the embedded defaults (PGlite,
// dev mailbox, test payments, demo seed). One long journey on desktop; on the phone every admin page and its
// navigation.
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import type { BookingView } from '../src/shared/booking';
import { ADMIN_TICKET_CSV_COLUMNS } from '../src/shared/admin-tickets';
import { ORDER_NUMBER_PATTERN } from '../src/shared/order-number';
import { cancelSuccessMessage } from '../src/shared/tickets';
import { adminContext } from './support/admin';
import { expectNoPageOverflow } from './support/page-width';
import { coverPng } from './support/test-image';
import {
  expect,
  expectNoSeriousA11yViolations,
  openPage,
  screenshotFromTop,
  PUBLIC_PROGRAMME_LOCK,
  settleAnimations,
  switchTheme,
  runLockHold,
  test,
} from './support/fixtures';
import { freshEmail, signInByCode, waitForMail } from './support/mailbox';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const FIGURES = ['Aktive Events', 'Gesamte Buchungen', 'Umsatz', 'Conversion Rate'];
const money = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The form's datetime-local value: `days` from today at `hour`:00, Berlin wall time. */
function berlinLocal(days: number, hour: number): string {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

/** Uncaught errors and console errors of a page the test opened itself (the fixture covers `page`). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

async function openAdmin(browser: Browser) {
  const context = await adminContext(browser);
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Administration' });

/** A sidebar link, then the page's heading. */
async function viaSidebar(page: Page, link: string, url: RegExp, heading: string) {
  await sidebar(page).getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(sidebar(page).getByRole('link', { name: link, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

/** Settings with all its cards, in light and dark (docs/product/admin.md#settings). */
async function checkSettings(page: Page, testInfo: TestInfo) {
  const ready = async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
    for (const card of [
      'Branding Logos',
      'Allgemeine Einstellungen',
      'Rechtliches & Betreiber',
      'Überweisung (Vorkasse)',
      'Stornierungsrichtlinien',
      'Automatische E-Mails',
    ]) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
  };
  await ready();
  // a section navigation instead of one long page, no shop footer (docs/decisions/025-back-office-layout.md)
  const sections = page.getByRole('navigation', { name: 'Abschnitte' });
  // thirteen cards until issue 31, since issue 33 also 'Auf deiner Website einbinden', 'API-Schlüssel', 'Webhooks'
  await expect(sections.getByRole('link')).toHaveCount(16);
  await sections.getByRole('link', { name: 'Stornierungsrichtlinien' }).click();
  await expect(page).toHaveURL(/\/admin\/settings#policies$/);
  await expect(sections.getByRole('link', { name: 'Stornierungsrichtlinien' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await axe(page, 'admin settings');
  await screenshotFromTop(page, testInfo, 'admin-settings');
  await switchTheme(page, 'dark');
  await ready();
  await axe(page, 'admin settings (dark)', { coloursOnly: true });
  await screenshotFromTop(page, testInfo, 'admin-settings-dark');
  await switchTheme(page, 'light');
}

/**
 * axe on the page, first with the toast that the last action showed (hovered: sonner holds a toast while
 * the pointer is on it), so its colours are checked too (src/web/styles/app.css darkens sonner's light
 * rich colours to pass AA); then once more without it, as the admin page itself. `coloursOnly` as in
 * expectNoSeriousA11yViolations (support/fixtures.ts).
 */
async function axe(page: Page, label: string, options: { coloursOnly?: boolean } = {}) {
  const toasts = page.locator('[data-sonner-toast]');
  if (await toasts.first().isVisible()) {
    const toast = toasts.first();
    const held = await toast
      .hover({ timeout: 1_000 })
      .then(() => true)
      .catch(() => false); // it may have closed by itself meanwhile
    // a toast caught in its fade (coming or going) is half transparent: check its colours once it stands still,
    // and only when it is staying (sonner marks a leaving one data-removed)
    const standing =
      held &&
      (await settleAnimations(page)
        .then(() =>
          toast.evaluate(
            (element) =>
              element.getAttribute('data-removed') !== 'true' && getComputedStyle(element).opacity === '1',
          ),
        )
        .catch(() => false));
    if (standing) await expectNoSeriousA11yViolations(page, `${label} (with toast)`, options);
  }
  for (const close of await toasts.getByRole('button', { name: 'Close toast' }).all()) {
    await close.click({ timeout: 1_000 }).catch(() => undefined); // it may have closed by itself meanwhile
  }
  await expect(toasts).toHaveCount(0);
  await page.mouse.move(0, 0); // no hover highlight (the toast sat over the header) in the screenshots
  await expectNoSeriousA11yViolations(page, label, options);
}

/** The visitor's ticket row in 'Tickets verwalten'. */
const ticketRow = (page: Page, code: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });

// The new event is public from 'Veröffentlichen' to 'Versteckt': events.spec.ts counts the demo's cards on the home
// page meanwhile, so the journey holds the programme's lock for that while (released here too if it fails).
const programme = runLockHold(PUBLIC_PROGRAMME_LOCK, 75_000);

test('admin creates and publishes an event with a cover, a visitor books it, the admin cancels and exports the ticket', async ({
  page: visitor,
  browser,
  browserErrors,
}, testInfo) => {
  test.setTimeout(360_000); // a long journey: 2–3 min on a slow or busy machine
  const suffix = Date.now().toString(36);
  const title = `Schreibwerkstatt am Abend ${suffix}`;
  const buyerEmail = freshEmail('kaeufer');
  const buyerName = 'Karla Käufer';

  // The visitor signs in first: the new event is then public only for the few seconds of the purchase
  // (other journeys count the demo programme on the home page).
  await openPage(visitor, '/login');
  await signInByCode(visitor, buyerEmail);
  await expect(visitor).toHaveURL(/\/onboarding$/);
  await visitor.getByRole('textbox', { name: 'Vollständiger Name' }).fill(buyerName);
  await visitor.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 5556677');
  await visitor.locator('#onboarding-dsgvo').check();
  await visitor.getByRole('button', { name: 'Weiter' }).click();
  await expect(visitor).not.toHaveURL(/\/onboarding$/);

  // 1. Dashboard with its figure cards
  const admin = await openAdmin(browser);
  const page = admin.page;
  await openPage(page, '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  for (const figure of FIGURES) {
    const card = page.getByRole('region', { name: figure, exact: true });
    await expect(card).toBeVisible();
    await expect(card.locator('p').first()).toHaveText(/\d/);
  }
  await axe(page, 'admin dashboard');
  await screenshotFromTop(page, testInfo, 'admin-dashboard');

  // 2. Events list → 'Neues Event' → the form (draft by default)
  await viaSidebar(page, 'Veranstaltungen', /\/admin\/events$/, 'Veranstaltungen');
  await expect(page.getByRole('table', { name: 'Alle Events' })).toBeVisible();
  await axe(page, 'admin events list');
  await screenshotFromTop(page, testInfo, 'admin-events');
  await page.getByRole('link', { name: 'Neues Event' }).click();
  await expect(page).toHaveURL(/\/admin\/events\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Event erstellen');
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill(title);
  await page
    .getByRole('textbox', { name: 'Beschreibung', exact: true })
    .fill('Ein Abend zum Schreiben.\n\nMit kurzen Übungen und viel Zeit für eigene Texte.');
  await page.getByLabel(/^Beginn/).fill(berlinLocal(30, 18));
  await page.getByLabel(/^Ende/).fill(berlinLocal(30, 21));
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Hamburg');
  await page.getByRole('spinbutton', { name: 'Plätze gesamt', exact: true }).fill('10');
  await page.getByRole('textbox', { name: 'Preis (EUR)', exact: true }).fill('25');
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('draft');
  await axe(page, 'admin event form');
  await screenshotFromTop(page, testInfo, 'admin-event-form');
  await page.getByRole('button', { name: 'Event erstellen' }).click();
  await expect(page.getByText('Event erfolgreich gespeichert.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/events/(${UUID})/edit$`));
  const eventId = new URL(page.url()).pathname.split('/')[3]!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event bearbeiten');
  await axe(page, 'admin event editor');

  // the cover through the crop dialog, zoomed in two steps of 0.1 (the certificate card has a file input too)
  await page.getByRole('region', { name: 'Titelbild' }).locator('input[type="file"]').setInputFiles({
    name: 'titelbild.png',
    mimeType: 'image/png',
    buffer: coverPng(),
  });
  const crop = page.getByRole('dialog', { name: 'Bild zuschneiden (2,818:1)' });
  await expect(crop).toBeVisible();
  const save = crop.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeEnabled(); // the image is loaded and measured
  await crop.getByRole('button', { name: 'Vergrößern' }).click();
  await crop.getByRole('button', { name: 'Vergrößern' }).click();
  await expect(crop.getByRole('slider', { name: 'Zoom' })).toHaveValue('1.2');
  await axe(page, 'crop dialog');
  await save.click();
  await expect(page.getByText('Titelbild aktualisiert')).toBeVisible();
  await expect(crop).toHaveCount(0);
  const cover = page.getByRole('img', { name: `Titelbild von „${title}“` });
  await expect(cover).toBeVisible();
  const coverUrl = (await cover.getAttribute('src'))!;
  expect(coverUrl).not.toMatch(/^(blob:|data:)/);
  // the stored image may still be loading when the element shows (a CI run read 0 once)
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1409);
  await screenshotFromTop(page, testInfo, 'admin-event-editor');

  // Save → 'Event erfolgreich gespeichert.' → the list after 1.2 s
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Event erfolgreich gespeichert.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Entwurf').filter({ visible: true })).toBeVisible();

  // publish with the bulk action
  await programme.take();
  await row.getByRole('checkbox', { name: `„${title}“ auswählen` }).check();
  const bulk = page.getByRole('region', { name: 'Aktionen für die Auswahl' });
  await expect(bulk).toContainText('1 Event ausgewählt');
  await bulk.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByText('1 Event veröffentlicht.')).toBeVisible();
  await expect(row.getByText('Veröffentlicht').filter({ visible: true })).toBeVisible();

  // 3. + 4. The visitor finds it on the home page with its cover and buys one ticket with the test payment
  await openPage(visitor, '/');
  const card = visitor.getByTestId('event-card').filter({ hasText: title });
  await expect(card).toContainText(money(2500));
  const cardImage = card.locator('img');
  await expect(cardImage).toHaveAttribute('src', coverUrl);
  await cardImage.scrollIntoViewIfNeeded();
  await expect
    .poll(() => cardImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1409);
  await card.getByRole('link').click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await visitor.getByRole('button', { name: 'Jetzt buchen' }).first().click();
  await expect(visitor).toHaveURL(new RegExp(`/checkout/${eventId}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Tickets buchen');
  await expect(visitor.getByTestId('order-total')).toHaveText(money(2500));
  await visitor.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
  const payment = visitor.getByRole('region', { name: 'Zahlung', exact: true });
  await payment.getByRole('button', { name: 'Testzahlung abschließen' }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');
  const bookingId = new URL(visitor.url()).pathname.split('/')[2]!;
  const booking = (await (await visitor.request.get(`/api/bookings/${bookingId}`)).json()) as BookingView;
  expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', quantity: 1 });
  const ticket = booking.tickets[0]!;

  // ... and the event leaves the public lists again ('Versteckt' in the editor)
  await page.getByRole('link', { name: `„${title}“ bearbeiten` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${eventId}/edit$`));
  await expect(page.getByText('1 aktives Ticket · 1 verkauft · 9 frei von 10 Plätzen')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Versteckt', exact: true }).check();
  // leaving with unsaved changes asks first (docs/decisions/025-back-office-layout.md)
  await sidebar(page).getByRole('link', { name: 'Veranstaltungen', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  await leave.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/admin/events/${eventId}/edit$`));
  await expect(page.getByRole('checkbox', { name: 'Versteckt', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(row.getByText('Versteckt').first()).toBeVisible();
  programme.release();

  // 5. 'Tickets verwalten': the ticket under its event, filtered by the buyer
  await viaSidebar(page, 'Buchungen', /\/admin\/bookings$/, 'Tickets verwalten');
  await page.getByRole('button', { name: 'Benutzer', exact: true }).click();
  const users = page.getByRole('group', { name: 'Benutzer' });
  await users.getByRole('searchbox', { name: 'Benutzer durchsuchen' }).fill(buyerEmail);
  await users.getByRole('checkbox', { name: new RegExp(escapeRegExp(buyerEmail)) }).check();
  await users.getByRole('button', { name: 'Fertig' }).click();
  await expect(page.getByRole('button', { name: 'Benutzer (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page).toHaveURL(/[?&]user=/);
  await expect(page.getByRole('heading', { name: title })).toContainText('1 Ticket');
  await expect(page.getByRole('table')).toHaveCount(1); // one group: only this buyer's event
  const line = ticketRow(page, ticket.code);
  await expect(line).toContainText(buyerName);
  await expect(line).toContainText(ticket.id.slice(0, 8));
  await expect(line.getByText('Aktiv', { exact: true })).toBeVisible();
  await expect(line.getByText('TEST', { exact: true })).toBeVisible();
  await axe(page, 'admin tickets');
  await screenshotFromTop(page, testInfo, 'admin-tickets');

  // the cancel dialog with an override of 50 %
  await line.getByRole('button', { name: `Ticket ${ticket.code} (${buyerName}) stornieren` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ticket stornieren' });
  await expect(dialog.getByText('Ticketpreis')).toBeVisible();
  await dialog.getByRole('radio', { name: /Eigener Prozentsatz/ }).check();
  await dialog.getByRole('textbox', { name: 'Prozent der Ticketsumme (0–100)' }).fill('50');
  await expect(dialog.getByText(/^Erstattung:/)).toHaveText(`Erstattung: ${money(1250)}`);
  await axe(page, 'cancel dialog');
  await dialog.getByRole('button', { name: 'Stornieren', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(cancelSuccessMessage(1250, 'EUR'), { exact: true })).toBeVisible();
  await expect(line.getByText('Storniert', { exact: true })).toBeVisible();
  await expect(line).toContainText(`Erstattet: ${money(1250)}`);
  await expect(line.getByRole('button', { name: /stornieren$/ })).toBeDisabled();
  // 'Löschen' is not next to 'Stornieren': it waits in the row's '…' menu
  // (docs/decisions/026-admin-tickets-on-phones.md)
  await expect(line.getByRole('button', { name: /löschen/i })).toHaveCount(0);
  await line
    .getByRole('button', { name: `Weitere Aktionen für Ticket ${ticket.code} (${buyerName})` })
    .click();
  const more = page.getByRole('menu');
  // 'Mit Stripe abgleichen' since issue 31 (docs/product/payments.md#reconcile-by-hand)
  await expect(more.getByRole('menuitem')).toHaveText([
    'Übertragen',
    'Vorschau neu rendern',
    'Mit Stripe abgleichen',
    'Löschen',
  ]);
  // a cancelled ticket cannot be handed to a substitute (docs/product/tickets-and-refunds.md#ticket-transfer)
  await expect(more.getByRole('menuitem', { name: 'Übertragen' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(more).toHaveCount(0);
  const mail = await waitForMail(
    page.request,
    buyerEmail,
    new RegExp(`Stornierung bestätigt: ${escapeRegExp(title)}`),
  );
  expect(mail.text).toContain(title);

  // 6. CSV export of the list shown: the spec's columns, this ticket's row
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV (Seite 1)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('tickets-page-1.csv');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8');
  expect(csv.startsWith('\uFEFF'), 'a BOM, so spreadsheets read UTF-8').toBe(true);
  const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
  expect(header).toBe(ADMIN_TICKET_CSV_COLUMNS.join(';'));
  expect(header).toBe(
    'ticket_id;event_id;event_title;profile_label;status;created_at;profile_id;Bestellnummer;Zahlungsart;Ticketart',
  );
  expect(lines).toHaveLength(1);
  const cells = lines[0]!.split(';');
  expect(cells.slice(0, 5)).toEqual([ticket.id, eventId, title, `${buyerName} <${buyerEmail}>`, 'canceled']);
  expect(new Date(cells[5]!).toISOString()).toBe(cells[5]);
  expect(cells[6]).toMatch(/^[\w-]{16,}$/); // the buyer's user id (better-auth's own format)
  expect(cells[7]).toMatch(ORDER_NUMBER_PATTERN);

  // 7. The buyer in the user administration (the row's link), then the settings
  await line
    .getByRole('link', { name: `Benutzer von Ticket ${ticket.code} (${buyerName}) anzeigen` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?user=${cells[6]}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benutzer');
  await expect(page.getByText('Es wird ein einzelner Benutzer gezeigt.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: buyerEmail })).toContainText(buyerName);
  await axe(page, 'admin users');
  await screenshotFromTop(page, testInfo, 'admin-users');
  await viaSidebar(page, 'Einstellungen', /\/admin\/settings$/, 'Einstellungen');
  await checkSettings(page, testInfo);

  expect(admin.errors).toEqual([]);
  expect(browserErrors).toEqual([]);
  await admin.context.close();
});

/** On the phone: axe, nothing wider than the screen, and a screenshot named admin-{name}. */
async function checkPhonePage(page: Page, testInfo: TestInfo, name: string) {
  await axe(page, `admin ${name}`);
  await expectNoPageOverflow(page, name);
  await screenshotFromTop(page, testInfo, `admin-${name}`);
}

test(
  'on a phone every admin page opens from the admin navigation and passes axe',
  { tag: '@phone-only' }, // the desktop journey above visits every page
  async ({ browser }, testInfo) => {
    test.setTimeout(300_000);
    const { context, page, errors } = await openAdmin(browser);

    // into the admin area from the mobile menu
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Administration' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    for (const figure of FIGURES)
      await expect(page.getByRole('region', { name: figure, exact: true })).toBeVisible();
    await checkPhonePage(page, testInfo, 'dashboard');

    await viaSidebar(page, 'Veranstaltungen', /\/admin\/events$/, 'Veranstaltungen');
    await expect(page.getByRole('table', { name: 'Alle Events' })).toBeVisible();
    await checkPhonePage(page, testInfo, 'events');

    await page.getByRole('link', { name: 'Neues Event' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Event erstellen');
    // the sub-path keeps 'Veranstaltungen' active
    await expect(sidebar(page).getByRole('link', { name: 'Veranstaltungen' })).toHaveClass(/bg-accent/);
    await checkPhonePage(page, testInfo, 'event-form');

    await viaSidebar(page, 'Buchungen', /\/admin\/bookings$/, 'Tickets verwalten');
    await expect(page.getByRole('search', { name: 'Tickets filtern' })).toBeVisible();
    // the demo's tickets, grouped by event: on a phone a card per ticket, no table cut at the edge
    await expect(page.getByRole('table')).toHaveCount(0);
    const cards = page
      .getByRole('list', { name: /^Tickets für / })
      .first()
      .getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText(new RegExp(ORDER_NUMBER_PATTERN.source.slice(1, -1)));
    await expect(cards.first().getByRole('button', { name: /^PDF von Ticket / })).toBeVisible();
    await expect(cards.first().getByRole('button', { name: /^Weitere Aktionen für / })).toBeVisible();
    await checkPhonePage(page, testInfo, 'tickets');

    await viaSidebar(page, 'Benutzer', /\/admin\/users$/, 'Benutzer');
    await expect(page.getByRole('searchbox', { name: 'Benutzer suchen' })).toBeVisible();
    // a card per user, no table that scrolls sideways (docs/decisions/049-admin-screens-say-what-they-mean.md)
    await expect(page.getByRole('list', { name: 'Benutzer' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await checkPhonePage(page, testInfo, 'users');

    await viaSidebar(page, 'Einstellungen', /\/admin\/settings$/, 'Einstellungen');
    await expectNoPageOverflow(page, 'settings');
    await checkSettings(page, testInfo);

    await viaSidebar(page, 'Übersicht', /\/admin$/, 'Dashboard');
    expect(errors).toEqual([]);
    await context.close();
  },
);

// Issue 29 item 19 (docs/product/admin.md#tables-fit, docs/decisions/049-admin-screens-say-what-they-mean.md):
// on a 1280 px laptop the events list cut off 'Löschen' and the users list 'Erstellt', 'Buchungen', 'Löschen'.
test('on a 1280 × 900 laptop the events and users tables fit beside the sidebar', async ({ browser }) => {
  const { context, page, errors } = await openAdmin(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const [path, box] of [
    ['/admin/events', 'events-table'],
    ['/admin/users', 'users-table'],
  ] as const) {
    await openPage(page, path);
    const table = page.getByTestId(box);
    const firstDelete = table.getByRole('button', { name: / löschen$/ }).first();
    await expect(firstDelete).toBeVisible();
    const { scrollWidth, clientWidth } = await table.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(
      scrollWidth,
      `${box}: ${scrollWidth} px of content in a ${clientWidth} px box`,
    ).toBeLessThanOrEqual(clientWidth);
    // the last column is on the screen, not behind a sideways scroll
    await expect(firstDelete).toBeInViewport({ ratio: 1 });
    await expectNoPageOverflow(page, box);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('an admin sets a profile picture and a portrait through the crop dialog', async ({ browser }) => {
  test.setTimeout(180_000); // two uploads through the crop dialog: ~20 s on a busy machine
  const { context, page, errors } = await openAdmin(browser);
  await openPage(page, '/profile');
  await expect(page.getByRole('heading', { name: 'Mein Profil' })).toBeVisible();
  for (const [card, round, success] of [
    ['Profilbild', true, 'Profilbild aktualisiert'],
    ['Portrait', false, 'Portrait aktualisiert'],
  ] as const) {
    await page
      .getByRole('region', { name: card })
      .locator('input[type="file"]')
      .setInputFiles({ name: `${card}.png`, mimeType: 'image/png', buffer: coverPng(600, 400) });
    // the reused crop dialog, 1:1, the avatar with a round overlay (docs/product/admin.md#image-uploads)
    const crop = page.getByRole('dialog', { name: 'Bild zuschneiden (1:1)' });
    await expect(crop.getByRole('button', { name: 'Speichern' })).toBeEnabled();
    await expect(crop.locator('.reactEasyCrop_CropAreaRound')).toHaveCount(round ? 1 : 0);
    await axe(page, `${card} crop dialog`);
    await crop.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(success)).toBeVisible();
    await expect(crop).toHaveCount(0);
    // the server re-encoded it to 512 × 512 WebP
    const image = page.getByRole('img', { name: `Aktuelles ${card}` });
    await expect(image).toHaveAttribute('src', /\/uploads\/.+\.webp$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  }
  await axe(page, 'profile with pictures');
  expect(errors).toEqual([]);
  await context.close();
});
