import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TICKET_CSV_COLUMNS,
  ADMIN_TICKET_MESSAGES,
  type AdminCancelPreview,
  type AdminTicketFilterOptions,
  type AdminTicketPage,
  type AdminTicketRow,
} from '@shared/admin-tickets';
import type { CancelTicketResult } from '@shared/tickets';
import { TICKET_MESSAGES } from '@shared/tickets';
import { CSV_BATCH_ROWS } from '@server/core/tickets/export-admin-tickets';
import { createBooking, createCancellationPolicy, createEvent, createUser } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import {
  bookings,
  cancellationPolicies,
  payments,
  refunds,
  ticketCategories,
  ticketTransfers,
  tickets,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { DAY, HOUR, MINUTE, refundsOf, signedInUser, ticketRow, type ErrorBody } from '../helpers/tickets';

// 'Tickets verwalten' (docs/product/admin.md#tickets-screen): display state, cancel dialog and override
// limits (docs/product/admin.md#admin-cancel-dialog), the CSV (docs/product/admin.md#csv-export); admins
// only, refunds never above what is left refundable (docs/product/tickets-and-refunds.md#refund-amount).

let t: TestApp;
let admin: { cookie: string; id: string };
let attendee: { cookie: string; id: string };
let organizer: { cookie: string; id: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  attendee = await signedInUser(t, 'attendee');
  organizer = await signedInUser(t, 'organizer');
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const NO_TICKET = '00000000-0000-4000-8000-000000000000';
const as = (cookie?: string): Record<string, string> => (cookie ? { cookie } : {});
const get = (path: string, cookie?: string) => t.app.request(path, { headers: as(cookie) });
const messageOf = async (res: Response) => ((await res.json()) as ErrorBody).error.message;

async function list(query: string): Promise<AdminTicketPage> {
  const res = await get(`/api/admin/tickets?${query}`, admin.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AdminTicketPage;
}
const rowsOf = (page: AdminTicketPage): AdminTicketRow[] => page.groups.flatMap((group) => group.tickets);
const idsOf = (page: AdminTicketPage) => rowsOf(page).map((row) => row.id);
const cancel = (ticketId: string, body: unknown, cookie = admin.cookie) =>
  post(t, `/api/admin/tickets/${ticketId}/cancel`, body, as(cookie));
async function preview(ticketId: string): Promise<AdminCancelPreview> {
  const res = await get(`/api/admin/tickets/${ticketId}/cancel-preview`, admin.cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminCancelPreview;
}

/** A confirmed booking (paid with a succeeded test payment when the price is above 0). */
async function booked(
  event: Event,
  profileId: string,
  options: { quantity?: number; now?: Date; isTest?: boolean; holderName?: string } = {},
) {
  return createBooking(db(), {
    event,
    profileId,
    quantity: options.quantity ?? 1,
    now: options.now,
    isTest: options.isTest,
    booking: { holderName: options.holderName ?? 'Anna Beispiel' },
  });
}

describe('access', () => {
  it('answers anonymous 401, attendee and organizer 403, admin 200 on every new endpoint', async () => {
    const buyer = await createUser(db());
    const event = await createEvent(db());
    const {
      tickets: [ticket],
    } = await booked(event, buyer.user.id);
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/admin/tickets'],
      ['GET', '/api/admin/tickets/filters'],
      ['GET', '/api/admin/tickets/export.csv'],
      ['POST', '/api/admin/tickets/export.csv', { ids: [ticket!.id] }],
      ['GET', `/api/admin/tickets/${ticket!.id}/cancel-preview`],
      ['POST', `/api/admin/tickets/${ticket!.id}/cancel`, { override: null }],
    ];
    const call = (method: string, path: string, cookie?: string, body?: unknown) =>
      method === 'GET' ? get(path, cookie) : post(t, path, body ?? {}, as(cookie));
    for (const [method, path, body] of requests) {
      expect((await call(method, path, undefined, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await call(method, path, attendee.cookie, body)).status, `${method} ${path} attendee`).toBe(
        403,
      );
      expect((await call(method, path, organizer.cookie, body)).status, `${method} ${path} organizer`).toBe(
        403,
      );
    }
    // the refused cancels changed nothing
    expect((await ticketRow(t, ticket!.id))?.status).toBe('active');
    for (const [method, path, body] of requests) {
      expect((await call(method, path, admin.cookie, body)).status, `${method} ${path} admin`).toBe(200);
    }
    expect((await ticketRow(t, ticket!.id))?.status).toBe('canceled');
  });
});

describe('GET /api/admin/tickets', () => {
  // Fixture: three events, two buyers; created_at one minute apart so the order is known.
  const base = Date.now() - 60 * DAY;
  const at = (minute: number) => new Date(base + minute * MINUTE);
  let upcoming: Event;
  let past: Event;
  let other: Event;
  let greta: { id: string; email: string };
  let otto: { id: string; email: string };
  const ids = {} as Record<'a1' | 'a2' | 'test' | 'past' | 'request' | 'cancelled' | 'revoked', string>;
  let scope: string;
  // a1 and a2 share one created_at (one booking): the id decides, descending
  const pair = () => [ids.a1, ids.a2].sort().reverse();

  beforeAll(async () => {
    upcoming = await createEvent(db(), { title: 'Achtsamkeit Upcoming' });
    past = await createEvent(db(), {
      title: 'Vergangener Kurs',
      startTime: new Date(Date.now() - 2 * DAY),
      totalSeats: 20,
    });
    other = await createEvent(db(), { title: 'Anderes Event' });
    const g = await createUser(db(), { name: 'Greta Gans', email: `Greta.${Date.now()}@Example.org` });
    const o = await createUser(db(), { name: 'Otto Olm' });
    greta = { id: g.user.id, email: g.profile.email };
    otto = { id: o.user.id, email: o.profile.email };
    const a = await booked(upcoming, greta.id, { quantity: 2, now: at(1), holderName: 'Hanna Halter' });
    ids.a1 = a.tickets[0]!.id;
    ids.a2 = a.tickets[1]!.id;
    ids.test = (await booked(upcoming, otto.id, { now: at(2), isTest: true })).tickets[0]!.id;
    ids.past = (await booked(past, greta.id, { now: at(3) })).tickets[0]!.id;
    ids.request = (await booked(other, otto.id, { now: at(4) })).tickets[0]!.id;
    await db().update(tickets).set({ cancellationRequested: true }).where(eq(tickets.id, ids.request));
    ids.cancelled = (await booked(other, otto.id, { now: at(5) })).tickets[0]!.id;
    const done = await cancel(ids.cancelled, { override: null });
    expect(done.status).toBe(200);
    // a requested ticket that was cancelled keeps no request badge but still matches the request filter
    ids.revoked = (await booked(other, greta.id, { now: at(6) })).tickets[0]!.id;
    await db()
      .update(tickets)
      .set({ status: 'revoked', cancellationRequested: true })
      .where(eq(tickets.id, ids.revoked));
    scope = `event=${upcoming.id},${past.id},${other.id}`;
  });

  it('lists newest first, grouped per event, with the row fields of the admin view', async () => {
    const page = await list(scope);
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 25 });
    expect(idsOf(page)).toEqual([ids.revoked, ids.cancelled, ids.request, ids.past, ids.test, ...pair()]);
    expect(page.groups.map((group) => [group.event.title, group.count, group.tickets.length])).toEqual([
      ['Anderes Event', 3, 3],
      ['Vergangener Kurs', 1, 1],
      ['Achtsamkeit Upcoming', 3, 3],
    ]);
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ids.a1));
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, row!.bookingId));
    const a1 = rowsOf(page).find((r) => r.id === ids.a1)!;
    expect(a1).toEqual({
      id: ids.a1,
      eventId: upcoming.id,
      bookingId: booking!.id,
      orderNumber: booking!.orderNumber,
      ticketNumber: row!.ticketNumber,
      code: row!.ticketNumber.slice(-4),
      status: 'active',
      isTest: false,
      cancellationRequested: false,
      past: false,
      createdAt: at(1).toISOString(),
      holderName: 'Hanna Halter',
      holderEmail: null,
      transferredAt: null,
      checkedInAt: null,
      buyerEmail: greta.email,
      profileId: greta.id,
      priceCents: 4900,
      currency: 'EUR',
      categoryName: 'Ticket',
      refundedCents: 0,
      paymentMethod: 'Testzahlung', // the factory's test payment names no method
    });
    expect(rowsOf(page).find((r) => r.id === ids.past)!.past).toBe(true);
    expect(rowsOf(page).find((r) => r.id === ids.test)!.isTest).toBe(true);
    // the cancel above refunded by the default tiers (a month ahead: 100 %)
    expect(rowsOf(page).find((r) => r.id === ids.cancelled)).toMatchObject({
      status: 'canceled',
      refundedCents: 4900,
    });
  });

  it('shows a substitute with the latest transfer and the check-in time; the CSV keeps its columns', async () => {
    const event = await createEvent(db(), { title: 'Übertragen und eingecheckt' });
    const [moved, came, plain] = (await booked(event, greta.id, { quantity: 3, holderName: 'Gerda Groß' }))
      .tickets;
    const substitute = `Susi.${Date.now()}@Example.org`;
    const res = await post(
      t,
      `/api/admin/tickets/${moved!.id}/transfer`,
      { name: 'Susi Sonne', email: substitute },
      as(admin.cookie),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const [logged] = await db().select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, moved!.id));
    // an older transfer of the same ticket does not win over the latest
    await db()
      .insert(ticketTransfers)
      .values({
        ticketId: moved!.id,
        at: new Date(logged!.at.getTime() - DAY),
        actorRole: 'buyer',
        fromName: 'Gerda Groß',
        fromEmail: greta.email,
        toName: 'Frühere Vertretung',
        toEmail: 'frueher@example.org',
        oldTicketNumber: 'T-alt-0001',
        newTicketNumber: 'T-alt-0002',
      });
    const checkedInAt = new Date(Date.now() - HOUR);
    await db().update(tickets).set({ isCheckedIn: true, checkedInAt }).where(eq(tickets.id, came!.id));

    const rows = rowsOf(await list(`event=${event.id}`));
    expect(rows.find((r) => r.id === moved!.id)).toMatchObject({
      holderName: 'Susi Sonne',
      holderEmail: substitute.toLowerCase(),
      transferredAt: logged!.at.toISOString(),
      checkedInAt: null,
      buyerEmail: greta.email,
    });
    expect(rows.find((r) => r.id === came!.id)).toMatchObject({
      holderName: 'Gerda Groß',
      holderEmail: null,
      transferredAt: null,
      checkedInAt: checkedInAt.toISOString(),
    });
    expect(rows.find((r) => r.id === plain!.id)).toMatchObject({
      holderEmail: null,
      transferredAt: null,
      checkedInAt: null,
    });

    const csv = await get(`/api/admin/tickets/export.csv?event=${event.id}&pageSize=all`, admin.cookie);
    const records = (await csv.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(records[0]).toBe(ADMIN_TICKET_CSV_COLUMNS.join(';'));
    expect(records).toHaveLength(4);
    for (const record of records) expect(record.split(';')).toHaveLength(ADMIN_TICKET_CSV_COLUMNS.length);
    expect(records.join('\n')).not.toContain(substitute.toLowerCase());
  });

  it('counts every ticket without filters', async () => {
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)) as [{ n: number }];
    expect((await list('')).total).toBe(n);
  });

  it('filters by events, as a comma list or repeated parameter', async () => {
    expect(idsOf(await list(`event=${past.id}`))).toEqual([ids.past]);
    const two = await list(`event=${past.id}&event=${upcoming.id}`);
    expect(two.total).toBe(4);
    expect(new Set(two.groups.map((g) => g.event.id))).toEqual(new Set([past.id, upcoming.id]));
  });

  it('filters by users', async () => {
    expect(idsOf(await list(`${scope}&user=${otto.id}`))).toEqual([ids.cancelled, ids.request, ids.test]);
    expect((await list(`${scope}&user=${otto.id},${greta.id}`)).total).toBe(7);
  });

  it('filters by status: active, cancelled (canceled or revoked), past; all by default', async () => {
    expect(idsOf(await list(`${scope}&status=active`))).toEqual([ids.request, ids.test, ...pair()]);
    expect(idsOf(await list(`${scope}&status=cancelled`))).toEqual([ids.revoked, ids.cancelled]);
    expect(idsOf(await list(`${scope}&status=past`))).toEqual([ids.past]);
    expect((await list(`${scope}&status=all`)).total).toBe(7);
  });

  it('hides test tickets and shows only cancellation requests', async () => {
    expect(idsOf(await list(`${scope}&hideTest=1`))).not.toContain(ids.test);
    expect((await list(`${scope}&hideTest=1`)).total).toBe(6);
    expect(idsOf(await list(`${scope}&onlyCancellationRequests=1`))).toEqual([ids.revoked, ids.request]);
    expect(idsOf(await list(`${scope}&onlyCancellationRequests=1&status=active`))).toEqual([ids.request]);
  });

  it('searches ticket number, code, holder name and buyer e-mail, case-insensitively', async () => {
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ids.past));
    expect(idsOf(await list(`${scope}&search=${row!.ticketNumber}`))).toEqual([ids.past]);
    expect(idsOf(await list(`${scope}&search=${row!.ticketNumber.slice(-4)}`))).toContain(ids.past);
    expect(idsOf(await list(`${scope}&search=hanna%20HALTER`))).toEqual(pair());
    expect((await list(`${scope}&search=${encodeURIComponent(greta.email.toUpperCase())}`)).total).toBe(4);
    expect((await list(`${scope}&search=otto%20olm`)).total).toBe(3);
    // % and _ are literal characters, not wildcards
    expect((await list(`${scope}&search=%25`)).total).toBe(0);
  });

  it('pages with 10, 25, 50 or all and keeps group counts across pages', async () => {
    const first = await list(`${scope}&pageSize=10&page=1`);
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 10 });
    expect(rowsOf(first)).toHaveLength(7);
    expect(rowsOf(await list(`${scope}&pageSize=10&page=2`))).toHaveLength(0);
    // a tiny page through the API's offset: pageSize is fixed to 10, 25, 50 or all, so use a filter of 3
    const scoped = `event=${upcoming.id}`;
    expect(idsOf(await list(`${scoped}&pageSize=all`))).toEqual([ids.test, ...pair()]);
    expect((await list(`${scoped}&pageSize=0`)).pageSize).toBe(0);
    // group count is for all pages even when only part of the event is on this page
    const many = await createEvent(db(), { title: 'Viele Tickets', totalSeats: 60 });
    await booked(many, greta.id, { quantity: 30 });
    const p1 = await list(`event=${many.id}&pageSize=25&page=1`);
    const p2 = await list(`event=${many.id}&pageSize=25&page=2`);
    expect(rowsOf(p1)).toHaveLength(25);
    expect(rowsOf(p2)).toHaveLength(5);
    expect(p1.groups[0]!.count).toBe(30);
    expect(p2.groups[0]!.count).toBe(30);
    expect(new Set([...idsOf(p1), ...idsOf(p2)]).size).toBe(30);
    expect(rowsOf(await list(`event=${many.id}&pageSize=10&page=3`))).toHaveLength(10);
    expect(rowsOf(await list(`event=${many.id}&pageSize=50`))).toHaveLength(30);
  });

  it('refuses bad filters with a German 422', async () => {
    for (const query of ['pageSize=7', 'status=offen', 'event=nicht-uuid', 'page=0']) {
      const res = await get(`/api/admin/tickets?${query}`, admin.cookie);
      expect(res.status, query).toBe(422);
      expect(await messageOf(res)).toMatch(/[A-ZÄÖÜ]/);
    }
    const res = await get('/api/admin/tickets?status=offen', admin.cookie);
    expect(await messageOf(res)).toBe(ADMIN_TICKET_MESSAGES.filterInvalid);
  });
});

