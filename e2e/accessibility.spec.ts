// Accessibility (issue 29 item 14, docs/decisions/047-accessibility-statement.md): the statement page, a buyer's
// whole way with the keyboard alone, and the public pages at 320 px and at 200 % text. What these check is what
// the statement says the shop does (src/web/features/content/accessibility-page.tsx).
import type { Locator, Page, TestInfo } from '@playwright/test';
import { seatsPerTicket } from '../src/shared/event-rules';
import type { PublicEvent } from '../src/shared/events';
import {
  expect,
  expectNoSeriousA11yViolations,
  FREE_ONLINE_SEATS_LOCK,
  openPage,
  saveScreenshot,
  switchTheme,
  test,
  withRunLock,
} from './support/fixtures';
import { codeIn, freshEmail, waitForMail } from './support/mailbox';
import { expectNoPageOverflow } from './support/page-width';

const DEMO_SLUG = 'zeit-fuer-uns-paar-retreat-lueneburger-heide';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The public pages the statement speaks of (docs/product/site.md#accessibility-statement). */
const PUBLIC_PAGES = [
  '/',
  `/event/${DEMO_SLUG}`,
  `/event/${DEMO_SLUG}/login`,
  '/help',
  '/login',
  '/impressum',
  '/datenschutz',
  '/agb',
  '/barrierefreiheit',
];

const ticketsLeft = (event: Pick<PublicEvent, 'availableSeats' | 'priceUnit'>) =>
  Math.floor(Math.max(0, event.availableSeats) / seatsPerTicket(event.priceUnit));

/**
 * The element with the focus shows where it is: an outline or a ring (box-shadow) on it or on one of the three
 * elements around it (an event card rings itself when its link has the focus), and it is on screen.
 */
async function expectVisibleFocus(page: Page, label: string): Promise<void> {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body)
      return { shown: false, what: 'nothing (body)', onScreen: false };
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      const outline =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 1 &&
        !/rgba\(.*,\s*0\)$|transparent/.test(style.outlineColor);
      return outline || style.boxShadow !== 'none';
    };
    let shown = false;
    for (
      let node: Element | null = element, depth = 0;
      node && depth < 4;
      node = node.parentElement, depth++
    ) {
      if (shows(node)) {
        shown = true;
        break;
      }
    }
    const box = element.getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
    return { shown, what: `<${element.tagName.toLowerCase()}> ${name}`, onScreen };
  });
  expect(focus.shown, `${label}: the focus on ${focus.what} is visible (outline or ring)`).toBe(true);
  expect(focus.onScreen, `${label}: ${focus.what} is on screen`).toBe(true);
}

/**
 * Presses Tab until `target` has the focus, checking the focus is visible there; returns the number of presses.
 * The first press starts where the last action left the focus, as it does for a person.
 */
async function tabTo(page: Page, target: Locator, label: string, max = 40): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(page, label);
      return presses;
    }
  }
  throw new Error(`${label}: not reached within ${max} presses of Tab`);
}

