import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { CATEGORY_MESSAGES } from '@shared/ticket-categories';
import { DISCOUNT_CODE_MESSAGES } from '@shared/discount-codes';
import { QUESTION_MESSAGES } from '@shared/questions';
import { expireHolds } from '@server/core/bookings/expire-holds';
import { createEvent, createUser } from '@server/demo/factories';
import {
  bookingItems,
  bookings,
  discountCodes,
  eventQuestions,
  events,
  ticketCategories,
  tickets,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, signIn, uniqueEmail } from '../helpers/auth';
import { categoryInvariantViolations, seatInvariantViolations } from '../helpers/db';
import { TEST_MAIL } from '../helpers/mail-context';

// An order of several categories, with a code and answers (docs/product/ticket-categories.md): priced on the
// server, seats per category, the code's use counted, answers checked.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
  expect(await categoryInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
const DAY = 24 * 3_600_000;

async function buyer() {
  const email = uniqueEmail('category-buyer');
  const created = await createUser(t.database.db, { email });
  const { cookie } = await signIn(t, email);
  return { cookie, id: created.user.id };
}
const book = (cookie: string, body: unknown) => post(t, '/api/bookings', body, { cookie });

/** A retreat with 'Einzelzimmer' (12 persons of its own), 'Doppelzimmer' (per pair, 10 persons) and a code-only 'Co-Leitung'. */
async function retreat(options: { totalSeats?: number } = {}) {
  const event = await createEvent(t.database.db, {
    totalSeats: options.totalSeats ?? 30,
    priceCents: 12_000,
  });
  const db = t.database.db;
  const [first] = await db.select().from(ticketCategories).where(eq(ticketCategories.eventId, event.id));
  const [single] = await db
    .update(ticketCategories)
    .set({ name: 'Einzelzimmer', priceCents: 12_000, capacity: 2 })
    .where(eq(ticketCategories.id, first!.id))
    .returning();
  const [double, lead] = await db
    .insert(ticketCategories)
    .values([
      {
        eventId: event.id,
        name: 'Doppelzimmer',
        priceCents: 19_000,
        priceUnit: 'per_pair',
        capacity: 10,
        position: 1,
      },
      { eventId: event.id, name: 'Co-Leitung', priceCents: 0, requiresCode: true, position: 2 },
    ])
    .returning();
  return { event, single: single!, double: double!, lead: lead! };
}

async function code(values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  const [row] = await t.database.db
    .insert(discountCodes)
    .values({ kind: 'percent', value: 10, ...values })
    .returning();
  return row!;
}

describe('an order of several categories', () => {
  it('prices each line by its category, takes the seats of both and issues tickets per line', async () => {
    const { cookie } = await buyer();
    const { event, single, double } = await retreat();
    const res = await book(cookie, {
      eventId: event.id,
      holderName: 'Anna',
      items: [
        { categoryId: single.id, quantity: 1 },
        { categoryId: double.id, quantity: 2 },
      ],
      billingAddress: { name: 'Anna', street: 'Weg 1', postalCode: '20095', city: 'Hamburg' },
    });
    expect(res.status).toBe(201);
    const view = (await res.json()) as BookingView;
    expect(view.totalAmountCents).toBe(12_000 + 2 * 19_000);
    expect(view.quantity).toBe(3);
    expect(view.seats).toBe(1 + 4);
    expect(
      view.items.map((item) => [item.name, item.quantity, item.seatsPerTicket, item.unitPriceCents]),
    ).toEqual([
      ['Einzelzimmer', 1, 1, 12_000],
      ['Doppelzimmer', 2, 2, 19_000],
    ]);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.availableSeats).toBe(30 - 5);
  });

  it('refuses a line beyond its category’s own seats, while the event still has seats, and takes nothing', async () => {
    const { cookie } = await buyer();
    const { event, single } = await retreat();
    const first = await book(cookie, {
      eventId: event.id,
      holderName: 'A',
      items: [{ categoryId: single.id, quantity: 2 }],
    });
    expect(first.status).toBe(201);
    const other = await buyer();
    const res = await book(other.cookie, {
      eventId: event.id,
      holderName: 'B',
      items: [{ categoryId: single.id, quantity: 1 }],
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(CATEGORY_MESSAGES.soldOut('Einzelzimmer'));
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.availableSeats).toBe(28);
  });

  it('gives a category’s seats back when the hold expires', async () => {
    const { cookie } = await buyer();
    const { event, single } = await retreat();
    const now = new Date();
    expect(
      (
        await book(cookie, {
          eventId: event.id,
          holderName: 'A',
          items: [{ categoryId: single.id, quantity: 2 }],
        })
      ).status,
    ).toBe(201);
    await expireHolds(t.database.db, new Date(now.getTime() + 16 * 60_000), TEST_MAIL);
    const other = await buyer();
    const res = await book(other.cookie, {
      eventId: event.id,
      holderName: 'B',
      items: [{ categoryId: single.id, quantity: 2 }],
    });
    expect(res.status).toBe(201);
  });

  it('refunds a payment that comes after the hold ended when its category is full by then', async () => {
    const first = await buyer();
    const { event, single } = await retreat();
    const res = await book(first.cookie, {
      eventId: event.id,
      holderName: 'A',
      items: [{ categoryId: single.id, quantity: 2 }],
    });
    const late = (await res.json()) as BookingView;
    expect((await post(t, `/api/bookings/${late.id}/payment`, {}, { cookie: first.cookie })).status).toBe(
      200,
    );
    await expireHolds(t.database.db, new Date(Date.now() + 16 * 60_000), TEST_MAIL);
    const second = await buyer();
    const taken = await book(second.cookie, {
      eventId: event.id,
      holderName: 'B',
      items: [{ categoryId: single.id, quantity: 2 }],
    });
    expect(taken.status).toBe(201);
    // the event has seats left, the category has none: the money goes back instead of overselling it
    await post(t, `/api/bookings/${late.id}/payment/test/complete`, {}, { cookie: first.cookie });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, late.id));
    expect(row!.status).not.toBe('confirmed');
    expect(await t.database.db.select().from(tickets).where(eq(tickets.bookingId, late.id))).toEqual([]);
  });

  it('refuses a code-only category without its code, a foreign category, and limits per order', async () => {
    const { cookie } = await buyer();
    const { event, lead, double } = await retreat();
    const other = await retreat();
    const hidden = await book(cookie, {
      eventId: event.id,
      holderName: 'A',
      items: [{ categoryId: lead.id, quantity: 1 }],
    });
    expect(hidden.status).toBe(422);
    expect(((await hidden.json()) as ErrorBody).error.message).toBe(
      CATEGORY_MESSAGES.needsCode('Co-Leitung'),
    );
    const foreign = await book(cookie, {
      eventId: event.id,
      holderName: 'A',
      items: [{ categoryId: other.single.id, quantity: 1 }],
    });
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as ErrorBody).error.message).toBe(CATEGORY_MESSAGES.unknownCategory);
    await t.database.db
      .update(ticketCategories)
      .set({ maxPerOrder: 1 })
      .where(eq(ticketCategories.id, double.id));
    const many = await book(cookie, {
      eventId: event.id,
      holderName: 'A',
      items: [{ categoryId: double.id, quantity: 2 }],
    });
    expect(many.status).toBe(422);
    const body = (await many.json()) as ErrorBody;
    expect(body.error.message).toBe(CATEGORY_MESSAGES.maxPerOrder('Doppelzimmer', 1));
    expect(body.error.details?.[0]?.path).toBe('items.0.quantity');
    expect(await t.database.db.select().from(bookings).where(eq(bookings.eventId, event.id))).toEqual([]);
  });

  it('sells a category only inside its sale window', async () => {
    const { cookie } = await buyer();
    const { event, double } = await retreat();
    await t.database.db
      .update(ticketCategories)
      .set({ saleStartsAt: new Date(Date.now() + DAY) })
      .where(eq(ticketCategories.id, double.id));
    const early = await book(cookie, {
      eventId: event.id,
      holderName: 'A',
      items: [{ categoryId: double.id, quantity: 1 }],
    });
    expect(((await early.json()) as ErrorBody).error.message).toBe(
      CATEGORY_MESSAGES.saleNotStarted('Doppelzimmer'),
    );
    await t.database.db
      .update(ticketCategories)
      .set({ saleStartsAt: null, saleEndsAt: new Date(Date.now() - 1000) })
      .where(eq(ticketCategories.id, double.id));
    const late = await book(cookie, {
      eventId: event.id,
      holderName: 'A',
      items: [{ categoryId: double.id, quantity: 1 }],
    });
    expect(((await late.json()) as ErrorBody).error.message).toBe(
      CATEGORY_MESSAGES.saleEnded('Doppelzimmer'),
    );
  });

  it('books with quantity alone the first visible category, as before categories', async () => {
    const { cookie } = await buyer();
    const event = await createEvent(t.database.db, { priceCents: 2_500 });
    const res = await book(cookie, { eventId: event.id, holderName: 'A', quantity: 2 });
    expect(res.status).toBe(201);
    const view = (await res.json()) as BookingView;
    expect(view.items).toEqual([
      expect.objectContaining({ name: 'Ticket', quantity: 2, unitPriceCents: 2_500, discountCents: 0 }),
    ]);
  });
});

