// The pages, header, footer and FAQ (docs/product/site.md): every public route renders
// a page with a heading, without browser errors and without serious accessibility violations.
import { FAQ_ENTRIES } from '../src/shared/content/faq';
import { expect, expectNoSeriousA11yViolations, openPage, test, type ThemeChoice } from './support/fixtures';

/** A slug of the demo seed (src/server/demo/seed-events.ts); the run starts on a fresh database. */
// a published, upcoming demo event (the seed's per-pair early-bird retreat)
const DEMO_SLUG = 'zeit-fuer-uns-paar-retreat-lueneburger-heide';

const PUBLIC_ROUTES = [
  '/',
  '/help',
  '/impressum',
  '/datenschutz',
  '/agb',
  '/email-confirmed',
  '/setup',
  '/login',
  `/event/${DEMO_SLUG}`,
  `/event/${DEMO_SLUG}/login`,
];

// The anchors of /help, in this order (docs/product/site.md#help).
const FAQ_ANCHORS = [
  'q-wie-buche-ich',
  'q-wo-tickets',
  'q-probleme-noetig',
  'q-vorkenntnisse',
  'q-ablauf',
  'q-teilen',
  'q-gruppengroesse',
  'q-therapie',
  'q-einzel-oder-reihe',
  'q-unwohl',
  'q-mitbringen',
  'q-anmeldung',
  'q-storno',
];

const THEMES: ThemeChoice[] = ['light', 'dark'];

for (const theme of THEMES) {
  test.describe(`public routes (${theme})`, { tag: '@phone' }, () => {
    test.use({ theme });

    for (const route of PUBLIC_ROUTES) {
      test(`${route} renders a heading, no errors, no serious axe violations`, async ({
        page,
        browserErrors,
      }) => {
        const response = await openPage(page, route);
        expect(response?.status(), `HTTP status of ${route}`).toBe(200);
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

        const h1 = page.locator('h1').first();
        await expect(h1).toBeVisible();
        await expect(h1).not.toHaveText(/^\s*$/);
        await expect(page.locator('h1'), 'exactly one h1 per page').toHaveCount(1);

        // the dark twin of a route the light describe checks whole: its colours (support/fixtures.ts)
        await expectNoSeriousA11yViolations(page, `${route} (${theme})`, { coloursOnly: theme === 'dark' });
        expect(browserErrors, `browser errors on ${route}`).toEqual([]);
      });
    }
  });
}

