import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARTICIPANT_CSV_COLUMNS,
  participantsCsvFileName,
  type OrganizerEvent,
  type ParticipantList,
} from '@shared/participants';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import { eventOrganizers, refunds } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { DAY, signedInUser, type ErrorBody } from '../helpers/tickets';

// The participant list, its CSV and the organizer area (docs/product/organizer-day.md#participants,
// docs/product/organizer-day.md#organizer-area): admins see every event, organizers only their assigned ones.

type Person = { cookie: string; id: string };
let t: TestApp;
let admin: Person;
let organizerA: Person;
let organizerB: Person;
let attendee: Person;
let event: Event;
let otherEvent: Event;
let pastEvent: Event;
let ticketIds: { hanna: string[]; greta: string; cancelled: string };

const db = () => t.database.db;
const as = (cookie?: string): Record<string, string> => (cookie ? { cookie } : {});
const get = (path: string, cookie?: string) => t.app.request(path, { headers: as(cookie) });

async function listOf(eventId: string, cookie = organizerA.cookie): Promise<ParticipantList> {
  const res = await get(`/api/participants/${eventId}`, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ParticipantList;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  organizerA = await signedInUser(t, 'organizer');
  organizerB = await signedInUser(t, 'organizer');
  attendee = await signedInUser(t, 'attendee');
  event = await createEvent(db(), { title: 'Atemwerkstatt', priceCents: 4900, totalSeats: 20 });
  otherEvent = await createEvent(db(), {
    title: 'Stimmwerkstatt',
    startTime: new Date(Date.now() + 10 * DAY),
  });
  pastEvent = await createEvent(db(), {
    title: 'Vergangener Workshop',
    startTime: new Date(Date.now() - 10 * DAY),
    endTime: new Date(Date.now() - 10 * DAY + 3_600_000),
  });
  await db()
    .insert(eventOrganizers)
    .values([
      { eventId: event.id, userId: organizerA.id },
      { eventId: pastEvent.id, userId: organizerA.id },
      { eventId: otherEvent.id, userId: organizerB.id },
    ]);

  const greta = await createUser(db(), { name: 'Greta Gans', profile: { phone: '+49 40 555' } });
  const otto = await createUser(db(), { name: 'Otto Ohne' });
  const pending = await createUser(db());
  const pair = await createBooking(db(), {
    event,
    profileId: greta.user.id,
    quantity: 2,
    booking: { holderName: 'Hanna Holder' },
  });
  const single = await createBooking(db(), { event, profileId: otto.user.id, quantity: 1 });
  const toCancel = await createBooking(db(), {
    event,
    profileId: greta.user.id,
    booking: { holderName: 'Carla Cancel' },
  });
  await createBooking(db(), { event, profileId: pending.user.id, status: 'pending' });
  ticketIds = {
    hanna: pair.tickets.map((ticket) => ticket.id),
    greta: single.tickets[0]!.id,
    cancelled: toCancel.tickets[0]!.id,
  };
  // 30 days ahead: the default tiers refund all of it
  const cancelled = await post(t, `/api/admin/tickets/${ticketIds.cancelled}/cancel`, {}, as(admin.cookie));
  expect(cancelled.status, await cancelled.clone().text()).toBe(200);
  const checkedIn = await post(
    t,
    `/api/checkin/${event.id}`,
    { ticketId: ticketIds.hanna[0] },
    as(organizerA.cookie),
  );
  expect(checkedIn.status, await checkedIn.clone().text()).toBe(200);
});
afterAll(() => t.close());

