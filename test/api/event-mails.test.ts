import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailPreview, MailRule, MailRuleList, MailRuleLog } from '@shared/mail-rules';
import { runMailRules } from '@server/core/event-mails/run-mail-rules';
import { cancelTicket } from '@server/core/tickets/cancel-ticket';
import { createBooking, createEvent } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import type { events } from '@server/db/schema';
import { mailOutbox, mailRules, mailRuleSends, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { TEST_MAIL } from '../helpers/mail-context';
import { DAY, HOUR, MINUTE, signedInUser, type ErrorBody } from '../helpers/tickets';

// Scheduled mails to an event's participants (docs/product/event-mails.md#mail-rules), at their boundaries with
// an injected clock, once per ticket and rule (docs/product/event-mails.md#exactly-once).

type Person = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let admin: Person;
let buyer: Person;
const db = () => t.database.db;
const as = (person: Person): Record<string, string> => ({ cookie: person.cookie });

let counter = 0;
/** A published event starting `days` from now, with a title no other test uses. */
async function eventIn(days: number, overrides: Partial<typeof events.$inferInsert> = {}) {
  return createEvent(db(), {
    title: `Regel-Workshop ${++counter} ${Date.now()}`,
    startTime: new Date(Date.now() + days * DAY),
    ...overrides,
  });
}
/** `quantity` tickets for the buyer, booked at `at`. */
async function book(event: Event, at: Date, quantity = 1) {
  return (await createBooking(db(), { event, profileId: buyer.id, quantity, now: at })).tickets;
}
/** The rule mails about the event (the reminder's subject, or the fassung's of the override test). */
const mailsAbout = (event: Event) =>
  db()
    .select()
    .from(mailOutbox)
    .where(
      or(
        eq(mailOutbox.subject, `Bald geht’s los: ${event.title}`),
        eq(mailOutbox.subject, `Übermorgen: ${event.title}`),
      ),
    );
async function reminderRule(): Promise<MailRule> {
  const res = await t.app.request('/api/admin/mail-rules', { headers: as(admin) });
  expect(res.status).toBe(200);
  return ((await res.json()) as MailRuleList).rules.find((rule) => rule.name === 'Erinnerung 2 Tage vorher')!;
}
const put = (path: string, body: unknown) =>
  t.app.request(path, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...as(admin) },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t);
});
afterAll(() => t.close());

describe('the shipped rules (docs/product/event-mails.md#default-rules)', () => {
  it('a reminder two days before, on; a thank-you the day after, off', async () => {
    const rules = await db().select().from(mailRules);
    expect(
      rules.map((rule) => [rule.name, rule.trigger, rule.offsetMinutes, rule.enabled, rule.attachTicket]),
    ).toEqual(
      expect.arrayContaining([
        ['Erinnerung 2 Tage vorher', 'before_start', 2880, true, true],
        ['Dankeschön am Tag danach', 'after_end', 1440, false, false],
      ]),
    );
  });
});