describe('a discount code at checkout', () => {
  it('takes 10 % off the covered lines, spreads it to the tickets and counts one use', async () => {
    const { cookie } = await buyer();
    const { event, single, double } = await retreat();
    const row = await code({ code: `FREUNDE${Date.now() % 100000}`, maxUses: 20, categoryIds: [double.id] });
    const res = await book(cookie, {
      eventId: event.id,
      holderName: 'Anna',
      code: row.code.toLowerCase(),
      items: [
        { categoryId: single.id, quantity: 1 },
        { categoryId: double.id, quantity: 1 },
      ],
      billingAddress: { name: 'Anna', street: 'Weg 1', postalCode: '20095', city: 'Hamburg' },
    });
    expect(res.status).toBe(201);
    const view = (await res.json()) as BookingView;
    expect(view.discountCents).toBe(1_900);
    expect(view.discountCode).toBe(row.code);
    expect(view.totalAmountCents).toBe(12_000 + 19_000 - 1_900);
    expect(view.items.map((item) => item.discountCents)).toEqual([0, 1_900]);
    const [after] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, row.id));
    expect(after!.uses).toBe(1);
  });

  it('answers the German refusals: expired, used up, another event; nothing is taken', async () => {
    const { cookie } = await buyer();
    const { event } = await retreat();
    const other = await retreat();
    const expired = await code({
      code: `ALT${Date.now() % 100000}`,
      validUntil: new Date(Date.now() - 1000),
    });
    const usedUp = await code({ code: `VOLL${Date.now() % 100000}`, maxUses: 1, uses: 1 });
    const foreign = await code({ code: `ANDERS${Date.now() % 100000}`, eventIds: [other.event.id] });
    for (const [row, message] of [
      [expired, DISCOUNT_CODE_MESSAGES.expired],
      [usedUp, DISCOUNT_CODE_MESSAGES.usedUp],
      [foreign, DISCOUNT_CODE_MESSAGES.wrongEvent],
    ] as const) {
      const res = await book(cookie, { eventId: event.id, holderName: 'A', quantity: 1, code: row.code });
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).error.message).toBe(message);
    }
    expect(await t.database.db.select().from(bookings).where(eq(bookings.eventId, event.id))).toEqual([]);
  });

  it('limits the uses per buyer', async () => {
    const { cookie } = await buyer();
    const event = await createEvent(t.database.db, { priceCents: 2_000 });
    const row = await code({ code: `EINMAL${Date.now() % 100000}`, maxPerBuyer: 1 });
    expect(
      (await book(cookie, { eventId: event.id, holderName: 'A', quantity: 1, code: row.code })).status,
    ).toBe(201);
    const again = await book(cookie, { eventId: event.id, holderName: 'A', quantity: 1, code: row.code });
    expect(again.status).toBe(422);
    expect(((await again.json()) as ErrorBody).error.message).toBe(DISCOUNT_CODE_MESSAGES.usedUpForYou);
    const [after] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, row.id));
    expect(after!.uses).toBe(1);
  });

  it('unlocks a hidden category, and a 100 % code takes the free path with tickets at 0 €', async () => {
    const { cookie } = await buyer();
    const { event, lead, single } = await retreat();
    const unlock = await code({
      code: `LEITUNG${Date.now() % 100000}`,
      kind: 'unlock',
      value: 0,
      categoryIds: [lead.id],
    });
    const unlocked = await book(cookie, {
      eventId: event.id,
      holderName: 'A',
      code: unlock.code,
      items: [{ categoryId: lead.id, quantity: 1 }],
    });
    expect(unlocked.status).toBe(201);
    expect(((await unlocked.json()) as BookingView).status).toBe('confirmed');
    const full = await code({ code: `GESCHENK${Date.now() % 100000}`, value: 100 });
    const other = await buyer();
    const res = await book(other.cookie, {
      eventId: event.id,
      holderName: 'B',
      code: full.code,
      items: [{ categoryId: single.id, quantity: 1 }],
    });
    expect(res.status).toBe(201);
    const view = (await res.json()) as BookingView;
    expect([view.status, view.paymentStatus, view.totalAmountCents, view.tickets.length]).toEqual([
      'confirmed',
      'not_required',
      0,
      1,
    ]);
    const issued = await t.database.db.select().from(tickets).where(eq(tickets.bookingId, view.id));
    expect(issued.map((ticket) => [ticket.categoryName, ticket.priceCents])).toEqual([['Einzelzimmer', 0]]);
  });
});

