import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent } from '@shared/admin-events';
import type { PublicEvent } from '@shared/events';
import { MAIL_RULE_MESSAGES } from '@shared/mail-rules';
import { MINIMUM_NOT_REACHED, runMinimumAttendance } from '@server/core/event-mails/minimum-attendance';
import { createBooking, createEvent } from '@server/demo/factories';
import {
  eventOrganizers,
  events,
  mailOutbox,
  profiles,
  refunds,
  tickets,
  waitlistEntries,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { TEST_MAIL } from '../helpers/mail-context';
import { DAY, HOUR, MINUTE, signedInUser, type ErrorBody } from '../helpers/tickets';

// The minimum attendance of an event (docs/product/event-mails.md#minimum-attendance): the admins' warning two
// days before the decision time, the decision itself on both sides of the threshold, 'Findet statt', and
// every step once with two runners. The clock is the injected `now`.

type Person = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let admin: Person;
let organizer: Person;
let holder: Person;
const db = () => t.database.db;
const as = (person: Person): Record<string, string> => ({ cookie: person.cookie });

/** What the job's sendRefunds received, round after round. */
const sent: string[] = [];
const run = (now: Date) =>
  runMinimumAttendance(db(), {
    now,
    mail: TEST_MAIL,
    sendRefunds: async (ids) => {
      sent.push(...ids);
    },
  });

/** The start ten days after `base`; the default decision (168 h) three days after it. */
const BASE = Date.now() + 30 * DAY;
let offset = 0;
/** A published event with a minimum, starting at its own time so tests do not meet each other's events. */
async function eventWithMinimum(
  minParticipants: number,
  overrides: Partial<typeof events.$inferInsert> = {},
) {
  offset += 20 * DAY;
  const startTime = new Date(BASE + offset);
  const event = await createEvent(db(), { totalSeats: 6, startTime, minParticipants, ...overrides });
  const decisionAt = new Date(startTime.getTime() - event.minDecisionHours * HOUR);
  return { event, decisionAt, warnAt: new Date(decisionAt.getTime() - 2 * DAY) };
}
const eventRow = async (id: string) => (await db().select().from(events).where(eq(events.id, id)))[0]!;
const mailsAbout = (title: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `%${title}%`));
const warningsAbout = async (title: string) =>
  (await mailsAbout(title)).filter((mail) => mail.subject.startsWith(`Mindestteilnehmerzahl: ${title}`));
const adminEmails = async () =>
  (await db().select({ email: profiles.email }).from(profiles).where(eq(profiles.role, 'admin'))).map(
    (row) => row.email,
  );
const at = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** One person waiting and one holding an open offer (its seat out of available_seats, as settleWaitlist does). */
async function waitlistOf(eventId: string) {
  const [waiting, offered] = [await signedInUser(t), await signedInUser(t)];
  await db().insert(waitlistEntries).values({ eventId, profileId: waiting.id, seats: 1 });
  const now = new Date();
  await db()
    .insert(waitlistEntries)
    .values({
      eventId,
      profileId: offered.id,
      seats: 1,
      status: 'offered',
      offeredAt: now,
      offerExpiresAt: new Date(now.getTime() + DAY),
    });
  await db()
    .update(events)
    .set({ availableSeats: sql`${events.availableSeats} - 1` })
    .where(eq(events.id, eventId));
  return { waiting, offered };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  organizer = await signedInUser(t, 'organizer');
  holder = await signedInUser(t);
});
// decided or not, an event of one test is never due in another
afterEach(() => db().update(events).set({ minParticipants: null }));
afterAll(() => t.close());

describe('the warning two days before the decision time', () => {
  it('goes to every admin and the organizers exactly at decision − 48 h, once', async () => {
    const { event, warnAt, decisionAt } = await eventWithMinimum(4);
    await db().insert(eventOrganizers).values({ eventId: event.id, userId: organizer.id });
    await createBooking(db(), { event, profileId: holder.id, quantity: 1 });

    expect(await run(at(warnAt, -1))).toEqual({ warned: 0, held: 0, cancelled: 0 });
    expect(await warningsAbout(event.title)).toEqual([]);

    expect(await run(warnAt)).toEqual({ warned: 1, held: 0, cancelled: 0 });
    const mails = await warningsAbout(event.title);
    const recipients = [...(await adminEmails()), organizer.email];
    expect(mails.map((mail) => mail.to).sort()).toEqual([...new Set(recipients)].sort());
    const [mail] = mails;
    expect(mail!.subject).toMatch(
      new RegExp(`^Mindestteilnehmerzahl: ${event.title} – Entscheidung am .+\\d\\d\\.\\d\\d\\.\\d{4}$`),
    );
    expect(mail!.text).toContain('1 von mindestens 4 Plätzen belegt');
    expect(mail!.text).toContain('„Findet statt“');
    expect(mail!.text).toContain(`${TEST_MAIL.publicUrl}/admin/events/${event.id}/edit`);
    expect((await eventRow(event.id)).minWarningSentAt).toEqual(warnAt);

    // later rounds write nothing again, and before the decision time nothing is decided
    expect(await run(at(decisionAt, -1))).toEqual({ warned: 0, held: 0, cancelled: 0 });
    expect(await warningsAbout(event.title)).toHaveLength(mails.length);
    expect((await eventRow(event.id)).minDecidedAt).toBeNull();
  });
});

