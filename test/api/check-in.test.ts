import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_IN_MESSAGES,
  type CheckInOutcome,
  type Participant,
  type ParticipantList,
} from '@shared/participants';
import { ticketBarcodeContent } from '@shared/tickets';
import { createBooking, createEvent } from '@server/demo/factories';
import type { Event, Ticket } from '@server/db/types';
import { eventOrganizers, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { DAY, HOUR, MINUTE, signedInUser, ticketRow, type ErrorBody } from '../helpers/tickets';

// Check-in at the door (docs/product/organizer-day.md#check-in): outcomes, the server as the authority for
// several devices (docs/product/organizer-day.md#check-in-authority), offline devices
// (docs/product/organizer-day.md#offline-check-in) and no cancellation after check-in
// (docs/product/organizer-day.md#no-cancel-after-check-in).

type Person = { cookie: string; id: string };
let t: TestApp;
let admin: Person;
let organizer: Person;
let buyer: Person;
let event: Event;
let otherEvent: Event;
/** An event under way (began an hour ago): offline times of the last minutes lie within its day. */
let doorEvent: Event;

const db = () => t.database.db;
const as = (cookie: string): Record<string, string> => ({ cookie });

async function checkIn(body: unknown, cookie = organizer.cookie, eventId = event.id) {
  const res = await post(t, `/api/checkin/${eventId}`, body, as(cookie));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CheckInOutcome;
}
const participantOf = (outcome: CheckInOutcome): Participant => {
  if (!('participant' in outcome)) throw new Error(`no participant in ${outcome.result}`);
  return outcome.participant;
};
const undo = (ticketId: string, cookie = organizer.cookie) =>
  t.app.request(`/api/checkin/${event.id}/${ticketId}`, { method: 'DELETE', headers: as(cookie) });

/** A fresh confirmed ticket of the buyer for `target`. */
async function newTicket(target = event): Promise<Ticket> {
  const booked = await createBooking(db(), { event: target, profileId: buyer.id });
  return booked.tickets[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  organizer = await signedInUser(t, 'organizer');
  buyer = await signedInUser(t, 'attendee');
  event = await createEvent(db(), { title: 'Tür-Workshop', startTime: new Date(Date.now() + 2 * DAY) });
  otherEvent = await createEvent(db(), { title: 'Anderes Event' });
  doorEvent = await createEvent(db(), {
    title: 'Laufender Workshop',
    startTime: new Date(Date.now() - HOUR),
    endTime: new Date(Date.now() + 2 * HOUR),
  });
  await db()
    .insert(eventOrganizers)
    .values([
      { eventId: event.id, userId: organizer.id },
      { eventId: doorEvent.id, userId: organizer.id },
    ]);
});
afterAll(() => t.close());

describe('outcomes', () => {
  it("checks in by barcode, then answers 'already' with time and who", async () => {
    const ticket = await newTicket();
    const first = await checkIn({ scan: ticketBarcodeContent(ticket.id, ticket.ticketNumber) });
    expect(first.result).toBe('checked-in');
    const checked = participantOf(first);
    expect(checked).toMatchObject({
      ticketId: ticket.id,
      state: 'checked-in',
      checkedInBy: expect.any(String),
    });
    expect(checked.checkedInAt).not.toBeNull();
    const row = await ticketRow(t, ticket.id);
    expect(row).toMatchObject({ isCheckedIn: true, checkedInBy: organizer.id });

    const again = await checkIn({ scan: ticketBarcodeContent(ticket.id, ticket.ticketNumber) }, admin.cookie);
    expect(again.result).toBe('already');
    expect(participantOf(again)).toMatchObject({
      checkedInAt: checked.checkedInAt,
      checkedInBy: checked.checkedInBy,
    });
  });

  it('checks in by the 4-digit code alone and by ticket id', async () => {
    const byCode = await newTicket();
    expect((await checkIn({ scan: ` ${byCode.ticketNumber.slice(-4)} ` })).result).toBe('checked-in');
    const byId = await newTicket();
    expect(participantOf(await checkIn({ ticketId: byId.id })).ticketId).toBe(byId.id);
  });

  it("answers 'other-event' with the title, 'cancelled' and 'unknown'", async () => {
    const foreign = await newTicket(otherEvent);
    expect(await checkIn({ scan: ticketBarcodeContent(foreign.id, foreign.ticketNumber) })).toEqual({
      result: 'other-event',
      eventTitle: 'Anderes Event',
    });
    expect(await checkIn({ ticketId: foreign.id })).toEqual({
      result: 'other-event',
      eventTitle: 'Anderes Event',
    });
    expect((await ticketRow(t, foreign.id))!.checkedInAt).toBeNull();

    const cancelled = await newTicket();
    const res = await post(t, `/api/tickets/${cancelled.id}/cancel`, {}, as(buyer.cookie));
    expect(res.status, await res.clone().text()).toBe(200);
    const outcome = await checkIn({ scan: ticketBarcodeContent(cancelled.id, cancelled.ticketNumber) });
    expect(outcome.result).toBe('cancelled');
    expect(participantOf(outcome).state).toBe('cancelled');
    expect((await ticketRow(t, cancelled.id))!.checkedInAt).toBeNull();

    for (const body of [
      { scan: '0000DEADBEEF' },
      { scan: 'irgendwas' },
      { ticketId: '00000000-0000-4000-8000-000000000000' },
    ]) {
      expect(await checkIn(body)).toEqual({ result: 'unknown' });
    }
  });

  it('refuses bad input with 422 and a German message, changing nothing', async () => {
    const ticket = await newTicket();
    const future = new Date(Date.now() + 5 * MINUTE).toISOString();
    for (const [body, message] of [
      [{}, CHECK_IN_MESSAGES.missingTicket],
      [{ scan: '   ' }, CHECK_IN_MESSAGES.missingTicket],
      [{ ticketId: 'abc' }, CHECK_IN_MESSAGES.ticketId],
      [{ ticketId: ticket.id, at: 'gestern' }, CHECK_IN_MESSAGES.at],
      [{ ticketId: ticket.id, at: future }, CHECK_IN_MESSAGES.atInFuture],
      [{ ticketId: ticket.id, at: '1970-01-01T00:00:00Z' }, CHECK_IN_MESSAGES.atOutsideEvent],
      [{ ticketId: ticket.id, deviceCheckInId: 'a b' }, CHECK_IN_MESSAGES.deviceCheckInId],
      [{ ticketId: ticket.id, ticketNumber: 'WR 1' }, CHECK_IN_MESSAGES.ticketNumber],
    ] as const) {
      const res = await post(t, `/api/checkin/${event.id}`, body, as(organizer.cookie));
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).error.message).toBe(message);
    }
    expect((await ticketRow(t, ticket.id))!.checkedInAt).toBeNull();
  });
});

