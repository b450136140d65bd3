import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '@shared/server-render';
import { eq } from 'drizzle-orm';
import { appSettings } from '@server/db/schema';
import { publishEventChange } from '@server/core/events/event-changes';
import { createEvent, createUser } from '@server/demo/factories';
import { PublicEventSnapshot } from '@server/core/events/public-event-cache';
import { ServerRenderedPages } from '@server/http/server-rendered-pages';
import { DEFAULT_SETTINGS, type AppSettings } from '@shared/settings';
import type { TestApp } from '../helpers/app';
import { closeRenderingTestApp, createRenderingTestApp } from '../helpers/rendering-app';
import { signIn } from '../helpers/auth';

// Public pages carry their content in the first HTML (docs/architecture.md#server-rendering): what a
// visitor, a search engine or a link preview reads before any script runs.
let t: TestApp;

beforeAll(async () => {
  t = await createRenderingTestApp('ssr');
});
afterAll(() => closeRenderingTestApp(t));

/** A new event, announced as the admin API announces its writes. */
async function newEvent(overrides: Parameters<typeof createEvent>[1]) {
  const event = await createEvent(t.database.db, overrides);
  await publishEventChange(t.database.db, event.id);
  await expect.poll(() => t.services.publicEvents.isWarm, { timeout: 5_000 }).toBe(false);
  return event;
}

async function page(pathname: string, init?: RequestInit) {
  const res = await t.app.request(pathname, init);
  return { res, html: await res.text() };
}