test.describe('FAQ /help', () => {
  test('heading, table of contents with all 13 anchors, call to action', async ({ page }) => {
    await openPage(page, '/help');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen (FAQ)');

    const toc = page.getByRole('navigation', { name: 'Inhaltsverzeichnis' });
    await expect(toc.getByRole('link')).toHaveCount(FAQ_ANCHORS.length);
    for (const [index, anchor] of FAQ_ANCHORS.entries()) {
      const link = toc.locator(`a[href="#${anchor}"]`);
      await expect(link, `ToC link to #${anchor}`).toHaveCount(1);
      await expect(toc.getByRole('link').nth(index), `ToC entry ${index + 1}`).toHaveAttribute(
        'href',
        `#${anchor}`,
      );
      const entry = FAQ_ENTRIES.find((candidate) => candidate.id === anchor);
      expect(entry, `FAQ entry ${anchor} in src/shared/content/faq.ts`).toBeTruthy();
      await expect(link).toHaveText(entry!.question);
      // The target exists and carries the question as its heading.
      const target = page.locator(`[id="${anchor}"]`);
      await expect(target, `target #${anchor}`).toHaveCount(1);
      await expect(target.getByRole('heading', { level: 2 })).toHaveText(entry!.question);
    }

    const cta = page.getByRole('link', { name: 'Jetzt anmelden' });
    await expect(cta).toBeVisible();
    await expect(cta).toHaveAttribute('href', '/login');
  });

  test('a ToC link scrolls its answer into view', async ({ page }) => {
    await openPage(page, '/help');
    await page.getByRole('navigation', { name: 'Inhaltsverzeichnis' }).locator('a[href="#q-storno"]').click();
    await expect(page).toHaveURL(/\/help#q-storno$/);
    await expect(page.locator('#q-storno').getByRole('heading', { level: 2 })).toBeInViewport();
  });

  test('a deep link /help#q-storno opens at that answer', async ({ page }) => {
    await openPage(page, '/help#q-storno');
    await expect(page.locator('#q-storno').getByRole('heading', { level: 2 })).toBeInViewport();
  });

  test(
    'emits FAQPage structured data on first load and after client-side navigation',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      const faqData = async () => {
        const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
        return blocks
          .map((text) => JSON.parse(text) as { '@type'?: string; mainEntity?: unknown[] })
          .filter((data) => data['@type'] === 'FAQPage');
      };

      await openPage(page, '/help');
      let found = await faqData();
      expect(found, 'one FAQPage block on /help (first load)').toHaveLength(1);
      expect(found[0]!.mainEntity).toHaveLength(FAQ_ANCHORS.length);

      await openPage(page, '/');
      expect(await faqData(), 'no FAQPage block on /').toHaveLength(0);
      if (isMobile) {
        await page.getByRole('button', { name: 'Menü öffnen' }).click();
        await page.getByRole('dialog', { name: 'Menü' }).getByRole('link', { name: 'FAQ' }).click();
      } else {
        await page
          .getByRole('navigation', { name: 'Hauptnavigation' })
          .getByRole('link', { name: 'FAQ' })
          .click();
      }
      await expect(page).toHaveURL(/\/help$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen (FAQ)');
      found = await faqData();
      expect(found, 'one FAQPage block on /help (client-side navigation)').toHaveLength(1);
      expect(found[0]!.mainEntity).toHaveLength(FAQ_ANCHORS.length);
    },
  );
});

// docs/decisions/021: the demo seed fills the card 'Rechtliches & Betreiber', so no placeholder is left.
test.describe('legal pages with the demo operator', () => {
  for (const path of ['/impressum', '/datenschutz', '/agb']) {
    test(`${path} names the operator and shows no placeholder`, async ({ page }) => {
      await openPage(page, path);
      const article = page.locator('article');
      await expect(article.locator('address').first()).toContainText('Wachstumsraum Albers GbR');
      await expect(article).not.toContainText('[Bitte eintragen:');
      await expect(article.locator('mark')).toHaveCount(0);
    });
  }
});

test.describe('header and footer (signed out)', () => {
  test('desktop header navigation: Veranstaltungen, FAQ, Anmelden', async ({ page }) => {
    await openPage(page, '/help');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav).toBeVisible();
    const links = nav.getByRole('link');
    await expect(links).toHaveText(['Veranstaltungen', 'FAQ', 'Anmelden']);
    await expect(nav.getByRole('link', { name: 'Veranstaltungen' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/help');
    await expect(nav.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
    // signed out: neither 'Meine Tickets' nor 'Administration', and no account menu
    await expect(page.getByRole('button', { name: 'Konto-Menü' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('footer: legal links, support mail link, cookie settings', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Impressum', exact: true })).toHaveAttribute(
      'href',
      '/impressum',
    );
    await expect(footer.getByRole('link', { name: 'Datenschutz', exact: true })).toHaveAttribute(
      'href',
      '/datenschutz',
    );
    await expect(footer.getByRole('link', { name: 'AGB', exact: true })).toHaveAttribute('href', '/agb');
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+$/);
    await expect(footer.getByRole('link', { name: 'Häufige Fragen' })).toHaveAttribute('href', '/help');
    await expect(footer.getByRole('link', { name: 'Meine Tickets' })).toHaveAttribute('href', '/my-tickets');
    await expect(footer.getByRole('button', { name: 'Cookie-Einstellungen' })).toBeVisible();
  });

  test('auth layout footer: Datenschutz, AGB, Barrierefreiheit, Kontakt (mail link)', async ({ page }) => {
    await openPage(page, '/login');
    const legal = page.getByRole('navigation', { name: 'Rechtliches' });
    await expect(legal.getByRole('link')).toHaveText(['Datenschutz', 'AGB', 'Barrierefreiheit', 'Kontakt']);
    await expect(legal.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
    await expect(legal.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/agb');
    await expect(legal.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', /^mailto:\S+@\S+$/);
  });
});
