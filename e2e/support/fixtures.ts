// Shared fixtures of the browser journeys: a page whose cookie choice (and optionally theme) is preset,
// collected browser errors, waiting for the start splash, axe checks and screenshots for people to look at.
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { axeViolations } from './axe';

export type ThemeChoice = 'light' | 'dark' | 'system';

interface Options {
  /**
   * Stored cookie choice put into localStorage before the app starts, so the banner does not cover
   * clicks. `null` leaves the storage untouched (tests about the banner itself).
   */
  cookieConsent: 'essential' | 'accepted' | null;
  /** Stored theme put into localStorage before the app starts; `null` = none (the app's default). */
  theme: ThemeChoice | null;
}

interface Fixtures {
  /**
   * Uncaught page errors and console errors of the test's page (a React hydration error among them: main.tsx
   * reports it on the console), in the order they happened. Every journey fails when it is not empty at the
   * end, except those the test allowed with `allowBrowserErrors`.
   */
  browserErrors: string[];
  /** Lets the journey pass with browser errors it causes on purpose (a 404 it asks for), matched per message. */
  allowBrowserErrors: (...patterns: RegExp[]) => void;
  allowedBrowserErrors: RegExp[];
}

/** The console error Chromium writes for an answer with `status` to a URL that contains `path`. */
export const refused = (status: number, path: string) =>
  new RegExp(
    `Failed to load resource: the server responded with a status of ${status} .*${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
  );

export const test = base.extend<Options & Fixtures>({
  cookieConsent: ['essential', { option: true }],
  theme: [null, { option: true }],

  page: async ({ page, cookieConsent, theme }, use) => {
    // Runs before any script of every document; only fills in what is not stored yet, so a choice the
    // test makes itself survives a reload.
    await page.addInitScript(
      ({ consent, themeChoice }) => {
        try {
          if (consent && window.localStorage.getItem('cookie-consent') === null) {
            window.localStorage.setItem('cookie-consent', consent);
          }
          if (themeChoice && window.localStorage.getItem('theme') === null) {
            window.localStorage.setItem('theme', themeChoice);
          }
        } catch {
          // about:blank and opaque origins have no storage
        }
      },
      { consent: cookieConsent, themeChoice: theme },
    );
    // A server-rendered page shows its content before its script has run; a test acts only once React has
    // taken it over (`<html data-ready>`), as a click before that would do nothing. A test that asks for an
    // earlier moment (commit, domcontentloaded) gets it.
    const untilReady = (options?: { waitUntil?: string }) =>
      !options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle';
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (untilReady(options)) await waitForReady(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (untilReady(options)) await waitForReady(page);
      return response;
    };
    await use(page);
  },

  // eslint-disable-next-line no-empty-pattern -- a fixture without dependencies
  allowedBrowserErrors: async ({}, use) => use([]),
  allowBrowserErrors: async ({ allowedBrowserErrors }, use) =>
    use((...patterns) => void allowedBrowserErrors.push(...patterns)),

  browserErrors: [
    async ({ page, allowedBrowserErrors }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') {
          const where = message.location().url;
          errors.push(`console.error: ${message.text()}${where ? ` (${where})` : ''}`);
        }
      });
      await use(errors);
      const unexpected = errors.filter((error) => !allowedBrowserErrors.some((known) => known.test(error)));
      expect(unexpected, 'errors in the browser during the journey').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Pages of the app only: a document without the app's root (a PDF, a calendar file) has nothing to wait for. */
async function waitForReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.ready === 'true',
  );
}

/**
 * Waits until React has rendered (or taken over) the page and the 500 ms start splash is out of the way. The
 * splash hides itself by CSS 500 ms after the first paint (src/web/styles/app.css): hidden, it neither covers the
 * page (for axe or a screenshot) nor catches a click, and the accessibility tree leaves it out. So a journey goes
 * on then, not when React removes the element 500 ms after hydration: that waited out a second half-second on
 * every page a journey opened, a sixth of the browser tests' time (decision 063). Checked on every animation
 * frame, not by expect's back-off.
 */
export async function waitForApp(page: Page): Promise<void> {
  await waitForReady(page);
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  await page.waitForFunction(
    () => {
      const splash = document.querySelector('[data-testid="splash"]');
      return !splash || getComputedStyle(splash).visibility === 'hidden';
    },
    undefined,
    { timeout: 5_000 },
  );
}

/** page.goto + waitForApp; returns the response of the document. */
export async function openPage(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForApp(page);
  return response;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * The rules that read colours: all a second theme can change. The other rules (names, roles, structure) would
 * only repeat what the first theme's run found, and contrast is half of axe's time (decision 063).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Waits until the page's finite animations and transitions have ended (a toast fading in, a dialog opening),
 * at most 3 s; spinners and other endless ones are left alone. axe measured a toast's colours half-way through
 * its fade as too weak a contrast once the screenshots before it no longer ended the animations (decision 063).
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}

/**
 * Runs axe on the current page and fails with a readable list of every serious or critical violation.
 * `coloursOnly` for a page whose other theme the journey (or its light twin) has checked whole: only the rules
 * that read colours run.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label = page.url(),
  { coloursOnly = false }: { coloursOnly?: boolean } = {},
): Promise<void> {
  await settleAnimations(page);
  const violations = await axeViolations(
    page,
    coloursOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: AXE_TAGS },
  );
  const serious = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map((node) => {
          const target = node.target.join(' ');
          const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
          return `      - ${target}\n        ${node.html.slice(0, 200)}\n        ${summary}`;
        })
        .join('\n');
      const more = violation.nodes.length > 8 ? `\n      … and ${violation.nodes.length - 8} more` : '';
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  // Compare the count, so the failure shows the readable list above and not a diff of axe's objects.
  expect(serious.length, `axe found serious/critical violations on ${label}:\n${report}\n`).toBe(0);
}

/** Whether this run takes the screenshots for people (E2E_SCREENSHOTS; CI takes none, playwright.config.ts). */
export const screenshotsWanted = (): boolean => process.env.E2E_SCREENSHOTS !== '0';

/**
 * Saves a screenshot for people to look at (test-results/screenshots/, not an assertion): the full page, or the
 * viewport only with `fullPage: false`. The file name carries the project (desktop/phone) and the given name.
 */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted()) return;
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: path.join(dir, `${testInfo.project.name}-${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}

/** saveScreenshot from the top of the page: scrolled, the sticky header would sit in the middle of it. */
export async function screenshotFromTop(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, testInfo, name);
}

