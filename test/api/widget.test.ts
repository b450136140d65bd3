import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSettings } from '@shared/settings';
import type { WidgetCheckAnswer } from '@shared/widget-messages';
import { createEvent, createUser } from '@server/demo/factories';
import { appSettings, eventOrganizers } from '@server/db/schema';
import type { Event } from '@server/db/types';
import { signIn, uniqueEmail } from '../helpers/auth';
import { closeRenderingTestApp, createRenderingTestApp } from '../helpers/rendering-app';
import type { TestApp } from '../helpers/app';

// The booking widget (docs/product/widget.md): the allowed sites (#allowed-sites), the loader's check
// (#origin-check), the widget page's frame-ancestors (#frame-ancestors) and its server-rendered cards (#scopes).

let t: TestApp;
let admin: string;
let organizerId: string;
let own: Event;
let other: Event;
const HOST = 'https://praxis.example';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createRenderingTestApp('widget');
  const email = uniqueEmail('admin');
  await createUser(t.database.db, { email, role: 'admin' });
  admin = (await signIn(t, email)).cookie;
  const organizer = await createUser(t.database.db, { email: uniqueEmail('org'), role: 'organizer' });
  organizerId = organizer.user.id;
  own = await createEvent(t.database.db, { title: 'Achtsam streiten' });
  other = await createEvent(t.database.db, {
    title: 'Stille Tage',
    startTime: new Date(Date.now() + 40 * DAY),
  });
  await createEvent(t.database.db, { title: 'Vorbei', startTime: new Date(Date.now() - DAY) });
  await createEvent(t.database.db, { title: 'Noch Entwurf', status: 'draft' });
  await t.database.db.insert(eventOrganizers).values({ eventId: own.id, userId: organizerId });
  t.services.publicEvents.invalidate();
});
afterAll(() => closeRenderingTestApp(t));

const put = (body: unknown, cookie = admin) =>
  t.app.request('/api/admin/settings/widget', {
    method: 'PUT',
    headers: { cookie, 'Content-Type': 'application/json', Origin: t.config.publicUrl },
    body: JSON.stringify(body),
  });
