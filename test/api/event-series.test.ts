import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, AdminEventListItem } from '@shared/admin-events';
import type { PublicEvent } from '@shared/events';
import { MAX_SERIES_DATES, SERIES_MESSAGES, type AdminSeries, type SeriesFutureAnswer } from '@shared/series';
import { CATEGORY_MESSAGES } from '@shared/ticket-categories';
import { createSeries } from '@server/core/series/create-series';
import { updateFutureSeriesDates } from '@server/core/series/update-future-dates';
import {
  bookings,
  eventMedia,
  eventOrganizers,
  eventQuestions,
  events,
  eventSeries,
  eventTags,
  tags,
  ticketCategories,
  tickets,
  webhookDeliveries,
  webhookEndpoints,
} from '@server/db/schema';
import { createBooking, createCancellationPolicy, createEvent, createUser } from '@server/demo/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';

// Event series (docs/product/event-series.md): 'Als Reihe anlegen', 'Alle künftigen Termine ändern',
// 'Event duplizieren', and what visitors see.

let t: TestApp;
const cookies = { attendee: '', organizer: '', admin: '' };
let adminId = '';
let buyerId = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['attendee', 'organizer', 'admin'] as const) {
    const email = uniqueEmail(role);
    const created = await createUser(t.database.db, { email, role });
    cookies[role] = (await signIn(t, email)).cookie;
    if (role === 'admin') adminId = created.user.id;
    if (role === 'attendee') buyerId = created.profile.id;
  }
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