describe('the reminder (docs/product/event-mails.md#mail-rules)', () => {
  it('is written exactly at its time, once per ticket, with the ticket attached and the placeholders filled', async () => {
    const event = await eventIn(10);
    const due = new Date(event.startTime.getTime() - 2 * DAY);
    const [first, second] = await book(event, new Date(Date.now() - HOUR), 2);
    const [cancelled] = await book(event, new Date(Date.now() - HOUR));
    await cancelTicket({
      db: db(),
      ticketId: cancelled!.id,
      actor: { id: buyer.id, role: 'attendee' },
      mail: TEST_MAIL,
    });

    await runMailRules(db(), { now: new Date(due.getTime() - 1), mail: TEST_MAIL });
    expect(await mailsAbout(event)).toEqual([]);

    await runMailRules(db(), { now: due, mail: TEST_MAIL, signature: 'Miriam & Jonas' });
    const mails = await mailsAbout(event);
    expect(mails).toHaveLength(2); // two active tickets, the cancelled one gets none
    expect(mails[0]!.subject).toBe(`Bald geht’s los: ${event.title}`);
    expect(mails[0]!.to).toBe(buyer.email);
    expect(mails[0]!.text).toContain('in zwei Tagen ist es so weit');
    expect(mails[0]!.text).toContain('Ort: Hamburg');
    expect(mails[0]!.text).toContain('Miriam & Jonas');
    expect(mails[0]!.text).not.toMatch(/\{[a-z_]+\}/);
    const codes = mails.map((mail) => mail.text.match(/Code (\w{4})/)![1]).sort();
    expect(codes).toEqual([first!.ticketNumber.slice(-4), second!.ticketNumber.slice(-4)].sort());
    expect(mails[0]!.attachments).toEqual([
      expect.objectContaining({
        contentType: 'application/pdf',
        render: expect.objectContaining({ kind: 'ticket-pdf' }),
      }),
    ]);

    // again, later, on another instance or after a restart: nothing more
    await runMailRules(db(), { now: new Date(due.getTime() + MINUTE), mail: TEST_MAIL });
    expect(await mailsAbout(event)).toHaveLength(2);
  });

  it('skips tickets booked after its time: their confirmation carried the same facts', async () => {
    const event = await eventIn(10);
    const due = new Date(event.startTime.getTime() - 2 * DAY);
    const [early] = await book(event, new Date(due.getTime() - 1));
    await book(event, new Date(due.getTime() + 1));
    await runMailRules(db(), { now: new Date(due.getTime() + 2 * HOUR), mail: TEST_MAIL });
    const sends = await db().select().from(mailRuleSends).where(eq(mailRuleSends.eventId, event.id));
    expect(sends.map((send) => send.ticketId)).toEqual([early!.id]);
  });

  it('is not caught up on more than 24 hours late, and not for rules made after their time', async () => {
    const event = await eventIn(10);
    await book(event, new Date(Date.now() - HOUR));
    const due = new Date(event.startTime.getTime() - 2 * DAY);
    await runMailRules(db(), { now: new Date(due.getTime() + 24 * HOUR + 1), mail: TEST_MAIL });
    expect(await mailsAbout(event)).toEqual([]);
  });

  it('two runners at once write each mail once', async () => {
    const event = await eventIn(10);
    await book(event, new Date(Date.now() - HOUR), 5);
    const due = new Date(event.startTime.getTime() - 2 * DAY);
    await Promise.all([
      runMailRules(db(), { now: due, mail: TEST_MAIL }),
      runMailRules(db(), { now: due, mail: TEST_MAIL }),
    ]);
    expect(await mailsAbout(event)).toHaveLength(5);
  });
});

describe('rules per event (docs/product/event-mails.md#event-override)', () => {
  it("an event's fassung replaces the global rule there: turned off, or with its own text", async () => {
    const quiet = await eventIn(12);
    const own = await eventIn(12);
    await book(quiet, new Date(Date.now() - HOUR));
    await book(own, new Date(Date.now() - HOUR));
    const global = await reminderRule();
    const fields = {
      name: global.name,
      trigger: global.trigger,
      offsetMinutes: global.offsetMinutes,
      audience: global.audience,
      attachTicket: false,
    };
    const off = await post(
      t,
      '/api/admin/mail-rules',
      { ...fields, subject: 'x', body: 'x', enabled: false, eventId: quiet.id, overridesRuleId: global.id },
      as(admin),
    );
    expect(off.status, await off.clone().text()).toBe(201);
    const again = await post(
      t,
      '/api/admin/mail-rules',
      { ...fields, subject: 'x', body: 'x', enabled: false, eventId: quiet.id, overridesRuleId: global.id },
      as(admin),
    );
    expect(again.status).toBe(409);
    const custom = await post(
      t,
      '/api/admin/mail-rules',
      {
        ...fields,
        subject: 'Übermorgen: {event}',
        body: 'Hallo {vorname}, bring warme Socken mit.',
        enabled: true,
        eventId: own.id,
        overridesRuleId: global.id,
      },
      as(admin),
    );
    expect(custom.status).toBe(201);

    const due = new Date(Math.max(quiet.startTime.getTime(), own.startTime.getTime()) - 2 * DAY);
    await runMailRules(db(), { now: due, mail: TEST_MAIL });
    expect(await mailsAbout(quiet)).toEqual([]);
    const [mail] = await mailsAbout(own);
    expect(mail?.subject).toBe(`Übermorgen: ${own.title}`);
    expect(mail?.text).toContain('bring warme Socken mit');
    expect(mail?.attachments).toEqual([]);
  });
});

