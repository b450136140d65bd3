// Start page, event pages, seat badge, early bird, timetable, calendar (docs/product/events.md): the journeys
// of a visitor through the demo programme (src/server/demo/seed-events.ts, fresh database per run).
import type { Page } from '@playwright/test';
import type { PublicEvent } from '../src/shared/events';
import { freshEmail, signInByCode } from './support/mailbox';
import {
  expect,
  expectNoSeriousA11yViolations,
  FREE_ONLINE_SEATS_LOCK,
  openPage,
  PUBLIC_PROGRAMME_LOCK,
  saveScreenshot,
  runLockHold,
  test,
  type ThemeChoice,
  refused,
  withRunLock,
} from './support/fixtures';
import { layoutShift, watchLayoutShifts } from './support/layout-shift';

// The demo seed, as a visitor sees it (published, not hidden).
/** The demo's monthly series: its four dates are cards of their own (docs/product/event-series.md). */
const SERIES_TITLE = 'Abendwerkstatt: Achtsam streiten';
/** The demo's future published events: five single ones and the series' four dates. */
const HOME_CARDS = 9;

const FREE_ONLINE = {
  slug: 'gelassen-durch-veraenderungen-online-infoabend',
  title: 'Gelassen durch Veränderungen – kostenloser Online-Infoabend',
};
const NEARLY_SOLD_OUT = {
  slug: 'klarheit-finden-wochenendseminar-ostsee',
  title: 'Klarheit finden – Wochenendseminar an der Ostsee',
};
const EARLY_BIRD_PAIR = {
  slug: 'zeit-fuer-uns-paar-retreat-lueneburger-heide',
  title: 'Zeit für uns – Paar-Retreat in der Lüneburger Heide',
};
const SOLD_OUT = {
  slug: 'stimme-und-praesenz-intensivworkshop-luebeck',
  title: 'Stimme & Präsenz – Intensivworkshop in Lübeck',
};
const YEAR_GROUP = {
  slug: 'resilienz-staerken-jahresgruppe-hamburg',
  title: 'Resilienz stärken – Jahresgruppe in Hamburg',
};
const PAST_PUBLISHED = 'Selbstmitgefühl üben – Online-Abendkurs';
const HIDDEN = 'Teamtag Achtsame Kommunikation – geschlossene Gruppe';
const DRAFT = 'Naturcoaching am Meer – Retreat auf Sylt';
const COMPLETED = 'Achtsamkeit im Alltag – Tagesworkshop in Hamburg';

const MONTH = /^(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/;
const THEMES: ThemeChoice[] = ['light', 'dark'];

const cards = (page: Page) => page.getByTestId('event-card');
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });
const viewButton = (page: Page, name: 'Kartenansicht' | 'Kalender') =>
  page.getByRole('group', { name: 'Ansicht' }).getByRole('button', { name, exact: true });

/** The first visible 'Jetzt buchen' (phones have a second one in the bottom bar). */
const bookButton = (page: Page) => page.getByRole('button', { name: 'Jetzt buchen' }).first();

/**
 * Loads the page's lazy images for the screenshots: switched to eager instead of scrolling through the page frame by
 * frame (a loop on requestAnimationFrame hung for the whole test timeout in one CI run beside load).
 */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'))
      image.loading = 'eager';
    // decode() settles once an image is loaded (or broken); capped, so a never-shown image cannot hang the test.
    const settled = Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}

// The journeys below count the demo's cards; admin.spec.ts publishes an event of its own for a while. Each journey
// holds the programme still while it runs (the other project's journeys of this file wait, a few seconds at most).
const programme = runLockHold(PUBLIC_PROGRAMME_LOCK, 75_000);
test.beforeEach(programme.take);

