import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { DELETED_PERSON_NAME, PRIVACY_MESSAGES, type AccountDeletionPreview } from '@shared/privacy';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import {
  bookings,
  eventOrganizers,
  invoices,
  mailOutbox,
  tickets,
  user,
  waitlistEntries,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, signIn } from '../helpers/auth';
import { availableSeats, DAY, signedInUser, ticketsOfBooking, type ErrorBody } from '../helpers/tickets';

// 'Konto löschen' and 'Benutzer löschen' (docs/product/accounts-and-consent.md#account-deletion, decision 041).

let t: TestApp;
const scratch = mkdtempSync(path.join(tmpdir(), 'account-deletion-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

const db = () => t.database.db;
const as = (cookie: string) => ({ cookie });
const get = (pathname: string, cookie: string) => t.app.request(pathname, { headers: as(cookie) });
const remove = (pathname: string, cookie: string, body?: unknown) =>
  t.app.request(pathname, {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json', ...as(cookie) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A person with a name, e-mail and phone found nowhere else, signed in. */
async function person(name: string, phone: string, role: 'attendee' | 'admin' = 'attendee') {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`;
  const created = await createUser(db(), { name, email, role, profile: { phone } });
  const { cookie } = await signIn(t, email);
  return { id: created.user.id, email, name, phone, cookie };
}

/** Every row of every table of the database as text, but `except`'s. */
async function everyRow(except: string[]): Promise<string> {
  const tables = await db().execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const texts: string[] = [];
  for (const { table_name: table } of tables.rows) {
    if (except.includes(table) || table.startsWith('__drizzle')) continue;
    const rows = await db().execute(sql`select * from ${sql.identifier(table)}`);
    texts.push(`${table}: ${JSON.stringify(rows.rows)}`);
  }
  return texts.join('\n').toLowerCase();
}

async function paidBooking(cookie: string, eventId: string, quantity: number) {
  const res = await post(
    t,
    '/api/bookings',
    { eventId, quantity, holderName: 'Zora Quellenhof' },
    as(cookie),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const booking = (await res.json()) as BookingView;
  expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(cookie))).status).toBe(200);
  expect((await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(cookie))).status).toBe(
    200,
  );
  return booking;
}

function pdfToText(pdf: ArrayBuffer): string {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(pdf));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

describe('the last admin', () => {
  it('cannot delete their own account; the preview says so', async () => {
    const only = await person('Ada Einzig', '+49 30 5550100', 'admin');
    const preview = (await (
      await get('/api/profile/deletion', only.cookie)
    ).json()) as AccountDeletionPreview;
    expect(preview.lastAdmin).toBe(true);
    const refused = await remove('/api/profile', only.cookie, { confirm: 'LÖSCHEN' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(PRIVACY_MESSAGES.lastAdmin);
    expect(await db().select().from(user).where(eq(user.id, only.id))).toHaveLength(1);
  });
});

describe("'Konto löschen' (docs/product/accounts-and-consent.md#account-deletion)", () => {
  // docs/product/tickets-and-refunds.md#free-ticket-cancel
  it('marks a free ticket as free in the preview, a paid one without refund as not free', async () => {
    const kim = await person('Kim Kostenlos', '+49 30 5550177');
    const free = await createEvent(db(), {
      title: 'Offener Abend',
      priceCents: 0,
      startTime: new Date(Date.now() + 30 * DAY),
    });
    await createBooking(db(), { event: free, profileId: kim.id });
    const preview = (await (await get('/api/profile/deletion', kim.cookie)).json()) as AccountDeletionPreview;
    expect(preview.tickets.map((ticket) => [ticket.eventTitle, ticket.refundCents, ticket.free])).toEqual([
      ['Offener Abend', 0, true],
    ]);
  });

  it('cancels future tickets under their policy, then leaves no name, e-mail or phone outside the kept invoices', async () => {
    const admin = await signedInUser(t, 'admin');
    const zora = await person('Zora Quellenhof', '+49 171 5550123');
    const bea = await person('Bea Käuferin', '+49 171 5550999');

    // a paid booking of 2 tickets far ahead (full refund under the default tiers) with its invoice
    const retreat = await createEvent(db(), {
      title: 'Stille Tage',
      priceCents: 12000,
      startTime: new Date(Date.now() + 40 * DAY),
    });
    const booking = await paidBooking(zora.cookie, retreat.id, 2);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, booking.id));
    expect(invoice).toBeDefined();
    // a past event's paid ticket stays as it is
    const past = await createEvent(db(), {
      title: 'Vergangenes',
      startTime: new Date(Date.now() - 10 * DAY),
    });
    await createBooking(db(), { event: past, profileId: zora.id, booking: { holderName: zora.name } });
    // a hold still waiting for its payment
    const held = await createEvent(db(), { title: 'Gehalten', totalSeats: 5 });
    await createBooking(db(), { event: held, profileId: zora.id, status: 'pending', quantity: 2 });
    expect(await availableSeats(t, held.id)).toBe(3);
    // a place on a waiting list
    const full = await createEvent(db(), { title: 'Ausgebucht', totalSeats: 1, availableSeats: 0 });
    expect((await post(t, '/api/waitlist', { eventId: full.id }, as(zora.cookie))).status).toBe(201);
    // a ticket Bea passed on to Zora
    const beas = await createEvent(db(), { title: 'Beas Workshop' });
    const given = await createBooking(db(), {
      event: beas,
      profileId: bea.id,
      booking: { holderName: bea.name },
    });
    const transferred = await post(
      t,
      `/api/tickets/${given.tickets[0]!.id}/transfer`,
      { name: zora.name, email: zora.email },
      as(bea.cookie),
    );
    expect(transferred.status).toBe(200);
    // a newsletter sign-up
    expect(
      (await post(t, '/api/newsletter/subscribe', { email: zora.email, source: 'footer' })).status,
    ).toBeLessThan(300);

    const preview = (await (
      await get('/api/profile/deletion', zora.cookie)
    ).json()) as AccountDeletionPreview;
    expect(preview).toMatchObject({
      totalRefundCents: 24000,
      waitlistEntries: 1,
      // the retreat's and the past event's
      keptInvoices: 2,
      lastAdmin: false,
    });
    expect(preview.tickets.map((ticket) => [ticket.eventTitle, ticket.refundCents, ticket.free])).toEqual([
      ['Stille Tage', 12000, false],
      ['Stille Tage', 12000, false],
    ]);

    // without the typed word nothing happens
    const unconfirmed = await remove('/api/profile', zora.cookie, { confirm: 'löschen' });
    expect(unconfirmed.status).toBe(422);
    expect(((await unconfirmed.json()) as ErrorBody).error.message).toBe(PRIVACY_MESSAGES.confirmWord);
    expect(await db().select().from(user).where(eq(user.id, zora.id))).toHaveLength(1);

    const res = await remove('/api/profile', zora.cookie, { confirm: 'LÖSCHEN' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ cancelledTickets: 2, refundCents: 24000, currency: 'EUR' });
    // the session is gone with the account
    const session = (await (await get('/api/session', zora.cookie)).json()) as { user: unknown };
    expect(session.user ?? null).toBeNull();
    // the mails still waiting (the cancellations) are sent, then deleted
    while ((await t.services.outbox.drainOnce()) > 0);

    // the books keep the bookings and tickets, without the person
    const kept = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept[0]).toMatchObject({ profileId: null, holderName: DELETED_PERSON_NAME, status: 'cancelled' });
    expect((await ticketsOfBooking(t, booking.id)).map((ticket) => ticket.status)).toEqual([
      'canceled',
      'canceled',
    ]);
    const cancellations = await db().select().from(invoices).where(eq(invoices.bookingId, booking.id));
    expect(cancellations.filter((row) => row.kind === 'cancellation')).toHaveLength(2);
    // the held seats and the waiting-list entry are given back
    expect(await availableSeats(t, held.id)).toBe(5);
    expect(
      await db().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, full.id)),
    ).toHaveLength(0);
    // Bea's ticket is Bea's again
    const [back] = await db().select().from(tickets).where(eq(tickets.id, given.tickets[0]!.id));
    expect(back).toMatchObject({ status: 'active', holderEmail: null, profileId: bea.id });

    // nothing else names Zora: not her name, her e-mail or her phone
    const everything = await everyRow(['invoices']);
    for (const trace of [zora.email, zora.name, zora.phone, 'quellenhof']) {
      expect(everything, trace).not.toContain(trace.toLowerCase());
    }
    // … while Bea is untouched
    expect(everything).toContain(bea.email);

    // the kept invoice names her as issued and stays downloadable for admins
    const pdf = await get(`/api/invoices/${invoice!.id}/pdf`, admin.cookie);
    expect(pdf.status).toBe(200);
    expect(pdfToText(await pdf.arrayBuffer())).toContain('Zora Quellenhof');
  });
});

// docs/product/accounts-and-consent.md#deletion-serialised, decision 045
describe('mails still waiting for someone else', () => {
  it("keep their news without the person: the organizer's 'Neue Buchung' and 'Stornierung'", async () => {
    const organizer = await signedInUser(t, 'organizer');
    const ida = await person('Ida Wendelstein', '+49 171 5550777');
    const free = await createEvent(db(), { title: 'Offener Abend', priceCents: 0 });
    await db().insert(eventOrganizers).values({ eventId: free.id, userId: organizer.id });
    const booked = await post(
      t,
      '/api/bookings',
      // booked under a name other than the profile's
      { eventId: free.id, quantity: 1, holderName: 'I. W. Buchname' },
      as(ida.cookie),
    );
    expect(booked.status, await booked.clone().text()).toBe(201);
    const waiting = async () =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.to, organizer.email))).filter((mail) =>
        mail.subject.endsWith('Offener Abend'),
      );
    expect((await waiting()).map((mail) => mail.subject)).toEqual(['Neue Buchung: Offener Abend']);
    expect((await waiting())[0]!.text).toContain('I. W. Buchname');

    expect((await remove('/api/profile', ida.cookie, { confirm: 'LÖSCHEN' })).status).toBe(200);
    const notices = await waiting();
    expect(notices.map((mail) => mail.subject).sort()).toEqual([
      'Neue Buchung: Offener Abend',
      'Stornierung: Offener Abend',
    ]);
    for (const mail of notices) {
      expect(mail.status).toBe('pending');
      const text = `${mail.subject} ${mail.text} ${mail.html}`.toLowerCase();
      for (const trace of [ida.email, ida.name, 'I. W. Buchname', 'wendelstein', 'buchname']) {
        expect(text, `${mail.subject}: ${trace}`).not.toContain(trace.toLowerCase());
      }
      expect(mail.text).toContain(`${DELETED_PERSON_NAME} (–)`);
    }
    // sent, they still say nothing of her
    while ((await t.services.outbox.drainOnce()) > 0);
    expect(await everyRow(['invoices'])).not.toContain('wendelstein');
  });
});

describe("the admin's 'Benutzer löschen'", () => {
  it('takes the same path: the preview, the policy refund, the erasure', async () => {
    const admin = await signedInUser(t, 'admin');
    const karl = await person('Karl Nachtigall', '+49 171 5550456');
    const soon = await createEvent(db(), {
      title: 'Bald',
      priceCents: 5000,
      startTime: new Date(Date.now() + 40 * DAY),
    });
    await paidBooking(karl.cookie, soon.id, 1);

    const preview = (await (
      await get(`/api/admin/users/${karl.id}/deletion`, admin.cookie)
    ).json()) as AccountDeletionPreview;
    expect(preview.tickets).toHaveLength(1);
    expect(preview.keptInvoices).toBe(1);
    expect((await get(`/api/admin/users/${karl.id}/deletion`, karl.cookie)).status).toBe(403);

    const res = await remove(`/api/admin/users?id=${karl.id}`, admin.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      cancelledTickets: 1,
      refundCents: preview.totalRefundCents,
    });
    while ((await t.services.outbox.drainOnce()) > 0);
    const everything = await everyRow(['invoices']);
    expect(everything).not.toContain(karl.email);
    expect(everything).not.toContain('nachtigall');
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, karl.email));
    expect(mails).toHaveLength(0);
  });
});
