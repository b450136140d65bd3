import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DISCOUNT_CODE_ADMIN_MESSAGES as M,
  type AdminDiscountCode,
  type DiscountCodeFormOptions,
} from '@shared/discount-code-schemas';
import { DISCOUNT_CODE_MESSAGES as CODE, type DiscountCodePreview } from '@shared/discount-codes';
import { createBooking } from '@server/core/bookings/create-booking';
import { expireHolds } from '@server/core/bookings/expire-holds';
import { cancelUnpaidTransfers } from '@server/core/bank-transfer/due-dates';
import { createEvent, createUser, HOLD_MINUTES } from '@server/demo/factories';
import { bookings, discountCodes, ticketCategories } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { TEST_MAIL } from '../helpers/mail-context';

// 'Gutscheincodes' in the back office and the checkout's code check (docs/product/ticket-categories.md#codes).

let t: TestApp;
const cookies = { admin: '', attendee: '' };
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'attendee'] as const) {
    const email = uniqueEmail(role);
    await createUser(t.database.db, { email, role });
    cookies[role] = (await signIn(t, email)).cookie;
  }
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const send = (method: string, url: string, cookie: string | undefined, body?: unknown, ip?: string) =>
  t.app.request(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...(ip ? { 'X-Forwarded-For': ip } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const asAdmin = (method: string, url: string, body?: unknown) => send(method, url, cookies.admin, body);

let codeCounter = 0;
const newCode = (prefix = 'TEST') => `${prefix}${Date.now().toString(36).toUpperCase()}${++codeCounter}`;

/** A valid form; any field can be overridden. */
const form = (overrides: Record<string, unknown> = {}) => ({
  code: newCode(),
  kind: 'percent',
  value: 10,
  eventIds: [],
  categoryIds: [],
  maxUses: null,
  maxPerBuyer: null,
  validFrom: null,
  validUntil: null,
  active: true,
  note: null,
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}): Promise<AdminDiscountCode> {
  const res = await asAdmin('POST', '/api/admin/discount-codes', form(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AdminDiscountCode;
}

async function listed(id: string): Promise<AdminDiscountCode | undefined> {
  const res = await asAdmin('GET', '/api/admin/discount-codes');
  expect(res.status).toBe(200);
  return ((await res.json()) as { codes: AdminDiscountCode[] }).codes.find((code) => code.id === id);
}

const codeCount = async () =>
  (await t.database.db.select({ id: discountCodes.id }).from(discountCodes)).length;
const usesOf = async (id: string) =>
  (await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.uses;

async function buyer() {
  return (await createUser(t.database.db)).user.id;
}

const bookWithCode = (userId: string, eventId: string, code: string, now = new Date()) =>
  createBooking({
    db: t.database.db,
    userId,
    input: { eventId, quantity: 1, holderName: 'Anna', code },
    now,
  });

let ipCounter = 0;
const check = (body: unknown, ip = `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`) =>
  send('POST', '/api/discount-codes/check', undefined, body, ip);

async function refusal(res: Response, status = 422) {
  expect(res.status, await res.clone().text()).toBe(status);
  return ((await res.json()) as ErrorBody).error;
}

describe('access', () => {
  it('is for admins only', async () => {
    expect((await send('GET', '/api/admin/discount-codes', undefined)).status).toBe(401);
    expect((await send('GET', '/api/admin/discount-codes', cookies.attendee)).status).toBe(403);
    const before = await codeCount();
    expect((await send('POST', '/api/admin/discount-codes', cookies.attendee, form())).status).toBe(403);
    expect((await send('GET', '/api/admin/discount-codes/export.csv', cookies.attendee)).status).toBe(403);
    expect(await codeCount()).toBe(before);
  });
});

describe('creating and editing codes', () => {
  it('stores a code upper-case without spaces, scoped to events and categories', async () => {
    const event = await createEvent(t.database.db, { title: 'Yoga am See' });
    const [category] = await t.database.db
      .select()
      .from(ticketCategories)
      .where(eq(ticketCategories.eventId, event.id));
    const suffix = ++codeCounter;
    const code = await created({
      code: ` freunde ${suffix} `,
      eventIds: [event.id],
      categoryIds: [category!.id],
      maxUses: 20,
      maxPerBuyer: 2,
      validUntil: new Date(Date.now() + 10 * DAY).toISOString(),
      note: 'Für den Freundeskreis',
    });
    expect(code).toMatchObject({
      code: `FREUNDE${suffix}`,
      kind: 'percent',
      value: 10,
      events: [{ id: event.id, title: 'Yoga am See' }],
      categories: [{ id: category!.id, name: 'Ticket', eventId: event.id, requiresCode: false }],
      maxUses: 20,
      maxPerBuyer: 2,
      uses: 0,
      revenueCents: 0,
      deletable: true,
      active: true,
      note: 'Für den Freundeskreis',
    });
    const options = (await (
      await asAdmin('GET', '/api/admin/discount-codes/options')
    ).json()) as DiscountCodeFormOptions;
    expect(options.events.find((item) => item.id === event.id)?.categories).toEqual([
      { id: category!.id, name: 'Ticket', requiresCode: false },
    ]);

    const res = await asAdmin(
      'PUT',
      `/api/admin/discount-codes/${code.id}`,
      form({ code: code.code, kind: 'fixed', value: 1500 }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      kind: 'fixed',
      value: 1500,
      events: [],
      categories: [],
      maxUses: null,
    });
  });

  it.each([
    [{ kind: 'percent', value: 0 }, 'value', M.percent],
    [{ kind: 'percent', value: 101 }, 'value', M.percent],
    [{ kind: 'fixed', value: 0 }, 'value', M.fixed],
    [{ kind: 'unlock', value: 5, categoryIds: [] }, 'value', M.unlockValue],
    [{ kind: 'unlock', value: 0, categoryIds: [] }, 'categoryIds', M.unlockNeedsCategory],
    [{ kind: 'gift' }, 'kind', M.kind],
    [{ code: 'a!' }, 'code', CODE.format],
    [{ code: 'AB' }, 'code', CODE.format],
    [{ maxUses: 0 }, 'maxUses', M.maxUses],
    [{ maxPerBuyer: 1.5 }, 'maxPerBuyer', M.maxPerBuyer],
    [{ validFrom: 'morgen' }, 'validFrom', M.date],
    [
      { validFrom: '2030-05-02T10:00:00.000Z', validUntil: '2030-05-01T10:00:00.000Z' },
      'validUntil',
      M.validity,
    ],
    [{ note: 'x'.repeat(501) }, 'note', M.note],
    [{ eventIds: ['4f7e2c1a-9b1d-4c3e-8a2b-1d2c3e4f5a6b'] }, 'eventIds', M.unknownEvent],
  ])('refuses %j with the German message and stores nothing', async (overrides, path, message) => {
    const before = await codeCount();
    const error = await refusal(await asAdmin('POST', '/api/admin/discount-codes', form(overrides)));
    expect(error.code).toBe('validation_failed');
    expect(error.details).toContainEqual({ path, message });
    expect(await codeCount()).toBe(before);
  });

  it('refuses categories outside the chosen events, and an unlock code without a hidden category', async () => {
    const [one, other] = [await createEvent(t.database.db), await createEvent(t.database.db)];
    const [otherCategory] = await t.database.db
      .select()
      .from(ticketCategories)
      .where(eq(ticketCategories.eventId, other.id));
    const before = await codeCount();
    const outside = await refusal(
      await asAdmin(
        'POST',
        '/api/admin/discount-codes',
        form({ eventIds: [one.id], categoryIds: [otherCategory!.id] }),
      ),
    );
    expect(outside.message).toBe(M.unknownCategory);
    const visibleOnly = await refusal(
      await asAdmin(
        'POST',
        '/api/admin/discount-codes',
        form({ kind: 'unlock', value: 0, categoryIds: [otherCategory!.id] }),
      ),
    );
    expect(visibleOnly.message).toBe(M.unlockNeedsHidden);
    expect(await codeCount()).toBe(before);
  });

  it('refuses a code that exists, however it is typed', async () => {
    const first = await created();
    const error = await refusal(
      await asAdmin('POST', '/api/admin/discount-codes', form({ code: first.code.toLowerCase() })),
    );
    expect(error.message).toBe(CODE.taken);
    expect(error.details).toEqual([{ path: 'code', message: CODE.taken }]);
    const second = await created();
    const renamed = await refusal(
      await asAdmin('PUT', `/api/admin/discount-codes/${second.id}`, form({ code: first.code })),
    );
    expect(renamed.message).toBe(CODE.taken);
    expect((await listed(second.id))?.code).toBe(second.code);
  });

  it('keeps max uses at or above the uses so far', async () => {
    const event = await createEvent(t.database.db);
    const code = await created({ maxUses: 5 });
    await bookWithCode(await buyer(), event.id, code.code);
    await bookWithCode(await buyer(), event.id, code.code);
    const error = await refusal(
      await asAdmin('PUT', `/api/admin/discount-codes/${code.id}`, form({ code: code.code, maxUses: 1 })),
    );
    expect(error.details).toEqual([{ path: 'maxUses', message: M.maxUsesBelowUses(2) }]);
    expect((await listed(code.id))?.maxUses).toBe(5);
    const lowered = await asAdmin(
      'PUT',
      `/api/admin/discount-codes/${code.id}`,
      form({ code: code.code, maxUses: 2 }),
    );
    expect(lowered.status).toBe(200);
    expect(await lowered.json()).toMatchObject({ maxUses: 2, uses: 2 });
  });

  it('deactivates a code, which checkout then no longer knows', async () => {
    const event = await createEvent(t.database.db);
    const code = await created();
    const res = await asAdmin('PUT', `/api/admin/discount-codes/${code.id}/active`, { active: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ active: false });
    const error = await refusal(await check({ eventId: event.id, code: code.code }));
    expect(error.message).toBe(CODE.unknown);
    await asAdmin('PUT', `/api/admin/discount-codes/${code.id}/active`, { active: true });
    expect((await check({ eventId: event.id, code: code.code })).status).toBe(200);
  });
});

describe('deleting codes', () => {
  it('deletes a code no booking used', async () => {
    const code = await created();
    expect((await asAdmin('DELETE', `/api/admin/discount-codes/${code.id}`)).status).toBe(200);
    expect(await listed(code.id)).toBeUndefined();
    expect((await asAdmin('DELETE', `/api/admin/discount-codes/${code.id}`)).status).toBe(404);
  });

  it('refuses to delete a code a booking used, even after its hold expired', async () => {
    const event = await createEvent(t.database.db);
    const code = await created();
    const now = new Date(Date.now() + 3 * 60 * MINUTE);
    await bookWithCode(await buyer(), event.id, code.code, now);
    expect((await listed(code.id))?.deletable).toBe(false);
    const error = await refusal(await asAdmin('DELETE', `/api/admin/discount-codes/${code.id}`), 409);
    expect(error.message).toBe(M.inUse);
    await expireHolds(t.database.db, new Date(now.getTime() + HOLD_MINUTES * MINUTE), TEST_MAIL);
    expect(await usesOf(code.id)).toBe(0);
    expect(
      (await refusal(await asAdmin('DELETE', `/api/admin/discount-codes/${code.id}`), 409)).message,
    ).toBe(M.inUse);
    expect(await listed(code.id)).toBeDefined();
  });
});

describe('uses and revenue', () => {
  it('counts confirmed bookings: what they paid and what the code took off', async () => {
    const event = await createEvent(t.database.db, { priceCents: 4900 });
    const code = await created({ value: 10 });
    const paid = await bookWithCode(await buyer(), event.id, code.code);
    await bookWithCode(await buyer(), event.id, code.code); // still pending: a use, no revenue
    expect(paid.totalAmountCents).toBe(4410);
    await t.database.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, paid.id));
    expect(await listed(code.id)).toMatchObject({
      uses: 2,
      confirmedBookings: 1,
      revenueCents: 4410,
      discountCents: 490,
      deletable: false,
    });
  });

  it('a code that makes the order free confirms it at once, and its use stays when holds expire', async () => {
    const event = await createEvent(t.database.db, { priceCents: 3000 });
    const code = await created({ value: 100, maxUses: 3 });
    const now = new Date(Date.now() + 4 * 60 * MINUTE);
    const free = await bookWithCode(await buyer(), event.id, code.code, now);
    expect(free).toMatchObject({ status: 'confirmed', totalAmountCents: 0 });
    await expireHolds(t.database.db, new Date(now.getTime() + HOLD_MINUTES * MINUTE), TEST_MAIL);
    expect(await listed(code.id)).toMatchObject({
      uses: 1,
      confirmedBookings: 1,
      revenueCents: 0,
      discountCents: 3000,
    });
  });
});

describe('an expired hold gives its use back', () => {
  it('frees the use of a used-up code when the hold runs out, and only then', async () => {
    const event = await createEvent(t.database.db);
    const code = await created({ maxUses: 1 });
    const now = new Date(Date.now() + 5 * 60 * MINUTE);
    // other tests' holds end before this one's: clear them first, so the counts below are this test's
    await expireHolds(t.database.db, now, TEST_MAIL);
    const held = await bookWithCode(await buyer(), event.id, code.code, now);
    expect(await usesOf(code.id)).toBe(1);
    expect((await refusal(await check({ eventId: event.id, code: code.code }))).message).toBe(CODE.usedUp);
    await expect(bookWithCode(await buyer(), event.id, code.code, now)).rejects.toMatchObject({
      message: CODE.usedUp,
    });

    // a minute before the hold's end nothing changes
    await expireHolds(t.database.db, new Date(now.getTime() + HOLD_MINUTES * MINUTE - MINUTE), TEST_MAIL);
    expect(await usesOf(code.id)).toBe(1);
    expect(await expireHolds(t.database.db, new Date(now.getTime() + HOLD_MINUTES * MINUTE), TEST_MAIL)).toBe(
      1,
    );
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, held.id));
    expect(row?.status).toBe('expired');
    expect(await usesOf(code.id)).toBe(0);
    // a second round gives nothing back twice
    await expireHolds(t.database.db, new Date(now.getTime() + HOLD_MINUTES * MINUTE), TEST_MAIL);
    expect(await usesOf(code.id)).toBe(0);
    expect((await check({ eventId: event.id, code: code.code })).status).toBe(200);
    const again = await bookWithCode(await buyer(), event.id, code.code, new Date());
    expect(again.discountCode).toBe(code.code);
    expect(await usesOf(code.id)).toBe(1);
  });
});

describe('a transfer booking cancelled unpaid gives its use back', () => {
  it('frees the use when the transfer job cancels the booking at its due date', async () => {
    const event = await createEvent(t.database.db);
    const code = await created({ maxUses: 1 });
    const held = await bookWithCode(await buyer(), event.id, code.code);
    const due = new Date(Date.now() + DAY);
    // paid by transfer: due in a day, the hold runs until then (docs/product/bank-transfer.md#expiry)
    await t.database.db
      .update(bookings)
      .set({ paymentDueAt: due, holdExpiresAt: due })
      .where(eq(bookings.id, held.id));
    expect(await usesOf(code.id)).toBe(1);
    await expireHolds(t.database.db, new Date(due.getTime() + MINUTE), TEST_MAIL); // not this job's booking
    expect(await usesOf(code.id)).toBe(1);
    await cancelUnpaidTransfers(t.database.db, due, TEST_MAIL);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, held.id));
    expect(row?.status).toBe('expired');
    expect(await usesOf(code.id)).toBe(0);
  });
});

