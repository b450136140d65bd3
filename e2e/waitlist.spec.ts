// The waiting list of a sold-out event (docs/product/waiting-list.md): a guest signs in from the event page and
// joins, a cancellation frees the seat, the offer mail's link opens a checkout for exactly that seat, and the
// admin's list shows the entry booked. Runs in the 'after-public' project (playwright.config.ts): its own event
// is published and would show on the home page the other journeys count.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { MyTicket } from '../src/shared/tickets';
import { adminContext, presetConsent } from './support/admin';
import { expect, openPage, saveScreenshot, test } from './support/fixtures';
import { freshEmail, signInByCode, waitForMail } from './support/mailbox';

const DAY = 24 * 60 * 60_000;

/** A free published event with one seat, made by the admin through the API; answers id and slug. */
async function oneSeatEvent(admin: BrowserContext) {
  const start = new Date(Date.now() + 20 * DAY);
  const title = `Warteliste-Workshop ${Date.now()}`;
  const created = await admin.request.post('/api/admin/events', {
    data: {
      title,
      description: 'Ein kleiner Workshop mit nur einem Platz.',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3 * 60 * 60_000).toISOString(),
      location: 'Bremen',
      totalSeats: 1,
      priceCents: 0,
      status: 'published',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; slug: string };
  return { ...event, title };
}

/** On /onboarding after a first sign-in: name, phone and consent, 'Weiter'. */
async function completeOnboarding(page: Page, name: string) {
  await expect(page).toHaveURL(/\/onboarding/);
  await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('0421 5556677');
  await page.locator('#onboarding-dsgvo').check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).not.toHaveURL(/\/onboarding/);
}

/** A fresh signed-in person in a context of their own. */
async function person(browser: Browser, name: string) {
  const context = await browser.newContext();
  await presetConsent(context);
  const page = await context.newPage();
  const email = freshEmail(name.split(' ')[0]!.toLowerCase());
  await openPage(page, '/login');
  await signInByCode(page, email);
  await completeOnboarding(page, name);
  return { context, page, email };
}

test('a guest joins the list of a sold-out event, gets the freed seat by mail and books it', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await adminContext(browser);
  const event = await oneSeatEvent(admin);

  // the only seat goes to Hanna
  const hanna = await person(browser, 'Hanna Erstbucherin');
  const booked = await hanna.page.request.post('/api/bookings', {
    data: { eventId: event.id, quantity: 1, holderName: 'Hanna Erstbucherin' },
  });
  expect(booked.status()).toBe(201);

  // a guest sees 'Ausgebucht' and the list; joining asks for the sign-in first
  await openPage(page, `/event/${event.slug}`);
  await expect(page.getByRole('button', { name: 'Ausgebucht' }).first()).toBeDisabled();
  await page.getByRole('button', { name: 'Auf die Warteliste' }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.slug}/login`));
  const email = freshEmail('wartende');
  await signInByCode(page, email);
  await page.waitForURL(/\/onboarding|\/event\/[^/]+$/);
  if (/\/onboarding/.test(page.url())) await completeOnboarding(page, 'Wanda Wartende');
  await expect(page).toHaveURL(new RegExp(`/event/${event.slug}$`));
  await page.getByRole('button', { name: 'Auf die Warteliste' }).click();
  await expect(page.getByText('Nr. 1 auf der Warteliste')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Warteliste verlassen' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'waitlist-joined');

  // Hanna cancels: the seat is offered to Wanda at once, the public page stays sold out
  const bookingId = ((await booked.json()) as { id: string }).id;
  const tickets = (await (await hanna.page.request.get('/api/tickets')).json()) as MyTicket[];
  const ticket = tickets.find((t) => t.bookingId === bookingId)!;
  expect((await hanna.page.request.post(`/api/tickets/${ticket.id}/cancel`, { data: {} })).status()).toBe(
    200,
  );
  await hanna.context.close();
  const publicEvent = (await (await page.request.get(`/api/events/${event.slug}`)).json()) as {
    availableSeats: number;
  };
  expect(publicEvent.availableSeats).toBe(0);

  const mail = await waitForMail(page.request, email, /^Dein Platz ist frei/);
  const link = mail.text.match(/https?:\/\/\S+\/checkout\/\S+\?angebot=\S+/)![0];
  const url = new URL(link);
  await openPage(page, `${url.pathname}${url.search}`);
  await expect(page.getByText(/Dieser Platz ist bis .* für dich reserviert\./)).toBeVisible();
  await saveScreenshot(page, testInfo, 'waitlist-offer-checkout');
  await page.getByRole('button', { name: 'Kostenlos buchen' }).click();
  await expect(page).toHaveURL(/\/booking\/[^/]+\/success/);

  // the admin's list: the entry became a booking
  const adminPage = await admin.newPage();
  await openPage(adminPage, `/admin/events/${event.id}/warteliste`);
  const row = adminPage.getByText(email).first();
  await expect(row).toBeVisible();
  await expect(adminPage.getByText('Gebucht').first()).toBeVisible();
  await saveScreenshot(adminPage, testInfo, 'waitlist-admin');
  await admin.close();
});

test("the demo's sold-out event shows its waiting list to the admin, with the open offer first", async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const page = await admin.newPage();
  const event = (await (
    await page.request.get('/api/events/stimme-und-praesenz-intensivworkshop-luebeck')
  ).json()) as {
    id: string;
  };
  await openPage(page, `/admin/events/${event.id}/warteliste`);
  await expect(page.getByText('jan.schroeder@demo.example').first()).toBeVisible();
  await expect(page.getByText('Platz angeboten').first()).toBeVisible();
  await expect(page.getByText('aylin.demir@demo.example').first()).toBeVisible();
  await admin.close();
});