describe('several devices', () => {
  it("gives exactly one 'checked-in' to two devices scanning the same ticket at once", async () => {
    for (let round = 0; round < 3; round++) {
      const ticket = await newTicket();
      const scan = ticketBarcodeContent(ticket.id, ticket.ticketNumber);
      const outcomes = await Promise.all([checkIn({ scan }), checkIn({ scan }, admin.cookie)]);
      expect(outcomes.map((outcome) => outcome.result).sort()).toEqual(['already', 'checked-in']);
    }
  });

  it('takes offline check-ins with their own time and answers a repeat the same', async () => {
    const ticket = await newTicket(doorEvent);
    const tenAgo = new Date(Date.now() - 10 * MINUTE).toISOString();
    const first = await checkIn(
      { ticketId: ticket.id, at: tenAgo, deviceCheckInId: 'door-1-0001' },
      organizer.cookie,
      doorEvent.id,
    );
    expect(first.result).toBe('checked-in');
    expect(participantOf(first).checkedInAt).toBe(tenAgo);
    const repeat = await checkIn(
      { ticketId: ticket.id, at: tenAgo, deviceCheckInId: 'door-1-0001' },
      organizer.cookie,
      doorEvent.id,
    );
    expect(repeat).toEqual(first);

    // the same device id sent twice at once counts once
    const fresh = await newTicket(doorEvent);
    const body = { ticketId: fresh.id, at: tenAgo, deviceCheckInId: 'door-3-0001' };
    const both = await Promise.all([
      checkIn(body, organizer.cookie, doorEvent.id),
      checkIn(body, organizer.cookie, doorEvent.id),
    ]);
    expect(both.map((outcome) => outcome.result)).toEqual(['checked-in', 'checked-in']);
  });

  // docs/product/organizer-day.md#offline-check-in, decision 045
  it('never moves a check-in on record: a later send with an earlier time answers the duplicate', async () => {
    const ticket = await newTicket(doorEvent);
    const recorded = participantOf(await checkIn({ ticketId: ticket.id }, organizer.cookie, doorEvent.id));
    // another device was offline and claims an earlier time (within the event's day)
    const twentyAgo = new Date(Date.now() - 20 * MINUTE).toISOString();
    const second = await checkIn(
      { ticketId: ticket.id, at: twentyAgo, deviceCheckInId: 'door-2-0001' },
      admin.cookie,
      doorEvent.id,
    );
    expect(second.result).toBe('already');
    expect(participantOf(second)).toMatchObject({
      checkedInAt: recorded.checkedInAt,
      checkedInBy: recorded.checkedInBy,
    });
    // the repeat of that send answers the same duplicate
    expect(
      await checkIn(
        { ticketId: ticket.id, at: twentyAgo, deviceCheckInId: 'door-2-0001' },
        admin.cookie,
        doorEvent.id,
      ),
    ).toEqual(second);
    // a time from before the event is refused outright and changes nothing either
    const epoch = await post(
      t,
      `/api/checkin/${doorEvent.id}`,
      { ticketId: ticket.id, at: '1970-01-01T00:00:00Z', deviceCheckInId: 'door-2-0002' },
      as(admin.cookie),
    );
    expect(epoch.status).toBe(422);
    expect(((await epoch.json()) as ErrorBody).error.message).toBe(CHECK_IN_MESSAGES.atOutsideEvent);
    expect(await ticketRow(t, ticket.id)).toMatchObject({
      checkedInAt: new Date(recorded.checkedInAt!),
      checkedInBy: organizer.id,
    });
  });

  // docs/product/organizer-day.md#offline-check-in-time
  it("takes offline times from two hours before the start to the end of the event's last day only", async () => {
    // two days, in the past: from 09:00 UTC three days ago to 12:00 UTC the day before yesterday, so that even
    // "the day after the last day" (09:00 UTC yesterday) lies before now at any time of day the test runs
    const dayBefore = new Date(Date.now() - 3 * DAY);
    const start = new Date(
      Date.UTC(dayBefore.getUTCFullYear(), dayBefore.getUTCMonth(), dayBefore.getUTCDate(), 9),
    );
    const past = await createEvent(db(), {
      title: 'Zweitägiges Seminar',
      startTime: start,
      endTime: new Date(start.getTime() + DAY + 3 * HOUR),
      timezone: 'Europe/Berlin',
    });
    await db().insert(eventOrganizers).values({ eventId: past.id, userId: organizer.id });
    const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
    let device = 0;
    const send = async (time: string) => {
      const ticket = await newTicket(past);
      const res = await post(
        t,
        `/api/checkin/${past.id}`,
        { ticketId: ticket.id, at: time, deviceCheckInId: `window-${++device}` },
        as(organizer.cookie),
      );
      const row = await ticketRow(t, ticket.id);
      return { status: res.status, body: (await res.json()) as CheckInOutcome | ErrorBody, row: row! };
    };
    // within: 1 h 59 before the start, the first day, the last day until 20:00 UTC (before midnight in Berlin)
    for (const time of [at(-119 * MINUTE), at(2 * HOUR), at(DAY + 11 * HOUR)]) {
      const { status, row } = await send(time);
      expect(status, time).toBe(200);
      expect(row.checkedInAt?.toISOString(), time).toBe(time);
    }
    // outside: 2 h 01 before the start, the day after the last day (01:00 Berlin at the latest), 1970
    for (const time of [at(-121 * MINUTE), at(2 * DAY), '1970-01-01T00:00:00.000Z']) {
      const { status, body, row } = await send(time);
      expect(status, time).toBe(422);
      expect((body as ErrorBody).error.message).toBe(CHECK_IN_MESSAGES.atOutsideEvent);
      expect(row.checkedInAt, time).toBeNull();
    }
  });

  it('a time up to a minute ahead of the server counts as now', async () => {
    const ticket = await newTicket(doorEvent);
    const ahead = new Date(Date.now() + 30_000).toISOString();
    const outcome = await checkIn(
      { ticketId: ticket.id, at: ahead, deviceCheckInId: 'door-4-0001' },
      organizer.cookie,
      doorEvent.id,
    );
    expect(outcome.result).toBe('checked-in');
    expect(new Date(participantOf(outcome).checkedInAt!).getTime()).toBeLessThanOrEqual(Date.now());
  });

  // docs/product/organizer-day.md#check-in-current-number
  it('a queued check-in of a ticket transferred since does not check it in', async () => {
    const soon = await createEvent(db(), {
      title: 'Gleich geht es los',
      startTime: new Date(Date.now() + HOUR),
      endTime: new Date(Date.now() + 4 * HOUR),
    });
    await db().insert(eventOrganizers).values({ eventId: soon.id, userId: organizer.id });
    const ticket = await newTicket(soon);
    // the offline door checked the old ticket in; the buyer transfers it before the door is online again
    const queued = {
      ticketId: ticket.id,
      ticketNumber: ticket.ticketNumber,
      at: new Date(Date.now() - MINUTE).toISOString(),
      deviceCheckInId: 'door-5-0001',
    };
    const transferred = await post(
      t,
      `/api/tickets/${ticket.id}/transfer`,
      { name: 'Theo Ersatz', email: 'theo.ersatz@example.org' },
      as(buyer.cookie),
    );
    expect(transferred.status, await transferred.clone().text()).toBe(200);
    expect(await checkIn(queued, organizer.cookie, soon.id)).toEqual({ result: 'unknown' });
    expect(await checkIn(queued, organizer.cookie, soon.id)).toEqual({ result: 'unknown' });
    // also without its time (the device's fallback after a refused time)
    const untimed = {
      ticketId: ticket.id,
      ticketNumber: ticket.ticketNumber,
      deviceCheckInId: 'door-5-0001',
    };
    expect(await checkIn(untimed, organizer.cookie, soon.id)).toEqual({ result: 'unknown' });
    expect((await ticketRow(t, ticket.id))!.checkedInAt).toBeNull();
    // the new number checks in
    const current = (await ticketRow(t, ticket.id))!;
    expect(
      (await checkIn({ ticketId: ticket.id, ticketNumber: current.ticketNumber }, organizer.cookie, soon.id))
        .result,
    ).toBe('checked-in');
  });
});