test('a buyer goes from the start page to Meine Tickets with Tab, Enter and Space only', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const steps: { step: string; tabs: number }[] = [];
  const tab = async (step: string, target: Locator) => {
    const tabs = await tabTo(page, target, step);
    steps.push({ step, tabs });
  };

  // The free future event with the most tickets left: the paid ones' few seats are counted by the booking and
  // billing journeys of the same run (booking.spec.ts, billing-address.spec.ts), which must find them there.
  const events = (await (await page.request.get('/api/events')).json()) as PublicEvent[];
  const now = Date.now();
  const event = events
    .filter((candidate) => candidate.priceCents === 0 && Date.parse(candidate.startTime) > now)
    .sort((a, b) => ticketsLeft(b) - ticketsLeft(a))[0]!;
  expect(ticketsLeft(event), 'a free future event with tickets left').toBeGreaterThan(0);
  const email = freshEmail('keyboard');

  // 1. The start page: Tab to the event's card, Enter
  await openPage(page, '/');
  await tab(
    'Startseite → Karte der Veranstaltung',
    page.getByRole('link', { name: event.title, exact: true }),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/event/${event.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);

  // 2. The event: Tab to 'Jetzt buchen', Enter
  await tab(
    'Veranstaltung → „Jetzt buchen“',
    page.getByRole('button', { name: 'Jetzt buchen' }).filter({ visible: true }).first(),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/event/${event.slug}/login$`));
  await expect(page.getByRole('heading', { name: 'Anmelden und buchen' })).toBeVisible();

  // 3. Sign-in: the address, Enter sends the code; the focus goes to the code step, the code is typed
  await tab('Anmeldung → E-Mail-Adresse', page.getByLabel('E-Mail-Adresse'));
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Code eingeben' })).toBeFocused();
  const code = codeIn(await waitForMail(page.request, email, /Anmeldecode/));
  await tab('Anmeldung → Ziffer 1 des Codes', page.getByLabel('Ziffer 1'));
  await page.keyboard.type(code); // six digits submit by themselves

  // 4. Onboarding of a new buyer: name, phone, consent with Space, 'Weiter' with Enter
  await expect(page).toHaveURL(/\/onboarding$/);
  await tab('Onboarding → Name', page.getByRole('textbox', { name: 'Vollständiger Name' }));
  await page.keyboard.type('Karla Tastatur');
  await tab('Onboarding → Telefonnummer', page.getByRole('textbox', { name: 'Telefonnummer' }));
  await page.keyboard.type('040 2223344');
  const consent = page.locator('#onboarding-dsgvo');
  await tab('Onboarding → Einwilligung', consent);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await tab('Onboarding → „Weiter“', page.getByRole('button', { name: 'Weiter' }));
  await page.keyboard.press('Enter');

  // 5. Checkout: the order button with Space; a free event books straight to the confirmation
  await expect(page).toHaveURL(new RegExp(`/checkout/${event.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets buchen');
  await expect(page.getByTestId('order-total')).toHaveText('Kostenlos');
  await tab(
    'Kasse → „Kostenlos buchen“',
    page.getByRole('button', { name: 'Kostenlos buchen', exact: true }),
  );
  // the free event is the demo's online evening, whose seats the widget journey counts around its own booking
  await withRunLock(FREE_ONLINE_SEATS_LOCK, async () => {
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');

  // 6. The confirmation: 'Zu meinen Tickets' with Enter, and the ticket is there
  await tab(
    'Bestätigung → „Zu meinen Tickets“',
    page.getByRole('main').getByRole('link', { name: 'Zu meinen Tickets' }),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-tickets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Tickets');
  const ticket = page.locator('article[data-ticket-id]').filter({ hasText: event.title }).first();
  await expect(ticket).toBeVisible();
  await tab(
    'Meine Tickets → „Ticket herunterladen“',
    ticket.getByRole('button', { name: 'Ticket herunterladen' }),
  );

  const report = steps.map(({ step, tabs }) => `  ${String(tabs).padStart(2)} × Tab  ${step}`).join('\n');
  const total = steps.reduce((sum, { tabs }) => sum + tabs, 0);
  console.log(`keyboard journey (${event.title}): ${total} presses of Tab\n${report}`);
  await testInfo.attach('keyboard-journey.txt', {
    body: `${report}\n  ${total} in all\n`,
    contentType: 'text/plain',
  });
});

/** Text cut off by a box that hides its overflow (an ellipsis, a clipped card): what a reader cannot see. */
async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hides = (value: string) => value === 'hidden' || value === 'clip';
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue; // not rendered
      for (let box2: Element | null = parent; box2 && box2 !== document.body; box2 = box2.parentElement) {
        const style = getComputedStyle(box2);
        const frame = box2.getBoundingClientRect();
        if (frame.width <= 1 && frame.height <= 1) break; // screen-reader text (sr-only)
        const cutX = hides(style.overflowX) && (box.right > frame.right + 1 || box.left < frame.left - 1);
        const cutY = hides(style.overflowY) && (box.bottom > frame.bottom + 1 || box.top < frame.top - 1);
        const ellipsis =
          box2 === parent && hides(style.overflowX) && parent.scrollWidth > parent.clientWidth + 1;
        if (cutX || cutY || ellipsis) {
          found.push(
            `"${text.slice(0, 50)}" in <${box2.tagName.toLowerCase()} class="${box2.getAttribute('class') ?? ''}">`,
          );
          break;
        }
      }
    }
    return found;
  });
}

test.describe('reflow and text size (WCAG 1.4.10, 1.4.4)', () => {
  test('at 320 px no public page scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const results: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      results.push(`  ${path}: scrollWidth ${scrollWidth}`);
      await expectNoPageOverflow(page, `${path} at 320 px`);
      expect(scrollWidth, `${path} at 320 px`).toBeLessThanOrEqual(320);
    }
    console.log(`320 px reflow:\n${results.join('\n')}`);
  });

  test('at 200 % text size (1280 px) no text is cut off and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const results: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // the reader's font size doubled: every rem-based size follows, as with a browser's text size setting
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '200%';
      });
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
        .toBe('32px');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      const clipped = await clippedTexts(page);
      results.push(`  ${path}: scrollWidth ${scrollWidth}, cut-off texts ${clipped.length}`);
      expect(clipped, `${path} at 200 %: texts cut off`).toEqual([]);
      await expectNoPageOverflow(page, `${path} at 200 %`);
      expect(scrollWidth, `${path} at 200 %`).toBeLessThanOrEqual(1280);
    }
    console.log(`200 % text at 1280 px:\n${results.join('\n')}`);
  });
});