describe('the decision (docs/product/event-mails.md#minimum-attendance)', () => {
  it('below the minimum: cancels exactly at the decision time, refunds every ticket, tells holders and the list', async () => {
    const { event, decisionAt } = await eventWithMinimum(4);
    const booked = await createBooking(db(), { event, profileId: holder.id, quantity: 2 });
    const list = await waitlistOf(event.id);
    expect(await seatInvariantViolations(db())).toEqual([]);

    expect(await run(at(decisionAt, -1))).toEqual({ warned: 1, held: 0, cancelled: 0 });
    expect((await eventRow(event.id)).status).toBe('published');

    sent.length = 0;
    expect(await run(decisionAt)).toEqual({ warned: 0, held: 0, cancelled: 1 });
    const row = await eventRow(event.id);
    expect(row).toMatchObject({ status: 'cancelled', minDecidedAt: decisionAt, minConfirmedAt: null });
    expect(row.availableSeats).toBe(row.totalSeats);
    expect(await seatInvariantViolations(db())).toEqual([]);

    // every ticket cancelled with a full refund, sent to the provider once
    const ticketRows = await db().select().from(tickets).where(eq(tickets.eventId, event.id));
    expect(ticketRows.map((ticket) => ticket.status)).toEqual(['canceled', 'canceled']);
    const refundRows = await db().select().from(refunds).where(eq(refunds.bookingId, booked.booking.id));
    expect(refundRows.map((refund) => [refund.amountCents, refund.reason, refund.createdBy])).toEqual([
      [event.priceCents, MINIMUM_NOT_REACHED, null],
      [event.priceCents, MINIMUM_NOT_REACHED, null],
    ]);
    expect(sent.sort()).toEqual(refundRows.map((refund) => refund.id).sort());

    // the holder hears of the cancellation per ticket, the two on the list once each
    const cancelled = (await mailsAbout(event.title)).filter(
      (mail) => mail.subject === `Abgesagt: ${event.title}`,
    );
    expect(cancelled.map((mail) => mail.to).sort()).toEqual(
      [holder.email, holder.email, list.waiting.email, list.offered.email].sort(),
    );
    expect(cancelled.find((mail) => mail.to === list.waiting.email)!.text).toContain(
      'findet leider nicht statt',
    );
    const entries = await db().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, event.id));
    expect(entries.map((entry) => entry.status).sort()).toEqual(['expired', 'removed']);
    expect(entries.every((entry) => entry.endedAt !== null)).toBe(true);

    // nothing happens twice
    const mailCount = (await mailsAbout(event.title)).length;
    expect(await run(at(decisionAt, DAY))).toEqual({ warned: 0, held: 0, cancelled: 0 });
    expect(await mailsAbout(event.title)).toHaveLength(mailCount);
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, booked.booking.id))).toHaveLength(2);
  });

  it('at the minimum (a pair counts two): held, nothing cancelled, shown as confirmed', async () => {
    const { event, decisionAt } = await eventWithMinimum(2, { priceUnit: 'per_pair' });
    await createBooking(db(), { event, profileId: holder.id, quantity: 1 });

    expect(await run(decisionAt)).toEqual({ warned: 0, held: 1, cancelled: 0 });
    const row = await eventRow(event.id);
    expect(row).toMatchObject({ status: 'published', minDecidedAt: decisionAt, minConfirmedAt: decisionAt });
    expect(await db().select().from(tickets).where(eq(tickets.eventId, event.id))).toMatchObject([
      { status: 'active' },
    ]);
    // the warning is not written after the decision time
    expect(await warningsAbout(event.title)).toEqual([]);
    expect(await run(at(decisionAt, DAY))).toEqual({ warned: 0, held: 0, cancelled: 0 });

    // an admin's later 'Abgesagt' without refunds is not taken for a cancellation by the rule
    await db().update(events).set({ status: 'cancelled' }).where(eq(events.id, event.id));
    await run(at(decisionAt, DAY));
    expect(await db().select().from(tickets).where(eq(tickets.eventId, event.id))).toMatchObject([
      { status: 'active' },
    ]);
  });

  it('shows the minimum on the public event and in the admin answer', async () => {
    const { event } = await eventWithMinimum(5);
    const page = await t.app.request(`/api/events/${event.slug}`);
    expect(((await page.json()) as PublicEvent).minParticipants).toBe(5);
    const res = await t.app.request(`/api/admin/events/${event.id}`, { headers: as(admin) });
    expect((await res.json()) as AdminEvent).toMatchObject({
      minParticipants: 5,
      minDecisionHours: 168,
      minConfirmedAt: null,
      minDecidedAt: null,
    });
  });
});