describe('undo', () => {
  it('takes a check-in back, by anyone who may run the event', async () => {
    const ticket = await newTicket();
    await checkIn({ ticketId: ticket.id });
    const res = await undo(ticket.id, admin.cookie);
    expect(res.status).toBe(200);
    expect((await res.json()) as Participant).toMatchObject({
      ticketId: ticket.id,
      state: 'active',
      checkedInAt: null,
      checkedInBy: null,
    });
    expect(await ticketRow(t, ticket.id)).toMatchObject({
      isCheckedIn: false,
      checkedInAt: null,
      checkedInBy: null,
    });
    expect((await checkIn({ ticketId: ticket.id })).result).toBe('checked-in');
    expect((await undo(ticket.id)).status).toBe(200);

    expect((await undo('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const foreign = await newTicket(otherEvent);
    expect((await undo(foreign.id)).status).toBe(404);
  });

  it('shows the check-ins in the participant list counts', async () => {
    const res = await t.app.request(`/api/participants/${event.id}`, { headers: as(organizer.cookie) });
    const list = (await res.json()) as ParticipantList;
    const checked = await db().select().from(tickets).where(eq(tickets.eventId, event.id));
    expect(list.counts.checkedIn).toBe(
      checked.filter((row) => row.checkedInAt && row.status === 'active').length,
    );
    expect(list.counts.checkedIn).toBeGreaterThan(0);
  });
});

describe('no cancellation after check-in', () => {
  it('refuses the buyer and the admin, and allows it again after an undo', async () => {
    const ticket = await newTicket();
    await checkIn({ scan: ticketBarcodeContent(ticket.id, ticket.ticketNumber) });
    for (const res of [
      await post(t, `/api/tickets/${ticket.id}/cancel`, {}, as(buyer.cookie)),
      await post(
        t,
        `/api/admin/tickets/${ticket.id}/cancel`,
        { override: { type: 'goodwill' } },
        as(admin.cookie),
      ),
    ]) {
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorBody).error.message).toBe(
        'Eingecheckte Tickets können nicht storniert werden.',
      );
    }
    expect((await ticketRow(t, ticket.id))!.status).toBe('active');
    const preview = await t.app.request(`/api/admin/tickets/${ticket.id}/cancel-preview`, {
      headers: as(admin.cookie),
    });
    expect(((await preview.json()) as { cancellable: boolean }).cancellable).toBe(false);

    expect((await undo(ticket.id)).status).toBe(200);
    expect((await post(t, `/api/tickets/${ticket.id}/cancel`, {}, as(buyer.cookie))).status).toBe(200);
    expect((await checkIn({ scan: ticketBarcodeContent(ticket.id, ticket.ticketNumber) })).result).toBe(
      'cancelled',
    );
  });
});
