// The survey 'Wie war's?' as people use it (docs/product/feedback.md): the admin reads the demo workshop's
// answers, sends its participants their links with 'Nachricht an alle', a participant answers without signing
// in (once: the link then says thanks), the admin shows the answer on the website, and a visitor finds it
// under its organizer in 'Wer wir sind'.
import type { DevMail } from '../src/shared/dev-mail';
import { adminContext, presetConsent } from './support/admin';
import { expect, expectNoSeriousA11yViolations, openPage, saveScreenshot, test } from './support/fixtures';

const PAST_WORKSHOP = 'achtsamkeit-im-alltag-hamburg';

test('a participant answers by the link in the mail, once; the admin features it; visitors see it', async ({
  browser,
}, testInfo) => {
  const admin = await adminContext(browser);
  const participant = await browser.newContext();
  await presetConsent(participant);
  try {
    const page = await admin.newPage();
    const events = (await (await page.request.get('/api/admin/events')).json()) as {
      id: string;
      slug: string;
    }[];
    const id = events.find((event) => event.slug === PAST_WORKSHOP)!.id;

    // the demo's six answers
    await openPage(page, `/admin/events/${id}/feedback`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Feedback · Achtsamkeit im Alltag/);
    await expect(page.getByText('6 Antworten von 8 Tickets')).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Nach dem Event um eine Bewertung bitten' }),
    ).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'feedback-results');

    // 'Nachricht an alle' with each person's link
    await openPage(page, `/admin/events/${id}/teilnehmende`);
    await page.getByRole('button', { name: 'Nachricht an alle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nachricht an alle' });
    const subject = `Wie war's? ${Date.now()}`;
    await dialog.getByLabel('Betreff').fill(subject);
    await dialog.getByLabel('Text').fill('Hallo {vorname},\n\nsag uns, wie es war: {feedback_link}');
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
      .toBe(4);
    const links = mails.map((mail) => mail.text.match(/https?:\/\/\S+\/feedback\/\S+/)![0]);
    expect(new Set(links).size).toBe(4);

    // the demo's last buyer has not answered yet: her link shows the form, without signing in
    const visitor = await participant.newPage();
    let open: string | undefined;
    for (const link of links) {
      await openPage(visitor, new URL(link).pathname);
      const form = visitor.getByRole('button', { name: 'Bewertung senden' });
      const thanks = visitor.getByRole('heading', { name: 'Danke für deine Bewertung!' });
      await expect(form.or(thanks)).toBeVisible();
      if (await form.isVisible()) {
        open = link;
        break;
      }
    }
    expect(open).toBeDefined();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(/^Wie war’s, \S+\?$/);
    await expectNoSeriousA11yViolations(visitor);
    await saveScreenshot(visitor, testInfo, 'feedback-survey');
    const words = `Die Stille am Morgen – ${Date.now()}`;
    await visitor.getByRole('radio', { name: '5 Sterne' }).check({ force: true });
    await visitor.getByLabel('Was war gut?').fill(words);
    await visitor.getByLabel('Ja, anonym veröffentlichen ist in Ordnung').check();
    await visitor.getByRole('button', { name: 'Bewertung senden' }).click();
    await expect(visitor.getByRole('heading', { name: 'Danke für deine Bewertung!' })).toBeVisible();
    // the same link again: no second answer
    await openPage(visitor, new URL(open!).pathname);
    await expect(visitor.getByRole('heading', { name: 'Danke für deine Bewertung!' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Bewertung senden' })).toHaveCount(0);

    // the admin sees it and shows it on the website
    await openPage(page, `/admin/events/${id}/feedback`);
    await expect(page.getByText('7 Antworten von 8 Tickets')).toBeVisible();
    const answer = page.getByRole('listitem').filter({ hasText: words });
    await answer.getByRole('button', { name: 'Auf der Website zeigen' }).click();
    await expect(answer.getByText('Auf der Website', { exact: true })).toBeVisible();

    // a visitor finds it under Miriam in 'Wer wir sind'
    const home = await participant.newPage();
    await openPage(home, '/');
    const about = home.getByRole('region', { name: 'Wer wir sind' });
    await expect(about.getByText(words)).toBeVisible();
    await expect(about.getByRole('region', { name: 'Stimmen zu Miriam Albers' })).toBeVisible();
  } finally {
    await participant.close();
    await admin.close();
  }
});