test.describe('the statement page (docs/product/site.md#accessibility-statement)', () => {
  async function statementReady(page: Page) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erklärung zur Barrierefreiheit');
  }

  test("the footer links to it; it carries the demo operator's statement, axe finds nothing in either theme", async ({
    page,
  }, testInfo: TestInfo) => {
    await openPage(page, '/impressum');
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Barrierefreiheit', exact: true });
    await expect(link).toHaveAttribute('href', '/barrierefreiheit');
    await link.click();
    await expect(page).toHaveURL(/\/barrierefreiheit$/);
    await statementReady(page);
    const article = page.locator('article');
    await expect(article).not.toContainText('[Bitte eintragen:');
    await expect(article).toContainText('teilweise vereinbar');
    await expect(article).toContainText('WCAG');
    const gaps = page.getByRole('region', { name: 'Bekannte Einschränkungen' }).getByRole('listitem');
    await expect(gaps).toHaveCount(4);
    await expect(gaps.first()).toContainText('Seitenwechsel');
    await expect(
      page.getByRole('region', { name: 'Barriere gefunden?' }).getByRole('link', { name: /@/ }),
    ).toHaveAttribute('href', 'mailto:barrierefreiheit@wachstumsraum.example');
    await expect(page.getByRole('region', { name: 'Zuständige Marktüberwachungsbehörde' })).toContainText(
      'Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)',
    );
    await expect(page.locator('header').filter({ hasText: 'Stand:' })).toContainText(
      /Stand: \d{1,2}\. \S+ \d{4}/,
    );
    await expectNoSeriousA11yViolations(page, 'statement (light)');
    await saveScreenshot(page, testInfo, 'accessibility-light');
    await switchTheme(page, 'dark');
    await statementReady(page);
    await expectNoSeriousA11yViolations(page, 'statement (dark)', { coloursOnly: true });
    await saveScreenshot(page, testInfo, 'accessibility-dark');
  });

  test('the sign-in pages link to it too', async ({ page }) => {
    await openPage(page, '/login');
    await expect(
      page.getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: 'Barrierefreiheit' }),
    ).toHaveAttribute('href', '/barrierefreiheit');
  });
});
