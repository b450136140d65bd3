// The booking widget on another site (docs/product/widget.md, decision 061): a host page on a SECOND local origin
// (a tiny node server started here) embeds the two lines from the settings card; the cards show in the frame with
// their seats, 'Tickets buchen' opens the shop in a new tab and the visitor books there. A site that is not
// allowed gets nothing and a console message saying why.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';
import type { PublicEvent } from '../src/shared/events';
import { widgetSnippet, type WidgetScope } from '../src/shared/widget';
import { WIDGET_HEIGHT } from '../src/shared/widget-messages';
import { adminContext } from './support/admin';
import { fullBrowser } from './support/browsers';
import {
  expect,
  FREE_ONLINE_SEATS_LOCK,
  saveScreenshot,
  test,
  waitForApp,
  withRunLock,
} from './support/fixtures';
import { layoutShift, watchLayoutShifts } from './support/layout-shift';
import { freshEmail, signInByCode } from './support/mailbox';

// a framed site's storage partitioned as in a visitor's Chrome: the full browser (e2e/support/browsers.ts)
test.use(fullBrowser);

const FREE_ONLINE = 'gelassen-durch-veraenderungen-online-infoabend';
const SHOP = 'http://127.0.0.1:3100'; // playwright.config.ts's BASE_URL
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The element line of the settings card's snippet for `scope` (with the height it reserves). */
const snippetElement = (scope: WidgetScope) => widgetSnippet(SHOP, scope).split('\n')[1]!;