test.describe('home: card view', () => {
  test('shows the future published events with price, early bird and seat badges; nothing hidden or draft', async ({
    page,
    browserErrors,
  }) => {
    await openPage(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeit für dich. Raum für Wachstum.');
    await expect(viewButton(page, 'Kartenansicht')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(HOME_CARDS);
    // the demo's events, soonest first: their order follows the dates the seed computed from the day it ran
    // (the series' first date is a Tuesday, the retreat a Friday, so which comes first depends on the weekday)
    const offeredTitles = new Set([
      FREE_ONLINE.title,
      NEARLY_SOLD_OUT.title,
      EARLY_BIRD_PAIR.title,
      SERIES_TITLE,
      SOLD_OUT.title,
      YEAR_GROUP.title,
    ]);
    const listed = (await (await page.request.get('/api/events')).json()) as PublicEvent[];
    const soonestFirst = listed
      .filter((event) => offeredTitles.has(event.title))
      .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
      .map((event) => event.title);
    expect(soonestFirst.filter((title) => title === SERIES_TITLE)).toHaveLength(4);
    expect(soonestFirst).toHaveLength(HOME_CARDS);
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(soonestFirst);
    // the quotes under 'Wer wir sind' name the past event they are about (docs/product/feedback.md#featured)
    const offered = (title: string) => page.getByText(title).and(page.locator(':not(figcaption)'));
    for (const title of [PAST_PUBLISHED, HIDDEN, DRAFT, COMPLETED]) {
      await expect(offered(title), `${title} is not offered`).toHaveCount(0);
    }
    await expect(page.getByText('Entwurf')).toHaveCount(0);

    const free = card(page, FREE_ONLINE.title);
    await expect(free).toContainText('Kostenlos');
    await expect(free).toContainText('Online');
    await expect(free.getByText(/^\d+ Tickets? übrig$/)).toBeVisible();

    const nearlySoldOut = card(page, NEARLY_SOLD_OUT.title);
    await expect(nearlySoldOut).toContainText('320,00 €');
    await expect(nearlySoldOut).toContainText('/ Person');
    await expect(nearlySoldOut).toContainText('Kühlungsborn');
    await expect(nearlySoldOut.getByText('2 Tickets übrig')).toBeVisible();
    await expect(nearlySoldOut.getByText('2 Tickets übrig')).toHaveClass(/text-warning/);

    const earlyBird = card(page, EARLY_BIRD_PAIR.title);
    await expect(earlyBird.getByText('Frühbucher', { exact: true })).toBeVisible();
    await expect(earlyBird.locator('del')).toHaveText('690,00 €');
    await expect(earlyBird).toContainText('590,00 €');
    await expect(earlyBird).toContainText('/ Paar');
    await expect(earlyBird.getByText(/^\d+ Tickets? übrig$/)).toHaveClass(/text-success/);

    const soldOut = card(page, SOLD_OUT.title);
    // 'Regulär' 149 € and 'Ermäßigt' 99 €: the lowest, with 'ab'
    await expect(soldOut).toContainText('ab 99,00 €');
    await expect(soldOut.getByText('Ausgebucht')).toBeVisible();
    await expect(soldOut.getByText('Ausgebucht')).toHaveClass(/text-destructive/);
    await expect(soldOut).not.toContainText('Tickets übrig');

    // Images reserve their space: width and height attributes; only the first loads eagerly.
    const images = cards(page).locator('img');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
    }

    // 'Wer wir sind' with both organizers, and the three benefits.
    const about = page.getByRole('region', { name: 'Wer wir sind' });
    await expect(about.getByRole('heading', { level: 3 })).toHaveCount(2);
    await expect(about.getByRole('heading', { name: 'Miriam Albers' })).toBeVisible();
    await expect(about.getByRole('heading', { name: 'Jonas Albers' })).toBeVisible();
    await expect(about.locator('img')).toHaveCount(2);
    for (const benefit of ['Einfach buchen', 'Hochwertige Events', 'Flexible Stornierung']) {
      await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
    }
    expect(browserErrors).toEqual([]);
  });

  test('the page does not jump while it loads (cumulative layout shift < 0.1)', async ({ page }) => {
    await watchLayoutShifts(page);
    await openPage(page, '/');
    await expect(cards(page)).toHaveCount(HOME_CARDS);
    // what could still move the page: images of the first screen and the web fonts; then two frames to paint
    await page.waitForFunction(() =>
      [...document.images].every((image) => image.loading === 'lazy' || image.complete),
    );
    await page.evaluate(async () => {
      await document.fonts.ready;
      for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(await layoutShift(page)).toBeLessThan(0.1);
  });

  test('a card opens the event', async ({ page }) => {
    await openPage(page, '/');
    await card(page, NEARLY_SOLD_OUT.title).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/event/${NEARLY_SOLD_OUT.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEARLY_SOLD_OUT.title);
  });
});

test.describe('home: timetable', () => {
  test.use({ cookieConsent: 'accepted' }); // the view is kept on the device only with consent (decision 046)

  test(
    "'Kalender' shows the table by month with 'Heute', in the URL and remembered in local storage",
    { tag: '@phone' },
    async ({ page, browserErrors, isMobile }) => {
      await openPage(page, '/');
      await viewButton(page, 'Kalender').click();
      await expect(page).toHaveURL(/\/\?view=timetable$/);
      await expect(viewButton(page, 'Kalender')).toHaveAttribute('aria-pressed', 'true');
      expect(await page.evaluate(() => localStorage.getItem('viewMode'))).toBe('timetable');

      const table = page.getByTestId('timetable');
      await expect(table.locator('thead th').filter({ visible: true })).toHaveText(
        isMobile ? ['Datum', 'Titel'] : ['Datum', 'Zeit', 'Titel', 'Ort', 'Preis', 'Plätze'],
      );
      // Months as group headings, unique, in order.
      const months = await table.locator('th[scope="colgroup"]').allTextContents();
      expect(months.length).toBeGreaterThanOrEqual(2);
      for (const month of months) expect(month).toMatch(MONTH);
      expect(new Set(months).size).toBe(months.length);

      // The past published event, then 'Heute', then the upcoming ones; no hidden or draft event.
      const rows = table.locator('tbody tr');
      const kinds = await rows.evaluateAll((trs) =>
        trs.map((tr) =>
          tr.getAttribute('data-testid') === 'timetable-today'
            ? 'today'
            : tr.getAttribute('data-testid') === 'timetable-row'
              ? tr.hasAttribute('data-past')
                ? 'past'
                : 'upcoming'
              : 'other',
        ),
      );
      const today = kinds.indexOf('today');
      expect(kinds.filter((kind) => kind === 'today')).toHaveLength(1);
      expect(kinds.lastIndexOf('past')).toBeLessThan(today);
      expect(kinds.indexOf('upcoming')).toBeGreaterThan(today);
      expect(kinds.filter((kind) => kind === 'past').length).toBeLessThanOrEqual(3);
      await expect(page.getByTestId('timetable-today')).toContainText('Heute');
      await expect(table.getByTestId('timetable-row').filter({ hasText: PAST_PUBLISHED })).toHaveCount(1);
      await expect(table.getByTestId('timetable-row')).toHaveCount(HOME_CARDS + 1); // and the past one
      for (const title of [HIDDEN, DRAFT]) await expect(table.getByText(title)).toHaveCount(0);
      await expect(
        table
          .getByTestId('timetable-row')
          .filter({ hasText: SOLD_OUT.title })
          .getByText('Ausgebucht')
          .filter({ visible: true }),
      ).toHaveCount(1);

      // Remembered: a reload keeps it, and so does / without the parameter (local storage).
      await page.reload();
      await expect(page.getByTestId('timetable')).toBeVisible();
      await openPage(page, '/');
      await expect(page.getByTestId('timetable')).toBeVisible();
      await expect(viewButton(page, 'Kalender')).toHaveAttribute('aria-pressed', 'true');
      // ... until the visitor switches back.
      await viewButton(page, 'Kartenansicht').click();
      await expect(page).toHaveURL(/\/\?view=cards$/);
      await expect(cards(page)).toHaveCount(HOME_CARDS);
      expect(await page.evaluate(() => localStorage.getItem('viewMode'))).toBe('cards');
      expect(browserErrors).toEqual([]);
    },
  );

  test('opens at the next upcoming event; a row opens the event', async ({ page }) => {
    await openPage(page, '/?view=timetable');
    const next = page.locator('[data-testid="timetable-row"]:not([data-past])').first();
    await expect(next).toContainText(FREE_ONLINE.title);
    await expect(next).toBeInViewport();
    // a click anywhere in the row, not only on the title link
    await next.locator('td').first().click();
    await expect(page).toHaveURL(new RegExp(`/event/${FREE_ONLINE.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FREE_ONLINE.title);
  });
});

test.describe('event detail', () => {
  test('presence event: title, Präsenz, price, seats, map link; Jetzt buchen sends a guest to the event sign-in', async ({
    page,
    browserErrors,
  }) => {
    await openPage(page, `/event/${NEARLY_SOLD_OUT.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEARLY_SOLD_OUT.title);
    await expect.poll(() => page.title()).toContain(NEARLY_SOLD_OUT.title);
    const main = page.getByRole('main');
    await expect(main.getByText('Präsenz', { exact: true })).toBeVisible();
    await expect(main).toContainText('320,00 €');
    await expect(main).toContainText('pro Person');
    await expect(main).toContainText('1 Person');
    await expect(main.getByText('2 Tickets übrig').first()).toBeVisible();
    await expect(main).toContainText(/\d{2}:\d{2}–\d{2}:\d{2} Uhr|\d{2}:\d{2} – \S+ \d{2}:\d{2} Uhr/);
    await expect(main.getByRole('link', { name: 'Auf der Karte ansehen' })).toHaveAttribute(
      'href',
      /^https:\/\/(www\.google\.com\/maps\/search\/|maps\.apple\.com\/)/,
    );
    await expect(main.getByRole('heading', { name: 'Leitung' })).toBeVisible();
    await expect(main).toContainText('Miriam Albers');
    await expect(main).toContainText('Jonas Albers');

    const eventId = await page.evaluate(async (slug) => {
      const response = await fetch(`/api/events/${slug}`);
      return ((await response.json()) as { id: string }).id;
    }, NEARLY_SOLD_OUT.slug);
    await bookButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/event/${NEARLY_SOLD_OUT.slug}/login$`));
    const from = await page.evaluate(
      () => (window.history.state as { usr?: { from?: { pathname?: string } } } | null)?.usr?.from?.pathname,
    );
    expect(from).toBe(`/checkout/${eventId}`);
    expect(browserErrors).toEqual([]);
  });

  test('online event: Online badge and place, free', async ({ page }) => {
    await openPage(page, `/event/${FREE_ONLINE.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FREE_ONLINE.title);
    const main = page.getByRole('main');
    await expect(main.getByText('Online', { exact: true }).first()).toBeVisible();
    await expect(main.getByText('Präsenz', { exact: true })).toHaveCount(0);
    await expect(main).toContainText('Kostenlos');
    await expect(main.getByRole('link', { name: 'Auf der Karte ansehen' })).toHaveCount(0);
    await expect(bookButton(page)).toBeEnabled();
  });

  test('early bird: struck-through normal price, per-pair texts, countdown', async ({ page }) => {
    await openPage(page, `/event/${EARLY_BIRD_PAIR.slug}`);
    const main = page.getByRole('main');
    // the event's price, and its categories' list below it
    await expect(main.getByText('Frühbucher', { exact: true }).first()).toBeVisible();
    await expect(main.locator('del').first()).toHaveText('690,00 €');
    await expect(main).toContainText('590,00 €');
    await expect(main).toContainText('pro Paar');
    await expect(main).toContainText('1 Ticket für 1 Paar');
    await expect(page.getByTestId('early-bird-countdown')).toHaveText(
      /^Frühbucherpreis noch (\d+ Tage?)(, \d+ Stunden?)?(, \d+ Minuten?)?$/,
    );
  });

  test("sold out: a disabled 'Ausgebucht' instead of 'Jetzt buchen'", async ({ page }) => {
    await openPage(page, `/event/${SOLD_OUT.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SOLD_OUT.title);
    await expect(page.getByRole('button', { name: 'Jetzt buchen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ausgebucht' }).first()).toBeDisabled();
  });

  test(
    'phones: a bottom bar with title, date, time range and Jetzt buchen',
    { tag: '@phone-only' }, // the bar is for phones
    async ({ page }) => {
      await openPage(page, `/event/${NEARLY_SOLD_OUT.slug}`);
      const bar = page.getByTestId('mobile-booking-bar');
      await expect(bar).toBeInViewport();
      await expect(bar).toContainText(NEARLY_SOLD_OUT.title);
      await expect(bar).toContainText(/(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{2}\.\d{2}\.\d{4}/);
      await expect(bar).toContainText(/\d{2}:\d{2}.*\d{2}:\d{2} Uhr/);
      await bar.getByRole('button', { name: 'Jetzt buchen' }).click();
      await expect(page).toHaveURL(new RegExp(`/event/${NEARLY_SOLD_OUT.slug}/login$`));
    },
  );

  test('add to calendar: Google link, Apple calendar and the .ics download named after the slug', async ({
    page,
  }) => {
    await openPage(page, `/event/${NEARLY_SOLD_OUT.slug}`);
    const block = page.getByRole('region', { name: 'Zum Kalender hinzufügen' });
    const google = new URL(
      (await block.getByRole('link', { name: 'Google Kalender' }).getAttribute('href'))!,
    );
    expect(google.hostname).toBe('calendar.google.com');
    expect(google.searchParams.get('action')).toBe('TEMPLATE');
    expect(google.searchParams.get('text')).toBe(NEARLY_SOLD_OUT.title);
    expect(google.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}\/\d{8}T\d{6}$/);
    expect(google.searchParams.get('ctz')).toBe('Europe/Berlin');
    expect(google.searchParams.get('location')).toContain('Kühlungsborn');
    expect(google.searchParams.get('details')).toContain(`/event/${NEARLY_SOLD_OUT.slug}`);
    const icsPath = `/api/events/${NEARLY_SOLD_OUT.slug}/calendar.ics`;
    await expect(block.getByRole('link', { name: 'Apple Kalender' })).toHaveAttribute('href', icsPath);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      block.getByRole('link', { name: '.ics herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${NEARLY_SOLD_OUT.slug}.ics`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks).toString('utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');
  });

  test("an unknown slug shows 'Event nicht gefunden'", async ({ page, allowBrowserErrors }) => {
    allowBrowserErrors(
      refused(404, '/event/gibt-es-nicht-2099'),
      refused(404, '/api/events/gibt-es-nicht-2099'),
    );
    await openPage(page, '/event/gibt-es-nicht-2099');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event nicht gefunden');
    await expect(page.getByRole('link', { name: 'Alle Veranstaltungen' })).toHaveAttribute('href', '/');
  });

  test('live seats: a booking made in another browser shows without reload', async ({ page, browser }) => {
    const event = (await (await page.request.get(`/api/events/${FREE_ONLINE.slug}`)).json()) as {
      id: string;
    };
    await openPage(page, `/event/${FREE_ONLINE.slug}`);
    const panel = page.getByRole('complementary', { name: 'Termin und Buchung' });
    const before = Number(
      (await panel
        .getByText(/^\d+ Tickets? übrig$/)
        .first()
        .textContent())!.match(/\d+/)![0],
    );

    // another visitor signs in, completes the profile and books one free ticket through the API
    const other = await browser.newContext();
    await other.addInitScript(() => window.localStorage.setItem('cookie-consent', 'essential'));
    const buyer = await other.newPage();
    await openPage(buyer, '/login');
    await signInByCode(buyer, freshEmail('live-buyer'));
    await expect(buyer).toHaveURL(/\/onboarding$/);
    await buyer.getByRole('textbox', { name: 'Vollständiger Name' }).fill('Lena Live');
    await buyer.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 5556677');
    await buyer.locator('#onboarding-dsgvo').check();
    await buyer.getByRole('button', { name: 'Weiter' }).click();
    await expect(buyer).not.toHaveURL(/\/onboarding$/);
    const booked = await withRunLock(FREE_ONLINE_SEATS_LOCK, () =>
      buyer.request.post('/api/bookings', {
        data: { eventId: event.id, quantity: 1, holderName: 'Lena Live' },
      }),
    );
    expect(booked.status()).toBe(201);
    expect(((await booked.json()) as { status: string }).status).toBe('confirmed');
    await other.close();

    // the first page updates by itself (other projects may book the same event at the same time: at least one less)
    const shown = async () =>
      Number(
        (
          await panel
            .getByText(/^\d+ Tickets? übrig$/)
            .first()
            .textContent()
        )?.match(/\d+/)?.[0] ?? NaN,
      );
    await expect.poll(shown, { timeout: 10_000 }).toBeLessThanOrEqual(before - 1);
  });

  test('live seats (client side): a seats message updates the open detail and the cached list', async ({
    page,
    request,
  }) => {
    // The server's stream (GET /api/events/live, event 'seats', data SeatUpdate) is replaced at the network
    // edge by one message, held back until the page shows the event. 'retry' keeps the browser from
    // reconnecting (and refetching) during the test.
    const event = (await (await request.get(`/api/events/${NEARLY_SOLD_OUT.slug}`)).json()) as {
      id: string;
      totalSeats: number;
    };
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/events/live', async (route) => {
      await released;
      const update = { eventId: event.id, availableSeats: 1, totalSeats: event.totalSeats };
      await route.fulfill({
        status: 200,
        headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
        body: `retry: 600000\nevent: seats\ndata: ${JSON.stringify(update)}\n\n`,
      });
    });

    await openPage(page, '/');
    await expect(card(page, NEARLY_SOLD_OUT.title).getByText('2 Tickets übrig')).toBeVisible();
    await card(page, NEARLY_SOLD_OUT.title).getByRole('link').click();
    const seats = page.getByRole('complementary', { name: 'Termin und Buchung' });
    await expect(seats.getByText('2 Tickets übrig')).toBeVisible();

    release();
    await expect(seats.getByText('1 Ticket übrig')).toBeVisible();
    await expect(seats.getByText('2 Tickets übrig')).toHaveCount(0);
    // The list in the cache got the same update: back on the start page without a new fetch.
    await page.getByRole('link', { name: 'Alle Veranstaltungen' }).click();
    await expect(card(page, NEARLY_SOLD_OUT.title).getByText('1 Ticket übrig')).toBeVisible();
  });
});

for (const theme of THEMES) {
  test.describe(`accessibility and screenshots (${theme})`, { tag: '@phone' }, () => {
    test.use({ theme });

    test('home cards, timetable and detail: no serious axe violations', async ({ page }, testInfo) => {
      // dark: the colours of the pages the light twin checks whole (support/fixtures.ts)
      const dark = { coloursOnly: theme === 'dark' };
      await openPage(page, '/?view=cards');
      await expect(cards(page)).toHaveCount(HOME_CARDS);
      await loadLazyImages(page);
      await expectNoSeriousA11yViolations(page, `home cards (${theme})`, dark);
      await saveScreenshot(page, testInfo, `home-cards-${theme}`);

      await viewButton(page, 'Kalender').click();
      await expect(page.getByTestId('timetable')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `home timetable (${theme})`, dark);
      await saveScreenshot(page, testInfo, `home-timetable-${theme}`, { fullPage: false });

      await openPage(page, `/event/${EARLY_BIRD_PAIR.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(EARLY_BIRD_PAIR.title);
      await loadLazyImages(page);
      await expectNoSeriousA11yViolations(page, `event detail (${theme})`, dark);
      await saveScreenshot(page, testInfo, `event-detail-${theme}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, testInfo, `event-detail-top-${theme}`, { fullPage: false });
    });
  });
}