describe('GET /api/admin/tickets/filters', () => {
  it('offers only events and users that have tickets', async () => {
    const withTickets = await createEvent(db(), { title: 'Mit Tickets' });
    const without = await createEvent(db(), { title: 'Ohne Tickets' });
    const buyer = await createUser(db(), { name: 'Frida Filter' });
    const idle = await createUser(db(), { name: 'Ida Idle' });
    await booked(withTickets, buyer.user.id);
    const res = await get('/api/admin/tickets/filters', admin.cookie);
    const options = (await res.json()) as AdminTicketFilterOptions;
    const eventIds = options.events.map((e) => e.id);
    expect(eventIds).toContain(withTickets.id);
    expect(eventIds).not.toContain(without.id);
    expect(options.events.find((e) => e.id === withTickets.id)).toEqual({
      id: withTickets.id,
      title: 'Mit Tickets',
      startTime: withTickets.startTime.toISOString(),
    });
    expect(options.users.find((u) => u.id === buyer.user.id)).toEqual({
      id: buyer.user.id,
      email: buyer.profile.email,
      name: 'Frida Filter',
    });
    expect(options.users.map((u) => u.id)).not.toContain(idle.user.id);
  });
});

describe('CSV export', () => {
  const lines = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);

  it('streams the columns with a BOM, semicolons, the page file name and formula-safe quoting', async () => {
    const event = await createEvent(db(), { title: '=HYPERLINK("http://x.example";"klick")\nZeile 2' });
    const buyer = await createUser(db(), {
      name: '@SUM(1+1)',
      email: `csv-${Date.now()}@example.org`,
    });
    // a category name the admin typed, as a formula (docs/product/ticket-categories.md#invoice-lines)
    await db()
      .update(ticketCategories)
      .set({ name: '=1+1 Ermäßigt' })
      .where(eq(ticketCategories.eventId, event.id));
    const booking = await booked(event, buyer.user.id, { quantity: 2 });
    const res = await get(`/api/admin/tickets/export.csv?event=${event.id}&page=1&pageSize=10`, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="tickets-page-1.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    // the columns, then the order number (docs/decisions/020-order-numbers.md), the payment method
    // (docs/product/payments.md#method-names) and the category
    const header =
      'ticket_id;event_id;event_title;profile_label;status;created_at;profile_id;Bestellnummer;Zahlungsart;Ticketart';
    expect(text.startsWith(`\uFEFF${header}\r\n`)).toBe(true);
    expect(ADMIN_TICKET_CSV_COLUMNS.join(';')).toBe(header);
    // the quoted title spans two physical lines; each record ends with CRLF
    const records = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(records).toHaveLength(3);
    for (const ticket of booking.tickets) {
      expect(records.find((record) => record.startsWith(ticket.id))).toBe(
        [
          ticket.id,
          event.id,
          `"'=HYPERLINK(""http://x.example"";""klick"")\nZeile 2"`,
          `'@SUM(1+1) <${buyer.profile.email}>`,
          'active',
          ticket.createdAt.toISOString(),
          buyer.user.id,
          booking.booking.orderNumber,
          'Testzahlung', // the factory's test payment names no method
          "'=1+1 Ermäßigt",
        ].join(';'),
      );
    }
  });

  it('neutralises leading + and - and quotes fields with separators', async () => {
    const plus = await createEvent(db(), { title: '+49 Workshop; Teil "1"' });
    const minus = await createEvent(db(), { title: '-2+3' });
    const buyer = await createUser(db(), { name: 'Lena Liste' });
    await booked(plus, buyer.user.id);
    await booked(minus, buyer.user.id);
    const res = await get(`/api/admin/tickets/export.csv?event=${plus.id},${minus.id}`, admin.cookie);
    const text = await res.text();
    expect(res.headers.get('Content-Disposition')).toContain('tickets-page-1.csv');
    expect(text).toContain(`;"'+49 Workshop; Teil ""1""";`);
    expect(text).toContain(`;'-2+3;`);
    expect(lines(text)).toHaveLength(3);
  });

  it('exports a selection by ids (GET ids= and POST body) as tickets-auswahl.csv', async () => {
    const event = await createEvent(db());
    const buyer = await createUser(db());
    const made = await booked(event, buyer.user.id, { quantity: 3 });
    const [first, , third] = made.tickets;
    const res = await get(`/api/admin/tickets/export.csv?ids=${first!.id},${third!.id}`, admin.cookie);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="tickets-auswahl.csv"');
    const rows = lines(await res.text()).slice(1);
    expect(rows.map((line) => line.split(';')[0]).sort()).toEqual([first!.id, third!.id].sort());
    const posted = await post(t, '/api/admin/tickets/export.csv', { ids: [third!.id] }, as(admin.cookie));
    expect(posted.status).toBe(200);
    expect(
      lines(await posted.text())
        .slice(1)
        .map((line) => line.split(';')[0]),
    ).toEqual([third!.id]);
    const bad = await get('/api/admin/tickets/export.csv?ids=kein-ticket', admin.cookie);
    expect(bad.status).toBe(422);
    const empty = await post(t, '/api/admin/tickets/export.csv', { ids: [] }, as(admin.cookie));
    expect(empty.status).toBe(422);
    expect(await messageOf(empty)).toBe(ADMIN_TICKET_MESSAGES.noSelection);
  });

  it('exports every match across keyset batches, ties on created_at included, none twice', async () => {
    const event = await createEvent(db(), { title: 'Großes Event', totalSeats: 5000 });
    const buyer = await createUser(db());
    const { booking } = await booked(event, buyer.user.id);
    const extra = CSV_BATCH_ROWS + 150;
    // one instant with microseconds for every row: only the id orders them, and a ms cursor would skip rows
    await db().execute(sql`
      insert into tickets (booking_id, event_id, profile_id, position, ticket_number, price_cents, created_at, status)
      select ${booking.id}, ${event.id}, ${buyer.user.id}, g + 1, 'BULK-' || ${event.id}::text || '-' || g, 0,
             '2030-01-01 10:00:00.123456+00', 'canceled'
      from generate_series(1, ${extra}) g`);
    const res = await get(`/api/admin/tickets/export.csv?event=${event.id}`, admin.cookie);
    const rows = lines(await res.text()).slice(1);
    expect(rows).toHaveLength(extra + 1);
    expect(new Set(rows.map((line) => line.split(';')[0])).size).toBe(extra + 1);
  });
});

