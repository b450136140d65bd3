import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
const day = 864e5, now = Date.now();
const iso = (d) => new Date(now + d * day).toISOString();
const ev = (i, title, extra = {}) => ({ id: `e${i}`, title, status: 'published', hidden: false, startTime: iso(i * 7), timezone: 'Europe/Berlin', createdAt: iso(-i), ...extra });
const full = {
  generatedAt: new Date().toISOString(), windowDays: 30,
  events: { active: 12, total: 17, byStatus: { draft: 3, published: 13, cancelled: 1, completed: 0 } },
  bookings: { confirmedTotal: 1234, confirmedLastDays: 87, ticketsSoldTotal: 2210, ticketsSoldLastDays: 143 },
  revenue: { live: { total: [{ currency: 'EUR', paidCents: 6543210, refundedCents: 45600, netCents: 6497610 }], lastDays: [{ currency: 'EUR', paidCents: 498000, refundedCents: 9800, netCents: 488200 }] },
    test: { total: [{ currency: 'EUR', paidCents: 14700, refundedCents: 0, netCents: 14700 }], lastDays: [] } },
  conversion: { confirmed: 87, started: 131, rate: 87 / 131 },
  newestEvents: [ev(1, 'Sommerfest im Stadtpark mit sehr langem Titel, der umbrechen muss', { status: 'draft' }), ev(2, 'Töpferkurs für Anfänger'), ev(3, 'Fotowalk Hafen', { hidden: true }), ev(4, 'Abgesagter Workshop', { status: 'cancelled' }), ev(5, 'Yoga am Morgen')],
  newestBookings: Array.from({ length: 10 }, (_, i) => ({ id: `b${i}`, buyerName: i === 3 ? null : ['Anna Alt', 'Ben Bauer', 'Clara Gast-Müllerschön'][i % 3], buyerEmail: i === 4 ? null : `person${i}@example.org`, profileId: i === 4 ? null : `u${i}`, eventId: 'e2', eventTitle: 'Töpferkurs für Anfänger', quantity: (i % 3) + 1, totalAmountCents: 4900 * ((i % 3) + 1), currency: 'EUR', status: ['pending', 'confirmed', 'cancelled', 'expired'][i % 4], paymentStatus: 'paid', isTest: i % 2 === 0, createdAt: iso(-i / 3) })),
  upcomingEvents: [ev(2, 'Töpferkurs für Anfänger', { totalSeats: 12, availableSeats: 2, soldSeats: 8, heldSeats: 2 }), ev(3, 'Fotowalk Hafen', { hidden: true, totalSeats: 20, availableSeats: 20, soldSeats: 0, heldSeats: 0 }), ev(5, 'Yoga am Morgen', { totalSeats: 30, availableSeats: 0, soldSeats: 30, heldSeats: 0 }), ev(6, 'Ohne Plätze', { totalSeats: 0, availableSeats: 0, soldSeats: 0, heldSeats: 0 })],
};
const empty = { ...full, events: { active: 0, total: 0, byStatus: { draft: 0, published: 0, cancelled: 0, completed: 0 } }, bookings: { confirmedTotal: 0, confirmedLastDays: 0, ticketsSoldTotal: 0, ticketsSoldLastDays: 0 }, revenue: { live: { total: [], lastDays: [] }, test: { total: [], lastDays: [] } }, conversion: { confirmed: 0, started: 0, rate: null }, newestEvents: [], newestBookings: [], upcomingEvents: [] };
const user = { id: 'a1', email: 'admin@example.org', fullName: 'Ada Admin', displayName: 'Ada', phone: '+49', role: 'admin', avatarUrl: null, emailConfirmed: true, hasDsgvoConsent: true, onboardingCompletedAt: iso(-10) };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const [name, data] of [['full', full], ['empty', empty]]) for (const scheme of ['light', 'dark']) for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  const page = await context.newPage();
  await page.route((url) => url.pathname.startsWith('/api/'), (route) => {
    const p = new URL(route.request().url()).pathname;
    const body = p === '/api/session' ? { user } : p === '/api/settings' ? {} : p === '/api/admin/dashboard' ? data : null;
    return route.fulfill(body ? { json: body } : { status: 404, json: { error: { code: 'not_found', message: 'x' } } });
  });
  await page.addInitScript(() => localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true })));
  await page.goto('http://127.0.0.1:5199/admin');
  page.on('console', (m) => console.log('console', m.text().slice(0, 200))); await page.getByRole('heading', { name: 'Aktive Events' }).waitFor({ timeout: 60000 }).catch(async (e) => { await page.screenshot({ path: '/tmp/dash-shots/fail.png' }); console.log(page.url()); throw e; });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.screenshot({ path: `/tmp/dash-shots/${name}-${scheme}-${width}.png`, fullPage: true });
  if (width === 390) for (const y of [0, 1000, 2000]) await page.screenshot({ path: `/tmp/dash-shots/${name}-${scheme}-${width}-${y}.png`, fullPage: true, clip: { x: 0, y, width, height: 1000 } });
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  console.log(name, scheme, width, 'overflowX', overflow, 'axe', axe.violations.map((v) => `${v.id}: ${v.nodes.length} ${v.nodes[0]?.target}`).join(' | ') || 'none');
  await context.close();
}
await browser.close();