describe('answers to the event’s questions', () => {
  it('refuses a missing required answer at its field and stores given ones with their labels', async () => {
    const { cookie } = await buyer();
    const { event, double } = await retreat();
    const [diet, wish] = await t.database.db
      .insert(eventQuestions)
      .values([
        {
          eventId: event.id,
          label: 'Ernährung',
          kind: 'choice',
          options: ['vegetarisch', 'vegan', 'alles'],
          required: true,
          perTicket: true,
        },
        { eventId: event.id, label: 'Zimmerwunsch', kind: 'textarea', position: 1 },
      ])
      .returning();
    const order = { eventId: event.id, holderName: 'A', items: [{ categoryId: double.id, quantity: 1 }] };
    const missing = await book(cookie, {
      ...order,
      answers: [{ questionId: diet!.id, ticket: 1, person: 1, value: 'vegan' }],
    });
    expect(missing.status).toBe(422);
    const body = (await missing.json()) as ErrorBody;
    expect(body.error.message).toBe(QUESTION_MESSAGES.required('Ernährung'));
    expect(body.error.details?.map((detail) => detail.path)).toEqual([`q:${diet!.id}:1:2`]);
    const res = await book(cookie, {
      ...order,
      answers: [
        { questionId: diet!.id, ticket: 1, person: 1, value: 'vegan' },
        { questionId: diet!.id, ticket: 1, person: 2, value: 'alles' },
        { questionId: wish!.id, value: '<script>alert(1)</script> am Fenster' },
      ],
    });
    expect(res.status).toBe(201);
    const view = (await res.json()) as BookingView;
    const [stored] = await t.database.db.select().from(bookings).where(eq(bookings.id, view.id));
    expect(stored!.answers).toEqual([
      { questionId: diet!.id, label: 'Ernährung', ticket: 1, person: 1, value: 'vegan' },
      { questionId: diet!.id, label: 'Ernährung', ticket: 1, person: 2, value: 'alles' },
      {
        questionId: wish!.id,
        label: 'Zimmerwunsch',
        ticket: null,
        person: null,
        value: '<script>alert(1)</script> am Fenster',
      },
    ]);
    const lines = await t.database.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, view.id))
      .orderBy(asc(bookingItems.position));
    expect(lines.map((line) => line.name)).toEqual(['Doppelzimmer']);
  });

  it('stores answers on the one-statement hold too (no code, no limited category)', async () => {
    const { cookie } = await buyer();
    const event = await createEvent(t.database.db, { priceCents: 1_000 });
    const [allergies] = await t.database.db
      .insert(eventQuestions)
      .values({ eventId: event.id, label: 'Allergien', kind: 'text', perTicket: true })
      .returning();
    const res = await book(cookie, {
      eventId: event.id,
      holderName: 'A',
      quantity: 2,
      answers: [{ questionId: allergies!.id, ticket: 2, person: 1, value: ' Nüsse ' }],
    });
    expect(res.status).toBe(201);
    const view = (await res.json()) as BookingView;
    expect(view.status).toBe('pending');
    const [stored] = await t.database.db.select().from(bookings).where(eq(bookings.id, view.id));
    expect(stored!.answers).toEqual([
      { questionId: allergies!.id, label: 'Allergien', ticket: 2, person: 1, value: 'Nüsse' },
    ]);
    const lines = await t.database.db.select().from(bookingItems).where(eq(bookingItems.bookingId, view.id));
    expect(lines.map((line) => [line.name, line.quantity, line.unitPriceCents])).toEqual([
      ['Ticket', 2, 1_000],
    ]);
  });

  it('refuses a choice that is not offered', async () => {
    const { cookie } = await buyer();
    const event = await createEvent(t.database.db, { priceCents: 1_000 });
    const [diet] = await t.database.db
      .insert(eventQuestions)
      .values({
        eventId: event.id,
        label: 'Ernährung',
        kind: 'choice',
        options: ['vegan', 'alles'],
        required: true,
      })
      .returning();
    const res = await book(cookie, {
      eventId: event.id,
      holderName: 'A',
      quantity: 1,
      answers: [{ questionId: diet!.id, value: 'Fleisch' }],
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      QUESTION_MESSAGES.invalidChoice('Ernährung'),
    );
  });
});