/** A host page as an organizer would write it: their own styles, then the snippet from the settings card. */
function hostPage(shop: string, element: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Praxis am Deich</title>
<style>body{font:18px Georgia,serif;background:#fffdf7;margin:0;padding:24px} li,a,button{color:#c0392b!important}</style>
</head><body><h1>Meine Termine</h1>
<script src="${shop}/widget.js" async></script>
${element}
<p id="below">Text unter dem Widget</p></body></html>`;
}

/**
 * Serves `page` at a free port of `localhost`: another origin and another site than the shop's 127.0.0.1, as an
 * organizer's website is.
 */
async function serveHost(page: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page());
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

async function allowSites(browser: Browser, origins: string[]) {
  const admin = await adminContext(browser);
  // the phone and desktop workers each add their host page's origin: one read-and-write at a time, else one
  // worker's write drops the other's origin
  await withRunLock('widget-sites.lock', async () => {
    const current = await admin.request.get('/api/admin/settings');
    const stored = ((await current.json()) as { settings: { widget: { allowedOrigins: string[] } } }).settings
      .widget.allowedOrigins;
    const response = await admin.request.put('/api/admin/settings/widget', {
      data: { allowedOrigins: [...new Set([...stored, ...origins])] },
    });
    expect(response.status(), await response.text()).toBe(200);
  }).finally(() => admin.close());
}

let allowed: { server: Server; origin: string };
let refused: { server: Server; origin: string };
let element = '<div data-ticketshop-widget></div>';

test.beforeAll(async () => {
  allowed = await serveHost(() => hostPage(SHOP, element));
  refused = await serveHost(() => hostPage(SHOP, element));
});
test.afterAll(async () => {
  await Promise.all([allowed, refused].map(({ server }) => new Promise((done) => server.close(done))));
});

test('a visitor of an allowed site sees the cards with their seats and books in a new tab', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await allowSites(browser, [allowed.origin]);
  const event = (await (await page.request.get(`/api/events/${FREE_ONLINE}`)).json()) as PublicEvent;
  element = snippetElement({ kind: 'event', slug: FREE_ONLINE });
  expect(baseURL).toBeTruthy();

  await page.goto(`${allowed.origin}/`);
  const frameElement = page.locator('iframe[title^="Termine und Tickets"]');
  await expect(frameElement).toBeVisible();
  const frame = page.frameLocator('iframe[title^="Termine und Tickets"]');
  const card = frame.getByTestId('widget-event-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(event.title);
  await expect(card).toContainText(/Tickets? übrig|Plätze/);
  // the host page's styles stay outside: the frame's button keeps the shop's colour
  const book = card.getByRole('link', { name: /^Tickets buchen/ });
  await expect(book).not.toHaveCSS('color', 'rgb(192, 57, 43)');
  // the frame took the height of its content: no scroll bar inside, the text below starts under it
  await expect
    .poll(async () => {
      const box = await frameElement.boundingBox();
      const inner = await frame.getByTestId('widget').evaluate((node) => node.getBoundingClientRect().height);
      return Math.abs((box?.height ?? 0) - Math.ceil(inner));
    })
    .toBeLessThanOrEqual(1);
  await saveScreenshot(page, testInfo, 'widget-host-page');

  // 'Tickets buchen' opens the shop's checkout in a new tab, first-party
  const [shop] = await Promise.all([page.context().waitForEvent('page'), book.click()]);
  await waitForApp(shop);
  // a tab of its own: the shop asks its cookie question there (first-party)
  await shop.getByRole('button', { name: 'Nur notwendige' }).click();
  await expect(shop).toHaveURL(new RegExp(`/checkout/${event.id}$`));
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText('Tickets buchen');
  const email = freshEmail('widget');
  await signInByCode(shop, email);
  // the quick sign-in keeps the buyer on the checkout (decision 011)
  await expect(shop).toHaveURL(new RegExp(`/checkout/${event.id}$`));
  // a new account: the order page asks for the name on the ticket and a phone number
  await shop.getByRole('textbox', { name: 'Name auf dem Ticket' }).fill('Wanda Widget');
  await shop.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 5556677');
  const seatsNow = async () =>
    ((await (await page.request.get(`/api/events/${FREE_ONLINE}`)).json()) as PublicEvent).availableSeats;
  // booking.spec and checkin.spec book this event too: no booking of theirs between the two counts
  await withRunLock(FREE_ONLINE_SEATS_LOCK, async () => {
    const seatsBefore = await seatsNow();
    await shop.getByRole('button', { name: 'Kostenlos buchen', exact: true }).click();
    await expect(shop).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');

    // the seat went: the widget on the host page says so without a reload (live seats)
    const seatsAfter = await seatsNow();
    expect(seatsAfter).toBe(seatsBefore - 1);
    await expect(card).toContainText(`${seatsAfter}`);
  });
});

test('the page around the widget never moves, and the row of cards scrolls with its buttons @phone', async ({
  page,
  browser,
}, testInfo) => {
  await allowSites(browser, [allowed.origin]);
  element = snippetElement({ kind: 'all' });
  await watchLayoutShifts(page);
  await page.goto(`${allowed.origin}/`);
  const below = page.locator('#below');
  // the snippet reserves the widget's height before the async loader has run
  const top = (await below.boundingBox())!.y;
  const frame = page.frameLocator('iframe[title^="Termine und Tickets"]');
  const cards = frame.getByTestId('widget-event-card');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(3);
  // one row of fixed height, whatever the number of cards and the width: the frame is what was reserved
  await expect
    .poll(() => frame.getByTestId('widget').evaluate((node) => node.getBoundingClientRect().height))
    .toBe(WIDGET_HEIGHT);
  // (boxes at a device pixel ratio of 2 come back as 497.99995)
  expect((await page.locator('iframe').boundingBox())!.height).toBeCloseTo(WIDGET_HEIGHT, 2);
  expect((await below.boundingBox())!.y).toBeCloseTo(top, 2);
  expect(await layoutShift(page)).toBe(0);
  await saveScreenshot(page, testInfo, 'widget-row');

  // the cards beyond the edge come in by the buttons (touch and trackpads scroll the row themselves)
  const back = frame.getByRole('button', { name: 'Frühere Termine' });
  const forward = frame.getByRole('button', { name: 'Weitere Termine' });
  await expect(back).toBeDisabled();
  await expect(cards.last()).not.toBeInViewport();
  // a smooth scroll on a busy machine may not have moved the row within one wait: look again, click again only
  // if the row has not moved at all
  await expect(async () => {
    if (await back.isDisabled()) await forward.click({ timeout: 1_000 });
    await expect(back).toBeEnabled({ timeout: 2_000 });
  }).toPass();
  await expect(cards.first()).not.toBeInViewport();
  // page on to the last card (a click while the row still glides may find the button just disabled: try again)
  await expect(async () => {
    if (await forward.isEnabled()) await forward.click({ timeout: 1_000 });
    await expect(cards.last()).toBeInViewport({ timeout: 1_000 });
  }).toPass();
  await expect(forward).toBeDisabled();
  expect(await layoutShift(page)).toBe(0);
});

test('a site that is not allowed gets nothing and the console says why', async ({
  page,
  allowBrowserErrors,
  browserErrors,
}) => {
  allowBrowserErrors(/\[Ticketshop-Widget\] Diese Website/);
  element = '<div data-ticketshop-widget></div>';
  const logged = page.waitForEvent('console', (message) => message.text().includes('[Ticketshop-Widget]'));
  await page.goto(`${refused.origin}/`);
  const message = await logged;
  expect(message.type()).toBe('error');
  expect(message.text()).toBe(
    `[Ticketshop-Widget] Diese Website (${refused.origin}) darf das Buchungs-Widget nicht einbinden. Trage sie im Ticketshop unter Einstellungen → „Auf deiner Website einbinden“ ein.`,
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.locator('[data-ticketshop-widget]')).toBeEmpty();

  // a site that skips the loader and frames the widget page itself is refused by the browser (frame-ancestors)
  allowBrowserErrors(/frame-ancestors/);
  element = `<iframe src="${SHOP}/widget" title="direkt"></iframe>`;
  const blocked = page.waitForEvent('console', (entry) => entry.text().includes('frame-ancestors'));
  await page.goto(`${refused.origin}/`);
  expect((await blocked).text()).toContain(`frame-ancestors 'self'`);
  await expect(page.frameLocator('iframe[title="direkt"]').getByTestId('widget')).toHaveCount(0);
  expect(browserErrors.filter((error) => !/Ticketshop-Widget|frame-ancestors/.test(error))).toEqual([]);
});