describe('cancel-preview', () => {
  async function policyEvent(hoursAhead: number, price = 4900) {
    const policy = await createCancellationPolicy(db(), {
      name: 'Staffel',
      rules: [
        { minHoursBeforeEvent: 168, refundValue: 0.7 },
        { minHoursBeforeEvent: 72, refundValue: 0.5 },
      ],
    });
    const event = await createEvent(db(), {
      startTime: new Date(Date.now() + hoursAhead * HOUR),
      cancellationPolicyId: policy.id,
      priceCents: price,
    });
    const buyer = await createUser(db());
    const made = await booked(event, buyer.user.id);
    return { policy, event, ticket: made.tickets[0]!, booking: made.booking };
  }

  it('applies the rule whose threshold is not above the hours left, at the boundaries', async () => {
    const above = await policyEvent(168 + 5 / 60);
    const p1 = await preview(above.ticket.id);
    expect(p1).toMatchObject({
      cancellable: true,
      hoursLeft: 168,
      daysApprox: 7,
      priceCents: 4900,
      refundableCents: 4900,
      policy: { id: above.policy.id, name: 'Staffel', isActive: true },
      effectiveRule: { minHoursBeforeEvent: 168, refundType: 'percentage', refundValue: 0.7 },
      usesDefaultTiers: false,
      share: 0.7,
      refundCents: 3430,
      goodwillCents: 4900,
    });
    const below = await preview((await policyEvent(168 - 5 / 60)).ticket.id);
    expect(below).toMatchObject({ hoursLeft: 167, share: 0.5, refundCents: 2450 });
    expect(below.effectiveRule?.minHoursBeforeEvent).toBe(72);
    const none = await preview((await policyEvent(71)).ticket.id);
    expect(none).toMatchObject({ hoursLeft: 70, effectiveRule: null, share: 0, refundCents: 0 });
    expect(none.daysApprox).toBeCloseTo(3, 0);
  });

  it('uses the default tiers without a policy or with an inactive one', async () => {
    const buyer = await createUser(db());
    const far = await createEvent(db(), { startTime: new Date(Date.now() + 15 * DAY) });
    const farTicket = (await booked(far, buyer.user.id)).tickets[0]!;
    expect(await preview(farTicket.id)).toMatchObject({
      policy: null,
      usesDefaultTiers: true,
      effectiveRule: null,
      share: 1,
      refundCents: 4900,
    });
    const off = await policyEvent(15 * 24);
    await db()
      .update(cancellationPolicies)
      .set({ isActive: false })
      .where(eq(cancellationPolicies.id, off.policy.id));
    const p = await preview(off.ticket.id);
    expect(p).toMatchObject({ usesDefaultTiers: true, share: 1, policy: { isActive: false } });
    const near = await createEvent(db(), { startTime: new Date(Date.now() + 14 * DAY - HOUR) });
    expect(await preview((await booked(near, buyer.user.id)).tickets[0]!.id)).toMatchObject({
      share: 0.7,
      refundCents: 3430,
    });
  });

  it('reports what is left refundable, 404 for unknown tickets and not cancellable once cancelled', async () => {
    const { ticket, booking } = await policyEvent(200);
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    await db()
      .insert(refunds)
      .values({ paymentId: payment!.id, bookingId: booking.id, amountCents: 4000, status: 'succeeded' });
    const p = await preview(ticket.id);
    expect(p).toMatchObject({ refundableCents: 900, refundCents: 900, goodwillCents: 900 });
    expect((await get(`/api/admin/tickets/${NO_TICKET}/cancel-preview`, admin.cookie)).status).toBe(404);
    expect((await get('/api/admin/tickets/kaputt/cancel-preview', admin.cookie)).status).toBe(404);
    expect((await cancel(ticket.id, {})).status).toBe(200);
    expect(await preview(ticket.id)).toMatchObject({ cancellable: false, status: 'canceled' });
  });
});