/** The markup inside the root element, without the state script. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1];

function stateOf(html: string): ServerRenderState {
  const json = new RegExp(
    `<script type="application/json" id="${SERVER_RENDER_STATE_ID}">(.*?)</script>`,
    's',
  ).exec(html)?.[1];
  if (!json) throw new Error('no server-render state in the page');
  return JSON.parse(json) as ServerRenderState;
}

/** Text content as a reader sees it: tags dropped, entities of the renderer decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('server-rendered public pages', () => {
  it('home: the event cards with title, date, price and seats are in the HTML, with the data the browser takes over', async () => {
    await newEvent({
      slug: 'atem-und-stille',
      title: 'Atem und Stille',
      startTime: new Date('2027-03-13T09:00:00Z'),
      endTime: new Date('2027-03-13T15:00:00Z'),
      priceCents: 5900,
      totalSeats: 12,
      availableSeats: 3,
    });
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = textOf(rootOf(html) ?? '');
    expect(text).toContain('Zeit für dich. Raum für Wachstum.');
    expect(text).toContain('Atem und Stille');
    expect(text).toContain('13.03.2027');
    expect(text).toContain('59,00 €');
    expect(text).toContain('3 Tickets übrig');
    const state = stateOf(html);
    expect(Date.parse(state.renderedAt)).not.toBeNaN();
    expect(JSON.stringify(state.queries)).toContain('atem-und-stille');
    // never the session: signed-in state is filled in by the browser
    expect(JSON.stringify(state.queries)).not.toContain('"session"');
  });

  it('the timetable view is rendered too', async () => {
    const { html } = await page('/?view=timetable');
    expect(textOf(rootOf(html) ?? '')).toContain('Atem und Stille');
    expect(rootOf(html)).toContain('aria-pressed="true"');
  });

  it('event page: title, date, place, price and description', async () => {
    await newEvent({
      slug: 'waldbaden-sachsenwald',
      title: 'Waldbaden im Sachsenwald',
      description:
        'Wir gehen langsam, atmen tief und hören zu.\n\nFür alle, die den Wald neu erleben wollen.',
      venue: 'Forsthaus Friedrichsruh',
      location: 'Aumühle',
      startTime: new Date('2027-05-08T08:00:00Z'),
      endTime: new Date('2027-05-08T13:00:00Z'),
      priceCents: 4500,
    });
    const { res, html } = await page('/event/waldbaden-sachsenwald');
    expect(res.status).toBe(200);
    const text = textOf(rootOf(html) ?? '');
    expect(text).toContain('Waldbaden im Sachsenwald');
    expect(text).toContain('08.05.2027');
    expect(text).toContain('Forsthaus Friedrichsruh');
    expect(text).toContain('45,00 €');
    expect(text).toContain('Wir gehen langsam, atmen tief und hören zu.');
  });

  it('help and the legal pages', async () => {
    expect(textOf(rootOf((await page('/help')).html) ?? '')).toContain('Häufige Fragen');
    expect(textOf(rootOf((await page('/impressum')).html) ?? '')).toContain('Impressum');
    expect(textOf(rootOf((await page('/datenschutz')).html) ?? '')).toContain('Datenschutz');
    expect(textOf(rootOf((await page('/agb')).html) ?? '')).toContain('Allgemeine Geschäftsbedingungen');
  });

  it('answers a repeated request from memory with the same ETag, and 304 on If-None-Match', async () => {
    const first = await t.app.request('/help');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.request('/help', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const brotli = await t.app.request('/help', { headers: { 'Accept-Encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
  });

  it('a new event shows on the next request (the page follows the event cache)', async () => {
    const before = await t.app.request('/');
    expect((await t.app.request('/')).headers.get('etag')).toBe(before.headers.get('etag'));
    await newEvent({ slug: 'neu-im-programm', title: 'Neu im Programm' });
    expect(textOf(rootOf((await page('/')).html) ?? '')).toContain('Neu im Programm');
  });

  it('checkout: rendered per request with the buyer signed in, never kept (private, no-store)', async () => {
    const event = await newEvent({ slug: 'klangreise', title: 'Klangreise am Abend', priceCents: 3900 });
    const user = await createUser(t.database.db, { name: 'Greta Lindholm' });
    const { cookie } = await signIn(t, user.user.email);
    const { res, html } = await page(`/checkout/${event.id}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toContain('Cookie');
    const text = textOf(rootOf(html) ?? '');
    expect(text).toContain('Klangreise am Abend');
    expect(rootOf(html)).toContain('value="Greta Lindholm"'); // 'Name auf dem Ticket'
    expect(JSON.stringify(stateOf(html).queries)).toContain(user.user.email);
    // the payment config the page carries is the API's, transfer included (docs/product/bank-transfer.md#offered)
    const { queries } = stateOf(html).queries as {
      queries: { queryKey: unknown[]; state: { data: unknown } }[];
    };
    const carried = queries.find(
      (query) => JSON.stringify(query.queryKey) === JSON.stringify(['payments', 'config']),
    );
    expect(carried?.state.data).toEqual(await (await t.app.request('/api/payments/config')).json());
    expect(carried?.state.data).toHaveProperty('bankTransfer');

    // a guest gets the same page with the quick sign-in, and nobody else's session
    const guest = await page(`/checkout/${event.id}`);
    expect(textOf(rootOf(guest.html) ?? '')).toContain('Klangreise am Abend');
    expect(guest.html).not.toContain(user.user.email);
    expect(guest.html).not.toContain('Greta Lindholm');
  });

  it('pages it does not render: unknown event (404), signed-in pages, magic links, coming soon', async () => {
    const unknown = await page('/event/gibt-es-nicht');
    expect(unknown.res.status).toBe(404);
    expect(unknown.html).toContain('<div id="root"></div>');
    expect((await page('/my-tickets')).html).toContain('<div id="root"></div>');
    expect((await page('/?code=123456&email=a%40b.de')).html).toContain('<div id="root"></div>');
  });

  it('coming-soon mode: the plain shell (it depends on the session, which the HTML never holds)', async () => {
    await t.database.db
      .insert(appSettings)
      .values({ key: 'features', value: { comingSoon: true, emailOtpOnly: true } });
    t.settings.invalidate();
    try {
      expect((await page('/')).html).toContain('<div id="root"></div>');
    } finally {
      await t.database.db.delete(appSettings).where(eq(appSettings.key, 'features'));
      t.settings.invalidate();
    }
    expect((await page('/')).html).not.toContain('<div id="root"></div>');
  });
});

describe('ServerRenderedPages', () => {
  const settings = DEFAULT_SETTINGS;
  const request = (snapshot: PublicEventSnapshot, url = '/', appSettings: AppSettings = settings) => ({
    url,
    pathname: url,
    search: new URLSearchParams(),
    route: 'home' as const,
    snapshot,
    settings: appSettings,
    document: (rendered: { html: string } | null) => (rendered ? `<main>${rendered.html}</main>` : 'SHELL'),
  });

  it('renders a page once per snapshot of the events and settings', async () => {
    let renders = 0;
    const pages = new ServerRenderedPages({
      load: async () => async () => ({ html: `render ${++renders}`, state: '{}' }),
      organizers: async () => [],
      onError: () => undefined,
    });
    const first = new PublicEventSnapshot([]);
    const text = async (req: ReturnType<typeof request>) => (await pages.page(req)).body.toString();
    expect(await text(request(first))).toBe('<main>render 1</main>');
    expect(await text(request(first))).toBe('<main>render 1</main>');
    expect(await text(request(first, '/help'))).toBe('<main>render 2</main>');
    expect(await text(request(new PublicEventSnapshot([])))).toBe('<main>render 3</main>');
    expect(await text(request(first, '/', { ...settings }))).toBe('<main>render 4</main>');
  });

  it('a render that fails sends the shell, is logged, and is tried again next time', async () => {
    const errors: string[] = [];
    let fail = true;
    const pages = new ServerRenderedPages({
      load: async () => async () => {
        if (fail) throw new Error('kaputt');
        return { html: 'ok', state: '{}' };
      },
      organizers: async () => [],
      onError: (error, url) => errors.push(`${url}: ${(error as Error).message}`),
    });
    const snapshot = new PublicEventSnapshot([]);
    expect((await pages.page(request(snapshot))).body.toString()).toBe('SHELL');
    expect(errors).toEqual(['/: kaputt']);
    fail = false;
    expect((await pages.page(request(snapshot))).body.toString()).toBe('<main>ok</main>');
  });

  it('without a renderer (no dist/ssr) every page is the shell', async () => {
    const pages = new ServerRenderedPages({
      load: async () => null,
      organizers: async () => [],
      onError: () => undefined,
    });
    expect((await pages.page(request(new PublicEventSnapshot([])))).body.toString()).toBe('SHELL');
  });
});