describe('participant list', () => {
  it('has one row per ticket with name, buyer, contact, order number, code, price, state and booking time', async () => {
    const list = await listOf(event.id);
    expect(list.event).toMatchObject({
      id: event.id,
      title: 'Atemwerkstatt',
      slug: event.slug,
      location: 'Hamburg',
    });
    expect(list.participants).toHaveLength(4);
    const hanna = list.participants.filter((row) => row.holderName === 'Hanna Holder');
    expect(hanna).toHaveLength(2);
    const checked = hanna.find((row) => row.ticketId === ticketIds.hanna[0])!;
    expect(checked).toMatchObject({
      buyerName: 'Greta Gans',
      phone: '+49 40 555',
      priceCents: 4900,
      seats: 1,
      state: 'checked-in',
      checkedInAt: expect.any(String),
      checkedInBy: expect.any(String),
    });
    expect(checked.code).toBe(checked.ticketNumber.slice(-4));
    expect(checked.email).toMatch(/@example\.com$/);
    expect(checked.orderNumber).toMatch(/^WR-/);
    expect(hanna.find((row) => row.ticketId === ticketIds.hanna[1])).toMatchObject({
      state: 'active',
      checkedInAt: null,
      checkedInBy: null,
    });
    // without a holder name the buyer's name is on the ticket
    expect(list.participants.find((row) => row.ticketId === ticketIds.greta)).toMatchObject({
      holderName: 'Otto Ohne',
      buyerName: 'Otto Ohne',
      state: 'active',
    });
    expect(list.participants.find((row) => row.ticketId === ticketIds.cancelled)).toMatchObject({
      holderName: 'Carla Cancel',
      state: 'cancelled',
    });
  });

  it('counts seats, check-ins, cancellations and open payments, and sums the sales', async () => {
    const list = await listOf(event.id, admin.cookie);
    expect(list.counts).toEqual({
      soldSeats: 3,
      totalSeats: 20,
      checkedIn: 1,
      active: 2,
      cancelled: 1,
      openPayments: 1,
    });
    const refunded = await db().select().from(refunds).where(eq(refunds.ticketId, ticketIds.cancelled));
    expect(refunded.map((refund) => refund.amountCents)).toEqual([4900]);
    expect(list.sales).toEqual({
      currency: 'EUR',
      grossCents: 4 * 4900,
      refundedCents: 4900,
      netCents: 3 * 4900,
    });
  });

  it('exports the rows as CSV with German headers, semicolons and a BOM', async () => {
    const res = await get(`/api/participants/${event.id}/csv`, organizerA.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${participantsCsvFileName(event.slug)}"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe(PARTICIPANT_CSV_COLUMNS.join(';'));
    expect(lines).toHaveLength(5);
    const hanna = lines.find((line) => line.startsWith('Hanna Holder;') && line.includes('eingecheckt'))!;
    const cells = hanna.split(';');
    expect(cells.slice(1, 3)).toEqual(['Greta Gans', expect.stringMatching(/@example\.com$/)]);
    // csvCell quotes the decimal comma; spreadsheets read it as the number 49,00
    expect(cells[6]).toBe('"49,00"');
    expect(cells[9]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(lines.some((line) => line.startsWith('Carla Cancel;') && line.includes(';storniert;'))).toBe(true);
  });
});

describe('organizer area', () => {
  it("lists an organizer's assigned events only, upcoming first, with counts", async () => {
    const res = await get('/api/organizer/events', organizerA.cookie);
    expect(res.status).toBe(200);
    const events = (await res.json()) as OrganizerEvent[];
    expect(events.map((row) => row.id)).toEqual([event.id, pastEvent.id]);
    expect(events[0]!.counts).toMatchObject({ soldSeats: 3, checkedIn: 1, cancelled: 1 });
  });

  it('lists every event for admins', async () => {
    const res = await get('/api/organizer/events', admin.cookie);
    const ids = ((await res.json()) as OrganizerEvent[]).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([event.id, otherEvent.id, pastEvent.id]));
    // upcoming before past
    expect(ids.indexOf(otherEvent.id)).toBeLessThan(ids.indexOf(pastEvent.id));
    expect(ids.indexOf(event.id)).toBeLessThan(ids.indexOf(pastEvent.id));
  });

  it("refuses organizer B, attendees and guests on A's event at every endpoint; admins may all", async () => {
    const calls = (cookie?: string) => [
      get(`/api/participants/${event.id}`, cookie),
      get(`/api/participants/${event.id}/csv`, cookie),
      post(t, `/api/checkin/${event.id}`, { ticketId: ticketIds.hanna[1] }, as(cookie)),
      t.app.request(`/api/checkin/${event.id}/${ticketIds.hanna[0]}`, {
        method: 'DELETE',
        headers: as(cookie),
      }),
    ];
    for (const [cookie, status] of [
      [organizerB.cookie, 403],
      [attendee.cookie, 403],
      [undefined, 401],
    ] as const) {
      for (const res of await Promise.all(calls(cookie))) {
        expect(res.status, `${res.url} ${status}`).toBe(status);
        const body = (await res.json()) as ErrorBody;
        expect(body.error.message).toMatch(
          status === 403 ? 'Dafür fehlen dir die Rechte.' : 'Bitte melde dich an.',
        );
      }
    }
    expect((await get('/api/organizer/events', attendee.cookie)).status).toBe(403);
    expect((await get('/api/organizer/events')).status).toBe(401);
    // nothing changed by the refused calls
    const list = await listOf(event.id);
    expect(list.counts.checkedIn).toBe(1);
    expect(list.participants.find((row) => row.ticketId === ticketIds.hanna[1])!.state).toBe('active');

    expect((await get(`/api/participants/${otherEvent.id}`, admin.cookie)).status).toBe(200);
    expect((await get(`/api/participants/${otherEvent.id}/csv`, admin.cookie)).status).toBe(200);
    expect((await get(`/api/participants/${otherEvent.id}`, organizerB.cookie)).status).toBe(200);
  });

  it("answers 404 'Event nicht gefunden' for an unknown event", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-event']) {
      const res = await get(`/api/participants/${id}`, admin.cookie);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toBe('Event nicht gefunden');
    }
  });
});