describe('POST /api/admin/tickets/:id/cancel', () => {
  async function paidTicket(options: { quantity?: number; hoursAhead?: number; withPolicy?: boolean } = {}) {
    const policy = options.withPolicy
      ? await createCancellationPolicy(db(), { rules: [{ minHoursBeforeEvent: 168, refundValue: 0.7 }] })
      : undefined;
    const event = await createEvent(db(), {
      startTime: new Date(Date.now() + (options.hoursAhead ?? 10 * 24) * HOUR),
      cancellationPolicyId: policy?.id,
    });
    const buyer = await createUser(db());
    const made = await booked(event, buyer.user.id, { quantity: options.quantity ?? 1 });
    return { event, buyer, ticket: made.tickets[0]!, booking: made.booking, tickets: made.tickets };
  }
  const cancelled = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as CancelTicketResult;
  };

  it('refunds by the policy rule in effect without an override, as the preview said', async () => {
    const { ticket, booking } = await paidTicket({ withPolicy: true });
    const before = await preview(ticket.id);
    const result = await cancelled(await cancel(ticket.id, { override: null }));
    expect(result).toEqual({
      refund: { amountCents: before.refundCents, currency: 'EUR' },
      message: 'Stornierung erfolgreich. Erstattung: 34,30 EUR',
    });
    expect(before.refundCents).toBe(3430);
    const rows = await refundsOf(t, booking.id);
    expect(rows.map((r) => [r.amountCents, r.ticketId, r.createdBy, r.reason])).toEqual([
      [3430, ticket.id, admin.id, 'cancelled_by_admin'],
    ]);
    expect((await ticketRow(t, ticket.id))?.status).toBe('canceled');
  });

  it('grants goodwill (100 %), a percentage (a fraction 0..1) and a fixed amount in euros', async () => {
    const goodwill = await paidTicket({ withPolicy: true, hoursAhead: 10 });
    expect(
      (await cancelled(await cancel(goodwill.ticket.id, { override: { type: 'goodwill' } }))).refund,
    ).toEqual({
      amountCents: 4900,
      currency: 'EUR',
    });
    const quarter = await paidTicket();
    const q = await cancelled(
      await cancel(quarter.ticket.id, { override: { type: 'percentage', value: 0.25 } }),
    );
    expect(q.refund?.amountCents).toBe(1225);
    // above 1 or below 0 is refused, not clamped (docs/decisions/023-refund-percentages.md)
    const over = await paidTicket();
    expect((await cancel(over.ticket.id, { override: { type: 'percentage', value: 1.5 } })).status).toBe(422);
    expect((await cancel(over.ticket.id, { override: { type: 'percentage', value: -3 } })).status).toBe(422);
    const zero = await paidTicket();
    const z = await cancelled(await cancel(zero.ticket.id, { override: { type: 'percentage', value: 0 } }));
    expect(z).toEqual({ refund: null, message: TICKET_MESSAGES.cancelSuccessNoRefund });
    expect(await refundsOf(t, zero.booking.id)).toHaveLength(0);
    const fixed = await paidTicket();
    const f = await cancelled(
      await cancel(fixed.ticket.id, { override: { type: 'fixed_amount', value: '12.5' } }),
    );
    expect(f.refund?.amountCents).toBe(1250);
    const tooMuch = await paidTicket();
    const m = await cancelled(
      await cancel(tooMuch.ticket.id, { override: { type: 'fixed_amount', value: 500 } }),
    );
    expect(m.refund?.amountCents).toBe(4900);
  });

  it('never refunds more than is left refundable on the booking', async () => {
    const {
      booking,
      tickets: [first, second],
    } = await paidTicket({ quantity: 2 });
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    await db()
      .insert(refunds)
      .values({ paymentId: payment!.id, bookingId: booking.id, amountCents: 8000, status: 'succeeded' });
    const r1 = await cancelled(await cancel(first!.id, { override: { type: 'goodwill' } }));
    expect(r1.refund?.amountCents).toBe(1800);
    const r2 = await cancelled(await cancel(second!.id, { override: { type: 'fixed_amount', value: 49 } }));
    expect(r2.refund).toBeNull();
    const total = (await refundsOf(t, booking.id)).reduce((sum, r) => sum + r.amountCents, 0);
    expect(total).toBe(9800);
    const [after] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('cancels tickets of past events too (policy: no refund)', async () => {
    const { ticket } = await paidTicket({ hoursAhead: -5, withPolicy: true });
    const result = await cancelled(await cancel(ticket.id, {}));
    expect(result).toEqual({ refund: null, message: TICKET_MESSAGES.cancelSuccessNoRefund });
  });

  it('refuses bad overrides with German messages and changes nothing', async () => {
    const { ticket, booking } = await paidTicket();
    const cases: [unknown, string][] = [
      [{ type: 'fixed_amount', value: -1 }, ADMIN_TICKET_MESSAGES.amountInvalid],
      [{ type: 'fixed_amount', value: 'zehn' }, ADMIN_TICKET_MESSAGES.amountInvalid],
      [{ type: 'fixed_amount' }, ADMIN_TICKET_MESSAGES.amountInvalid],
      [{ type: 'percentage', value: 'viel' }, ADMIN_TICKET_MESSAGES.percentInvalid],
      [{ type: 'percentage', value: null }, ADMIN_TICKET_MESSAGES.percentInvalid],
      [{ type: 'alles' }, ADMIN_TICKET_MESSAGES.overrideInvalid],
    ];
    for (const [override, message] of cases) {
      const res = await cancel(ticket.id, { override });
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(await messageOf(res)).toBe(message);
    }
    expect((await ticketRow(t, ticket.id))?.status).toBe('active');
    expect(await refundsOf(t, booking.id)).toHaveLength(0);
  });

  it('answers 409 for a cancelled ticket and 404 for an unknown one', async () => {
    const { ticket } = await paidTicket();
    await cancelled(await cancel(ticket.id, {}));
    const again = await cancel(ticket.id, { override: { type: 'goodwill' } });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(TICKET_MESSAGES.alreadyCancelled);
    expect((await cancel(NO_TICKET, {})).status).toBe(404);
  });
});