const stored = async () => (await t.settings.get()).widget.allowedOrigins;
const check = async (query: string, origin?: string) => {
  const res = await t.app.request(`/api/widget/check${query}`, { headers: origin ? { Origin: origin } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
  return (await res.json()) as WidgetCheckAnswer;
};

describe('allowed sites (docs/product/widget.md#allowed-sites)', () => {
  it('stores what an admin types as origins', async () => {
    const res = await put({ allowedOrigins: ['  HTTPS://Praxis.Example/ ', 'http://localhost:8080'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ allowedOrigins: [HOST, 'http://localhost:8080'] });
    t.settings.invalidate();
    expect(await stored()).toEqual([HOST, 'http://localhost:8080']);
  });

  it.each([
    ['https://praxis.example/termine', 'ohne Pfad'],
    ['praxis.example', 'ohne Pfad'],
    ['https://*.praxis.example', 'ohne Pfad'],
    ['https://anna:geheim@praxis.example', 'ohne Pfad'],
    ['https://praxis.example?x=1', 'ohne Pfad'],
    ['http://praxis.example', 'muss mit https:// beginnen'],
    ['ftp://praxis.example', 'muss mit https:// beginnen'],
  ])('refuses %s in German and changes nothing', async (origin, text) => {
    const before = await stored();
    const res = await put({ allowedOrigins: [HOST, origin] });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { message: string; details: { path: string }[] } };
    expect(body.error.message).toContain(text);
    expect(body.error.details[0]!.path).toBe('allowedOrigins.1');
    t.settings.invalidate();
    expect(await stored()).toEqual(before);
  });

  it('refuses duplicates and more than 20 sites', async () => {
    const duplicate = await put({ allowedOrigins: [HOST, 'https://PRAXIS.example'] });
    expect(duplicate.status).toBe(422);
    expect(((await duplicate.json()) as { error: { message: string } }).error.message).toBe(
      'Diese Website steht schon in der Liste.',
    );
    const many = Array.from({ length: 21 }, (_, i) => `https://site${i}.example`);
    const tooMany = await put({ allowedOrigins: many });
    expect(tooMany.status).toBe(422);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toBe(
      'Du kannst höchstens 20 Websites eintragen.',
    );
  });

  it('is for admins only and not in the public settings', async () => {
    const organizer = await createUser(t.database.db, { email: uniqueEmail('o'), role: 'organizer' });
    const cookie = (await signIn(t, organizer.user.email)).cookie;
    expect((await put({ allowedOrigins: [] }, cookie)).status).toBe(403);
    expect((await put({ allowedOrigins: [] }, '')).status).toBe(401);
    const shown = (await (await t.app.request('/api/settings')).json()) as Partial<AppSettings>;
    expect(shown).not.toHaveProperty('widget');
  });
});

describe("the loader's check (docs/product/widget.md#origin-check)", () => {
  beforeAll(async () => {
    expect((await put({ allowedOrigins: [HOST] })).status).toBe(200);
  });

  it('answers an allowed site with the number of cards of its scope', async () => {
    const all = await check('', HOST);
    expect(all).toMatchObject({ allowed: true, title: expect.stringContaining('Termine und Tickets') });
    // the past event and the draft are not shown
    expect(all.allowed && all.count).toBe(2);
    expect(await check(`?event=${own.slug}`, HOST)).toMatchObject({ allowed: true, count: 1 });
    expect(await check(`?organizer=${organizerId}`, HOST)).toMatchObject({ allowed: true, count: 1 });
    expect(await check('?event=gibt-es-nicht', HOST)).toMatchObject({ allowed: true, count: 0 });
  });

  it('refuses any other site and says why', async () => {
    const answer = await check('', 'https://fremd.example');
    expect(answer).toEqual({
      allowed: false,
      message:
        'Diese Website (https://fremd.example) darf das Buchungs-Widget nicht einbinden. Trage sie im Ticketshop unter Einstellungen → „Auf deiner Website einbinden“ ein.',
    });
    // the same host on another scheme or port is another site
    expect((await check('', 'http://praxis.example')).allowed).toBe(false);
    expect((await check('', 'https://praxis.example:8443')).allowed).toBe(false);
  });

  it('lets the shop itself and requests without an Origin through', async () => {
    expect((await check('', new URL(t.config.publicUrl).origin)).allowed).toBe(true);
    expect((await check('')).allowed).toBe(true);
  });
});

describe("the widget page's frame-ancestors (docs/product/widget.md#frame-ancestors)", () => {
  beforeAll(async () => {
    expect((await put({ allowedOrigins: [HOST, 'http://localhost:8080'] })).status).toBe(200);
  });

  it('lets the allowed sites frame /widget, and only /widget', async () => {
    const widget = await t.app.request('/widget');
    expect(widget.status).toBe(200);
    const csp = widget.headers.get('Content-Security-Policy')!;
    expect(csp).toContain(`frame-ancestors 'self' ${HOST} http://localhost:8080`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(widget.headers.get('X-Frame-Options')).toBeNull();
    expect(widget.headers.get('X-Ticketshop-Frameable')).toBeNull();

    for (const page of ['/', `/event/${own.slug}`, '/login', '/widget.js', '/api/widget/check']) {
      const res = await t.app.request(page);
      expect(res.headers.get('Content-Security-Policy'), page).toContain("frame-ancestors 'none'");
      expect(res.headers.get('X-Frame-Options'), page).toBe('DENY');
    }
  });

  it('follows a change of the list at once', async () => {
    expect((await put({ allowedOrigins: ['https://neu.example'] })).status).toBe(200);
    const csp = (await t.app.request('/widget')).headers.get('Content-Security-Policy')!;
    expect(csp).toContain("frame-ancestors 'self' https://neu.example;");
    expect((await check('', HOST)).allowed).toBe(false);
  });

  it('never puts a hand-edited value into the header', async () => {
    await t.database.db
      .insert(appSettings)
      .values({ key: 'widget', value: { allowedOrigins: [HOST, "* 'unsafe-inline'; script-src *"] } })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: { allowedOrigins: [HOST, "* 'unsafe-inline'; script-src *"] } },
      });
    t.settings.invalidate();
    const csp = (await t.app.request('/widget')).headers.get('Content-Security-Policy')!;
    expect(csp).toContain(`frame-ancestors 'self' ${HOST};`);
    expect(csp).not.toContain('unsafe-inline;');
    expect(csp).not.toContain('script-src *');
  });
});

describe('the widget page (docs/product/widget.md#widget-page, docs/product/widget.md#scopes)', () => {
  const cardsOf = (html: string) => html.match(/data-testid="widget-event-card"/g)?.length ?? 0;
  // the markup, without the query cache the browser takes over (it holds every public event)
  const page = async (url: string) => {
    const html = await (await t.app.request(url)).text();
    return html.slice(0, html.indexOf('<script type="application/json"'));
  };

  it('renders the cards of its scope on the server, with links into the shop', async () => {
    const all = await page('/widget?theme=dark');
    expect(cardsOf(all)).toBe(2);
    expect(all).toContain('Achtsam streiten');
    expect(all).toContain('Stille Tage');
    expect(all).not.toContain('Vorbei');
    expect(all).not.toContain('Noch Entwurf');
    expect(all).toContain(`href="/checkout/${own.id}" target="_blank"`);
    expect(all).toContain('Tickets buchen');
    // no header, footer or cookie banner of the shop's pages
    expect(all).not.toContain('cookie-banner');

    const one = await page(`/widget?event=${other.slug}`);
    expect(cardsOf(one)).toBe(1);
    expect(one).toContain('Stille Tage');
    const organizers = await page(`/widget?organizer=${organizerId}`);
    expect(cardsOf(organizers)).toBe(1);
    expect(organizers).toContain('Achtsam streiten');
    const none = await page('/widget?event=gibt-es-nicht');
    expect(cardsOf(none)).toBe(0);
    expect(none).toContain('Gerade sind keine Termine buchbar.');
  });
});