/** Stores the theme and reloads, so theme-init.js applies it before the first paint. */
export async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((choice) => localStorage.setItem('theme', choice), theme);
  await page.reload();
  await waitForApp(page);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** The lock of the journeys that sign the demo's Lena in: a new code to an address voids the one before. */
export const LENA_SIGN_IN_LOCK = 'lena-sign-in.lock';

/**
 * The lock of the bookings of the demo's free online evening, which several specs book (booking, checkin,
 * widget, events, accessibility): the widget journey compares its seats before and after its own booking,
 * which is only meaningful while no other journey books there in between.
 */
export const FREE_ONLINE_SEATS_LOCK = 'free-online-seats.lock';

/**
 * The lock of the orders on the paid demo event with the most tickets left, which the booking, billing and
 * payment-method journeys each pick: the booking journey compares its seats around a cancel.
 */
export const PAID_DEMO_SEATS_LOCK = 'paid-demo-seats.lock';

/**
 * The lock of the programme on the home page: admin.spec.ts's new event is public while its visitor buys a ticket,
 * and events.spec.ts counts the demo's cards.
 */
export const PUBLIC_PROGRAMME_LOCK = 'public-programme.lock';

/**
 * One worker at a time for `step`: an atomic mkdir of `name` in the run's data folder, which every worker
 * of the run shares (the e2e server, and so its database, is one per run).
 */
export async function withRunLock<T>(name: string, step: () => Promise<T>, timeout = 60_000): Promise<T> {
  const release = await takeRunLock(name, timeout);
  try {
    return await step();
  } finally {
    release();
  }
}

/**
 * A run lock a spec takes and releases at steps of its own; released after each test that still holds it (a
 * journey that failed in between). Call it at the top level of the spec.
 */
export function runLockHold(name: string, timeout = 60_000) {
  let release: (() => void) | undefined;
  const hold = {
    take: async () => {
      release = await takeRunLock(name, timeout);
    },
    release: () => {
      release?.();
      release = undefined;
    },
  };
  test.afterEach(hold.release);
  return hold;
}

/** `withRunLock` for a hold that spans hooks or steps: answers the function that releases it. */
async function takeRunLock(name: string, timeout = 60_000): Promise<() => void> {
  const lock = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), name);
  await expect
    .poll(
      () => {
        try {
          mkdirSync(lock);
          return true;
        } catch {
          return false;
        }
      },
      { message: `waiting for the lock ${name}`, timeout, intervals: [100] },
    )
    .toBe(true);
  return () => rmSync(lock, { recursive: true, force: true });
}