describe("'Findet statt' (POST /api/admin/events/:id/confirm-minimum)", () => {
  const confirm = (id: string, person: Person) =>
    post(t, `/api/admin/events/${id}/confirm-minimum`, {}, as(person));
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error.message;

  it('confirms early: no warning and no decision follow', async () => {
    const { event, warnAt, decisionAt } = await eventWithMinimum(5);
    expect((await confirm(event.id, holder)).status).toBe(403);

    const res = await confirm(event.id, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: MAIL_RULE_MESSAGES.minimumConfirmed });
    expect((await eventRow(event.id)).minConfirmedAt).not.toBeNull();
    // pressed twice: the same answer
    expect((await confirm(event.id, admin)).status).toBe(200);

    expect(await run(warnAt)).toEqual({ warned: 0, held: 0, cancelled: 0 });
    expect(await run(decisionAt)).toEqual({ warned: 0, held: 0, cancelled: 0 });
    expect(await eventRow(event.id)).toMatchObject({ status: 'published', minDecidedAt: null });
    expect(await warningsAbout(event.title)).toEqual([]);
  });

  it('answers 409 without a minimum or after the decision', async () => {
    const none = await createEvent(db());
    const without = await confirm(none.id, admin);
    expect(without.status).toBe(409);
    expect(await errorOf(without)).toBe(MAIL_RULE_MESSAGES.noMinimum);

    const { event, decisionAt } = await eventWithMinimum(1);
    await run(decisionAt);
    const decided = await confirm(event.id, admin);
    expect(decided.status).toBe(409);
    expect(await errorOf(decided)).toBe(MAIL_RULE_MESSAGES.minimumDecided);

    expect((await confirm('00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
  });
});

describe('every step once (docs/product/event-mails.md#minimum-attendance)', () => {
  it('two runners at once: one warning, one cancellation, each refund once', async () => {
    const { event, warnAt, decisionAt } = await eventWithMinimum(3);
    const booked = await createBooking(db(), { event, profileId: holder.id, quantity: 2 });

    const warned = await Promise.all([run(warnAt), run(warnAt)]);
    expect(warned.map((round) => round.warned).sort()).toEqual([0, 1]);
    const warnings = await warningsAbout(event.title);
    expect(warnings).toHaveLength(new Set(await adminEmails()).size);

    sent.length = 0;
    const decided = await Promise.all([run(decisionAt), run(decisionAt)]);
    expect(decided.map((round) => round.cancelled).sort()).toEqual([0, 1]);
    const refundRows = await db().select().from(refunds).where(eq(refunds.bookingId, booked.booking.id));
    expect(refundRows).toHaveLength(2);
    expect(sent.sort()).toEqual(refundRows.map((refund) => refund.id).sort());
    const holderMails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, holder.email), eq(mailOutbox.subject, `Abgesagt: ${event.title}`)));
    expect(holderMails).toHaveLength(2);
    expect(await seatInvariantViolations(db())).toEqual([]);
  });

  it('finishes the refunds of a runner that died after the decision, a few minutes later', async () => {
    const { event, decisionAt } = await eventWithMinimum(3);
    const booked = await createBooking(db(), { event, profileId: holder.id, quantity: 2 });
    // the decision committed, the process ended before the first refund
    await db()
      .update(events)
      .set({ status: 'cancelled', minDecidedAt: decisionAt })
      .where(eq(events.id, event.id));

    // right after it, the deciding runner may still be refunding: left alone
    await run(at(decisionAt, MINUTE));
    const active = () =>
      db()
        .select()
        .from(tickets)
        .where(and(eq(tickets.eventId, event.id), inArray(tickets.status, ['active'])));
    expect(await active()).toHaveLength(2);

    await run(at(decisionAt, 10 * MINUTE));
    expect(await active()).toEqual([]);
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, booked.booking.id))).toHaveLength(2);
    await run(at(decisionAt, 20 * MINUTE));
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, booked.booking.id))).toHaveLength(2);
    expect(await seatInvariantViolations(db())).toEqual([]);
  });
});
