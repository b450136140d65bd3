// The embedded default of `npm start` (no DATABASE_URL: PGlite in DATA_DIR, dev mailbox, test payments,
// demo seed), kept covered by one journey while every other journey runs against PostgreSQL
// (docs/decisions/018-browser-tests.md): the home page, sign-in by code, a free booking, the ticket PDF.
import type { BookingView } from '../../src/shared/booking';
import { expect, openPage, test } from '../support/fixtures';
import { freshEmail, signInByCode } from '../support/mailbox';
import { startEmbeddedServer } from '../support/servers';

const FREE_ONLINE = {
  slug: 'gelassen-durch-veraenderungen-online-infoabend',
  title: 'Gelassen durch Veränderungen – kostenloser Online-Infoabend',
};
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

let server: Awaited<ReturnType<typeof startEmbeddedServer>> | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000); // the first start migrates and seeds PGlite: beside two busy loops a minute or more
  server = await startEmbeddedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test('embedded database: home, sign-in by code, a free booking, the ticket PDF', async ({
  page,
  browserErrors,
}) => {
  const health = await page.request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

  await openPage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeit für dich. Raum für Wachstum.');
  await page.getByTestId('event-card').filter({ hasText: FREE_ONLINE.title }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/event/${FREE_ONLINE.slug}$`));
  await page.getByRole('button', { name: 'Jetzt buchen' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${FREE_ONLINE.slug}/login$`));

  await signInByCode(page, freshEmail('embedded'));
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill('Emil Eingebettet');
  await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 1112233');
  await page.locator('#onboarding-dsgvo').check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${UUID}$`));
  await expect(page.getByTestId('order-total')).toHaveText('Kostenlos');
  await page.getByRole('button', { name: 'Kostenlos buchen', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');

  const bookingId = new URL(page.url()).pathname.split('/')[2]!;
  const booking = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as BookingView;
  expect(booking).toMatchObject({ status: 'confirmed', totalAmountCents: 0, quantity: 1 });
  const code = booking.tickets[0]!.code;

  await openPage(page, '/my-tickets');
  const ticket = page.locator(`article[data-ticket-id="${booking.tickets[0]!.id}"]`);
  await expect(ticket).toContainText(`Code ${code}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    ticket.getByRole('button', { name: 'Ticket herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`ticket-${code}.pdf`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);
  expect(browserErrors).toEqual([]);
});