const send = (method: string, url: string, cookie: string | undefined, body?: unknown) =>
  t.app.request(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const asAdmin = (method: string, url: string, body?: unknown) => send(method, url, cookies.admin, body);

const ZONE = 'Europe/Berlin';
const berlin = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toJSDate();
const local = (at: Date | string) =>
  DateTime.fromJSDate(typeof at === 'string' ? new Date(at) : at, { zone: ZONE }).toFormat(
    'yyyy-MM-dd HH:mm',
  );
let counter = 0;

/** An event made through the admin's API, with two categories, a question, an organizer and a tag. */
async function workshop(startIso: string, hours = 2.5): Promise<AdminEvent> {
  const start = berlin(startIso);
  const res = await asAdmin('POST', '/api/admin/events', {
    title: `Abendwerkstatt ${++counter}`,
    description: 'Ein Abend zum Üben.',
    location: 'Hamburg',
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + hours * 3_600_000).toISOString(),
    timezone: ZONE,
    totalSeats: 12,
    priceCents: 3900,
    status: 'published',
    organizerIds: [adminId],
    categories: [
      { name: 'Regulär', priceCents: 3900 },
      { name: 'Ermäßigt', priceCents: 2500, capacity: 4 },
    ],
    questions: [{ label: 'Vorerfahrung', kind: 'text', required: false, perTicket: false, options: [] }],
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const event = (await res.json()) as AdminEvent;
  const [tag] = await t.database.db
    .insert(tags)
    .values({ name: `Abend ${counter}`, slug: `abend-${counter}` })
    .returning();
  await t.database.db.insert(eventTags).values({ eventId: event.id, tagId: tag!.id });
  return event;
}

const seriesRows = async () => t.database.db.select({ id: eventSeries.id }).from(eventSeries);
const datesOf = (seriesId: string) =>
  t.database.db.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(events.startTime);

describe('access', () => {
  it('answers admins only: anonymous 401, attendee and organizer 403, nothing made', async () => {
    const event = await workshop('2031-02-04T19:00');
    const rule = { frequency: 'weekly', interval: 1, count: 2 };
    const calls = [
      { method: 'POST', url: `/api/admin/events/${event.id}/series/preview`, body: { rule } },
      { method: 'POST', url: `/api/admin/events/${event.id}/series`, body: { rule } },
      { method: 'POST', url: `/api/admin/events/${event.id}/duplicate` },
      { method: 'GET', url: `/api/admin/series/${crypto.randomUUID()}` },
      { method: 'PATCH', url: `/api/admin/series/${crypto.randomUUID()}/future`, body: { title: 'Neu' } },
    ];
    const before = (await t.database.db.select({ id: events.id }).from(events)).length;
    for (const call of calls) {
      expect((await send(call.method, call.url, undefined, call.body)).status, call.url).toBe(401);
      expect((await send(call.method, call.url, cookies.attendee, call.body)).status, call.url).toBe(403);
      expect((await send(call.method, call.url, cookies.organizer, call.body)).status, call.url).toBe(403);
    }
    expect((await t.database.db.select({ id: events.id }).from(events)).length).toBe(before);
  });
});

describe('Als Reihe anlegen', () => {
  it('weekly for 4 dates: full copies with own seats, dated slugs, 19:00 local across the switch to summer time', async () => {
    const event = await workshop('2031-03-18T19:00');
    // a slug already taken by another event gets a suffix (docs/product/event-series.md#date-slug)
    await createEvent(t.database.db, { slug: `${event.slug}-2031-04-01` });
    const seriesBefore = (await seriesRows()).length;
    const preview = await asAdmin('POST', `/api/admin/events/${event.id}/series/preview`, {
      rule: { frequency: 'weekly', interval: 1, count: 4 },
    });
    expect(preview.status).toBe(200);
    const { dates: previewed } = (await preview.json()) as { dates: { startTime: string }[] };
    expect(previewed.map((date) => local(date.startTime))).toEqual([
      '2031-03-18 19:00',
      '2031-03-25 19:00',
      '2031-04-01 19:00',
      '2031-04-08 19:00',
    ]);
    expect(await seriesRows()).toHaveLength(seriesBefore); // a preview saves nothing

    const res = await asAdmin('POST', `/api/admin/events/${event.id}/series`, {
      rule: { frequency: 'weekly', interval: 1, count: 4 },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const series = (await res.json()) as AdminSeries;
    expect(series.slug).toBe(event.slug);
    expect(series.title).toBe(event.title);
    expect(series.dates.map((date) => local(date.startTime))).toEqual(
      previewed.map((date) => local(date.startTime)),
    );
    expect(series.dates.map((date) => local(date.endTime).slice(11))).toEqual([
      '21:30',
      '21:30',
      '21:30',
      '21:30',
    ]);
    // the event itself is the first date and keeps its slug
    expect(series.dates[0]!.id).toBe(event.id);
    expect(series.dates.map((date) => date.slug)).toEqual([
      event.slug,
      `${event.slug}-2031-03-25`,
      `${event.slug}-2031-04-01-2`,
      `${event.slug}-2031-04-08`,
    ]);
    // summer time begins on 30 March 2031: the UTC hour moves, the wall time does not
    expect(series.dates[1]!.startTime).toBe('2031-03-25T18:00:00.000Z');
    expect(series.dates[2]!.startTime).toBe('2031-04-01T17:00:00.000Z');

    const rows = await datesOf(series.id);
    expect(rows).toHaveLength(4);
    for (const row of rows.slice(1)) {
      expect(row).toMatchObject({
        title: event.title,
        description: event.description,
        status: 'published',
        totalSeats: 12,
        availableSeats: 12,
        priceCents: 2500,
        seriesId: series.id,
      });
      const categories = await t.database.db
        .select()
        .from(ticketCategories)
        .where(eq(ticketCategories.eventId, row.id))
        .orderBy(ticketCategories.position);
      expect(categories.map((category) => [category.name, category.priceCents, category.capacity])).toEqual([
        ['Regulär', 3900, null],
        ['Ermäßigt', 2500, 4],
      ]);
      const questions = await t.database.db
        .select()
        .from(eventQuestions)
        .where(eq(eventQuestions.eventId, row.id));
      expect(questions.map((question) => question.label)).toEqual(['Vorerfahrung']);
      const organizers = await t.database.db
        .select()
        .from(eventOrganizers)
        .where(eq(eventOrganizers.eventId, row.id));
      expect(organizers.map((organizer) => organizer.userId)).toEqual([adminId]);
      expect(await t.database.db.select().from(eventTags).where(eq(eventTags.eventId, row.id))).toHaveLength(
        1,
      );
    }

    // visitors: every date carries its series (docs/product/event-series.md#series-page)
    const list = (await (await t.app.request('/api/events')).json()) as PublicEvent[];
    const dated = list.filter((listed) => listed.series?.slug === series.slug);
    expect(dated.map((listed) => listed.id)).toEqual(series.dates.map((date) => date.id));
    expect(dated[0]!.series).toEqual({ slug: series.slug, title: series.title });
    // the admin's list names the series (docs/product/event-series.md#admin-list)
    const adminList = (await (await asAdmin('GET', '/api/admin/events')).json()) as AdminEventListItem[];
    expect(adminList.find((item) => item.id === rows[2]!.id)?.series).toEqual({
      id: series.id,
      title: series.title,
    });
    expect(
      ((await (await asAdmin('GET', `/api/admin/events/${event.id}`)).json()) as AdminEvent).seriesId,
    ).toBe(series.id);

    // a date is an event of its own: booking one takes only its seats
    const third = rows[2]!;
    await createBooking(t.database.db, { event: third, profileId: buyerId, quantity: 2 });
    const after = await datesOf(series.id);
    expect(after.map((row) => row.availableSeats)).toEqual([12, 12, 10, 12]);
    expect(await seatInvariantViolations(t.database.db)).toEqual([]);
  });

  it('every 2 weeks until a day, across the switch back to winter time', async () => {
    const event = await workshop('2031-10-14T19:00');
    const res = await asAdmin('POST', `/api/admin/events/${event.id}/series`, {
      rule: { frequency: 'weekly', interval: 2, until: '2031-11-25' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const series = (await res.json()) as AdminSeries;
    expect(series.dates.map((date) => local(date.startTime))).toEqual([
      '2031-10-14 19:00',
      '2031-10-28 19:00',
      '2031-11-11 19:00',
      '2031-11-25 19:00',
    ]);
    expect(series.dates[0]!.startTime).toBe('2031-10-14T17:00:00.000Z');
    expect(series.dates[1]!.startTime).toBe('2031-10-28T18:00:00.000Z');
    expect(series.rule).toEqual({ frequency: 'weekly', interval: 2, until: '2031-11-25' });
  });

  it('monthly on the 2nd Tuesday, and a list of dates', async () => {
    const monthly = await workshop('2031-09-09T19:00');
    const res = await asAdmin('POST', `/api/admin/events/${monthly.id}/series`, {
      rule: { frequency: 'monthly_weekday', count: 4 },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as AdminSeries).dates.map((date) => local(date.startTime))).toEqual([
      '2031-09-09 19:00',
      '2031-10-14 19:00',
      '2031-11-11 19:00',
      '2031-12-09 19:00',
    ]);
    const listed = await workshop('2031-06-05T10:00');
    const res2 = await asAdmin('POST', `/api/admin/events/${listed.id}/series`, {
      rule: { frequency: 'dates', dates: ['2031-12-04', '2031-07-03'] },
    });
    expect(res2.status).toBe(201);
    expect(((await res2.json()) as AdminSeries).dates.map((date) => local(date.startTime))).toEqual([
      '2031-06-05 10:00',
      '2031-07-03 10:00',
      '2031-12-04 10:00',
    ]);
  });

  it("writes 'event.published' for each new date of a published event, in the series' transaction", async () => {
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({
        url: 'https://crm.example.org/hook',
        eventTypes: ['event.published'],
        secret: 'whsec_dGVzdA==',
      })
      .returning();
    try {
      const source = await workshop('2031-03-04T18:00');
      const res = await asAdmin('POST', `/api/admin/events/${source.id}/series`, {
        rule: { frequency: 'weekly', interval: 1, count: 3 },
      });
      expect(res.status).toBe(201);
      const made = (await res.json()) as AdminSeries;
      const newIds = made.dates.map((date) => date.id).filter((id) => id !== source.id);
      const written = await t.database.db
        .select({ payload: webhookDeliveries.payload })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint!.id));
      const published = written.map((row) => (row.payload.data as { event: { id: string } }).event.id);
      expect(newIds).toHaveLength(2);
      // the source's own 'event.published' came with its creation; one more per new date
      expect(published.filter((id) => newIds.includes(id)).sort()).toEqual([...newIds].sort());
    } finally {
      await t.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
    }
  });

  it('refuses bad rules with German messages and makes nothing', async () => {
    const event = await workshop('2032-01-13T19:00');
    const before = (await seriesRows()).length;
    const eventsBefore = (await t.database.db.select({ id: events.id }).from(events)).length;
    const cases: [unknown, number, string][] = [
      [{}, 422, SERIES_MESSAGES.frequency],
      [{ frequency: 'yearly' }, 422, SERIES_MESSAGES.frequency],
      [{ frequency: 'weekly', interval: 1 }, 422, SERIES_MESSAGES.endChoice],
      [{ frequency: 'weekly', interval: 1, count: 3, until: '2032-03-01' }, 422, SERIES_MESSAGES.endChoice],
      [{ frequency: 'weekly', interval: 0, count: 3 }, 422, SERIES_MESSAGES.interval],
      [{ frequency: 'weekly', interval: 1, count: 1 }, 422, SERIES_MESSAGES.count],
      [{ frequency: 'weekly', interval: 1, count: MAX_SERIES_DATES + 1 }, 422, SERIES_MESSAGES.count],
      [{ frequency: 'monthly_weekday', until: '2032-02-30' }, 422, SERIES_MESSAGES.until],
      [{ frequency: 'weekly', interval: 1, until: '2032-01-01' }, 422, SERIES_MESSAGES.untilBeforeFirst],
      [{ frequency: 'weekly', interval: 2, until: '2032-01-20' }, 422, SERIES_MESSAGES.noMoreDates],
      [{ frequency: 'weekly', interval: 1, until: '2034-01-01' }, 422, SERIES_MESSAGES.tooMany],
      [{ frequency: 'dates', dates: [] }, 422, SERIES_MESSAGES.dates],
      [{ frequency: 'dates', dates: ['2032-02-01', '2032-02-01'] }, 422, SERIES_MESSAGES.dateTwice],
      [{ frequency: 'dates', dates: ['13.02.2032'] }, 422, SERIES_MESSAGES.dateInvalid],
      [{ frequency: 'dates', dates: ['2032-01-13'] }, 422, SERIES_MESSAGES.dateBeforeFirst],
    ];
    for (const [rule, status, message] of cases) {
      const res = await asAdmin('POST', `/api/admin/events/${event.id}/series`, { rule });
      expect(res.status, JSON.stringify(rule)).toBe(status);
      const body = (await res.json()) as ErrorBody;
      const messages = [body.error.message, ...(body.error.details ?? []).map((detail) => detail.message)];
      expect(messages, JSON.stringify(rule)).toContain(message);
    }
    expect(await seriesRows()).toHaveLength(before);
    expect(await t.database.db.select({ id: events.id }).from(events)).toHaveLength(eventsBefore);
  });

  it('refuses an event already in a series, a cancelled one, a past one and an unknown id', async () => {
    const rule = { frequency: 'weekly', interval: 1, count: 2 };
    const event = await workshop('2032-02-03T19:00');
    expect((await asAdmin('POST', `/api/admin/events/${event.id}/series`, { rule })).status).toBe(201);
    const again = await asAdmin('POST', `/api/admin/events/${event.id}/series`, { rule });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(SERIES_MESSAGES.alreadyInSeries);

    const cancelled = await createEvent(t.database.db, {
      status: 'cancelled',
      startTime: berlin('2032-02-03T19:00'),
    });
    const res = await asAdmin('POST', `/api/admin/events/${cancelled.id}/series`, { rule });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(SERIES_MESSAGES.cancelled);

    const past = await createEvent(t.database.db, { startTime: new Date(Date.now() - 86_400_000) });
    const res2 = await asAdmin('POST', `/api/admin/events/${past.id}/series`, { rule });
    expect(res2.status).toBe(409);
    expect(((await res2.json()) as ErrorBody).error.message).toBe(SERIES_MESSAGES.pastEvent);

    expect((await asAdmin('POST', `/api/admin/events/${crypto.randomUUID()}/series`, { rule })).status).toBe(
      404,
    );
    expect((await asAdmin('GET', `/api/admin/series/kein-uuid`)).status).toBe(404);
  });
});

describe('Alle künftigen Termine ändern', () => {
  /** A series of 4 weekly dates made on 1 March 2033, with 2 tickets sold on the third date. */
  async function seriesWithSales() {
    const made = new Date('2033-03-01T12:00:00Z');
    const event = await workshop('2033-03-08T19:00');
    const series = await createSeries(t.services, {
      eventId: event.id,
      rule: { frequency: 'weekly', interval: 1, count: 4 },
      creatorId: adminId,
      now: made,
    });
    const rows = await datesOf(series.id);
    await createBooking(t.database.db, { event: rows[2]!, profileId: buyerId, quantity: 2 });
    return { event, series, rows };
  }

  it('changes title, texts, prices, categories and policy of the coming dates; sold dates keep their times; past dates stay', async () => {
    const { series, rows } = await seriesWithSales();
    // 'now' is after the first date: it is past and stays as it was
    const now = new Date('2033-03-10T12:00:00Z');
    const template = (await (await asAdmin('GET', `/api/admin/events/${rows[1]!.id}`)).json()) as AdminEvent;
    const [regular, reduced] = template.categories!;
    const policy = await createCancellationPolicy(t.database.db, {
      name: `Reihe ${++counter}`,
      rules: [{ minHoursBeforeEvent: 0, refundValue: 1 }],
    });
    const answer = await updateFutureSeriesDates(t.services, {
      seriesId: series.id,
      actorId: adminId,
      now,
      update: {
        title: 'Abendwerkstatt: Zuhören',
        cancellationPolicyId: policy.id,
        description: 'Neu: ein Abend über das Zuhören.',
        startClock: '18:30',
        endClock: '21:00',
        categories: [
          { ...regular!, id: regular!.id, priceCents: 4500 },
          { ...reduced!, id: reduced!.id, name: 'Ermäßigt (Studierende)', priceCents: 2900 },
          {
            name: 'Förderticket',
            description: null,
            priceCents: 6000,
            earlyBirdPriceCents: null,
            earlyBirdEndsAt: null,
            priceUnit: 'per_person',
            capacity: 2,
            saleStartsAt: null,
            saleEndsAt: null,
            minPerOrder: 1,
            maxPerOrder: null,
            requiresCode: false,
          },
        ],
      },
    });
    expect(answer.changed).toBe(3);
    expect(answer.keptTimes).toBe(1);
    expect(answer.series.title).toBe('Abendwerkstatt: Zuhören');

    const after = await datesOf(series.id);
    // the past first date: untouched
    expect(after[0]).toMatchObject({
      title: rows[0]!.title,
      startTime: rows[0]!.startTime,
      updatedAt: rows[0]!.updatedAt,
    });
    // the coming dates: new title and text
    for (const row of after.slice(1))
      expect(row).toMatchObject({
        title: 'Abendwerkstatt: Zuhören',
        description: 'Neu: ein Abend über das Zuhören.',
        cancellationPolicyId: policy.id,
      });
    expect(after[0]!.cancellationPolicyId).toBeNull();
    // without sales: the new wall times; with sales (the third): its times stay
    expect(after.map((row) => `${local(row.startTime)}–${local(row.endTime).slice(11)}`)).toEqual([
      '2033-03-08 19:00–21:30',
      '2033-03-15 18:30–21:00',
      '2033-03-22 19:00–21:30',
      '2033-03-29 18:30–21:00',
    ]);
    // categories: each date kept its own ids (the sold tickets still point to theirs), prices and names changed
    for (const row of after.slice(1)) {
      const categories = await t.database.db
        .select()
        .from(ticketCategories)
        .where(eq(ticketCategories.eventId, row.id))
        .orderBy(ticketCategories.position);
      expect(categories.map((category) => [category.name, category.priceCents])).toEqual([
        ['Regulär', 4500],
        ['Ermäßigt (Studierende)', 2900],
        ['Förderticket', 6000],
      ]);
      // the event's price mirrors the cheapest category (docs/product/ticket-categories.md#pricing)
      expect(row.priceCents).toBe(2900);
    }
    const sold = await t.database.db.select().from(tickets).where(eq(tickets.eventId, rows[2]!.id));
    const soldCategories = await t.database.db
      .select({ id: ticketCategories.id })
      .from(ticketCategories)
      .where(
        inArray(
          ticketCategories.id,
          sold.map((ticket) => ticket.categoryId!),
        ),
      );
    expect(soldCategories).toHaveLength(1);
    // the public cache was rebuilt: visitors see the new title at once
    const list = (await (await t.app.request('/api/events')).json()) as PublicEvent[];
    expect(list.find((listed) => listed.id === rows[3]!.id)?.title).toBe('Abendwerkstatt: Zuhören');
    expect(list.find((listed) => listed.id === rows[3]!.id)?.series?.title).toBe('Abendwerkstatt: Zuhören');
    expect(await seatInvariantViolations(t.database.db)).toEqual([]);
  });

  it('a refusal on one date changes no date and names its day', async () => {
    const { series, rows } = await seriesWithSales();
    const now = new Date('2033-03-01T12:00:00Z');
    const template = (await (await asAdmin('GET', `/api/admin/events/${rows[0]!.id}`)).json()) as AdminEvent;
    const [regular, reduced] = template.categories!;
    const before = await datesOf(series.id);
    // the third date's 2 tickets are of its first category, whose new capacity 1 is below them
    const refused = updateFutureSeriesDates(t.services, {
      seriesId: series.id,
      actorId: adminId,
      now,
      update: {
        title: 'Sollte nicht bleiben',
        categories: [{ ...regular!, capacity: 1 }, reduced!],
      },
    });
    await expect(refused).rejects.toThrow(
      SERIES_MESSAGES.dateFailed('22.03.2033', CATEGORY_MESSAGES.capacityBelowSold('Regulär', 2)),
    );
    const after = await datesOf(series.id);
    expect(after.map((row) => [row.title, row.updatedAt.toISOString()])).toEqual(
      before.map((row) => [row.title, row.updatedAt.toISOString()]),
    );
    const [stored] = await t.database.db.select().from(eventSeries).where(eq(eventSeries.id, series.id));
    expect(stored!.title).toBe(series.title);
  });

  it('refuses bad input over HTTP in German, changing nothing', async () => {
    const event = await workshop('2032-05-04T19:00');
    const made = await asAdmin('POST', `/api/admin/events/${event.id}/series`, {
      rule: { frequency: 'weekly', interval: 1, count: 2 },
    });
    const series = (await made.json()) as AdminSeries;
    const cases: [unknown, string][] = [
      [{}, SERIES_MESSAGES.nothingToChange],
      [{ startClock: '18:30' }, SERIES_MESSAGES.clockPair],
      [{ startClock: '25:00', endClock: '26:00' }, SERIES_MESSAGES.clock],
      [{ title: '   ' }, 'Bitte einen Titel angeben.'],
      [{ categories: [] }, CATEGORY_MESSAGES.atLeastOne],
    ];
    for (const [body, message] of cases) {
      const res = await asAdmin('PATCH', `/api/admin/series/${series.id}/future`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const error = ((await res.json()) as ErrorBody).error;
      expect([error.message, ...(error.details ?? []).map((detail) => detail.message)]).toContain(message);
    }
    const res = await asAdmin('PATCH', `/api/admin/series/${series.id}/future`, {
      categories: [{ id: crypto.randomUUID(), name: 'Fremd', priceCents: 100 }],
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toBe(CATEGORY_MESSAGES.unknownCategory);
    // and over HTTP a good change answers the series
    const ok = await asAdmin('PATCH', `/api/admin/series/${series.id}/future`, { title: 'Neuer Titel' });
    expect(ok.status).toBe(200);
    const answer = (await ok.json()) as SeriesFutureAnswer;
    expect(answer.changed).toBe(2);
    expect((await datesOf(series.id)).map((row) => row.title)).toEqual(['Neuer Titel', 'Neuer Titel']);
  });
});

describe('Event duplizieren', () => {
  const png = () =>
    sharp({ create: { width: 900, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();

  it('copies one event as a draft without tickets; deleting the copy keeps the shared cover', async () => {
    const source = await workshop('2032-08-12T19:00');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'cover.png');
    const upload = await t.app.request(`/api/admin/events/${source.id}/cover`, {
      method: 'POST',
      headers: { cookie: cookies.admin },
      body: form,
    });
    expect(upload.status).toBe(200);
    const [sourceRow] = await t.database.db.select().from(events).where(eq(events.id, source.id));
    await createBooking(t.database.db, { event: sourceRow!, profileId: buyerId, quantity: 1 });

    const res = await asAdmin('POST', `/api/admin/events/${source.id}/duplicate`);
    expect(res.status, await res.clone().text()).toBe(201);
    const copy = (await res.json()) as AdminEvent;
    expect(copy).toMatchObject({
      title: source.title,
      slug: `${source.slug}-2`,
      status: 'draft',
      seriesId: null,
      startTime: source.startTime,
      totalSeats: 12,
      availableSeats: 12,
      activeTicketCount: 0,
      imageUrl: sourceRow!.imageUrl,
    });
    expect(copy.categories!.map((category) => category.name)).toEqual(['Regulär', 'Ermäßigt']);
    expect(copy.questions!.map((question) => question.label)).toEqual(['Vorerfahrung']);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.eventId, copy.id))).toHaveLength(0);

    expect((await asAdmin('DELETE', `/api/admin/events/${copy.id}`)).status).toBe(200);
    const cover = await t.app.request(sourceRow!.imageUrl!);
    expect(cover.status).toBe(200);
    const media = await t.database.db
      .select()
      .from(eventMedia)
      .where(and(eq(eventMedia.eventId, source.id), eq(eventMedia.title, 'Cover')));
    expect(media).toHaveLength(1);
  });

  it('answers 404 for an unknown event', async () => {
    expect((await asAdmin('POST', `/api/admin/events/${crypto.randomUUID()}/duplicate`)).status).toBe(404);
  });
});
