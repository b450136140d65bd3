// The organizer's mails (docs/product/event-mails.md): the shipped rules with their send log in the settings,
// 'Nachricht an alle' from the participant list landing in the participants' mailboxes, and the minimum
// attendance on the event page.
import type { DevMail } from '../src/shared/dev-mail';
import { adminContext } from './support/admin';
import { expect, openPage, saveScreenshot, test } from './support/fixtures';

const TEAM_DAY = 'teamtag-achtsame-kommunikation-kiel';
const PAIR_RETREAT = 'zeit-fuer-uns-paar-retreat-lueneburger-heide';

test('the settings list the shipped rules; the reminder has gone to the demo tickets', async ({
  browser,
}, testInfo) => {
  const admin = await adminContext(browser);
  try {
    const page = await admin.newPage();
    await openPage(page, '/admin/settings#mails');
    const card = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'Automatische E-Mails' }) })
      .last();
    await expect(card.getByText('Erinnerung 2 Tage vorher')).toBeVisible();
    await expect(card.getByText('Dankeschön am Tag danach')).toBeVisible();
    await expect(card.getByText(/\d+ gesendet/).first()).toBeVisible();
    await expect(card.getByLabel('Signatur unter automatischen E-Mails und Nachrichten')).toBeVisible();
    await saveScreenshot(page, testInfo, 'mail-rules-settings');
  } finally {
    await admin.close();
  }
});

test("'Nachricht an alle' from the participant list reaches every holder once, with the placeholders filled", async ({
  browser,
}, testInfo) => {
  const admin = await adminContext(browser);
  try {
    const page = await admin.newPage();
    const events = (await (await page.request.get('/api/admin/events')).json()) as {
      id: string;
      slug: string;
    }[];
    const id = events.find((event) => event.slug === TEAM_DAY)!.id;
    await openPage(page, `/admin/events/${id}/teilnehmende`);
    await page.getByRole('button', { name: 'Nachricht an alle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nachricht an alle' });
    const subject = `Kaffee ab 8:30 – ${Date.now()}`;
    await dialog.getByLabel('Betreff').fill(subject);
    await dialog
      .getByLabel('Text')
      .fill('Hallo {vorname},\n\nam {datum} gibt es ab 8:30 Kaffee. Dein Code: {ticket_code}.');
    await dialog.getByRole('button', { name: 'Vorschau' }).click();
    await expect(dialog.getByText(subject).first()).toBeVisible();
    await saveScreenshot(page, testInfo, 'participant-message-preview');
    await dialog.getByRole('button', { name: 'Senden' }).click();
    await page
      .getByRole('dialog', { name: /^An \d+ Personen senden\?$/ })
      .getByRole('button', { name: 'Senden' })
      .click();
    await expect(page.getByText(/Nachricht an \d+ Personen verschickt\./)).toBeVisible();

    let mails: DevMail[] = [];
    await expect
      .poll(async () => {
        mails = ((await (await page.request.get('/api/dev/mails')).json()) as DevMail[]).filter(
          (mail) => mail.subject === subject,
        );
        return mails.length;
      })
      .toBe(4); // four people hold the six tickets of the demo's team day
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(4);
    for (const mail of mails) expect(mail.text).toMatch(/Hallo \S+,[\s\S]*Dein Code: \w{4}\./);
  } finally {
    await admin.close();
  }
});

test('a minimum attendance is shown on the event page', async ({ page }) => {
  await openPage(page, `/event/${PAIR_RETREAT}`);
  await expect(page.getByText('Findet ab 8 Teilnehmenden statt').first()).toBeVisible();
});
