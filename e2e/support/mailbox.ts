// Reads the dev mailbox (GET /api/dev/mails, newest first; decision 016) as a person would.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { DevMail } from '../../src/shared/dev-mail';

export type { DevMail };

/**
 * The newest mail to `to` (whose subject matches), waiting up to 20 s for it to show: late in a full run on a
 * busy machine each look lists 200 mails with their HTML.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject?: RegExp,
): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/api/dev/mails')).json()) as DevMail[];
        found = mails.find((mail) => mail.to === to && (!subject || subject.test(mail.subject)));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

export const codeIn = (mail: DevMail) => mail.text.match(/\b(\d{6})\b/)![1]!;
export const linkIn = (mail: DevMail) => mail.text.match(/https?:\/\/\S+\/auth\/magic-link\?token=\S+/)![0];

let counter = 0;
/**
 * A unique address per test and run: sending is limited per address. The worker's process id too: the same
 * @phone journey runs in both workers at once, each with its own counter.
 */
export const freshEmail = (name: string) => `${name}-${Date.now()}-${process.pid}-${++counter}@example.org`;

/** On /login (or an event login page): enters the address, reads the code from the mailbox, types it. */
export async function signInByCode(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Code senden' }).click();
  // the code step first, as a person sees it: a send that failed or never left says so here, not as a
  // missing mail
  await expect(page.getByLabel('Ziffer 1'), `the code step after sending to ${email}`).toBeVisible({
    timeout: 15_000,
  });
  const code = codeIn(await waitForMail(page.request, email, /Anmeldecode/));
  await page.getByLabel('Ziffer 1').click();
  await page.keyboard.type(code); // six digits submit by themselves
}