describe('the thank-you (docs/product/event-mails.md#mail-rules)', () => {
  it('turned on, goes the day after the end to those checked in only', async () => {
    const rules = (
      (await (await t.app.request('/api/admin/mail-rules', { headers: as(admin) })).json()) as MailRuleList
    ).rules;
    const thanks = rules.find((rule) => rule.name === 'Dankeschön am Tag danach')!;
    const {
      id: _id,
      eventId: _e,
      overridesRuleId: _o,
      sentCount: _s,
      lastSentAt: _l,
      createdAt: _c,
      updatedAt: _u,
      ...fields
    } = thanks;
    expect((await put(`/api/admin/mail-rules/${thanks.id}`, { ...fields, enabled: true })).status).toBe(200);
    // the rule must be older than its time: an event that ended yesterday, with a rule switched on now, counts
    // from the rule's creation (the shipped rule is older than every test event)
    const event = await eventIn(3);
    const [came, stayedAway] = await book(event, new Date(Date.now() - HOUR), 2);
    await db()
      .update(tickets)
      .set({ isCheckedIn: true, checkedInAt: event.startTime })
      .where(eq(tickets.id, came!.id));
    const due = new Date(event.endTime.getTime() + DAY);
    await runMailRules(db(), { now: due, mail: TEST_MAIL });
    const sends = await db()
      .select()
      .from(mailRuleSends)
      .where(and(eq(mailRuleSends.eventId, event.id), eq(mailRuleSends.ruleId, thanks.id)));
    expect(sends.map((send) => send.ticketId)).toEqual([came!.id]);
    expect(stayedAway).toBeDefined();
    expect((await put(`/api/admin/mail-rules/${thanks.id}`, { ...fields, enabled: false })).status).toBe(200);
  });
});

describe('the admin API (docs/product/event-mails.md#mail-rules)', () => {
  const rule = {
    name: 'Packliste',
    trigger: 'before_start',
    offsetMinutes: 7 * 24 * 60,
    audience: 'active',
    subject: 'Packliste für {event}',
    body: 'Hallo {vorname},\n\ndenk an {mitbringsel}.',
    attachTicket: false,
    enabled: true,
  };

  it('refuses unknown placeholders in German and saves nothing', async () => {
    const before = await db().$count(mailRules);
    const res = await post(t, '/api/admin/mail-rules', rule, as(admin));
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toContain(
      'Den Platzhalter {mitbringsel} gibt es nicht.',
    );
    expect(await db().$count(mailRules)).toBe(before);
    expect((await post(t, '/api/admin/mail-rules', { ...rule, body: 'x' }, as(buyer))).status).toBe(403);
  });

  it('creates, previews with a real ticket, logs and deletes a rule', async () => {
    const created = await post(
      t,
      '/api/admin/mail-rules',
      { ...rule, body: 'Hallo {vorname}, dein Code: {ticket_code}.' },
      as(admin),
    );
    expect(created.status).toBe(201);
    const saved = (await created.json()) as MailRule;
    expect(saved).toMatchObject({ name: 'Packliste', sentCount: 0, eventId: null });

    const event = await eventIn(20);
    const [ticket] = await book(event, new Date(Date.now() - HOUR));
    const preview = await post(
      t,
      '/api/admin/mail-rules/preview',
      { subject: saved.subject, body: saved.body, eventId: event.id },
      as(admin),
    );
    expect(preview.status).toBe(200);
    const shown = (await preview.json()) as MailPreview;
    expect(shown.subject).toBe(`Packliste für ${event.title}`);
    expect(shown.text).toContain(`dein Code: ${ticket!.ticketNumber.slice(-4)}.`);
    expect(shown.sample).toBe(buyer.email);

    await runMailRules(db(), { now: new Date(event.startTime.getTime() - 7 * DAY), mail: TEST_MAIL });
    const log = (await (
      await t.app.request(`/api/admin/mail-rules/${saved.id}/log`, { headers: as(admin) })
    ).json()) as MailRuleLog;
    expect(log.total).toBe(1);
    expect(log.entries[0]).toMatchObject({
      eventTitle: event.title,
      to: buyer.email,
      ticketCode: ticket!.ticketNumber.slice(-4),
    });

    const deleted = await t.app.request(`/api/admin/mail-rules/${saved.id}`, {
      method: 'DELETE',
      headers: as(admin),
    });
    expect(deleted.status).toBe(200);
    expect(await db().$count(mailRules, eq(mailRules.id, saved.id))).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('500 tickets (PostgreSQL)', () => {
  it('writes 500 reminders in one round, none twice with three runners', async () => {
    const event = await eventIn(30, { totalSeats: 600 });
    const at = new Date(Date.now() - HOUR);
    await Promise.all(Array.from({ length: 25 }, () => book(event, at, 20)));
    const due = new Date(event.startTime.getTime() - 2 * DAY);
    const started = performance.now();
    const written = await Promise.all([1, 2, 3].map(() => runMailRules(db(), { now: due, mail: TEST_MAIL })));
    const ms = performance.now() - started;
    const mails = await mailsAbout(event);
    const logged = await db().$count(mailRuleSends, eq(mailRuleSends.eventId, event.id));
    console.warn(
      `event mails: ${mails.length} reminders for 500 tickets in ${ms.toFixed(0)} ms ` +
        `(3 runners wrote ${written.join(' + ')}), duplicates ${mails.length - logged}`,
    );
    expect(logged).toBe(500);
    expect(mails).toHaveLength(500);
  }, 60_000);
});
