// An admin for the browser journeys. Only the FIRST owner setup of a database works
// (docs/product/admin.md#owner-setup), and every project, worker and retry of a run shares one server: the
// admin is made once per run and its signed-in browser state is kept in the run's data folder, so later users
// need no second sign-in (code sending is rate-limited per client for the whole run).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { DevMail } from '../../src/shared/dev-mail';
import { expect, waitForApp, withRunLock } from './fixtures';
import { codeIn, freshEmail } from './mailbox';

const RUN_DIR = process.env.E2E_DATA_DIR ?? os.tmpdir();
const STATE_FILE = path.join(RUN_DIR, 'admin-state.json');
/** The owner's address, kept by the setup that made it: the dev mailbox lists only its newest mails. */
const OWNER_FILE = path.join(RUN_DIR, 'admin-email.txt');
/** Held by whoever makes the owner or signs the owner in by code: a new code voids the one before. */
export const ADMIN_SETUP_LOCK = 'admin-setup.lock';
/** The subject of the mail the owner setup sends (src/server/core/mail/templates/admin-created.ts). */
const ADMIN_CREATED_SUBJECT = 'Dein Admin-Zugang ist eingerichtet';

/** The same stored cookie choice as the `page` fixture, for contexts a test opens itself. */
export async function presetConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      if (window.localStorage.getItem('cookie-consent') === null) {
        window.localStorage.setItem('cookie-consent', 'essential');
      }
    } catch {
      // about:blank has no storage
    }
  });
}

/**
 * The owner setup as a person does it: a token signed with the server's APP_SECRET (the CLI only signs,
 * docs/product/admin.md#owner-setup), the /setup page, 'Admin erstellen'. When an admin exists already (made
 * by another spec of the run), the page refuses, and that admin's address comes from the run's data folder,
 * where the setup that made it kept it (else from the setup mail in the dev mailbox). Callers hold
 * ADMIN_SETUP_LOCK.
 */
export async function ownerSetup(
  page: Page,
  onSetupPage: (page: Page) => Promise<void> = async () => {},
): Promise<{ email: string; created: boolean }> {
  const printed = execFileSync(process.execPath, ['dist/server/setup-token.js'], {
    env: { ...process.env, DATA_DIR: RUN_DIR, PUBLIC_URL: 'http://setup.invalid' },
    encoding: 'utf8',
  });
  const token = new URL(printed.match(/https?:\/\/\S+\/setup\?token=\S+/)![0]).searchParams.get('token')!;
  await page.goto(`/setup?token=${encodeURIComponent(token)}`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Ersteinrichtung: Eigentümer' })).toBeVisible();
  await onSetupPage(page);
  const email = freshEmail('admin');
  await page.getByLabel('E-Mail des Eigentümers').fill(email);
  await page.getByLabel('Vollständiger Name (optional)').fill('Ada Admin');
  await page.getByRole('button', { name: 'Admin erstellen' }).click();
  const created = page.getByText(
    'Admin-Benutzer erstellt. Bitte prüfen Sie Ihr E-Mail-Postfach und melden Sie sich an.',
  );
  const refused = page.getByRole('alert').filter({ hasText: 'Es gibt bereits einen Administrator.' });
  await expect(created.or(refused)).toBeVisible();
  if (await created.isVisible()) {
    writeFileSync(OWNER_FILE, email);
    return { email, created: true };
  }
  if (existsSync(OWNER_FILE)) return { email: readFileSync(OWNER_FILE, 'utf8'), created: false };

  let owner: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/api/dev/mails')).json()) as DevMail[];
        owner = mails.find((mail) => mail.subject === ADMIN_CREATED_SUBJECT);
        return Boolean(owner);
      },
      { message: 'the existing admin’s setup mail', timeout: 10_000 },
    )
    .toBe(true);
  return { email: owner!.to, created: false };
}

const mailsTo = async (page: Page, to: string) =>
  ((await (await page.request.get('/api/dev/mails')).json()) as DevMail[]).filter(
    (mail) => mail.to === to && /Anmeldecode/.test(mail.subject),
  );

/**
 * Sign-in by code on /login for an address that may have had codes before (the owner another spec made):
 * only a code mail that is new counts. The e2e server allows a new code to the same address at once
 * (AUTH_CODE_INTERVAL_SECONDS=0 in playwright.config.ts), so nothing waits for a rate-limit window.
 */
export async function signInAgain(page: Page, email: string) {
  const before = new Set((await mailsTo(page, email)).map((mail) => mail.id));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Code senden' }).click();
  await expect(page.getByRole('heading', { name: 'Code eingeben' })).toBeVisible();
  let code = '';
  await expect
    .poll(
      async () => {
        const fresh = (await mailsTo(page, email)).find((mail) => !before.has(mail.id));
        code = fresh ? codeIn(fresh) : '';
        return code;
      },
      { message: `a new sign-in code for ${email}`, timeout: 10_000 },
    )
    .not.toBe('');
  await page.getByLabel('Ziffer 1').click();
  await page.keyboard.type(code); // six digits submit by themselves
}

/**
 * A new browser context (the project's options) signed in as the run's admin. The first caller of the run
 * creates the admin and signs in by code; everyone after that reuses the stored cookies.
 */
export async function adminContext(browser: Browser): Promise<BrowserContext> {
  await withRunLock(ADMIN_SETUP_LOCK, async () => {
    if (existsSync(STATE_FILE)) return;
    const context = await browser.newContext();
    await presetConsent(context);
    try {
      const page = await context.newPage();
      const { email } = await ownerSetup(page);
      await page.goto('/login');
      await waitForApp(page);
      await signInAgain(page, email);
      await expect(page).not.toHaveURL(/\/login$/);
      await page.goto('/admin');
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
      await context.storageState({ path: STATE_FILE });
    } finally {
      await context.close();
    }
  });
  const context = await browser.newContext({ storageState: STATE_FILE });
  await presetConsent(context);
  return context;
}
