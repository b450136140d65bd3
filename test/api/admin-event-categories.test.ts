import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent } from '@shared/admin-events';
import { ADMIN_CATEGORY_MESSAGES } from '@shared/admin-categories';
import { CATEGORY_MESSAGES } from '@shared/ticket-categories';
import { QUESTION_MESSAGES } from '@shared/questions';
import { createBooking, createUser } from '@server/demo/factories';
import { bookingItems, eventQuestions, events, ticketCategories, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';

// The admin side of ticket categories and questions (docs/product/ticket-categories.md#pricing, #seats,
// #questions, #one-category): saved with the event, refused when they would break what was sold.

let t: TestApp;
let admin = '';
let buyerId = '';

beforeAll(async () => {
  t = await createTestApp();
  const email = uniqueEmail('admin');
  await createUser(t.database.db, { email, role: 'admin' });
  admin = (await signIn(t, email)).cookie;
  buyerId = (await createUser(t.database.db, { email: uniqueEmail('buyer') })).profile.id;
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

const send = (method: string, url: string, body?: unknown) =>
  t.app.request(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), cookie: admin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const DAY = 86_400_000;
const future = (days: number, hours = 0) =>
  new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

const regular = {
  name: 'Regulär',
  priceCents: 12_000,
  earlyBirdPriceCents: 9_900,
  earlyBirdEndsAt: future(5),
};
const reduced = { name: 'Ermäßigt', description: 'Für Studierende', priceCents: 8_000, capacity: 5 };
const couple = { name: 'Paar', priceCents: 20_000, priceUnit: 'per_pair', maxPerOrder: 2 };
const crew = {
  name: 'Co-Leitung',
  priceCents: 0,
  requiresCode: true,
  saleStartsAt: future(1),
  saleEndsAt: future(10),
};
const diet = {
  label: 'Ernährung',
  kind: 'choice',
  options: [' vegetarisch ', 'vegan', 'alles', ''],
  required: true,
};
const allergies = {
  label: 'Allergien',
  help: 'Freitext',
  kind: 'textarea',
  perTicket: true,
  options: ['weg'],
};

const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Retreat im Heidehof',
  description: 'Drei Tage Ruhe.',
  location: 'Wilsede',
  startTime: future(20),
  endTime: future(22),
  totalSeats: 30,
  priceCents: 4_900,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<AdminEvent> {
  const res = await send('POST', '/api/admin/events', input(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AdminEvent;
}
const patch = (id: string, body: Record<string, unknown>) => send('PATCH', `/api/admin/events/${id}`, body);
const load = async (id: string) =>
  (await (await send('GET', `/api/admin/events/${id}`)).json()) as AdminEvent;
const eventRow = async (id: string) =>
  (await t.database.db.select().from(events).where(eq(events.id, id)))[0]!;
const categoryRows = (id: string) =>
  t.database.db
    .select()
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, id))
    .orderBy(asc(ticketCategories.position));
/** The categories as sent back for an update: ids kept, the rest as loaded. */
const asInput = (event: AdminEvent) =>
  event.categories!.map(({ taken: _t, inUse: _u, position: _p, ...category }) => category);

/** A booking of `quantity` tickets of one category (confirmed: tickets; pending: a held line), priced by it. */
async function sell(
  eventId: string,
  categoryId: string,
  quantity: number,
  status: 'confirmed' | 'pending' = 'confirmed',
) {
  const event = await eventRow(eventId);
  const { booking } = await createBooking(t.database.db, {
    event,
    profileId: buyerId,
    items: [{ categoryId, quantity }],
    status,
  });
  return booking;
}

describe('create with categories and questions', () => {
  it('stores them in order, answers them on GET and mirrors the cheapest visible price into the event', async () => {
    const event = await create({
      categories: [regular, reduced, couple, crew],
      questions: [diet, allergies],
    });
    const categories = event.categories!;
    expect(categories.map((c) => [c.name, c.position, c.priceCents, c.capacity, c.requiresCode])).toEqual([
      ['Regulär', 0, 12_000, null, false],
      ['Ermäßigt', 1, 8_000, 5, false],
      ['Paar', 2, 20_000, null, false],
      ['Co-Leitung', 3, 0, null, true],
    ]);
    expect(categories[0]).toMatchObject({
      earlyBirdPriceCents: 9_900,
      minPerOrder: 1,
      maxPerOrder: null,
      taken: 0,
      inUse: false,
    });
    expect(categories[1]!.description).toBe('Für Studierende');
    expect(categories[2]).toMatchObject({ priceUnit: 'per_pair', maxPerOrder: 2 });
    expect(categories[3]!.saleStartsAt).toBe(crew.saleStartsAt);
    // the trigger's 'Ticket' was replaced, not kept beside them
    expect((await categoryRows(event.id)).map((row) => row.name)).toEqual([
      'Regulär',
      'Ermäßigt',
      'Paar',
      'Co-Leitung',
    ]);
    // mirror: Ermäßigt (8.000) is the cheapest without a code; the hidden 0-€ category does not count
    expect(event).toMatchObject({
      priceCents: 8_000,
      earlyBirdPriceCents: null,
      earlyBirdEndsAt: null,
      priceUnit: 'per_person',
    });

    expect(
      event.questions!.map((q) => [q.label, q.kind, q.options, q.required, q.perTicket, q.position]),
    ).toEqual([
      ['Ernährung', 'choice', ['vegetarisch', 'vegan', 'alles'], true, false, 0],
      ['Allergien', 'textarea', [], false, true, 1],
    ]);
    expect(event.questions![1]!.help).toBe('Freitext');
    expect((await load(event.id)).categories).toEqual(categories);
  });

  it('without categories the event has its one category "Ticket" at the event price', async () => {
    const event = await create({ priceCents: 3_500 });
    expect(event.categories!.map((c) => [c.name, c.priceCents])).toEqual([['Ticket', 3_500]]);
    expect(event.questions).toEqual([]);
  });

  it('refuses bad lists with German messages at the field, creating nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ categories: [] }, 'categories', CATEGORY_MESSAGES.atLeastOne],
      [{ categories: [{ ...regular, name: '  ' }] }, 'categories.0.name', ADMIN_CATEGORY_MESSAGES.name],
      [
        { categories: [regular, { ...reduced, capacity: -1 }] },
        'categories.1.capacity',
        ADMIN_CATEGORY_MESSAGES.capacity,
      ],
      [
        { categories: [{ ...regular, earlyBirdPriceCents: 12_000 }] },
        'categories.0.earlyBirdPriceCents',
        ADMIN_CATEGORY_MESSAGES.earlyBirdNotLower,
      ],
      [
        { categories: [{ ...regular, earlyBirdEndsAt: null }] },
        'categories.0.earlyBirdEndsAt',
        ADMIN_CATEGORY_MESSAGES.earlyBirdPair,
      ],
      [
        { categories: [{ ...regular, earlyBirdEndsAt: future(25) }] },
        'categories.0.earlyBirdEndsAt',
        ADMIN_CATEGORY_MESSAGES.earlyBirdAfterStart,
      ],
      [
        { categories: [{ ...crew, saleEndsAt: future(0, 1) }] },
        'categories.0.saleEndsAt',
        ADMIN_CATEGORY_MESSAGES.saleWindow,
      ],
      [
        { categories: [{ ...regular, minPerOrder: 0 }] },
        'categories.0.minPerOrder',
        ADMIN_CATEGORY_MESSAGES.minPerOrder,
      ],
      [
        { categories: [{ ...regular, maxPerOrder: 21 }] },
        'categories.0.maxPerOrder',
        ADMIN_CATEGORY_MESSAGES.maxPerOrder,
      ],
      [
        { categories: [{ ...regular, minPerOrder: 4, maxPerOrder: 2 }] },
        'categories.0.maxPerOrder',
        ADMIN_CATEGORY_MESSAGES.maxBelowMin,
      ],
      [{ questions: [{ ...diet, options: ['ja', ' '] }] }, 'questions.0.options', QUESTION_MESSAGES.options],
      [
        { questions: [{ ...diet, options: ['vegan', 'Vegan '] }] },
        'questions.0.options',
        ADMIN_CATEGORY_MESSAGES.optionTwice,
      ],
      [
        { questions: [{ ...diet, kind: 'slider' }] },
        'questions.0.kind',
        ADMIN_CATEGORY_MESSAGES.questionKind,
      ],
      [{ questions: [{ ...diet, label: '' }] }, 'questions.0.label', ADMIN_CATEGORY_MESSAGES.questionLabel],
    ];
    const before = (await t.database.db.select({ id: events.id }).from(events)).length;
    for (const [overrides, path, message] of cases) {
      const res = await send('POST', '/api/admin/events', input(overrides));
      expect(res.status, path).toBe(422);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.details, path).toContainEqual({ path, message });
    }
    expect((await t.database.db.select({ id: events.id }).from(events)).length).toBe(before);
  });

  it('stores hostile text as text', async () => {
    const hostile = '<script>alert(1)</script> =HYPERLINK("x") \'; DROP TABLE events; --';
    const event = await create({
      categories: [{ name: hostile, description: hostile, priceCents: 100 }],
      questions: [{ label: hostile, help: hostile, kind: 'multi', options: [hostile, '<b>b</b>'] }],
    });
    const loaded = await load(event.id);
    expect(loaded.categories![0]).toMatchObject({ name: hostile, description: hostile });
    expect(loaded.questions![0]).toMatchObject({
      label: hostile,
      help: hostile,
      options: [hostile, '<b>b</b>'],
    });
  });
});

