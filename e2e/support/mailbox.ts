// Reads the dev mailbox (DESIGN §1 contract: GET /api/dev/mails, newest first) as a person would.
import { expect, type APIRequestContext } from '@playwright/test';

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The newest mail to `to` (whose subject matches), waiting up to 10 s for it to arrive. */
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
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export const codeIn = (mail: DevMail) => mail.text.match(/\b(\d{6})\b/)![1]!;
export const linkIn = (mail: DevMail) => mail.text.match(/https?:\/\/\S+\/auth\/magic-link\?token=\S+/)![0];

let counter = 0;
/** A unique address per test and run: sending is limited per address. */
export const freshEmail = (name: string) => `${name}-${Date.now()}-${++counter}@example.org`;