describe('CSV export', () => {
  it('lists every code with its figures, formula-safe', async () => {
    const event = await createEvent(t.database.db, { title: '=HYPERLINK("http://evil.example")' });
    const code = await created({ eventIds: [event.id], note: '@SUM(A1:A9)', maxUses: 7 });
    const res = await asAdmin('GET', '/api/admin/discount-codes/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/csv');
    expect(res.headers.get('Content-Disposition')).toContain('gutscheincodes.csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM, so Excel reads UTF-8
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFFCode;Rabatt;Events;Ticketarten;Einlösungen;Max. Einlösungen')).toBe(true);
    const line = text.split('\r\n').find((item) => item.startsWith(`${code.code};`));
    expect(line).toBe(
      `${code.code};10 %;"'=HYPERLINK(""http://evil.example"")";alle Ticketarten;0;7;;;;ja;0;0,00;0,00;'@SUM(A1:A9)`,
    );
  });
});

describe('POST /api/discount-codes/check', () => {
  it('answers what a valid code does, with the hidden categories it unlocks and their seats', async () => {
    const event = await createEvent(t.database.db, { totalSeats: 12 });
    const [hidden] = await t.database.db
      .insert(ticketCategories)
      .values({
        eventId: event.id,
        name: 'Co-Leitung',
        priceCents: 0,
        requiresCode: true,
        capacity: 2,
        position: 1,
      })
      .returning();
    const unlock = await created({
      kind: 'unlock',
      value: 0,
      categoryIds: [hidden!.id],
      eventIds: [event.id],
    });
    const res = await check({ eventId: event.id, code: ` ${unlock.code.toLowerCase()} ` });
    expect(res.status, await res.clone().text()).toBe(200);
    const preview = (await res.json()) as DiscountCodePreview;
    expect(preview).toMatchObject({ code: unlock.code, kind: 'unlock', value: 0, categoryIds: [hidden!.id] });
    expect(preview.unlocked).toEqual([
      expect.objectContaining({ id: hidden!.id, name: 'Co-Leitung', requiresCode: true, availableSeats: 2 }),
    ]);

    const percent = await created({ value: 15 });
    const plain = (await (
      await check({ eventId: event.id, code: percent.code })
    ).json()) as DiscountCodePreview;
    expect(plain).toEqual({
      code: percent.code,
      kind: 'percent',
      value: 15,
      categoryIds: null,
      unlocked: [],
    });
  });

  it('refuses expired, used-up and other events’ codes with the German messages', async () => {
    const [event, other] = [await createEvent(t.database.db), await createEvent(t.database.db)];
    const expired = await created({
      validFrom: new Date(Date.now() - 3 * DAY).toISOString(),
      validUntil: new Date(Date.now() - DAY).toISOString(),
    });
    const usedUp = await created({ maxUses: 1 });
    await bookWithCode(await buyer(), event.id, usedUp.code);
    const elsewhere = await created({ eventIds: [other.id] });
    const notYet = await created({ validFrom: new Date(Date.now() + DAY).toISOString() });

    for (const [code, message] of [
      [expired.code, CODE.expired],
      [usedUp.code, CODE.usedUp],
      [elsewhere.code, CODE.wrongEvent],
      [notYet.code, CODE.notYetValid],
      ['GIBTSNICHT', CODE.unknown],
    ] as const) {
      const error = await refusal(await check({ eventId: event.id, code }));
      expect(error.message).toBe(message);
      expect(error.details).toEqual([{ path: 'code', message }]);
    }
    expect((await refusal(await check({ eventId: event.id, code: '!!' }))).message).toBe(CODE.format);
    // checking counts no use
    expect(await usesOf(elsewhere.id)).toBe(0);
  });

  it('limits tries per client', async () => {
    const event = await createEvent(t.database.db);
    const ip = '10.99.0.1';
    const answers: number[] = [];
    for (let i = 0; i < t.config.authClientLimit; i++) {
      answers.push((await check({ eventId: event.id, code: `RATE${i}X` }, ip)).status);
    }
    expect(answers.every((status) => status === 422)).toBe(true);
    const limited = await check({ eventId: event.id, code: 'RATELAST' }, ip);
    expect(limited.status).toBe(429);
    // another client is not affected
    expect((await check({ eventId: event.id, code: 'RATELAST' }, '10.99.0.2')).status).toBe(422);
  });
});