describe('update', () => {
  it('updates by id, adds new ones, reorders by the list and deletes unbooked ones', async () => {
    const event = await create({ categories: [regular, reduced, couple], questions: [diet, allergies] });
    const [first, second, third] = asInput(event);
    const res = await patch(event.id, {
      categories: [{ ...third!, name: 'Paar (Doppelzimmer)' }, first!, { name: 'Spät', priceCents: 15_000 }],
      questions: [
        { ...event.questions![1]!, required: true },
        { label: 'Zimmerwunsch', kind: 'text' },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await res.json()) as AdminEvent;
    expect(saved.categories!.map((c) => [c.id === third!.id, c.name, c.position])).toEqual([
      [true, 'Paar (Doppelzimmer)', 0],
      [false, 'Regulär', 1],
      [false, 'Spät', 2],
    ]);
    expect(saved.categories![1]!.id).toBe(first!.id);
    expect(saved.categories!.some((c) => c.id === second!.id)).toBe(false);
    expect(saved.questions!.map((q) => [q.label, q.required, q.position])).toEqual([
      ['Allergien', true, 0],
      ['Zimmerwunsch', false, 1],
    ]);
    expect(saved.questions![0]!.id).toBe(event.questions![1]!.id);
    // Ermäßigt is gone: the mirror is now Regulär with its early bird
    expect(await eventRow(event.id)).toMatchObject({
      priceCents: 12_000,
      earlyBirdPriceCents: 9_900,
      priceUnit: 'per_person',
    });
  });

  it('refuses an id of another event and changes nothing', async () => {
    const other = await create();
    const event = await create({ categories: [regular, reduced] });
    const res = await patch(event.id, {
      title: 'Anders',
      categories: [...asInput(event), { ...asInput(other)[0]! }],
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.details).toContainEqual({
      path: 'categories.2',
      message: CATEGORY_MESSAGES.unknownCategory,
    });
    expect((await eventRow(event.id)).title).toBe('Retreat im Heidehof');
    expect((await categoryRows(other.id)).map((row) => row.eventId)).toEqual([other.id]);
  });

  it('without categories nothing about them changes; the one category follows the event price (trigger)', async () => {
    const multi = await create({ categories: [regular, reduced] });
    expect((await patch(multi.id, { title: 'Neu', priceCents: 1_000 })).status).toBe(200);
    expect((await load(multi.id)).categories).toEqual(multi.categories);

    const single = await create({ priceCents: 4_900 });
    const res = await patch(single.id, { priceCents: 5_900, priceUnit: 'per_pair' });
    const saved = (await res.json()) as AdminEvent;
    expect(saved.categories!.map((c) => [c.id, c.priceCents, c.priceUnit])).toEqual([
      [single.categories![0]!.id, 5_900, 'per_pair'],
    ]);
  });

  it('sets the mirror to the cheapest visible category, and with only hidden ones to the cheapest', async () => {
    const event = await create({ categories: [regular, reduced] });
    const [first, second] = asInput(event);
    await patch(event.id, { categories: [first!, { ...second!, priceCents: 15_000 }] });
    expect(await eventRow(event.id)).toMatchObject({ priceCents: 12_000, earlyBirdPriceCents: 9_900 });
    expect((await eventRow(event.id)).earlyBirdEndsAt?.toISOString()).toBe(regular.earlyBirdEndsAt);
    await patch(event.id, {
      categories: [
        { ...first!, requiresCode: true },
        { ...second!, priceCents: 15_000 },
      ],
    });
    expect(await eventRow(event.id)).toMatchObject({
      priceCents: 15_000,
      earlyBirdPriceCents: null,
      earlyBirdEndsAt: null,
    });
    await patch(event.id, {
      categories: [
        { ...first!, requiresCode: true },
        { ...second!, requiresCode: true, priceCents: 15_000 },
      ],
    });
    expect((await eventRow(event.id)).priceCents).toBe(12_000);
  });
});

describe('refusals that protect what was sold', () => {
  it('refuses to delete a category with tickets, with its name, and changes nothing', async () => {
    const event = await create({ categories: [regular, reduced] });
    const [first, second] = asInput(event);
    await sell(event.id, second!.id!, 1);
    expect((await load(event.id)).categories![1]).toMatchObject({ taken: 1, inUse: true });

    const res = await patch(event.id, { title: 'Anders', categories: [{ ...first!, name: 'Normal' }] });
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.message).toBe(CATEGORY_MESSAGES.inUse('Ermäßigt'));
    expect(body.error.details).toEqual([
      { path: 'categories', message: CATEGORY_MESSAGES.inUse('Ermäßigt') },
    ]);
    expect((await categoryRows(event.id)).map((row) => row.name)).toEqual(['Regulär', 'Ermäßigt']);
    expect((await eventRow(event.id)).title).toBe('Retreat im Heidehof');
  });

  it('refuses a capacity below the persons sold or held (active tickets + pending lines)', async () => {
    const event = await create({ categories: [regular, { ...couple, capacity: 10 }] });
    const [first, pair] = asInput(event);
    await sell(event.id, pair!.id!, 2); // 2 pair tickets: 4 persons
    await sell(event.id, pair!.id!, 1, 'pending'); // 2 more held
    expect((await load(event.id)).categories![1]!.taken).toBe(6);

    const res = await patch(event.id, { categories: [first!, { ...pair!, capacity: 5 }] });
    expect(res.status).toBe(409);
    const message = CATEGORY_MESSAGES.capacityBelowSold('Paar', 6);
    expect(((await res.json()) as ErrorBody).error.details).toEqual([
      { path: 'categories.1.capacity', message },
    ]);
    expect((await categoryRows(event.id))[1]!.capacity).toBe(10);

    const exact = await patch(event.id, { categories: [first!, { ...pair!, capacity: 6 }] });
    expect(exact.status).toBe(200);
    expect((await categoryRows(event.id))[1]!.capacity).toBe(6);
  });

  it('a price change after sale leaves the sold tickets and lines at what was paid', async () => {
    const event = await create({ categories: [regular, reduced] });
    const [first, second] = asInput(event);
    const booking = await sell(event.id, second!.id!, 2);
    const res = await patch(event.id, { categories: [first!, { ...second!, priceCents: 9_500 }] });
    expect(res.status).toBe(200);
    expect((await categoryRows(event.id))[1]!.priceCents).toBe(9_500);
    const sold = await t.database.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(sold.map((ticket) => ticket.priceCents)).toEqual([8_000, 8_000]);
    const [line] = await t.database.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, booking.id));
    expect(line!.unitPriceCents).toBe(8_000);
  });

  it('removes every question when sent an empty list', async () => {
    const event = await create({ questions: [diet] });
    const res = await patch(event.id, { questions: [] });
    expect(((await res.json()) as AdminEvent).questions).toEqual([]);
    expect(
      await t.database.db.select().from(eventQuestions).where(eq(eventQuestions.eventId, event.id)),
    ).toEqual([]);
  });
});
